/*
 * walker.h — what the files of the walk (walk.h) share, and nothing else
 * includes: the nodes (one per commit met, in one array, found by id), the
 * walker's state, and the functions each file gives the others:
 *
 *  - walk.c: the nodes, the queue, the ranges' bits, the walk itself;
 *  - walk_read.c: one commit read, from the cache, the commit-graph or its
 *    object (walker_read_node), and its facts;
 *  - walk_messages.c: the messages the commit-graph walked past, read by
 *    several threads (walker_read_messages);
 *  - walk_result.c: what the walk learned into the cache (walker_learn) and
 *    each range's commits in history order (walker_results);
 *  - cgraph_files.h: the commit-graph's files, found and mapped.
 *
 * Each node has one bit per range for "reachable from its TIP" and one for
 * "reachable from what it hides"; a node is interesting (F_UNINTERESTING
 * clear) when a range reaches it without hiding it, and it is in range r
 * when read and r's bits say so.
 */
#ifndef REGTRACE_WALKER_H
#define REGTRACE_WALKER_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

#include "git/cgraph_files.h"
#include "git/commit_parse.h"
#include "git/replace.h"
#include "git/walk.h"
#include "base/oidmap.h"
#include "base/threads.h"

#define SKEW_MARGIN 86400	/* without generation numbers: a day of clock skew */
#define F_SEEN 1u		/* queued once */
#define F_PARSED 2u
#define F_UNINTERESTING 4u
#define F_GRAPH 8u		/* parents and date from the commit-graph: no message yet */
#define F_CACHED 16u		/* everything from the cache */
#define F_QUEUED 32u		/* in the queue now */
#define F_SIFTED 64u		/* its facts were read and dropped (walk_options.sift) */
#define F_HEADS 128u		/* F_CACHED from a record without facts (a commit an
				   earlier walk painted): its facts, if needed, are read */
#define MAX_THREADS THREADS_MAX

struct node {
	uint8_t oid[20];
	int64_t time;
	uint32_t gen;		/* from the commit-graph; 0: unknown */
	uint32_t flags;
	union {			/* node indices (node_parents) */
		uint32_t in[2];	/* up to two: here (no block for each commit) */
		uint32_t *more;	/* more: a block of their own */
	} parents;
	uint32_t nparents;
	unsigned all_parents;
	struct msg_facts *data;
	struct commit_meta *meta;	/* with data, when the walk reads them */
	uint32_t key;			/* walk_options.keyof's */
	uint32_t gpos;			/* its commit-graph position + 1, when a
					   child's graph entry gave it (and
					   walker.exact_pos); 0: look it up */
};

/* n's parents, nparents of them. */
static inline const uint32_t *node_parents(const struct node *n)
{
	return n->nparents <= 2 ? n->parents.in : n->parents.more;
}

struct walker {
	git_odb *odb;
	const char *repo_path;		/* git_repository_path(): the readers' own handles */
	struct node *nodes;
	size_t n, cap;
	struct oidtab table;	/* the nodes by id */
	uint32_t *heap;
	size_t hn, hcap;
	struct range_state {
		size_t queued;		/* queued commits in this range (so far) */
		int64_t min_time;	/* the oldest commit read as in it */
		uint32_t min_gen;	/* its lowest generation (0: some unknown) */
	} *rs;				/* per range */
	uint64_t *live;			/* words: the ranges whose walk is not settled */
	size_t nlive;
	size_t queued_no_gen;		/* queued commits without a generation */
	uint32_t *gheap;		/* max-heap by generation of the queued commits
					   that have one; popped ones are dropped lazily */
	size_t ghn, ghcap;
	const struct msg_rules *rules;
	struct cache *cache;
	const struct cache *peek;	/* walk_options.peek (no cache) */
	int meta;			/* read dates and authors */
	int headers_only;		/* read no messages */
	int skim;			/* walk_options.skim */
	unsigned threads;		/* 0: as many as worth it */
	int parent_ids;			/* keep every parent's id in the result */
	int (*sift)(struct msg_facts *f);
	uint32_t (*keyof)(const struct msg_facts *f, const struct commit_meta *m);
	void (*take)(void *ctx, size_t r, struct walk_result *out);	/* (no cache) */
	void (*take_end)(void *ctx, size_t r, size_t lead, size_t n, uint32_t hidden_parents);
	void *take_ctx;
	int no_parents;			/* walk_options.no_parents */
	void (*note)(void *ctx, const uint8_t oid[20], const struct msg_facts *f,
		     const struct commit_meta *m, uint32_t key);
	void *note_ctx;
	size_t nranges, words;		/* ranges walked at once; 64-bit words per bit set */
	uint64_t *bits;			/* per node 2 * words: reach (from range r's TIP),
					   then hide (from one of range r's hidden commits) */
	size_t bitcap;			/* nodes bits has room for */
	uint32_t *stack;		/* spread()'s */
	size_t stackcap;
	int64_t skew;			/* the most a parent was seen newer than its child */
	struct cgraph_files graph;	/* no layers: walk without it */
	int exact_pos;			/* cgraph_positions_exact(): a parent's
					   position needs no look-up */
	const char *gitdir;		/* the commit-graph's git directory (graph_later) */
	int graph_later;		/* the commit-graph not looked at yet (below) */
	unsigned misses;		/* commits read from their objects so far */
	struct replace_map replace;	/* git replace and grafts (replace.h) */
};

/* Node i's bits: 2 * w->words words, reach then hide. */
static inline uint64_t *bits_of(const struct walker *w, uint32_t i)
{
	return w->bits + (size_t)i * 2 * w->words;
}

/* In some range: read, and not hidden from a range that reaches it. */
static inline int in_range(const struct node *n)
{
	return (n->flags & F_PARSED) && !(n->flags & F_UNINTERESTING);
}

/* walk.c: the node of oid, created (F_UNINTERESTING, nothing read) when
 * new; w->nodes may move. */
uint32_t walker_node(struct walker *w, const uint8_t oid[20]);

/* walk_read.c: read node i (its date, parents and, when in a range, its
 * facts) from the cache, the commit-graph or its object; RT_OK or RT_EFAIL
 * with err set. */
int walker_read_node(struct walker *w, uint32_t i, char *err, size_t errlen);
/* The bytes a commit read holds: a libgit2 object, or a copy the walk
 * memo (walk_memo.h) or the packs (pack_set.h) gave. */
struct commit_bytes {
	git_odb_object *obj;
	char *copy;
	size_t len;	/* copy's */
};

static inline const char *commit_bytes_data(const struct commit_bytes *h)
{
	return h->obj ? (const char *)git_odb_object_data(h->obj) : h->copy;
}

static inline size_t commit_bytes_size(const struct commit_bytes *h)
{
	return h->obj ? git_odb_object_size(h->obj) : h->len;
}
/* One commit object, header and message (its bytes from the walk memo when
 * an earlier walk kept them, else inflated); on RT_OK *hold holds rc's
 * bytes (walker_object_free), on RT_EFAIL err says why. */
int walker_read_object(const struct walker *w, const uint8_t oid20[20], struct raw_commit *rc,
		       struct commit_bytes *hold, char *err, size_t errlen);
/* The same through odb (a reader thread's own: one git_odb shared by
 * threads serialises their reads on its lock). */
int walker_read_object_in(const struct walker *w, git_odb *odb, const uint8_t oid20[20],
			  struct raw_commit *rc, struct commit_bytes *hold, char *err,
			  size_t errlen);
void walker_object_free(struct commit_bytes *hold);
/* n's facts (and meta, when the walk reads them) from rc, then sifted. */
void walker_parse(const struct walker *w, struct node *n, const struct raw_commit *rc);
/* n's facts (and meta) from a cache record, then sifted. */
void walker_from_hit(const struct walker *w, struct node *n, const struct cache_hit *h);

/* walk_messages.c: the facts of every node in range not read yet (walked
 * by the commit-graph, or read while no range wanted it), by several
 * threads; RT_OK or RT_EFAIL with the error the walk's order meets first. */
int walker_read_messages(struct walker *w, char *err, size_t errlen);

/* walk_result.c: what this walk learned into w->cache (may be NULL). */
void walker_learn(struct walker *w);
/* The ranges' commits into outs[0..n), each in history order (walk.h);
 * hides[r]: the nodes of specs[r].hides. */
void walker_results(struct walker *w, const struct walk_spec *specs, size_t n,
		    uint32_t **hides, struct walk_result *outs);

#endif
