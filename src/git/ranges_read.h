/*
 * ranges_read.h — the commits of several ranges behind one call, at three
 * levels:
 *
 *  - the plan (read_plan.h): which ranges the commit cache holds as they
 *    are (no walk), and the others in a few groups of consecutive ranges
 *    (those share the most history), thread_count() of them;
 *  - the groups read at once, one thread each (parallel.h): first the
 *    groups to walk, then each cached range alone, so that the threads
 *    share the cached ones out while the walks go on;
 *  - each group read as repo_walk_ranges() reads it: cache or walk
 *    (range_read.h), the walked ranges of a group in one joint walk
 *    (walk.h: each commit read once however many ranges hold it).
 *
 * Each range gets the outcome it would get alone (repo.h: range_reading);
 * the plan changes only how fast.  No threads within threads: with several
 * groups at once, each walk reads its messages on its own thread.
 */
#ifndef REGTRACE_RANGES_READ_H
#define REGTRACE_RANGES_READ_H

#include <stddef.h>
#include <git2.h>

#include "base/progress.h"
#include "git/repo.h"

/* Read v[0..n): each v[i].rg set and the rest zeroed on entry; each v[i]
 * as repo_walk_ranges() leaves it on return (to repo_fill_range(), then
 * range_reading_release()).  progress (or NULL) hears of each range read.
 * Returns how many groups were read at once (more than one: each walk read
 * its messages on its own thread, and so should what follows). */
size_t ranges_read(git_repository *repo, struct range_reading *v, size_t n,
		   const struct read_options *opt, const struct progress *progress);

#endif
