/*
 * offenders.h — the worst offenders over a set of series (the report's
 * tables): the upstream commits that brought a visible regression into
 * the most series, the longest-lived visible regressions, and the
 * subsystems with the most visible regressions.
 *
 * A visible regression here is a fix or revert link (census.h) whose two
 * commits are in different releases: a release shipped its target.  A
 * regression is matched across series by its target's upstream id (its
 * first 40-digit alias: series.h); targets without one stay out of that
 * table.  Subsystems come from the series' path breakdowns (breakdown.h,
 * kind "path"): none when no series was broken down by path.
 * Pure: no libgit2, no I/O.  Results point into the series.
 */
#ifndef REGTRACE_OFFENDERS_H
#define REGTRACE_OFFENDERS_H

#include <stddef.h>

#include "core/lifetime.h"
#include "core/series.h"

struct offender_hit {
	size_t series;		/* index in the set */
	const struct link *link;	/* its earliest visible link to a copy */
};

struct offender_upstream {
	const char *upstream;	/* 40 hex digits */
	struct offender_hit *hits;	/* one per series, in set order */
	size_t n;
};

struct offender_upstreams {
	struct offender_upstream *v;	/* most series first, then by id */
	size_t n;
};

void offenders_upstream(const struct series *s, size_t n, struct offender_upstreams *out);
void offenders_upstream_release(struct offender_upstreams *u);

struct offender_life {
	size_t series;
	const struct link *link;
	struct lifetime t;
};

/* Every visible regression with a known lifetime, longest first (days,
 * then releases), ties in set and `fixes` order; a link whose two commits
 * several series hold, once, in the first of them (shared.h).  free() the
 * result. */
struct offender_life *offenders_longest(const struct series *s, size_t n, size_t *count);

struct offender_group {
	const char *name;
	size_t visible, commits;	/* summed over the series */
	size_t nseries;			/* series where it has a visible regression */
};

/* Path groups summed by name, most visible first (then by name); NULL
 * with *count 0 when no series has a path breakdown.  free() it. */
struct offender_group *offenders_subsystems(const struct series *s, size_t n, size_t *count);

#endif
