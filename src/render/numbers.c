/* numbers.c — see numbers.h. */
#include "render/numbers.h"
#include "core/age.h"
#include "core/wilson.h"

#include <math.h>

double number_rate(size_t x, size_t y)
{
	return y ? (double)x / (double)y : -1.0;
}

int number_asked(const struct number *nb, const struct series *s)
{
	return !isnan(nb->value(s));
}

/* stats --at-age and --projected (core/age.h); NaN when not asked for. */
#define AT_AGE(name, expr) \
	static double name(const struct series *s) \
	{ return s->age && s->age->at_age ? (double)(expr) : NAN; }
AT_AGE(age_days, s->age->days)
AT_AGE(age_releases, s->age->releases)
AT_AGE(younger, s->age->younger)
#undef AT_AGE
#define PROJECTED(name, expr) \
	static double name(const struct series *s) \
	{ return s->age && s->age->projected ? (double)(expr) : NAN; }
PROJECTED(found_share, s->age->share)
PROJECTED(projected_visible, s->age->visible)
PROJECTED(projected_low_rate, s->age->low_rate)
PROJECTED(projected_high_rate, s->age->high_rate)
PROJECTED(curve_sources, s->age->nsources)
#undef PROJECTED

#define CENSUS(name) \
	static double name(const struct series *s) { return (double)s->census.name; }
CENSUS(commits)
CENSUS(tagged)
CENSUS(fixes)
CENSUS(reverts)
CENSUS(same_release)
CENSUS(visible)
CENSUS(pairs)
CENSUS(regressions)
CENSUS(duplicates)
CENSUS(reapplies)
CENSUS(ambiguous)
CENSUS(preemptive)
CENSUS(fixes_outside)
CENSUS(nonsha_fixes_lines)
CENSUS(reported)
CENSUS(fixes_outside_mainline)
CENSUS(with_upstream)
CENSUS(inferred_upstream)
CENSUS(ambiguous_upstream)
CENSUS(without_upstream)
CENSUS(mentions)
#undef CENSUS

/* Commits another series of the run holds too (core/shared.h). */
static double shared_commits(const struct series *s)
{
	return (double)s->share.ncommits;
}

#define LIFETIME(name) \
	static double name(const struct series *s) { return (double)s->lifetimes.name; }
LIFETIME(median_days)
LIFETIME(p90_days)
LIFETIME(median_releases)
LIFETIME(p90_releases)
#undef LIFETIME

static double tagged_share(const struct series *s)
{
	return number_rate(s->census.tagged, s->census.commits);
}

static double low_rate(const struct series *s)
{
	return number_rate(s->census.visible, s->census.commits);
}

static double high_rate(const struct series *s)
{
	return number_rate(s->census.visible, s->census.tagged);
}

/* The 95 % interval of Visible of n (core/wilson.h); -1: undefined. */
static double bound(const struct series *s, size_t n, int high)
{
	struct wilson w;

	if (wilson_interval(s->census.visible, n, WILSON_Z95, &w) < 0)
		return -1.0;
	return high ? w.high : w.low;
}

static double low_rate_ci_low(const struct series *s)
{
	return bound(s, s->census.commits, 0);
}

static double low_rate_ci_high(const struct series *s)
{
	return bound(s, s->census.commits, 1);
}

static double high_rate_ci_low(const struct series *s)
{
	return bound(s, s->census.tagged, 0);
}

static double high_rate_ci_high(const struct series *s)
{
	return bound(s, s->census.tagged, 1);
}

int number_parts(const struct number *nb, const struct series *s, size_t *x, size_t *n)
{
	*x = s->census.visible;
	if (nb->value == low_rate)
		*n = s->census.commits;
	else if (nb->value == high_rate)
		*n = s->census.tagged;
	else
		return 0;
	return 1;
}

int number_interval(const struct number *nb, const struct series *s, double *low,
		    double *high)
{
	size_t x, n;
	struct wilson w;

	if (!number_parts(nb, s, &x, &n) || wilson_interval(x, n, WILSON_Z95, &w) < 0)
		return 0;
	*low = w.low;
	*high = w.high;
	return 1;
}

int number_small(const struct number *nb, const struct series *s)
{
	size_t x, n;

	return number_parts(nb, s, &x, &n) && n > 0 && n < WILSON_SMALL;
}

/* Commits with an upstream id, written or inferred (doc/dialects.md). */
static double upstream_share(const struct series *s)
{
	return number_rate(s->census.with_upstream + s->census.inferred_upstream,
			   s->census.commits);
}

static double mostly_without_upstream(const struct series *s)
{
	return census_mostly_blind(&s->census);
}

static double sagas(const struct series *s)
{
	return (double)s->sagas.n;
}

static double open_count(const struct series *s)
{
	return (double)s->open;
}

static double no_value(const struct series *s)
{
	(void)s;
	return 0;
}

const struct number numbers[] = {
	{ "commits", "Commits", NUM_COUNT, IN_ALL, commits },
	{ "tagged", "Tags", NUM_COUNT, IN_ALL, tagged },
	{ NULL, "% tagged", NUM_RATE, IN_TEXT | IN_HTML, tagged_share },
	{ "fixes", "Fixes", NUM_COUNT, IN_ALL, fixes },
	{ "reverts", "Reverts", NUM_COUNT, IN_ALL, reverts },
	{ "same_release", "Same release", NUM_COUNT, IN_ALL, same_release },
	{ "visible", "Visible", NUM_COUNT, IN_ALL, visible },
	{ "low_rate", "Low rate", NUM_RATE, IN_ALL, low_rate },
	{ "high_rate", "High rate", NUM_RATE, IN_ALL, high_rate },
	{ "reported", "Reported", NUM_COUNT, IN_TEXT | IN_DATA, reported },	/* report: the facts line */
	{ "pairs", NULL, NUM_COUNT, IN_DATA, pairs },
	{ "regressions", NULL, NUM_COUNT, IN_DATA, regressions },
	{ "duplicates", NULL, NUM_COUNT, IN_DATA, duplicates },
	{ "reapplies", NULL, NUM_COUNT, IN_DATA, reapplies },
	{ "ambiguous", NULL, NUM_COUNT, IN_DATA, ambiguous },
	{ "preemptive", NULL, NUM_COUNT, IN_DATA, preemptive },
	{ "fixes_outside", NULL, NUM_COUNT, IN_DATA, fixes_outside },
	{ "nonsha_fixes_lines", NULL, NUM_COUNT, IN_DATA, nonsha_fixes_lines },
	{ "fixes_outside_mainline", NULL, NUM_COUNT, IN_DATA, fixes_outside_mainline },
	{ "with_upstream", NULL, NUM_COUNT, IN_DATA, with_upstream },
	{ "inferred_upstream", NULL, NUM_COUNT, IN_DATA, inferred_upstream },
	{ "ambiguous_upstream", NULL, NUM_COUNT, IN_DATA, ambiguous_upstream },
	{ "without_upstream", NULL, NUM_COUNT, IN_DATA, without_upstream },
	{ "mentions", NULL, NUM_COUNT, IN_DATA, mentions },	/* doc/rules.md "Mentions" */
	{ NULL, "% upstream", NUM_RATE, IN_HTML, upstream_share },
	{ "sagas", NULL, NUM_COUNT, IN_DATA, sagas },
	{ "shared_commits", NULL, NUM_COUNT, IN_DATA, shared_commits },
	{ "open", "Open", NUM_MAYBE, IN_TEXT | IN_JSON | IN_CSV, open_count },
	{ "by", NULL, NUM_GROUPS, IN_JSON, no_value },
	{ "age_days", "Days", NUM_MAYBE, IN_TEXT | IN_JSON | IN_CSV, age_days },
	{ "age_releases", "Releases", NUM_MAYBE, IN_TEXT | IN_JSON | IN_CSV, age_releases },
	{ "younger", "Younger", NUM_FLAG, IN_TEXT | IN_JSON | IN_CSV, younger },
	{ "found_share", "Found", NUM_RATE, IN_TEXT | IN_JSON | IN_CSV, found_share },
	{ "projected_visible", "Proj. visible", NUM_REAL, IN_TEXT | IN_JSON | IN_CSV,
	  projected_visible },
	{ "projected_low_rate", "Proj. low", NUM_RATE, IN_TEXT | IN_JSON | IN_CSV,
	  projected_low_rate },
	{ "projected_high_rate", "Proj. high", NUM_RATE, IN_TEXT | IN_JSON | IN_CSV,
	  projected_high_rate },
	{ "curve_sources", NULL, NUM_SOURCES, IN_JSON | IN_CSV, curve_sources },
	/* the rates' intervals: after the CSV columns that came before them */
	{ "low_rate_ci_low", NULL, NUM_RATE, IN_DATA, low_rate_ci_low },
	{ "low_rate_ci_high", NULL, NUM_RATE, IN_DATA, low_rate_ci_high },
	{ "high_rate_ci_low", NULL, NUM_RATE, IN_DATA, high_rate_ci_low },
	{ "high_rate_ci_high", NULL, NUM_RATE, IN_DATA, high_rate_ci_high },
	/* fewer than half the commits with an upstream id (core/census.h) */
	{ "mostly_without_upstream", NULL, NUM_FLAG, IN_DATA, mostly_without_upstream },
	{ "median_lifetime_days", NULL, NUM_MAYBE, IN_JSON | IN_SQL, median_days },
	{ "p90_lifetime_days", NULL, NUM_MAYBE, IN_JSON | IN_SQL, p90_days },
	{ "median_lifetime_releases", NULL, NUM_MAYBE, IN_JSON | IN_SQL, median_releases },
	{ "p90_lifetime_releases", NULL, NUM_MAYBE, IN_JSON | IN_SQL, p90_releases },
};

const size_t nnumbers = sizeof(numbers) / sizeof(numbers[0]);
