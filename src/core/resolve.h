/*
 * resolve.h — which commits of a series an id (full or abbreviated) names.
 *
 * Every non-merge commit is known by its own id and by its aliases (the
 * upstream ids its message names).  An id matches a commit when the id is a
 * prefix of one of those keys, or one of its aliases (7+ digits) is a prefix
 * of the id.  Commits sharing a key are copies of one upstream commit; the
 * resolver groups them into classes.  Pure: no libgit2, no I/O.  The graph
 * must outlive the resolver and stay unchanged.
 */
#ifndef REGTRACE_RESOLVE_H
#define REGTRACE_RESOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "core/graph.h"
#include "base/util.h"

struct resolver_key {
	uint64_t num;		/* the first 16 digits as a number (zero-padded):
				   the order of the numbers is that of the hex */
	const char *hex;	/* NUL-terminated, lower-case, points into the graph */
	uint32_t commit;
	uint32_t len;		/* strlen(hex) */
};

struct resolver {
	struct resolver_key *keys;	/* sorted by hex */
	size_t nkeys;
	uint32_t *slot;			/* first 7 digits + 1 -> their first key */
	uint32_t *first;
	size_t nslots;			/* a power of two */
	uint32_t *cls;			/* union-find parent per commit */
	size_t ncommits;
};

void resolver_init(struct resolver *r, const struct graph *g);
void resolver_release(struct resolver *r);

/* The first 7 digits of an id (lower-case hex, 7+ digits) as a number: ids
 * that are prefixes of one another share it. */
uint32_t resolver_head(const char *id);
/* The same for key i of r. */
static inline uint32_t resolver_key_head(const struct resolver *r, size_t i)
{
	return (uint32_t)(r->keys[i].num >> 36);
}

/* Replace *out with the commits id (lower-case hex) matches, ascending: at
 * most RESOLVER_MATCH_MAX + 1 of them.  More than RESOLVER_MATCH_MAX means
 * "too many to weigh" (doc/rules.md: such a reference is ambiguous): an id
 * shared that widely is no name of one commit, and listing them all for
 * each reference would cost the square of the series.  Costs the logarithm
 * of the keys sharing id's first 7 digits, plus the matches. */
#define RESOLVER_MATCH_MAX 64
void resolver_match(const struct resolver *r, const char *id, struct u32s *out);

/* A representative of the copies class of a commit. */
uint32_t resolver_class(struct resolver *r, uint32_t commit);

#endif
