/*
 * range_read.h — the commits of BASE..TIP as walk.h gives them (history
 * order, in-range parents as positions, facts), read as little as the
 * commit cache (cache/commits.h) allows:
 *
 *  - (BASE, TIP) in the range cache (cache/ranges.h): nothing is walked;
 *    every commit's date, parents and facts come from the commit cache;
 *  - a cached (BASE, OLD TIP) with OLD TIP an ancestor of TIP (the day after
 *    a release): only TIP ^OLD TIP ^BASE is walked, and the two are put
 *    together in history order (topo.h);
 *  - else the whole range is walked.
 *
 * Each way gives the same commits in the same order (topo.h's order does
 * not depend on how the commits were found); the range read goes into the
 * range cache.  Without a cache it is walk_range().
 */
#ifndef REGTRACE_RANGE_READ_H
#define REGTRACE_RANGE_READ_H

#include <stddef.h>
#include <git2.h>

#include "git/walk.h"

/* How a range was found, for tests and figures. */
enum range_way { RANGE_WALKED, RANGE_CACHED, RANGE_EXTENDED };

int range_read(git_repository *repo, const git_oid *base, const git_oid *tip,
	       const struct walk_options *opt, struct walk_result *out, enum range_way *way,
	       char *err, size_t errlen);

/*
 * Ranges bases[i]..tips[i], each as range_read() gives it, outs[i] with
 * rcs[i] and errs[i]: those the range cache does not hold are walked
 * together, in one walk (walk_ranges: each commit read once, however many
 * ranges hold it or walk past it); when that walk fails, each is walked
 * alone, so that each range gets its own error.
 */
void range_read_set(git_repository *repo, const git_oid *bases, const git_oid *tips, size_t n,
		    const struct walk_options *opt, struct walk_result *outs, int *rcs,
		    char (*errs)[1024]);

#endif
