/*
 * pack_prefetch.h — the packs' commits read into the walk memo
 * (walk_memo.h) by a thread of their own, oldest first, while the walks
 * read history newest first.
 *
 * Without a commit-graph, history is read one commit at a time, each
 * object inflated to learn the next one's id: first discovery's walk of
 * the mainline's first-parent line, before which nothing else can start (a
 * third of a cold whole-repository run's wall time on Open vSwitch, the
 * other core idle), then the series' walks, whose last one often runs
 * alone.  git writes a pack's commits newest first, so a reader going the
 * other way (pack_commits.h: no libgit2, whose locks a second reader would
 * mostly wait on) meets each walk about half-way, and the walk takes the
 * rest from the memo.
 *
 * One reader at a time: discovery's walk starts it once that walk has
 * inflated enough objects to be worth it (discover.c), and it runs until
 * the series' walks are done (series_set.c; at the latest, the run's end).
 * Kept on for the mainline's walks too, it cost more than it saved.  A
 * commit a walk read first is skipped; the reader goes on past them (where
 * it meets the newest walk's commits, the older walks' are still ahead: on
 * git/git, stopping at 1,024 such commits in a row left 36,000 commits to
 * the last walk, alone on one core).  At most PREFETCH_MAX commits, each
 * with its date and parents and its object's bytes (within the memo's
 * budget); a commit stored as a delta, or one the reader doubts, is left to
 * libgit2.  Nothing is started when only
 * one thread may run (threads.h).  The memo's entries are what the objects
 * say, so no answer changes: only who inflates which object.
 */
#ifndef REGTRACE_PACK_PREFETCH_H
#define REGTRACE_PACK_PREFETCH_H

#include <stddef.h>

#define PREFETCH_MAX ((size_t)1 << 17)	/* commits: half the memo's room */

/* Start reading the packs of commondir (with its final '/') into the walk
 * memo, unless a reader runs: 1 when one runs now, else 0. */
int pack_prefetch_start(const char *commondir);
/* Stop the reader, if one runs (after the commit it is reading), and wait
 * for it. */
void pack_prefetch_stop(void);

#endif
