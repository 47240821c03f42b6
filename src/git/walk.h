/*
 * walk.h — the commits reachable from TIP and not from BASE, each object
 * read (inflated) exactly once, in history order (topo.h: parents first,
 * then the oldest, then the lowest id).
 *
 * The walk follows git's: a queue by committer date, commits reachable
 * from BASE painted uninteresting, and it stops once only uninteresting
 * commits are queued (after a few more, for clock skew).  Messages go to
 * msg_parse as they are read, so no message is kept.  Commits come, in
 * this order of preference, from the cache (cache/commits.h), the commit-graph
 * (cgraph.h: parents and dates; messages then read by several threads) or
 * the object database.  The repository
 * layer's replacement for libgit2's revwalk, which inflates each commit a
 * second time to read its message.
 */
#ifndef REGTRACE_WALK_H
#define REGTRACE_WALK_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

#include "cache/commits.h"
#include "core/message.h"

struct walk_commit {
	uint8_t oid[20];
	int64_t time;		/* committer date */
	uint32_t *parents;	/* positions in walk_result.v (in-range parents only) */
	uint32_t nparents;
	unsigned all_parents;	/* parents in the repository */
	struct msg_facts *facts;	/* owned by the caller after the walk; NULL
					   when walk_options.sift dropped them */
	struct commit_meta *meta;	/* dates and author (walk_options.meta), or
					   NULL; owned by the caller after the walk */
	uint32_t key;		/* walk_options.keyof's, of facts and meta as read */
	uint8_t (*parent_ids)[20];	/* with walk_options.parent_ids: every parent
					   read (in range or not), in order */
	unsigned nparent_ids;
};

struct walk_result {
	struct walk_commit *v;	/* history order: parents before children */
	size_t n;
	size_t from_cache, from_graph, from_objects;	/* how each was found */
	int base_is_parent;	/* BASE is a parent of a commit in the range, so
				   an ancestor of TIP (when the range is not empty) */
	uint32_t hidden_parents;	/* walk_hiding: bit k, hides[k] is a parent of
					   a commit in the range (k < 32) */
	uint8_t (*painted)[20];	/* with a cache: the commits read as reachable from
				   what the range hides, no older than its stop
				   test needed (their dates and parents are in
				   the cache: cache/ranges.h) */
	size_t npainted;
};

struct walk_options {
	const struct msg_rules *rules;	/* the project's alias patterns, or NULL */
	struct cache *cache;		/* facts of earlier runs, or NULL; what this
					   walk learns is added to it (walks in
					   several threads may share one cache) */
	unsigned threads;		/* message readers at most; 0: no limit */
	int parent_ids;			/* fill walk_commit.parent_ids */
	int (*sift)(struct msg_facts *f);	/* or NULL: called on each commit's facts
					   as read (from any thread); 0 drops them
					   and its meta (walk_commit.facts NULL), so
					   a long history keeps only what its
					   reader needs */
	uint32_t (*keyof)(const struct msg_facts *f, const struct commit_meta *m);
					/* or NULL: walk_commit.key, from each
					   commit's facts and meta (NULL without
					   meta) as read, before sift */
	int meta;			/* also read each commit's dates and author
					   (always with a cache, which keeps them) */
	int headers_only;		/* read no message: facts stay NULL (no cache) */
	int skim;			/* a message that can name no commit (core/
					   message.h: msg_may_name_commit) is read for
					   its subject alone (msg_parse_subject): for a
					   walk whose sift keeps only the facts of
					   commits naming others (no cache) */
	const struct cache *peek;	/* without a cache: one whose dates and parents
					   of the commits a walk only paints are
					   taken (never their facts), learning nothing */
	/* Or NULL: each range's result handed to take as soon as it is made,
	 * ranges in order, to take what it wants and release (outs[r] is then
	 * what it left); not with a cache.  Nested ranges of a long history
	 * (a mainline's tails) then never all exist at once. */
	void (*take)(void *ctx, size_t r, struct walk_result *out);
	/* Or NULL (with take, and two ranges or more): the range that holds
	 * the most commits (the first of them) is made and taken first, then
	 * each other in order is taken, or, when its commits are the last n of
	 * that one's order, handed here instead and never made: its history
	 * order is theirs (the end of a history order is its commits' own:
	 * topo.h), its hidden parents as walk_result.hidden_parents would
	 * say.  A mainline's nested tails are mostly such ends. */
	void (*take_end)(void *ctx, size_t r, size_t lead, size_t n, uint32_t hidden_parents);
	void *take_ctx;
	int no_parents;			/* walk_commit.parents NULL, nparents 0 (the
					   order is the result's, the links unused) */
	/* Or NULL: told of each commit whose facts are read (from any thread),
	 * its facts and meta (NULL without) as read, after keyof, before sift. */
	void (*note)(void *ctx, const uint8_t oid[20], const struct msg_facts *f,
		     const struct commit_meta *m, uint32_t key);
	void *note_ctx;
};

/* base may be NULL (everything reachable from tip). */
int walk_range(git_repository *repo, const git_oid *base, const git_oid *tip,
	       const struct walk_options *opt, struct walk_result *out,
	       char *err, size_t errlen);
/* One range: TIP minus everything reachable from any of hides (git's
 * `TIP ^H1 ^H2 ...`). */
struct walk_spec {
	const git_oid *tip;
	const git_oid *hides;
	size_t nhides;
};

/*
 * Several ranges in one walk (one bit per range and node): each commit is
 * read once however many ranges hold it or walk past it, and outs[r] is
 * what walking specs[r] alone gives (base_is_parent: about its hides[0]).
 * A commit in several ranges has its facts copied into each.
 */
int walk_ranges(git_repository *repo, const struct walk_spec *specs, size_t n,
		const struct walk_options *opt, struct walk_result *outs, char *err, size_t errlen);

/* TIP minus everything reachable from any of hides[0..nhides) (git's
 * `TIP ^H1 ^H2 ...`); base_is_parent is about hides[0]. */
int walk_hiding(git_repository *repo, const git_oid *hides, size_t nhides, const git_oid *tip,
		const struct walk_options *opt, struct walk_result *out, char *err, size_t errlen);
void walk_result_release(struct walk_result *r);
/* What the caller owns of a commit after the walk: its facts and its meta,
 * freed (and NULL). */
void walk_commit_free(struct walk_commit *c);
/* Each commit's facts and meta freed, then the result released. */
void walk_result_release_all(struct walk_result *r);

/* Check the repository's commit-graph now (commondir: git_repository_
 * commondir()), so that the walks find it checked (cgraph_trust.h: a file
 * hashed once per change): for a thread of its own while other work goes
 * on, the walks waiting for its check if they come first.  A walk given a
 * commit cache that holds commits looks at the commit-graph only after
 * reading WALK_GRAPH_AFTER commits from their objects (walk_read.c): the new
 * commits of a release do not wait for a new commit-graph's checksum. */
void walk_check_graph(const char *commondir);

#endif
