/*
 * pack_prefetch.h — the packs' commits read into the walk memo
 * (walk_memo.h) by a thread of their own, oldest first, while discovery
 * walks the mainline's first-parent line newest first (discover.c).
 *
 * Without a commit-graph that line is read one commit at a time, each
 * object inflated to learn the next one's id, and nothing else can start
 * before it ends: a third of a cold whole-repository run's wall time on
 * Open vSwitch, the other core idle.  git writes a pack's commits newest
 * first, so a reader going the other way (pack_commits.h: no libgit2,
 * whose locks a second reader would mostly wait on) meets the line's walk
 * about half-way, and the line's walk takes the rest from the memo.  The
 * commits read that are not on the line are those the series' and the
 * mainline's walks read next.
 *
 * At most PREFETCH_MAX commits, each with its date and parents and its
 * object's bytes (within the memo's budget); a commit stored as a delta, or
 * one the reader doubts, is left to libgit2.  Nothing is started when only
 * one thread may run (threads.h).  The memo's entries are what the objects
 * say, so no answer changes: only who inflates which object.
 */
#ifndef REGTRACE_PACK_PREFETCH_H
#define REGTRACE_PACK_PREFETCH_H

#include <stddef.h>

#define PREFETCH_MAX ((size_t)1 << 17)	/* commits: half the memo's room */

struct pack_prefetch;

/* Start reading the packs of commondir (with its final '/') into the walk
 * memo: the reader, or NULL when none was started. */
struct pack_prefetch *pack_prefetch_start(const char *commondir);
/* Stop the reader (after the commit it is reading) and wait for it; the
 * commits it gave (0 for NULL). */
size_t pack_prefetch_stop(struct pack_prefetch *pf);

#endif
