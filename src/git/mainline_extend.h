/*
 * mainline_extend.h — a chain's tail (mainline_read.h: the segment TIP ^TAG
 * after the last mainline tag), or a base's own tail (mainline_alone.h:
 * TIP ^BASE), made again after its branch moved on, from the tail the cache
 * holds to the old tip and a walk of the new commits alone (TIP ^TAG ^OLD).
 *
 * Read whole, the tail walks everything TIP reaches down to the oldest of
 * its commits' dates: a topic merged now that was begun months ago paints
 * months of history (git/git: 18,191 commits painted and 3,900 read for a
 * tail of 618).  Hiding OLD as well stops the walk at the new commits'
 * dates (99 commits there).
 *
 * The result is what the whole walk gives, commit for commit: history order
 * (topo.h) of the old and the new commits together, their identities, the
 * facts of those that name others, their dates.  The old tail's order is
 * the order of its commits among all of them (Kahn's algorithm: what is
 * ready of the old ones never depends on the new ones), so each old commit
 * is given the one before it as its only parent, each new one its own
 * parents among the new and the old commits, and the lot is ordered again.
 *
 * A base's own tail keeps its kind and gets its greatest (date, id); one
 * that ends another's arrays (segment.borrowed) is given its own first.
 * Nothing is done (0) when the cached tail keeps no dates (an older file),
 * OLD is no ancestor of TIP (the branch was rewound), an id's first 8 bytes
 * (all the tail keeps of an old commit) are those of another commit of the
 * tail, or the walk fails: the caller reads the tail whole.
 * Part of the git layer's mainline reader; mainline_read.c uses it.
 */
#ifndef REGTRACE_MAINLINE_EXTEND_H
#define REGTRACE_MAINLINE_EXTEND_H

#include <stdint.h>
#include <git2.h>

#include "cache/mainline.h"
#include "git/mainline_read.h"

/* 1 and out (zeroed by the caller) the tail old->from to tip, old's facts
 * moved into it (old is left without them: replace it with out), or 0 with
 * old and out as they were.  mw: as mainline_read's. */
int mainline_extend_tail(git_repository *repo, struct segment *old, const uint8_t tip[20],
			 const struct mainline_walks *mw, struct segment *out);

#endif
