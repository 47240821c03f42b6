/* age_set.c — see age_set.h. */
#include "load/age_set.h"
#include "base/error.h"
#include "base/util.h"
#include "core/analyze.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* BASE alone: the state of a series before its first release. */
static int base_only(const struct series *full, struct series *out, char *err, size_t errlen)
{
	struct history h;
	size_t len = 2 * strlen(full->base) + 3;
	int rc;

	history_init(&h);
	h.name = xmalloc(len);
	snprintf(h.name, len, "%s..%s", full->base, full->base);
	h.base = xstrdup(full->base);
	h.tip = xstrdup(full->base);
	h.base_date = full->base_date;
	rc = analyze(&h, NULL, out, err, errlen);
	history_release(&h);
	if (!rc) {
		free(out->label);
		out->label = xstrdup(full->base);
	}
	return rc;
}

/* "BASE..R" for each series with a release within the age (cut[i] >= 0). */
static char **cut_ranges(const struct series_set *set, const int *cut, size_t *n)
{
	char **names = xcalloc(set->n + 1, sizeof(char *));

	*n = 0;
	for (size_t i = 0; i < set->n; i++) {
		if (cut[i] < 0)
			continue;
		const char *base = set->s[i].base, *r = set->s[i].rels.r[cut[i]].name;
		size_t len = strlen(base) + strlen(r) + 3;
		names[*n] = xmalloc(len);
		snprintf(names[(*n)++], len, "%s..%s", base, r);
	}
	return names;
}

/* The series as they stood at the age: shown[i] for set->s[i]. */
static int load_at_age(const struct load_request *rq, const struct load_source *src,
		       const struct series_set *set, const int *cut, struct series *shown,
		       char *err, size_t errlen)
{
	struct load_request rq2 = *rq;
	struct series_set cuts;
	size_t n, j = 0;
	char **names = cut_ranges(set, cut, &n);
	int rc = RT_OK;

	rq2.ranges = (const char *const *)names;
	rq2.nranges = n;
	memset(&cuts, 0, sizeof(cuts));
	if (n)
		rc = series_set_load(&rq2, src, &cuts, err, errlen);
	/* what the cuts share among themselves: found again over all that is shown */
	shared_release(&cuts.shared, cuts.s, cuts.n);
	for (size_t i = 0; !rc && i < set->n; i++) {
		if (cut[i] < 0) {
			rc = base_only(&set->s[i], &shown[i], err, errlen);
		} else {
			shown[i] = cuts.s[j];
			memset(&cuts.s[j++], 0, sizeof(cuts.s[0]));
		}
	}
	series_set_release(&cuts);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

static int at_age(const struct load_request *rq, const struct load_source *src,
		  struct series_set *set, struct series *shown, char *err, size_t errlen)
{
	const struct age_spec *age = rq->at_age;
	int *cut = xcalloc(set->n + 1, sizeof(int));
	int rc;

	for (size_t i = 0; i < set->n; i++)
		cut[i] = age_cut(&set->s[i], age->n, age->unit);
	rc = load_at_age(rq, src, set, cut, shown, err, errlen);
	for (size_t i = 0; !rc && i < set->n; i++) {
		struct age_row *a = shown[i].age = xcalloc(1, sizeof(*a));
		a->at_age = 1;
		a->days = cut[i] < 0 ? 0 : age_of_release(&set->s[i], (size_t)cut[i], AGE_DAYS);
		a->releases = cut[i] + 1;
		a->younger = age_observed(&set->s[i], age->unit) < age->n;
	}
	free(cut);
	return rc;
}

/* The projection of shown[i] at its age: the age asked for's unit, days
 * without --at-age. */
static void project(const struct load_request *rq, const struct series_set *set,
		    struct series *shown)
{
	enum age_unit u = rq->at_age ? rq->at_age->unit : AGE_DAYS;

	for (size_t i = 0; i < set->n; i++) {
		struct series *s = &shown[i];
		long a = age_observed(&set->s[i], u);
		if (!s->age)
			s->age = xcalloc(1, sizeof(*s->age));
		if (s->age->at_age)
			a = u == AGE_DAYS ? s->age->days : s->age->releases;
		age_project(s, a, u, set->s, set->n, i, s->age);
	}
}

int age_set_apply(const struct load_request *rq, const struct load_source *src,
		  struct series_set *set, char *err, size_t errlen)
{
	struct series *shown = set->s;
	int rc = RT_OK;

	if (rq->at_age) {
		shown = xcalloc(set->n + 1, sizeof(*shown));
		rc = at_age(rq, src, set, shown, err, errlen);
	}
	if (!rc && rq->projected)
		project(rq, set, shown);
	if (shown != set->s) {	/* the series read in full give way to the cut ones */
		shared_release(&set->shared, set->s, set->n);
		for (size_t i = 0; i < set->n; i++)
			series_release_all(&set->s[i]);
		free(set->s);
		set->s = shown;
		if (!rc)	/* what the cut series share (core/shared.h) */
			shared_find(set->s, set->n, &set->shared);
	}
	return rc;
}
