/* unfixed.c — see unfixed.h. */
#include "unfixed.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void mainline_init(struct mainline *m)
{
	memset(m, 0, sizeof(*m));
}

void mainline_add(struct mainline *m, const char id[41], struct msg_facts *facts)
{
	for (size_t i = 0; i < facts->nrefs; i++) {
		if (facts->refs[i].kind != MSG_REF_REVERT)
			continue;
		ARRAY_GROW(m->reverted, m->nreverted, m->reverted_cap);
		memcpy(m->reverted[m->nreverted++], facts->refs[i].id, MSG_ID_MAX + 1);
	}
	if (!facts->nrefs) {
		msg_facts_release(facts);
		return;
	}
	ARRAY_GROW(m->v, m->n, m->cap);
	struct mainline_fix *f = &m->v[m->n++];
	memcpy(f->id, id, 41);
	f->facts = *facts;
	f->release = NULL;
	memset(facts, 0, sizeof(*facts));
}

void mainline_release(struct mainline *m)
{
	for (size_t i = 0; i < m->n; i++) {
		msg_facts_release(&m->v[i].facts);
		free(m->v[i].release);
	}
	free(m->v);
	free(m->reverted);
	memset(m, 0, sizeof(*m));
}

static int cmp_id(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Is some reverted id (7+ digits) a prefix of id? reverted[] is sorted. */
static int is_reverted(const struct mainline *m, const char *id)
{
	char key[MSG_ID_MAX + 1];

	if (!m->nreverted)
		return 0;
	for (size_t len = MSG_ID_MIN; len <= MSG_ID_MAX && id[len - 1]; len++) {
		memcpy(key, id, len);
		key[len] = '\0';
		if (bsearch(key, m->reverted, m->nreverted, sizeof(*m->reverted), cmp_id))
			return 1;
	}
	return 0;
}

static void add_missing(struct unfixed_row **rows, uint32_t *row_of, size_t *n,
			uint32_t commit, uint32_t fix)
{
	if (row_of[commit] == UINT32_MAX) {
		*rows = xrealloc(*rows, (*n + 1) * sizeof(**rows));
		memset(&(*rows)[*n], 0, sizeof(**rows));
		(*rows)[*n].commit = commit;
		row_of[commit] = (uint32_t)(*n)++;
	}
	struct u32s *miss = &(*rows)[row_of[commit]].missing;
	if (!u32s_contains(miss, fix))
		u32s_push(miss, fix);
}

/* The earliest matching copy live at the tip, or UINT32_MAX. */
static uint32_t live_copy(const struct graph *g, const uint8_t *live, const struct u32s *m)
{
	for (size_t i = 0; i < m->n; i++)
		if (!g->c[m->v[i]].is_merge && live[m->v[i]])
			return m->v[i];
	return UINT32_MAX;
}

static int cmp_row(const void *a, const void *b)
{
	uint32_t x = ((const struct unfixed_row *)a)->commit;
	uint32_t y = ((const struct unfixed_row *)b)->commit;

	return (x > y) - (x < y);
}

void unfixed_compute(const struct graph *g, const struct resolver *r, const uint8_t *live,
		     struct mainline *m, struct unfixed *out)
{
	uint32_t *row_of = xmalloc((g->n + 1) * sizeof(uint32_t));
	struct u32s match = { 0 };

	memset(out, 0, sizeof(*out));
	for (uint32_t i = 0; i < g->n; i++)
		row_of[i] = UINT32_MAX;
	if (m->nreverted)
		qsort(m->reverted, m->nreverted, sizeof(*m->reverted), cmp_id);
	for (size_t k = 0; k < m->n; k++) {
		const struct mainline_fix *f = &m->v[k];
		resolver_match(r, f->id, &match);
		if (match.n || is_reverted(m, f->id))
			continue;	/* backported, or withdrawn upstream */
		for (size_t i = 0; i < f->facts.nrefs; i++) {
			resolver_match(r, f->facts.refs[i].id, &match);
			uint32_t c = live_copy(g, live, &match);
			if (c != UINT32_MAX)
				add_missing(&out->v, row_of, &out->n, c, (uint32_t)k);
		}
	}
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_row);
	u32s_release(&match);
	free(row_of);
}

void unfixed_release(struct unfixed *u)
{
	for (size_t i = 0; i < u->n; i++)
		u32s_release(&u->v[i].missing);
	free(u->v);
	memset(u, 0, sizeof(*u));
}
