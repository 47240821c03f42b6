/*
 * cgraph.h — git's commit-graph file (gitformat-commit-graph), read-only:
 * a commit's parents and date without inflating the commit.
 *
 * cgraph_add_layer() checks a file's bytes (signature, version, SHA-1,
 * chunk table, chunk sizes) and adds it on top of the chain; any doubt and
 * it returns -1, and the caller walks without it.  Every later read is
 * bounds-checked too.  Pure: no libgit2, no I/O (the caller maps the
 * files).
 */
#ifndef REGTRACE_CGRAPH_H
#define REGTRACE_CGRAPH_H

#include <stddef.h>
#include <stdint.h>

#define CGRAPH_MAX_LAYERS 64
#define CGRAPH_NO_PARENT UINT32_MAX
#define CGRAPH_MAX_PARENTS 256

struct cgraph_layer {
	const uint8_t *fanout, *oids, *cdat, *edges;
	uint32_t n;		/* commits in this layer */
	uint32_t offset;	/* commits in the layers below */
	size_t nedges;		/* 4-byte entries in EDGE */
};

struct cgraph {
	struct cgraph_layer layer[CGRAPH_MAX_LAYERS];
	int nlayers;
	uint32_t total;
};

struct cgraph_commit {
	int64_t time;
	uint32_t generation;	/* topological level (1 + the parents' highest);
				   0: not computed by the writer */
	uint32_t parents[CGRAPH_MAX_PARENTS];	/* global positions */
	unsigned nparents;
	unsigned all_parents;
};

void cgraph_init(struct cgraph *g);
/* Add a layer above the current ones; 0 or -1 (file rejected). */
int cgraph_add_layer(struct cgraph *g, const uint8_t *data, size_t len);
/* Global position of oid, or -1. */
int64_t cgraph_find(const struct cgraph *g, const uint8_t oid[20]);
/* The commit at a global position; 0 or -1 (corrupt). */
int cgraph_commit(const struct cgraph *g, uint32_t pos, struct cgraph_commit *out);
/* The id at a global position. */
const uint8_t *cgraph_oid(const struct cgraph *g, uint32_t pos);
/*
 * 1 when cgraph_find(g, cgraph_oid(g, pos)) == pos for every position, so
 * that a caller that got pos (a parent's, say) may use it without looking
 * its id up: one layer whose ids are strictly ascending, each inside its
 * fanout bucket (as git writes them).  0 otherwise (several layers, or a
 * file that is out of order).  O(commits): call it once per graph.
 */
int cgraph_positions_exact(const struct cgraph *g);

#endif
