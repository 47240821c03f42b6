/*
 * census.h — the counting rules: links between commits of one series, and
 * the numbers of the report.
 *
 * census_compute() reads a graph whose releases are attributed and whose
 * resolver is built, finds every link (doc/rules.md "Kinds of link"), and counts.
 * Links come out sorted by the fix's release (unreleased last), then history
 * order.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_CENSUS_H
#define REGTRACE_CENSUS_H

#include <stddef.h>
#include <stdint.h>

#include "core/graph.h"
#include "core/identity.h"
#include "core/resolve.h"

enum link_kind {
	LINK_FIX,
	LINK_REVERT,
	LINK_REAPPLY,
	LINK_DUPLICATE,
	LINK_PREEMPTIVE,
	LINK_AMBIGUOUS,
};

#define LINK_NO_TARGET UINT32_MAX

struct link {
	enum link_kind kind;
	uint32_t fix;		/* the referring commit */
	uint32_t target;	/* LINK_NO_TARGET for ambiguous */
	struct u32s candidates;	/* ambiguous only: the commits it could mean */
	int same_release;	/* fix and target in one release */
	size_t rank;		/* the fix's release, unreleased last: sort key */
	size_t seq;		/* discovery order, for a stable sort */
};

struct census {
	size_t commits, tagged, fixes, reverts, same_release, visible;
	size_t pairs, regressions, duplicates, reapplies, ambiguous, preemptive;
	size_t fixes_outside, nonsha_fixes_lines;
	size_t fixes_outside_mainline;	/* of fixes_outside: ids the repository
					   does not know (identity.h) */
	size_t with_upstream;		/* commits whose message names an upstream id */
	size_t inferred_upstream;	/* ... whose upstream id was inferred */
	size_t ambiguous_upstream;	/* ... for which several mainline commits fit */
	size_t without_upstream;	/* commits - with - inferred (ambiguous included) */
	struct link *links;
	size_t nlinks, links_cap;
	uint8_t *flags;		/* per commit: CENSUS_* bits of a counted fix */
};

#define CENSUS_FIX 1		/* has a counted fix or revert link */
#define CENSUS_REVERT 2		/* ... of which a revert */
#define CENSUS_SAME 4		/* every counted target in its own release */

/* The rule of the visible count, for a series, a release or a group: the
 * regression fixes not in the same release as every target they fix. */
static inline size_t census_visible(size_t fixes, size_t same_release)
{
	return fixes - same_release;
}

const char *link_kind_name(enum link_kind k);
/* 1 for the kinds that count as regression fixes (fix, revert). */
int link_is_regression_fix(enum link_kind k);

/*
 * until: -1 counts everything; a release index counts only commits in
 * releases up to it and links whose target is (--introduced-until).  The
 * links listed are the same either way.  o: what the repository says of
 * ids matching no commit of the series (identity.h), or NULL.
 */
void census_compute(struct graph *g, struct resolver *r, const struct outside *o, int until,
		    struct census *out);
void census_release(struct census *c);

/*
 * live[i] = 1 when commit i is not reverted at the tip: no revert or
 * reapply link targets it from a commit that is itself live.
 */
void census_live_at_end(const struct graph *g, const struct census *c, uint8_t *live);

#endif
