/* age.c — see age.h. */
#include "core/age.h"
#include "base/util.h"
#include "core/series.h"

#include <stdlib.h>
#include <string.h>

#define AGE_MAX 100000

int age_parse(const char *arg, struct age_spec *out)
{
	long n = 0;
	const char *p = arg;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		n = n * 10 + (*p - '0');
		if (n > AGE_MAX)
			return -1;
	}
	if (*p == 'r' && p[1] == '\0')
		out->unit = AGE_RELEASES;
	else if (*p == '\0')
		out->unit = AGE_DAYS;
	else
		return -1;
	out->n = n;
	return 0;
}

long age_of_release(const struct series *s, size_t k, enum age_unit u)
{
	if (u == AGE_RELEASES)
		return (long)k + 1;
	int64_t d = s->rels.r[k].date - s->base_date;
	return d > 0 ? (long)(d / 86400) : 0;
}

long age_observed(const struct series *s, enum age_unit u)
{
	return s->rels.n ? age_of_release(s, s->rels.n - 1, u) : 0;
}

/* "Its last release within that age": the highest-numbered one, whatever
 * the dates of the releases before it. */
int age_cut(const struct series *s, long a, enum age_unit u)
{
	for (size_t k = s->rels.n; k-- > 0;)
		if (age_of_release(s, k, u) <= a)
			return (int)k;
	return -1;
}

/*
 * A fix is visible when one of its fix or revert links is not
 * same-release; it counts among the regressions brought by release k when
 * such a link's target is in a release up to k (the --introduced-until
 * rule, census.c).  So each fix is known from the lowest release of those
 * targets on, and found from its own release on.
 */
struct discovery age_discovery(const struct series *s, int k)
{
	const struct census *c = &s->census;
	struct discovery d = { 0, 0 };

	for (size_t i = 0; i < c->nlinks;) {
		uint32_t f = c->links[i].fix;
		int intro = RELEASE_NONE;
		for (; i < c->nlinks && c->links[i].fix == f; i++) {
			const struct link *l = &c->links[i];
			if (!link_is_regression_fix(l->kind) || l->same_release)
				continue;
			int rt = s->g.c[l->target].release;
			if (rt != RELEASE_NONE && (intro == RELEASE_NONE || rt < intro))
				intro = rt;
		}
		if (intro == RELEASE_NONE || intro > k)
			continue;
		d.known++;
		int rf = s->g.c[f].release;
		d.found += rf != RELEASE_NONE && rf <= k;
	}
	return d;
}

static double ratio(double x, size_t y)
{
	return y ? x / (double)y : -1.0;
}

void age_project(const struct series *s, long a, enum age_unit u, const struct series *set,
		 size_t n, size_t self, struct age_row *row)
{
	row->projected = 1;
	row->found = row->known = 0;
	row->sources = xcalloc(n + 1, sizeof(char *));
	row->nsources = 0;
	for (size_t i = 0; i < n; i++) {
		if (i == self || age_observed(&set[i], u) <= a)
			continue;
		struct discovery d = age_discovery(&set[i], age_cut(&set[i], a, u));
		row->found += d.found;
		row->known += d.known;
		row->sources[row->nsources++] = xstrdup(set[i].label ? set[i].label : set[i].name);
	}
	row->share = ratio((double)row->found, row->known);
	row->visible = row->share > 0 ? (double)s->census.visible / row->share : -1.0;
	row->low_rate = row->visible < 0 ? -1.0 : ratio(row->visible, s->census.commits);
	row->high_rate = row->visible < 0 ? -1.0 : ratio(row->visible, s->census.tagged);
}

void age_row_release(struct age_row *row)
{
	for (size_t i = 0; row->sources && i < row->nsources; i++)
		free(row->sources[i]);
	free(row->sources);
	memset(row, 0, sizeof(*row));
}
