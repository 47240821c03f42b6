/* regressions.c — see regressions.h. */
#include "core/regressions.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

static const char *key_of(const struct series *s, uint32_t c)
{
	const char *up = series_upstream(s, c);

	return up ? up : s->g.c[c].id;
}

/* The rows by key: keys sorted, each with its row. */
struct index {
	const char **keys;	/* sorted, with their row */
	size_t *row, n, cap;
};

static size_t find(const struct index *ix, const char *key, int *found)
{
	size_t lo = 0, hi = ix->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(ix->keys[mid], key);
		if (!c) {
			*found = 1;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = 0;
	return lo;
}

/* The row of key, made when new. */
static struct regression_row *row_of(struct regressions *out, struct index *ix,
				     const char *key, const char *upstream)
{
	int found;
	size_t at = find(ix, key, &found);

	if (found)
		return &out->rows[ix->row[at]];
	if (ix->n == ix->cap) {
		ix->cap = ix->cap ? ix->cap * 2 : 16;
		ix->keys = xrealloc(ix->keys, ix->cap * sizeof(*ix->keys));
		ix->row = xrealloc(ix->row, ix->cap * sizeof(*ix->row));
	}
	memmove(ix->keys + at + 1, ix->keys + at, (ix->n - at) * sizeof(*ix->keys));
	memmove(ix->row + at + 1, ix->row + at, (ix->n - at) * sizeof(*ix->row));
	ix->keys[at] = key;
	ix->row[at] = out->n;
	ix->n++;
	out->rows = xrealloc(out->rows, (out->n + 1) * sizeof(*out->rows));
	struct regression_row *r = &out->rows[out->n++];
	memset(r, 0, sizeof(*r));
	r->key = key;
	r->upstream = upstream;
	r->carried = -1;
	return r;
}

static int has_entry(const struct regression_row *r, size_t series, uint32_t target)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].series == series && r->v[i].target == target)
			return 1;
	return 0;
}

static void add_series(struct regressions *out, struct index *ix, const struct series *s,
		       size_t si)
{
	for (size_t i = 0; i < s->census.nlinks; i++) {
		const struct link *l = &s->census.links[i];
		if (!link_is_regression_fix(l->kind))
			continue;
		struct regression_row *r = row_of(out, ix, key_of(s, l->target),
						  series_upstream(s, l->target));
		if (has_entry(r, si, l->target))
			continue;	/* a later fix of the same regression */
		r->v = xrealloc(r->v, (r->n + 1) * sizeof(*r->v));
		r->v[r->n++] = (struct regression_entry){ si, l->target, l };
	}
}

/* Entries of a row in series order, then history order of the target. */
static int cmp_entry(const void *pa, const void *pb)
{
	const struct regression_entry *a = pa, *b = pb;

	if (a->series != b->series)
		return a->series < b->series ? -1 : 1;
	return (a->target > b->target) - (a->target < b->target);
}

static int cmp_row(const void *pa, const void *pb)
{
	const struct regression_row *a = pa, *b = pb;

	if (a->nseries != b->nseries)
		return a->nseries > b->nseries ? -1 : 1;
	return cmp_entry(&a->v[0], &b->v[0]);
}

static void mark_carried(struct regressions *out, const struct index *ix,
			 const struct series *s, size_t n, const struct u32s *carried)
{
	for (size_t r = 0; r < out->n; r++)
		out->rows[r].carried = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < carried[i].n; k++) {
			int found;
			size_t at = find(ix, key_of(&s[i], carried[i].v[k]), &found);
			struct regression_row *r = found ? &out->rows[ix->row[at]] : NULL;
			if (r && !u32s_contains(&r->carried_by, (uint32_t)i)) {
				u32s_push(&r->carried_by, (uint32_t)i);
				r->carried = 1;
			}
		}
}

void regressions_group(const struct series *s, size_t n, const struct u32s *carried,
		       struct regressions *out)
{
	struct index ix = { 0 };

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++)
		add_series(out, &ix, &s[i], i);
	for (size_t r = 0; r < out->n; r++) {
		struct regression_row *row = &out->rows[r];
		qsort(row->v, row->n, sizeof(*row->v), cmp_entry);
		row->nseries = 0;
		for (size_t k = 0; k < row->n; k++)
			row->nseries += !k || row->v[k].series != row->v[k - 1].series;
	}
	if (carried)
		mark_carried(out, &ix, s, n, carried);
	for (size_t r = 0; r < out->n; r++)
		u32s_sort_unique(&out->rows[r].carried_by);
	if (out->n)
		qsort(out->rows, out->n, sizeof(*out->rows), cmp_row);
	free(ix.keys);
	free(ix.row);
}

void regressions_release(struct regressions *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->rows[i].v);
		u32s_release(&r->rows[i].carried_by);
	}
	free(r->rows);
	memset(r, 0, sizeof(*r));
}
