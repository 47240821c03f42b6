/*
 * topo.h — history order of a set of commits: parents before children, and
 * among the commits ready at once the oldest (committer date) first, then
 * the lowest id.  The order depends only on the commits, their dates and
 * their parents inside the set, never on how they were found: a range read
 * by a walk, taken from the range cache or extended from a cached range
 * comes out in the same order.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_TOPO_H
#define REGTRACE_TOPO_H

#include <stddef.h>
#include <stdint.h>

struct topo_node {
	int64_t time;
	const uint8_t *oid;		/* 20 bytes */
	const uint32_t *parents;	/* indices into the same array */
	uint32_t nparents;
};

/* order[k]: the index of the k-th commit in history order; returns how
 * many were ordered (fewer than n only when the parents make a cycle). */
size_t topo_sort(const struct topo_node *v, size_t n, uint32_t *order);

#endif
