/*
 * read_plan.h — the order in which a set of ranges is read, and its groups.
 *
 * The ranges the commit cache lacks come first, in groups of consecutive
 * ones (which share the most history: one walk each), thread_count() of
 * them (base/threads.h); then each range the cache holds as it is, alone
 * (no walk: the threads share them out while the walks go on, rather than
 * one thread taking a walk after its cached ones).  Pure.
 */
#ifndef REGTRACE_GIT_READ_PLAN_H
#define REGTRACE_GIT_READ_PLAN_H

#include <stddef.h>

struct read_plan {
	size_t *order;		/* the n ranges, in the order they are read */
	size_t *first;		/* group g: order[first[g]..first[g + 1]) */
	size_t groups;
	size_t walked;		/* groups[0..walked) walk; the others are cached */
};

/* The plan of n ranges, cached[i] non-zero for those the cache holds;
 * release it with read_plan_release(). */
void read_plan_make(const int *cached, size_t n, struct read_plan *p);
void read_plan_release(struct read_plan *p);

#endif
