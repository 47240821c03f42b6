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

/* What rows are grouped by (to free): the upstream id, else the author's
 * email and the subject, the identity inference matches a commit by
 * (core/identity.h): the backports of one upstream commit that name none
 * (DPDK's "vhost: fix possible denial of service by leaking FDs", in three
 * series) are one row, under the first one's own id. */
static char *group_of(const struct series *s, uint32_t c)
{
	const char *up = series_upstream(s, c);
	const struct graph_commit *gc = &s->g.c[c];
	const char *email = graph_author_email(gc), *subject = gc->facts.subject;
	size_t le, ls;
	char *g;

	if (up)
		return xstrdup(up);
	subject = subject ? subject : "";
	le = strlen(email);
	ls = strlen(subject);
	g = xmalloc(le + ls + 3);
	g[0] = '\n';	/* never the first byte of an id */
	memcpy(g + 1, email, le);
	g[le + 1] = '\n';
	memcpy(g + le + 2, subject, ls + 1);
	return g;
}

/* The rows by group (group_of): groups sorted, each with its row. */
struct index {
	char **keys;		/* sorted, with their row; owned */
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

/* The row of group (taken), made when new under key. */
static struct regression_row *row_of(struct regressions *out, struct index *ix, char *group,
				     const char *key, const char *upstream)
{
	int found;
	size_t at = find(ix, group, &found);

	if (found) {
		free(group);
		return &out->rows[ix->row[at]];
	}
	if (ix->n == ix->cap) {
		ix->cap = ix->cap ? ix->cap * 2 : 16;
		ix->keys = xrealloc(ix->keys, ix->cap * sizeof(*ix->keys));
		ix->row = xrealloc(ix->row, ix->cap * sizeof(*ix->row));
	}
	memmove(ix->keys + at + 1, ix->keys + at, (ix->n - at) * sizeof(*ix->keys));
	memmove(ix->row + at + 1, ix->row + at, (ix->n - at) * sizeof(*ix->row));
	ix->keys[at] = group;
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
		struct regression_row *r = row_of(out, ix, group_of(s, l->target),
						  key_of(s, l->target),
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
			char *group = group_of(&s[i], carried[i].v[k]);
			size_t at = find(ix, group, &found);
			struct regression_row *r = found ? &out->rows[ix->row[at]] : NULL;
			free(group);
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
	for (size_t k = 0; k < ix.n; k++)
		free(ix.keys[k]);
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

int regression_row_visible(const struct regression_row *r)
{
	for (size_t i = 0; i < r->n; i++)
		if (!r->v[i].link->same_release)
			return 1;
	return 0;
}
