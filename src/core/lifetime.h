/*
 * lifetime.h — how long each regression lived: releases and days between
 * the release that brought it and the release that fixed it.
 *
 * Releases: the difference of the two releases' positions among the
 * series' releases (0 = same release), i.e. how many releases shipped it.
 * Days: the difference of the two releases' dates, in whole days.  Both
 * unknown (-1) while the fix is unreleased and the target is not.
 * Summaries use nearest-rank percentiles over the fix and revert links.
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_LIFETIME_H
#define REGTRACE_LIFETIME_H

#include "core/census.h"
#include "core/release.h"

struct lifetime {
	long releases;	/* -1: unknown */
	long days;	/* -1: unknown */
};

struct lifetime_summary {
	size_t n;			/* links with a known lifetime */
	long median_days, p90_days;	/* -1 when n is 0 */
	long median_releases, p90_releases;
};

struct lifetime lifetime_of(const struct graph *g, const struct release_list *rels,
			    const struct link *l);
void lifetime_summarize(const struct graph *g, const struct release_list *rels,
			const struct census *c, struct lifetime_summary *out);

/* The nearest-rank p-th percentile (0 < p <= 100) of sorted v[0..n-1]. */
long lifetime_percentile(const long *v, size_t n, int p);

#endif
