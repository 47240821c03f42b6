/* lifetime.c — see lifetime.h. */
#include "core/lifetime.h"
#include "base/util.h"

#include <stdlib.h>

struct lifetime lifetime_of(const struct graph *g, const struct release_list *rels,
			    const struct link *l)
{
	struct lifetime t = { -1, -1 };

	if (l->target == LINK_NO_TARGET)
		return t;
	int rf = g->c[l->fix].release, rt = g->c[l->target].release;
	if (rf == RELEASE_NONE && rt == RELEASE_NONE) {
		t.releases = t.days = 0;
	} else if (rf != RELEASE_NONE && rt != RELEASE_NONE && rf >= rt) {
		t.releases = rf - rt;
		int64_t d = rels->r[rf].date - rels->r[rt].date;
		t.days = d > 0 ? (long)(d / 86400) : 0;
	}
	return t;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

long lifetime_percentile(const long *v, size_t n, int p)
{
	if (!n)
		return -1;
	size_t rank = ((size_t)p * n + 99) / 100;	/* ceil(p/100 * n) */
	return v[rank ? rank - 1 : 0];
}

void lifetime_summarize(const struct graph *g, const struct release_list *rels,
			const struct census *c, struct lifetime_summary *out)
{
	long *days = xmalloc((c->nlinks + 1) * sizeof(long));
	long *releases = xmalloc((c->nlinks + 1) * sizeof(long));
	size_t n = 0;

	for (size_t i = 0; i < c->nlinks; i++) {
		if (!link_is_regression_fix(c->links[i].kind))
			continue;
		struct lifetime t = lifetime_of(g, rels, &c->links[i]);
		if (t.releases < 0)
			continue;
		days[n] = t.days;
		releases[n++] = t.releases;
	}
	qsort(days, n, sizeof(long), cmp_long);
	qsort(releases, n, sizeof(long), cmp_long);
	out->n = n;
	out->median_days = lifetime_percentile(days, n, 50);
	out->p90_days = lifetime_percentile(days, n, 90);
	out->median_releases = lifetime_percentile(releases, n, 50);
	out->p90_releases = lifetime_percentile(releases, n, 90);
	free(days);
	free(releases);
}
