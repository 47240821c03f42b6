/* mainline.c — see mainline.h. */
#include "core/mainline.h"
#include "core/resolve.h"
#include "base/radix.h"
#include "base/util.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void mainline_init(struct mainline *m)
{
	memset(m, 0, sizeof(*m));
}

void mainline_strip(struct msg_facts *f)
{
	free(f->aliases);
	f->aliases = NULL;
	f->naliases = f->aliases_cap = 0;
	size_t k = 0;

	for (size_t i = 0; i < f->nrefs; i++) {
		free(f->refs[i].subject);
		f->refs[i].subject = NULL;
		if (f->refs[i].kind != MSG_REF_MENTION)	/* a mention fixes nothing */
			f->refs[k++] = f->refs[i];
	}
	f->nrefs = k;
	f->fixes_lines = f->nonsha_fixes_lines = 0;
	f->is_revert = f->cc_stable = f->autosel_form = f->reported = 0;
	f->channels = 0;
}

int mainline_stripped(const struct msg_facts *f)
{
	if (f->aliases || f->naliases || f->fixes_lines || f->nonsha_fixes_lines ||
	    f->is_revert || f->cc_stable || f->autosel_form || f->reported || f->channels ||
	    f->seen)
		return 0;
	for (size_t i = 0; i < f->nrefs; i++)
		if (f->refs[i].subject || f->refs[i].kind == MSG_REF_MENTION)
			return 0;
	return 1;
}

void mainline_reserve(struct mainline *m, size_t n)
{
	if (m->n + n > m->cap) {
		m->cap = m->n + n;
		m->v = xrealloc(m->v, (m->cap + 1) * sizeof(*m->v));
	}
}

/* One more commit naming others, its facts (stripped, naming some) as they are. */
static void append(struct mainline *m, const char id[41], const struct msg_facts *facts,
		   const char *release, int borrowed)
{
	ARRAY_GROW(m->v, m->n, m->cap);
	struct mainline_fix *f = &m->v[m->n++];
	memcpy(f->id, id, 41);
	f->facts = *facts;
	f->release = release;
	f->borrowed = borrowed;
}

void mainline_add_borrowed(struct mainline *m, const char id[41],
			   const struct msg_facts *facts, const char *release)
{
	struct msg_facts copy;

	if (!mainline_stripped(facts)) {	/* (not as a cache writes them) */
		msg_facts_copy(&copy, facts);
		mainline_add(m, id, &copy, release);
	} else if (facts->nrefs) {
		append(m, id, facts, release, 1);
	}
}

void mainline_add(struct mainline *m, const char id[41], struct msg_facts *facts,
		  const char *release)
{
	mainline_strip(facts);
	if (!facts->nrefs) {
		msg_facts_release(facts);
		return;
	}
	append(m, id, facts, release, 0);
	memset(facts, 0, sizeof(*facts));
}

int mainline_wants(const uint32_t *want, size_t n, uint32_t key)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (want[mid] == key)
			return 1;
		if (want[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

#define WANT_BITS 16	/* a filter of 2^16 bits, 8 KB */

static uint32_t want_bit(uint32_t key)
{
	return (uint32_t)(key * 2654435761u) >> (32 - WANT_BITS);
}

uint64_t *mainline_want_filter(const uint32_t *want, size_t n)
{
	uint64_t *bits = xcalloc((1u << WANT_BITS) / 64, sizeof(uint64_t));

	for (size_t i = 0; i < n; i++)
		bits[want_bit(want[i]) / 64] |= 1ull << (want_bit(want[i]) % 64);
	return bits;
}

int mainline_wants_key(const struct mainline *m, uint32_t key)
{
	if (m->want_bits && !(m->want_bits[want_bit(key) / 64] >> (want_bit(key) % 64) & 1))
		return 0;
	return mainline_wants(m->want, m->nwant, key);
}

void mainline_add_ident(struct mainline *m, const uint8_t oid[8], uint32_t key)
{
	if (!mainline_wants_key(m, key))
		return;
	if (m->nidents >= m->idents_cap) {
		m->idents_cap = m->idents_cap ? m->idents_cap * 2 : 64;
		m->ident_oid = xrealloc(m->ident_oid, m->idents_cap * sizeof(*m->ident_oid));
		m->ident_key = xrealloc(m->ident_key, m->idents_cap * sizeof(*m->ident_key));
	}
	memcpy(m->ident_oid[m->nidents], oid, 8);
	m->ident_key[m->nidents++] = key;
}

const char *mainline_tag(struct mainline *m, const char *name)
{
	ARRAY_GROW(m->tags, m->ntags, m->tags_cap);
	return m->tags[m->ntags++] = xstrdup(name);
}

const char *mainline_tag_found(struct mainline *m, const char *name)
{
	ARRAY_GROW(m->found, m->nfound, m->found_cap);
	return m->found[m->nfound++] = xstrdup(name);
}

void mainline_release(struct mainline *m)
{
	for (size_t i = 0; i < m->n; i++)
		if (!m->v[i].borrowed)
			msg_facts_release(&m->v[i].facts);
	for (size_t i = 0; i < m->ntags; i++)
		free(m->tags[i]);
	for (size_t i = 0; i < m->nfound; i++)
		free(m->found[i]);
	free(m->found);
	free(m->v);
	free(m->ident_oid);
	free(m->ident_key);
	free(m->ident_index);
	free(m->index);
	free(m->tags);
	memset(m, 0, sizeof(*m));
}

/* m's identities by (key, pos): made in pos order, a stable sort by key. */
static void index_idents(struct mainline *m)
{
	free(m->ident_index);
	m->ident_index = xmalloc((m->nidents + 1) * sizeof(*m->ident_index));
	for (size_t i = 0; i < m->nidents; i++)
		m->ident_index[i] = (struct mainline_ident_at){ m->ident_key[i], (uint32_t)i };
	radix_sort(m->ident_index, m->nidents, sizeof(*m->ident_index),
		   offsetof(struct mainline_ident_at, key), sizeof(m->ident_index->key));
}

void mainline_index(struct mainline *m)
{
	size_t cap = 0;

	free(m->index);
	m->index = NULL;
	m->nindex = 0;
	for (size_t k = 0; k < m->n; k++)
		for (size_t i = 0; i < m->v[k].facts.nrefs; i++) {
			ARRAY_GROW(m->index, m->nindex, cap);
			m->index[m->nindex++] = (struct mainline_ref_at){
				resolver_head(m->v[k].facts.refs[i].id), (uint32_t)k, (uint32_t)i };
		}
	/* made in (fix, ref) order: a stable sort by head orders by (head, fix, ref) */
	radix_sort(m->index, m->nindex, sizeof(*m->index), offsetof(struct mainline_ref_at, head),
		   sizeof(m->index->head));
	index_idents(m);
}

size_t mainline_ident_find(const struct mainline *m, uint32_t key, size_t from)
{
	size_t lo = 0, hi = m->nidents;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct mainline_ident_at *a = &m->ident_index[mid];
		if (a->key < key || (a->key == key && a->pos < from))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m->nidents && m->ident_index[lo].key == key ? lo : m->nidents;
}
