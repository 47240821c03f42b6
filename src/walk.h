/*
 * walk.h — the commits reachable from TIP and not from BASE, each object
 * read (inflated) exactly once, in history order (parents first).
 *
 * The walk follows git's: a queue by committer date, commits reachable
 * from BASE painted uninteresting, and it stops once only uninteresting
 * commits are queued (after a few more, for clock skew).  Messages go to
 * a callback as they are read, so no message is kept.  The repository
 * layer's replacement for libgit2's revwalk, which inflates each commit a
 * second time to read its message.
 */
#ifndef REGTRACE_WALK_H
#define REGTRACE_WALK_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

struct walk_commit {
	uint8_t oid[20];
	uint32_t *parents;	/* positions in walk_result.v (in-range parents only) */
	uint32_t nparents;
	unsigned all_parents;	/* parents in the repository */
	void *data;		/* what the callback returned */
};

struct walk_result {
	struct walk_commit *v;	/* history order: parents before children */
	size_t n;
};

/* Called once per commit in the range, in no particular order. */
typedef void *walk_message_fn(void *ctx, const uint8_t oid[20], const char *msg, size_t len);
/* Frees what walk_message_fn returned for a commit that left the range. */
typedef void walk_free_fn(void *data);

/* base may be NULL (everything reachable from tip).  The caller owns each
 * v[i].data. */
int walk_range(git_repository *repo, const git_oid *base, const git_oid *tip,
	       walk_message_fn *fn, walk_free_fn *free_data, void *ctx,
	       struct walk_result *out, char *err, size_t errlen);
void walk_result_release(struct walk_result *r);

#endif
