/* numbers.c — see numbers.h. */
#include "render/numbers.h"

double number_rate(size_t x, size_t y)
{
	return y ? (double)x / (double)y : -1.0;
}

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
CENSUS(fixes_outside_mainline)
CENSUS(with_upstream)
CENSUS(inferred_upstream)
CENSUS(ambiguous_upstream)
CENSUS(without_upstream)
#undef CENSUS

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

/* Commits with an upstream id, written or inferred (doc/dialects.md). */
static double upstream_share(const struct series *s)
{
	return number_rate(s->census.with_upstream + s->census.inferred_upstream,
			   s->census.commits);
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
	{ NULL, "% upstream", NUM_RATE, IN_HTML, upstream_share },
	{ "sagas", NULL, NUM_COUNT, IN_DATA, sagas },
	{ "open", "Open", NUM_MAYBE, IN_TEXT | IN_JSON | IN_CSV, open_count },
	{ "by", NULL, NUM_GROUPS, IN_JSON, no_value },
	{ "median_lifetime_days", NULL, NUM_MAYBE, IN_JSON | IN_SQL, median_days },
	{ "p90_lifetime_days", NULL, NUM_MAYBE, IN_JSON | IN_SQL, p90_days },
	{ "median_lifetime_releases", NULL, NUM_MAYBE, IN_JSON | IN_SQL, median_releases },
	{ "p90_lifetime_releases", NULL, NUM_MAYBE, IN_JSON | IN_SQL, p90_releases },
};

const size_t nnumbers = sizeof(numbers) / sizeof(numbers[0]);
