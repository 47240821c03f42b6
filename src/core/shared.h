/*
 * shared.h — commits that several series of one run hold.
 *
 * Two ranges of a run may hold the same commit: git's maint lines, where a
 * fix made on an old maint branch is merged upward into every newer one,
 * so the one commit lies in the ranges of 2.39, 2.40, ... 2.44.  Each
 * series counts it (it shipped in each), but a number summed over series
 * must count it once.  shared_find() finds such commits by their ids and
 * gives every series a view of them (s[i].share).  A link is said to be in
 * a series when the series holds both its commits; its first series is the
 * first of the run (in the order given) that holds both: a total over
 * series counts a link only in its first series (shared_link_first).
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_SHARED_H
#define REGTRACE_SHARED_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"

struct series;
struct link;

/* What one series shares with the others of its run (zeroed: nothing, or
 * not computed). */
struct series_share {
	uint32_t *set_of;	/* per commit: 1 + index into sets, or 0: only here */
	const struct u32s *sets;	/* the run's: the series holding one commit,
					   ascending, at least two each */
	const struct series *all;	/* the run's series (for their names) */
	size_t self;		/* this series' index in all */
	size_t ncommits;	/* commits (merges left out) another series holds */
	struct u32s with;	/* the other series that hold any, ascending */
};

/* The run's shared commits (owned sets; release with shared_release()). */
struct shared {
	struct u32s *sets;
	size_t nsets;
};

/* Find the commits several of the n series hold, by id, and set each
 * s[i].share (pointing into out and into s: both must outlive the views).
 * Fewer than two series: nothing shared, every view zeroed. */
void shared_find(struct series *s, size_t n, struct shared *out);
void shared_release(struct shared *sh, struct series *s, size_t n);

/* The other series of the run that hold both commits of l (of series s),
 * ascending, into out (emptied first). */
void shared_link_others(const struct series *s, const struct link *l, struct u32s *out);
/* 1 when s is the first series of the run to hold both commits of l. */
int shared_link_first(const struct series *s, const struct link *l);

#endif
