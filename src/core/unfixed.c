/* unfixed.c — see unfixed.h. */
#include "core/unfixed.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>


/* The first index entry with head h, or m->nindex. */
static size_t first_at(const struct mainline *m, uint32_t h)
{
	size_t lo = 0, hi = m->nindex;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->index[mid].head < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Per mainline commit from `from` on: 1 if one of the ids it names matches
 * a key of r (one a prefix of the other).  Only those can give a row, so
 * the others need no look-up.  Without an index, all are candidates.
 */
static uint8_t *candidates(const struct resolver *r, const struct mainline *m, size_t from)
{
	uint8_t *cand = xcalloc(m->n + 1, 1);

	if (!m->index) {
		memset(cand + from, 1, m->n - from);
		return cand;
	}
	for (size_t i = 0; i < r->nkeys; i++) {
		uint32_t h = resolver_key_head(r, i);
		for (size_t j = first_at(m, h); j < m->nindex && m->index[j].head == h; j++) {
			const struct mainline_ref_at *e = &m->index[j];
			const char *id = m->v[e->fix].facts.refs[e->ref].id;
			size_t n = strlen(id);
			if (e->fix >= from &&
			    !strncmp(r->keys[i].hex, id, n < r->keys[i].len ? n : r->keys[i].len))
				cand[e->fix] = 1;
		}
	}
	return cand;
}

/* Does a revert line of m->v[from..n) name id (its id a prefix of id)?
 * Such an id shares id's first 7 digits: one run of the index (without
 * one, every line is looked at). */
static int is_reverted(const struct mainline *m, size_t from, const char *id)
{
	uint32_t h = resolver_head(id);
	size_t j = m->index ? first_at(m, h) : 0, end = m->index ? m->nindex : 0;

	for (; j < end && m->index[j].head == h; j++) {
		const struct mainline_ref_at *e = &m->index[j];
		const struct msg_ref *ref = &m->v[e->fix].facts.refs[e->ref];
		if (e->fix >= from && ref->kind == MSG_REF_REVERT &&
		    !strncmp(ref->id, id, strlen(ref->id)))
			return 1;
	}
	for (size_t k = from; !m->index && k < m->n; k++)
		for (size_t i = 0; i < m->v[k].facts.nrefs; i++) {
			const struct msg_ref *ref = &m->v[k].facts.refs[i];
			if (ref->kind == MSG_REF_REVERT && !strncmp(ref->id, id, strlen(ref->id)))
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
		     const struct mainline *m, size_t from, struct unfixed *out)
{
	uint32_t *row_of = xmalloc((g->n + 1) * sizeof(uint32_t));
	struct u32s match = { 0 };
	uint8_t *cand = candidates(r, m, from);

	memset(out, 0, sizeof(*out));
	for (uint32_t i = 0; i < g->n; i++)
		row_of[i] = UINT32_MAX;
	for (size_t k = from; k < m->n; k++) {
		const struct mainline_fix *f = &m->v[k];
		if (!cand[k])
			continue;	/* names nothing of the series */
		resolver_match(r, f->id, &match);
		if (match.n || is_reverted(m, from, f->id))
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
	free(cand);
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
