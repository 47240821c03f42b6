/*
 * walk.c — see walk.h.  Nodes live in one array, found by id through an
 * open-addressing table; the queue is a binary heap on committer time.
 * Each node has one bit per range for "reachable from its TIP" and one for
 * "reachable from what it hides"; a node is interesting (flag clear) when a
 * range reaches it without hiding it, and it is in range r when read and
 * r's bits say so.  With one range this is git's walk with its
 * UNINTERESTING flag.
 */
#define _DEFAULT_SOURCE
#include "git/walk.h"
#include "git/cgraph.h"
#include "git/cgraph_trust.h"
#include "git/replace.h"
#include "git/commit_parse.h"
#include "git/topo.h"
#include "base/error.h"
#include "base/threads.h"
#include "base/util.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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
	uint32_t *parents;	/* node indices */
	uint32_t nparents;
	unsigned all_parents;
	struct msg_facts *data;
	struct commit_meta *meta;	/* with data, when the walk reads them */
	uint32_t key;			/* walk_options.keyof's */
	uint32_t gpos;			/* its commit-graph position + 1, when a
					   child's graph entry gave it (and
					   walker.exact_pos); 0: look it up */
};

struct walker {
	git_odb *odb;
	struct node *nodes;
	size_t n, cap;
	uint32_t *table;	/* node index + 1; 0 = empty */
	size_t tcap;		/* power of two */
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
	int meta;			/* read dates and authors */
	int headers_only;		/* read no messages */
	unsigned threads;		/* 0: as many as worth it */
	int parent_ids;			/* keep every parent's id in the result */
	int (*sift)(struct msg_facts *f);
	uint32_t (*keyof)(const struct msg_facts *f, const struct commit_meta *m);
	size_t nranges, words;		/* ranges walked at once; 64-bit words per bit set */
	uint64_t *bits;			/* per node 2 * words: reach (from range r's TIP),
					   then hide (from one of range r's hidden commits) */
	size_t bitcap;			/* nodes bits has room for */
	uint32_t *stack;		/* spread()'s */
	size_t stackcap;
	int64_t skew;			/* the most a parent was seen newer than its child */
	struct cgraph cg;		/* no layers: walk without it */
	int exact_pos;			/* cgraph_positions_exact(): a parent's
					   position needs no look-up */
	const char *gitdir;		/* where cgraph_trust.h remembers its checks */
	int graph_later;		/* the commit-graph not looked at yet (below) */
	unsigned misses;		/* commits read from their objects so far */
	struct replace_map replace;	/* git replace and grafts (replace.h) */
	struct { void *p; size_t len; } maps[CGRAPH_MAX_LAYERS];
	int nmaps;
};

static uint64_t hash_oid(const uint8_t *oid)
{
	uint64_t h;

	memcpy(&h, oid, sizeof(h));
	return h;
}

static void table_grow(struct walker *w)
{
	size_t ncap = w->tcap ? w->tcap * 2 : 1024;
	uint32_t *t = xcalloc(ncap, sizeof(uint32_t));

	for (size_t i = 0; i < w->n; i++) {
		size_t k = hash_oid(w->nodes[i].oid) & (ncap - 1);
		while (t[k])
			k = (k + 1) & (ncap - 1);
		t[k] = (uint32_t)i + 1;
	}
	free(w->table);
	w->table = t;
	w->tcap = ncap;
}

/* The node of oid, created when new. */
static uint32_t node_of(struct walker *w, const uint8_t oid[20])
{
	if ((w->n + 1) * 2 > w->tcap)
		table_grow(w);
	size_t k = hash_oid(oid) & (w->tcap - 1);
	while (w->table[k]) {
		uint32_t i = w->table[k] - 1;
		if (!memcmp(w->nodes[i].oid, oid, 20))
			return i;
		k = (k + 1) & (w->tcap - 1);
	}
	ARRAY_GROW(w->nodes, w->n, w->cap);
	if (w->cap > w->bitcap) {
		size_t row = 2 * w->words;
		w->bits = xrealloc(w->bits, w->cap * row * sizeof(uint64_t));
		memset(w->bits + w->bitcap * row, 0, (w->cap - w->bitcap) * row * sizeof(uint64_t));
		w->bitcap = w->cap;
	}
	memset(&w->nodes[w->n], 0, sizeof(struct node));
	w->nodes[w->n].flags = F_UNINTERESTING;	/* no range reaches it yet */
	memcpy(w->nodes[w->n].oid, oid, 20);
	w->table[k] = (uint32_t)w->n + 1;
	return (uint32_t)w->n++;
}

/* Max-heap on time; ties by insertion are fine. */
static int newer(const struct walker *w, uint32_t a, uint32_t b)
{
	return w->nodes[a].time > w->nodes[b].time;
}

/* The generation heap: the queue's highest generation in O(1) when asked. */
static void gheap_push(struct walker *w, uint32_t x)
{
	ARRAY_GROW(w->gheap, w->ghn, w->ghcap);
	size_t i = w->ghn++;
	while (i && w->nodes[x].gen > w->nodes[w->gheap[(i - 1) / 2]].gen) {
		w->gheap[i] = w->gheap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	w->gheap[i] = x;
}

static void gheap_pop(struct walker *w)
{
	uint32_t x = w->gheap[--w->ghn];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= w->ghn)
			break;
		if (c + 1 < w->ghn && w->nodes[w->gheap[c + 1]].gen > w->nodes[w->gheap[c]].gen)
			c++;
		if (w->nodes[w->gheap[c]].gen <= w->nodes[x].gen)
			break;
		w->gheap[i] = w->gheap[c];
		i = c;
	}
	if (w->ghn)
		w->gheap[i] = x;
}

/* Add d to the queued count of each range in which node x is (now). */
static void count_queued(struct walker *w, uint32_t x, int d)
{
	const uint64_t *b = w->bits + (size_t)x * 2 * w->words;

	for (size_t k = 0; k < w->words; k++)
		for (uint64_t m = b[k] & ~b[w->words + k]; m; m &= m - 1)
			w->rs[k * 64 + (size_t)__builtin_ctzll(m)].queued += (size_t)d;
}

/* The highest generation queued (the queue holds no commit without one). */
static uint32_t queued_max_gen(struct walker *w)
{
	while (w->ghn && !(w->nodes[w->gheap[0]].flags & F_QUEUED))
		gheap_pop(w);
	return w->ghn ? w->nodes[w->gheap[0]].gen : 0;
}

static void heap_push(struct walker *w, uint32_t x)
{
	struct node *n = &w->nodes[x];

	n->flags |= F_QUEUED;
	if (!(n->flags & F_UNINTERESTING))
		count_queued(w, x, 1);
	if (n->gen)
		gheap_push(w, x);
	else
		w->queued_no_gen++;
	ARRAY_GROW(w->heap, w->hn, w->hcap);
	size_t i = w->hn++;
	while (i && newer(w, x, w->heap[(i - 1) / 2])) {
		w->heap[i] = w->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	w->heap[i] = x;
}

static uint32_t heap_pop(struct walker *w)
{
	uint32_t top = w->heap[0], x = w->heap[--w->hn];
	struct node *n = &w->nodes[top];
	size_t i = 0;

	n->flags &= ~F_QUEUED;
	if (!(n->flags & F_UNINTERESTING))
		count_queued(w, top, -1);
	w->queued_no_gen -= !n->gen;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= w->hn)
			break;
		if (c + 1 < w->hn && newer(w, w->heap[c + 1], w->heap[c]))
			c++;
		if (!newer(w, w->heap[c], x))
			break;
		w->heap[i] = w->heap[c];
		i = c;
	}
	if (w->hn)
		w->heap[i] = x;
	return top;
}

static void read_error(const uint8_t oid20[20], const char *why, char *err, size_t errlen)
{
	git_oid oid;
	char hex[41];

	memcpy(oid.id, oid20, 20);
	git_oid_tostr(hex, sizeof(hex), &oid);
	snprintf(err, errlen, "cannot read commit %s: %s", hex, why);
}

/* Read one commit object: header and message. */
static int read_object(git_odb *odb, const uint8_t oid20[20], struct raw_commit *rc,
		       git_odb_object **obj, char *err, size_t errlen)
{
	git_oid oid;

	memcpy(oid.id, oid20, 20);
	if (git_odb_read(obj, odb, &oid) < 0) {
		const git_error *e = git_error_last();
		read_error(oid20, e && e->message ? e->message : "object missing", err, errlen);
		return RT_EFAIL;
	}
	if (git_odb_object_type(*obj) != GIT_OBJECT_COMMIT ||
	    commit_parse(git_odb_object_data(*obj), git_odb_object_size(*obj), rc) < 0) {
		read_error(oid20, "not a commit", err, errlen);
		git_odb_object_free(*obj);
		*obj = NULL;
		return RT_EFAIL;
	}
	if (rc->nparents < rc->all_parents) {	/* dropped parents: a wrong count */
		read_error(oid20, "more than 256 parents (or an unreadable parent line)", err,
			   errlen);
		git_odb_object_free(*obj);
		*obj = NULL;
		return RT_EFAIL;
	}
	return RT_OK;
}

static void set_parents(struct walker *w, uint32_t i, const uint8_t (*oids)[20], unsigned n)
{
	uint32_t *ps = xmalloc((n + 1) * sizeof(uint32_t));

	for (unsigned k = 0; k < n; k++)
		ps[k] = node_of(w, oids[k]);	/* may move w->nodes */
	w->nodes[i].parents = ps;
	w->nodes[i].nparents = n;
}

/* Parents and date from the commit-graph; 0, or -1 when it lacks i. */
static int read_graph(struct walker *w, uint32_t i)
{
	struct cgraph_commit c;
	uint8_t oids[CGRAPH_MAX_PARENTS][20];
	int64_t pos;

	if (!w->cg.nlayers)
		return -1;
	pos = w->nodes[i].gpos ? (int64_t)w->nodes[i].gpos - 1 : cgraph_find(&w->cg, w->nodes[i].oid);
	if (pos < 0 || cgraph_commit(&w->cg, (uint32_t)pos, &c) < 0 || c.nparents < c.all_parents)
		return -1;	/* (more than 256 parents: the object says why) */
	for (unsigned k = 0; k < c.nparents; k++)
		memcpy(oids[k], cgraph_oid(&w->cg, c.parents[k]), 20);
	w->nodes[i].time = c.time;
	w->nodes[i].gen = c.generation;
	w->nodes[i].all_parents = c.all_parents;
	w->nodes[i].flags |= F_PARSED | F_GRAPH;
	set_parents(w, i, (const uint8_t (*)[20])oids, c.nparents);
	for (unsigned k = 0; w->exact_pos && k < c.nparents; k++)
		w->nodes[w->nodes[i].parents[k]].gpos = c.parents[k] + 1;
	return 0;
}

/* The key of n (walk_options.keyof), then n's facts and meta dropped
 * unless walk_options.sift keeps them. */
static void sift(const struct walker *w, struct node *n)
{
	if (w->keyof)
		n->key = w->keyof(n->data, n->meta);
	if (!w->sift || w->sift(n->data))
		return;
	msg_facts_release(n->data);
	free(n->data);
	n->data = NULL;
	if (n->meta) {
		free(n->meta->author);
		free(n->meta);
		n->meta = NULL;
	}
	n->flags |= F_SIFTED;
}

/* The facts of a commit read from its object (and its meta, when asked). */
static void parse(const struct walker *w, struct node *n, const struct raw_commit *rc)
{
	n->data = xmalloc(sizeof(*n->data));
	msg_parse_with(rc->message, rc->message_len, w->rules, n->data);
	if (w->meta) {
		n->meta = xmalloc(sizeof(*n->meta));
		n->meta->commit_time = rc->time;
		n->meta->author_time = rc->author_time;
		n->meta->author = graph_author_make(rc->author_name, rc->author_name_len,
						    rc->author_email, rc->author_email_len);
	}
	sift(w, n);
}

/* The facts (and meta, when asked) of a cached commit. */
static void from_hit(const struct walker *w, struct node *n, const struct cache_hit *h)
{
	n->data = xmalloc(sizeof(*n->data));
	cache_facts(h, n->data);
	if (w->meta) {
		n->meta = xmalloc(sizeof(*n->meta));
		cache_meta(h, n->meta);
	}
	sift(w, n);
}

/* Everything from the cache; 0, or -1 when it lacks i. */
static int read_cached(struct walker *w, uint32_t i)
{
	struct cache_hit h;

	if (!cache_lookup(w->cache, w->nodes[i].oid, &h) ||
	    (h.headers_only && !(w->nodes[i].flags & F_UNINTERESTING)))
		return -1;
	struct node *n = &w->nodes[i];
	n->time = h.time;
	n->all_parents = h.all_parents;
	n->flags |= F_PARSED | F_CACHED | (h.headers_only ? F_HEADS : 0);
	if (!(n->flags & F_UNINTERESTING))
		from_hit(w, n, &h);
	set_parents(w, i, (const uint8_t (*)[20])h.parents, h.nparents);
	return 0;
}

static void load_graph(struct walker *w, const char *commondir);

/* A walk with a commit cache that holds commits looks at the commit-graph
 * only once WALK_GRAPH_AFTER commits were read from their objects: the few
 * new commits of a release are read so, and a new commit-graph's checksum
 * (cgraph_trust.h) is not computed for them; a long walk still reads all but
 * those from it.  A walk without such a cache uses it from the start. */
#define WALK_GRAPH_AFTER 512

static void graph_on_miss(struct walker *w)
{
	if (w->graph_later && ++w->misses > WALK_GRAPH_AFTER) {
		w->graph_later = 0;
		load_graph(w, w->gitdir);
		w->exact_pos = cgraph_positions_exact(&w->cg);
	}
}

static int read_node(struct walker *w, uint32_t i, char *err, size_t errlen)
{
	git_odb_object *obj = NULL;
	struct raw_commit rc;
	const struct replacement *rp = replace_find(&w->replace, w->nodes[i].oid);

	if (!rp && read_cached(w, i) == 0)
		return RT_OK;
	if (!rp)
		graph_on_miss(w);
	if (!rp && read_graph(w, i) == 0)
		return RT_OK;
	if (read_object(w->odb, rp ? rp->to : w->nodes[i].oid, &rc, &obj, err, errlen))
		return RT_EFAIL;
	if (rp && rp->graft) {	/* the parents the grafts file lists */
		rc.all_parents = rc.nparents = rp->nparents;
		memcpy(rc.parents, rp->parents, (size_t)rp->nparents * 20);
	}
	struct node *n = &w->nodes[i];
	n->time = rc.time;
	n->all_parents = rc.all_parents;
	n->flags |= F_PARSED;
	if (!(n->flags & F_UNINTERESTING) && !w->headers_only)
		parse(w, n, &rc);
	set_parents(w, i, (const uint8_t (*)[20])rc.parents, rc.nparents);
	git_odb_object_free(obj);
	return RT_OK;
}

static uint64_t *bits_of(const struct walker *w, uint32_t i)
{
	return w->bits + (size_t)i * 2 * w->words;
}

/* Some range reaches it and does not hide it. */
static int interesting(const struct walker *w, const uint64_t *b)
{
	for (size_t k = 0; k < w->words; k++)
		if (b[k] & ~b[w->words + k])
			return 1;
	return 0;
}

static int hidden_any(const struct walker *w, const uint64_t *b)
{
	for (size_t k = 0; k < w->words; k++)
		if (b[w->words + k])
			return 1;
	return 0;
}

/* A read commit counts for the stop test of the ranges it is in, from
 * when it is in them (mask: those ranges, per word). */
static void note_in(struct walker *w, uint32_t i, const uint64_t *mask)
{
	const struct node *n = &w->nodes[i];

	for (size_t k = 0; k < w->words; k++)
		for (uint64_t m = mask[k]; m; m &= m - 1) {
			struct range_state *r = &w->rs[k * 64 + (size_t)__builtin_ctzll(m)];
			if (n->time < r->min_time)
				r->min_time = n->time;
			if (n->gen < r->min_gen)
				r->min_gen = n->gen;
		}
}

/* A queued commit leaves or joins ranges: their queued counts follow. */
static void requeue(struct walker *w, const uint64_t *was, const uint64_t *now)
{
	for (size_t k = 0; k < w->words; k++) {
		for (uint64_t m = now[k] & ~was[k]; m; m &= m - 1)
			w->rs[k * 64 + (size_t)__builtin_ctzll(m)].queued++;
		for (uint64_t m = was[k] & ~now[k]; m; m &= m - 1)
			w->rs[k * 64 + (size_t)__builtin_ctzll(m)].queued--;
	}
}

/* OR node src's bits into node p's; 1 when any was new.  The flag, the
 * queued counts and the ranges' oldest commits follow. */
static int merge(struct walker *w, uint32_t p, uint32_t src)
{
	uint64_t *d = bits_of(w, p), was[4], now[4], *wasp = was, *nowp = now;
	const uint64_t *s = bits_of(w, src);
	struct node *n = &w->nodes[p];
	int changed = 0;

	for (size_t k = 0; k < 2 * w->words; k++)
		changed |= (s[k] & ~d[k]) != 0;
	if (!changed)
		return 0;
	if (w->words > 4) {
		wasp = xmalloc(w->words * sizeof(uint64_t));
		nowp = xmalloc(w->words * sizeof(uint64_t));
	}
	for (size_t k = 0; k < w->words; k++)
		wasp[k] = d[k] & ~d[w->words + k];
	for (size_t k = 0; k < 2 * w->words; k++)
		d[k] |= s[k];
	int any = 0;
	for (size_t k = 0; k < w->words; k++) {
		nowp[k] = d[k] & ~d[w->words + k];
		any |= nowp[k] != 0;
	}
	if (n->flags & F_QUEUED)
		requeue(w, wasp, nowp);
	if (n->flags & F_SEEN) {	/* read: counts where it newly is */
		for (size_t k = 0; k < w->words; k++)
			wasp[k] = nowp[k] & ~wasp[k];
		note_in(w, p, wasp);
	}
	if (any)
		n->flags &= ~F_UNINTERESTING;
	else
		n->flags |= F_UNINTERESTING;
	if (wasp != was) {
		free(wasp);
		free(nowp);
	}
	return 1;
}

/*
 * Node i was popped: each parent p gets its bits, and passes them on down
 * through everything read below it, as far as they are new (from p itself
 * always when i hides anything: git's painting of uninteresting commits).
 */
static void spread(struct walker *w, uint32_t i, uint32_t p)
{
	size_t n = 0;

	if ((!merge(w, p, i) && !hidden_any(w, bits_of(w, i))) || !w->nodes[p].nparents)
		return;		/* (a commit not read yet has no parents to pass them to) */
	ARRAY_GROW(w->stack, n, w->stackcap);
	w->stack[n++] = p;
	while (n) {
		uint32_t x = w->stack[--n];
		for (uint32_t k = 0; k < w->nodes[x].nparents; k++) {
			uint32_t q = w->nodes[x].parents[k];
			if (merge(w, q, x)) {
				ARRAY_GROW(w->stack, n, w->stackcap);
				w->stack[n++] = q;
			}
		}
	}
}

/* Queue a commit once, reading it first: the queue is ordered by its date. */
static int enqueue(struct walker *w, uint32_t p, char *err, size_t errlen)
{
	if (w->nodes[p].flags & F_SEEN)
		return RT_OK;
	w->nodes[p].flags |= F_SEEN;
	if (!(w->nodes[p].flags & F_PARSED)) {
		int rc = read_node(w, p, err, errlen);
		if (rc)
			return rc;
	}
	if (!(w->nodes[p].flags & F_UNINTERESTING)) {
		const uint64_t *b = bits_of(w, p);
		uint64_t in[4], *inp = w->words > 4 ? xmalloc(w->words * 8) : in;
		for (size_t k = 0; k < w->words; k++)
			inp[k] = b[k] & ~b[w->words + k];
		note_in(w, p, inp);
		if (inp != in)
			free(inp);
	}
	heap_push(w, p);
	return RT_OK;
}

/*
 * Can a queued commit still reach a commit read as in range r?  Not when
 * none of r's is queued and every queued commit's generation is at most
 * theirs; without generation numbers, not when every queued commit is older
 * than all of them by more than the clock skew seen on the way (a day at
 * least).  O(1), but for dropping popped commits from the generation heap
 * (each once).
 */
static int settled(struct walker *w, size_t r)
{
	const struct range_state *x = &w->rs[r];

	if (x->queued)
		return 0;
	if (x->min_gen && !w->queued_no_gen)
		return queued_max_gen(w) <= x->min_gen;
	int64_t margin = w->skew > SKEW_MARGIN ? w->skew : SKEW_MARGIN;
	return w->nodes[w->heap[0]].time < x->min_time - margin;
}

/* Settle the ranges that can be: their walk is over.  With one range this
 * is git's stop test; with several each stops on its own, and a commit
 * that only settled ranges reach or hide is no longer followed. */
static void settle(struct walker *w)
{
	for (size_t k = 0; k < w->words; k++)
		for (uint64_t m = w->live[k]; m; m &= m - 1) {
			size_t r = k * 64 + (size_t)__builtin_ctzll(m);
			if (settled(w, r)) {
				w->live[k] &= ~((uint64_t)1 << (r % 64));
				w->nlive--;
			}
		}
}

/* Does a live range reach or hide node i? */
static int followed(const struct walker *w, uint32_t i)
{
	const uint64_t *b = bits_of(w, i);

	for (size_t k = 0; k < w->words; k++)
		if ((b[k] | b[w->words + k]) & w->live[k])
			return 1;
	return 0;
}

static int run_walk(struct walker *w, char *err, size_t errlen)
{
	int rc;

	while (w->hn && (settle(w), w->nlive)) {
		uint32_t i = heap_pop(w);
		if (!followed(w, i))
			continue;
		for (uint32_t k = 0; k < w->nodes[i].nparents; k++) {
			uint32_t p = w->nodes[i].parents[k];
			spread(w, i, p);
			if ((rc = enqueue(w, p, err, errlen)))
				return rc;
			if (w->nodes[p].time - w->nodes[i].time > w->skew)
				w->skew = w->nodes[p].time - w->nodes[i].time;
		}
	}
	return RT_OK;
}

/* Map one commit-graph file and add it as a layer when its checksum holds
 * (cgraph_trust.h); 0 or -1.  A FIFO is not waited on. */
static int map_layer(struct walker *w, const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	void *p;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    w->nmaps >= CGRAPH_MAX_LAYERS ||
	    (p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED) {
		close(fd);
		return -1;
	}
	close(fd);
	w->maps[w->nmaps].p = p;
	w->maps[w->nmaps++].len = (size_t)st.st_size;
	if (!cgraph_trusted(w->gitdir, path, &st, p, (size_t)st.st_size))
		return -1;
	return cgraph_add_layer(&w->cg, p, (size_t)st.st_size);
}

static void unmap_all(struct walker *w)
{
	for (int i = 0; i < w->nmaps; i++)
		munmap(w->maps[i].p, w->maps[i].len);
	w->nmaps = 0;
	cgraph_init(&w->cg);
}

/* The split form: commit-graphs/commit-graph-chain lists the layers, base first. */
static int load_chain(struct walker *w, const char *info)
{
	char path[4300], line[128];
	FILE *f;
	int rc = 0;

	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "%scommit-graphs/commit-graph-chain", info);
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !(f = fdopen(fd, "r"))) {
		close(fd);	/* (a FIFO is not waited on) */
		return -1;
	}
	while (!rc && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (strlen(line) != 40 || strspn(line, "0123456789abcdef") != 40) {
			rc = -1;
			break;
		}
		snprintf(path, sizeof(path), "%scommit-graphs/graph-%s.graph", info, line);
		rc = map_layer(w, path);
	}
	fclose(f);
	return w->cg.nlayers ? rc : -1;
}

/*
 * Use the repository's commit-graph when it has a sound one (as git does:
 * objects/info/commit-graph, else the chain).  REGTRACE_NO_COMMIT_GRAPH set
 * to anything walks without it.
 */
static void load_graph(struct walker *w, const char *commondir)
{
	char info[4000], single[4100];

	cgraph_init(&w->cg);
	w->gitdir = commondir;
	if (getenv("REGTRACE_NO_COMMIT_GRAPH"))
		return;
	snprintf(info, sizeof(info), "%sobjects/info/", commondir);
	snprintf(single, sizeof(single), "%scommit-graph", info);
	if (map_layer(w, single) == 0)
		return;
	unmap_all(w);
	if (load_chain(w, info) < 0)
		unmap_all(w);
}

struct reader {
	struct walker *w;
	const uint32_t *list;
	size_t n, start, step;
	int rc;
	char err[512];
};

static void *read_messages(void *arg)
{
	struct reader *r = arg;
	struct raw_commit rc;
	git_odb_object *obj;

	for (size_t k = r->start; k < r->n && !r->rc; k += r->step) {
		struct node *n = &r->w->nodes[r->list[k]];
		if ((r->rc = read_object(r->w->odb, n->oid, &rc, &obj, r->err, sizeof(r->err))))
			break;
		if (r->w->meta) {	/* the commit-graph's date is the committer's */
			rc.time = n->time;
		}
		parse(r->w, n, &rc);
		git_odb_object_free(obj);
	}
	return NULL;
}

struct by_id {
	const uint8_t *oid;
	uint32_t node;
};

static int by_id_cmp(const void *a, const void *b)
{
	return memcmp(((const struct by_id *)a)->oid, ((const struct by_id *)b)->oid, 20);
}

/* list[0..n) in id order: libgit2 finds each object by a binary search of
 * the pack's index, and searches for ids in order share most of their path
 * through it (far fewer cache misses than the walk's order). */
static uint32_t *in_id_order(const struct walker *w, const uint32_t *list, size_t n)
{
	struct by_id *v = xmalloc((n + 1) * sizeof(*v));
	uint32_t *out = xmalloc((n + 1) * sizeof(uint32_t));

	for (size_t k = 0; k < n; k++)
		v[k] = (struct by_id){ w->nodes[list[k]].oid, list[k] };
	qsort(v, n, sizeof(*v), by_id_cmp);
	for (size_t k = 0; k < n; k++)
		out[k] = v[k].node;
	free(v);
	return out;
}

/* The error that reading list[0..n) by nt threads in list order reports:
 * slice t (k = t, t + nt, ...) stops at its first unreadable commit, and
 * the lowest slice that failed is reported. */
static int first_error(const struct walker *w, const uint32_t *list, size_t n, size_t nt,
		       char *err, size_t errlen)
{
	struct raw_commit rc;
	git_odb_object *obj;

	for (size_t t = 0; t < nt; t++)
		for (size_t k = t; k < n; k += nt) {
			if (read_object(w->odb, w->nodes[list[k]].oid, &rc, &obj, err, errlen))
				return RT_EFAIL;
			git_odb_object_free(obj);
		}
	return RT_OK;
}

/* Threads for this much work: at most the caller's limit. */
static size_t walk_threads(const struct walker *w, size_t work)
{
	size_t t = thread_count(work / 64 + 1);

	if (w->threads && t > w->threads)
		t = w->threads;
	return t;
}

/*
 * The messages of the commits in range not read yet: those the
 * commit-graph walked past, read by several threads (git_odb is safe to
 * share for reading), and those read while no range wanted them (several
 * ranges: one reaches a commit after another hid it).
 */
static int read_graph_messages(struct walker *w, char *err, size_t errlen)
{
	struct u32s list = { 0 };
	struct reader r[MAX_THREADS];
	pthread_t tid[MAX_THREADS];
	size_t nt, started = 0;
	int rc = RT_OK;

	for (uint32_t i = 0; i < w->n && !w->headers_only; i++) {
		struct node *n = &w->nodes[i];
		if (!(n->flags & F_PARSED) || (n->flags & (F_UNINTERESTING | F_SIFTED)) || n->data)
			continue;
		struct cache_hit h;
		if ((n->flags & F_CACHED) && !(n->flags & F_HEADS) && cache_lookup(w->cache, n->oid, &h))
			from_hit(w, n, &h);
		else
			u32s_push(&list, i);
	}
	nt = walk_threads(w, list.n);
	uint32_t *ordered = in_id_order(w, list.v, list.n);
	for (size_t t = 0; t < nt; t++) {
		r[t] = (struct reader){ w, ordered, list.n, t, nt, 0, "" };
		if (t == 0 || pthread_create(&tid[t], NULL, read_messages, &r[t]) != 0)
			continue;
		started |= (size_t)1 << t;
	}
	/* this thread takes slice 0, and any slice whose thread did not start */
	for (size_t t = 0; t < nt; t++)
		if (!(started & ((size_t)1 << t)))
			read_messages(&r[t]);
	for (size_t t = 0; t < nt; t++) {
		if (started & ((size_t)1 << t))
			pthread_join(tid[t], NULL);
		if (r[t].rc && !rc) {
			rc = r[t].rc;
			snprintf(err, errlen, "%s", r[t].err);
		}
	}
	if (rc)	/* the error the walk's order reports (else the one met here) */
		first_error(w, list.v, list.n, nt, err, errlen);
	free(ordered);
	u32s_release(&list);
	return rc;
}

/* In some range: read, and not hidden from a range that reaches it. */
static int in_range(const struct node *n)
{
	return (n->flags & F_PARSED) && !(n->flags & F_UNINTERESTING);
}

/* A copy of m, for a commit in several ranges. */
static struct commit_meta *meta_copy(const struct commit_meta *m)
{
	struct commit_meta *c = xmalloc(sizeof(*c));

	*c = *m;
	if (m->author) {	/* "name\0email\0" */
		size_t a = strlen(m->author) + 1, len = a + strlen(m->author + a) + 1;
		c->author = xmalloc(len);
		memcpy(c->author, m->author, len);
	}
	return c;
}

/* A copy of f, for a commit in several ranges. */
static struct msg_facts *facts_copy(const struct msg_facts *f)
{
	struct msg_facts *c = xmalloc(sizeof(*c));

	*c = *f;
	c->subject = xstrdup(f->subject);
	c->aliases = xmalloc((f->naliases + 1) * sizeof(*c->aliases));
	if (f->naliases)	/* (f->aliases may be NULL then) */
		memcpy(c->aliases, f->aliases, f->naliases * sizeof(*c->aliases));
	c->aliases_cap = f->naliases + 1;
	c->refs = xmalloc((f->nrefs + 1) * sizeof(*c->refs));
	if (f->nrefs)
		memcpy(c->refs, f->refs, f->nrefs * sizeof(*c->refs));
	c->refs_cap = f->nrefs + 1;
	for (size_t k = 0; k < f->nrefs; k++)
		c->refs[k].subject = f->refs[k].subject ? xstrdup(f->refs[k].subject) : NULL;
	return c;
}

/*
 * The commits of range r in history order (topo.h): node[0..total) are
 * its nodes, ascending.  pos (one slot per node, UINT32_MAX outside the
 * range) is the caller's, all UINT32_MAX on entry and on return.
 */
static void topo_order(struct walker *w, const uint32_t *node, size_t total, uint32_t *pos,
		       uint32_t *uses, struct walk_result *out)
{
	struct topo_node *v = xcalloc(total + 1, sizeof(*v));
	uint32_t *edges = NULL, *order;
	size_t nedges = 0;

	for (size_t k = 0; k < total; k++) {
		pos[node[k]] = (uint32_t)k;
		nedges += w->nodes[node[k]].nparents;
	}
	edges = xmalloc((nedges + 1) * sizeof(uint32_t));
	nedges = 0;
	for (size_t k = 0; k < total; k++) {	/* in-range parents, as compact indices */
		const struct node *n = &w->nodes[node[k]];
		v[k] = (struct topo_node){ n->time, n->oid, edges + nedges, 0 };
		for (uint32_t j = 0; j < n->nparents; j++)
			if (pos[n->parents[j]] != UINT32_MAX)
				edges[nedges + v[k].nparents++] = pos[n->parents[j]];
		nedges += v[k].nparents;
	}
	order = xmalloc((total + 1) * sizeof(uint32_t));
	size_t sorted = topo_sort(v, total, order);
	out->v = xcalloc(sorted + 1, sizeof(*out->v));
	for (size_t k = 0; k < sorted; k++)	/* compact index -> position */
		pos[node[order[k]]] = (uint32_t)k;
	for (size_t k = 0; k < sorted; k++) {
		uint32_t i = node[order[k]];
		struct node *n = &w->nodes[i];
		struct walk_commit *c = &out->v[out->n++];
		memcpy(c->oid, n->oid, 20);
		c->time = n->time;
		c->all_parents = n->all_parents;
		c->key = n->key;
		if (--uses[i]) {	/* other ranges take it too: the last takes it over */
			c->facts = n->data ? facts_copy(n->data) : NULL;
			c->meta = n->meta ? meta_copy(n->meta) : NULL;
		} else {
			c->facts = n->data;
			c->meta = n->meta;
			n->data = NULL;
			n->meta = NULL;
		}
		out->from_cache += !!(n->flags & F_CACHED);
		out->from_graph += !!(n->flags & F_GRAPH);
		out->from_objects += !(n->flags & (F_CACHED | F_GRAPH));
		c->parents = xmalloc((n->nparents + 1) * sizeof(uint32_t));
		for (uint32_t j = 0; j < n->nparents; j++)
			if (pos[n->parents[j]] != UINT32_MAX)
				c->parents[c->nparents++] = pos[n->parents[j]];
		if (w->parent_ids) {
			c->parent_ids = xmalloc(((size_t)n->nparents + 1) * 20);
			c->nparent_ids = n->nparents;
			for (uint32_t j = 0; j < n->nparents; j++)
				memcpy(c->parent_ids[j], w->nodes[n->parents[j]].oid, 20);
		}
	}
	for (size_t k = 0; k < total; k++)
		pos[node[k]] = UINT32_MAX;
	free(order);
	free(edges);
	free(v);
}

static void walker_release(struct walker *w)
{
	for (size_t i = 0; i < w->n; i++) {
		free(w->nodes[i].parents);
		if (w->nodes[i].data) {
			msg_facts_release(w->nodes[i].data);
			free(w->nodes[i].data);
		}
		if (w->nodes[i].meta) {
			free(w->nodes[i].meta->author);
			free(w->nodes[i].meta);
		}
	}
	free(w->nodes);
	free(w->table);
	free(w->heap);
	free(w->gheap);
	free(w->bits);
	free(w->stack);
	free(w->rs);
	free(w->live);
	unmap_all(w);
	replace_release(&w->replace);
	git_odb_free(w->odb);
}

/* Walks of several threads share one cache. */
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* What this walk learned goes into the cache: the facts of the commits in a
 * range, the dates and parents of those it only painted. */
static void learn(struct walker *w)
{
	uint8_t (*parents)[20] = NULL;
	size_t cap = 0;

	if (!w->cache)
		return;
	for (uint32_t i = 0; i < w->n; i++) {
		const struct node *n = &w->nodes[i];
		int full = in_range(n) && n->data;	/* else: painted, if uninteresting */
		if (!(n->flags & F_PARSED) || (!full && !(n->flags & F_UNINTERESTING)) ||
		    replace_find(&w->replace, n->oid))	/* (its replacement's facts) */
			continue;
		/* a cached record serves, unless facts now replace a painted one's */
		if ((n->flags & F_CACHED) && !(full && (n->flags & F_HEADS)))
			continue;
		if (n->nparents > cap)
			parents = xrealloc(parents, (cap = n->nparents) * 20);
		for (uint32_t k = 0; k < n->nparents; k++)
			memcpy(parents[k], w->nodes[n->parents[k]].oid, 20);
		pthread_mutex_lock(&cache_lock);
		if (full)
			cache_add(w->cache, n->oid, n->time, n->all_parents,
				  (const uint8_t (*)[20])parents, n->nparents, n->meta, n->data);
		else
			cache_add_headers(w->cache, n->oid, n->time, n->all_parents,
					  (const uint8_t (*)[20])parents, n->nparents);
		pthread_mutex_unlock(&cache_lock);
	}
	free(parents);
}

/* The commits each range painted: read, hidden by it, and no older than
 * what its stop test needed (walk_result.painted).  One pass over the
 * nodes, as results(). */
static void painted(const struct walker *w, size_t n, struct walk_result *outs)
{
	int64_t margin = w->skew > SKEW_MARGIN ? w->skew : SKEW_MARGIN;
	int64_t *floor = xmalloc((n + 1) * sizeof(*floor));
	size_t *cap = xcalloc(n + 1, sizeof(*cap));

	for (size_t r = 0; r < n; r++)
		floor[r] = w->rs[r].min_time == INT64_MAX ? INT64_MAX : w->rs[r].min_time - margin;
	for (uint32_t i = 0; i < w->n; i++) {
		const struct node *nd = &w->nodes[i];
		const uint64_t *hide = bits_of(w, i) + w->words;
		if (!(nd->flags & F_PARSED))
			continue;
		for (size_t k = 0; k < w->words; k++)
			for (uint64_t m = hide[k]; m; m &= m - 1) {
				size_t r = k * 64 + (size_t)__builtin_ctzll(m);
				struct walk_result *o = &outs[r];
				if (nd->time < floor[r])
					continue;
				ARRAY_GROW(o->painted, o->npainted, cap[r]);
				memcpy(o->painted[o->npainted++], nd->oid, 20);
			}
	}
	free(cap);
	free(floor);
}

/* Which hidden commits of a range are parents of its commits node[0..total)
 * (walk.h). */
static uint32_t hidden_parents(const struct walker *w, const uint32_t *node, size_t total,
			       const uint32_t *hides, size_t nhides)
{
	uint32_t mask = 0;

	for (size_t i = 0; i < total; i++) {
		const struct node *n = &w->nodes[node[i]];
		for (uint32_t k = 0; k < n->nparents; k++)
			for (size_t h = 0; h < nhides && h < 32; h++)
				if (n->parents[k] == hides[h])
					mask |= 1u << h;
	}
	return mask;
}

/* Each node in range r's bits (reach and not hide), when it is in some range. */
#define FOR_RANGES_OF(w, i, r, body) do { \
	const uint64_t *b_ = bits_of((w), (i)); \
	for (size_t k_ = 0; k_ < (w)->words; k_++) \
		for (uint64_t m_ = b_[k_] & ~b_[(w)->words + k_]; m_; m_ &= m_ - 1) { \
			size_t r = k_ * 64 + (size_t)__builtin_ctzll(m_); \
			body; \
		} \
} while (0)

/* The ranges' commits into outs, each in history order.  One pass over the
 * nodes lists each range's commits (ascending): each range then costs its
 * own commits, not every node of the walk. */
static void results(struct walker *w, const struct walk_spec *specs, size_t n,
		    uint32_t **hides, struct walk_result *outs)
{
	uint32_t *uses = xcalloc(w->n + 1, sizeof(uint32_t));
	uint32_t *pos = xmalloc((w->n + 1) * sizeof(uint32_t));
	size_t *start = xcalloc(n + 2, sizeof(size_t)), *fill = xcalloc(n + 1, sizeof(size_t));
	uint32_t *members;

	for (uint32_t i = 0; i < w->n; i++) {
		pos[i] = UINT32_MAX;
		if (!in_range(&w->nodes[i]))
			continue;
		FOR_RANGES_OF(w, i, r, { uses[i]++; start[r + 1]++; });
	}
	for (size_t r = 0; r < n; r++)
		start[r + 1] += start[r];
	members = xmalloc((start[n] + 1) * sizeof(uint32_t));
	for (uint32_t i = 0; i < w->n; i++)
		if (in_range(&w->nodes[i]))
			FOR_RANGES_OF(w, i, r, { members[start[r] + fill[r]++] = i; });
	for (size_t r = 0; r < n; r++) {
		const uint32_t *node = members + start[r];
		size_t total = start[r + 1] - start[r];
		outs[r].hidden_parents = hidden_parents(w, node, total, hides[r], specs[r].nhides);
		outs[r].base_is_parent = outs[r].hidden_parents & 1;
		topo_order(w, node, total, pos, uses, &outs[r]);
	}
	if (w->cache)
		painted(w, n, outs);
	free(members);
	free(fill);
	free(start);
	free(pos);
	free(uses);
}

static void set_bit(struct walker *w, uint32_t i, size_t word, size_t r)
{
	bits_of(w, i)[word + r / 64] |= (uint64_t)1 << (r % 64);
	if (interesting(w, bits_of(w, i)))	/* (nothing is read or queued yet) */
		w->nodes[i].flags &= ~F_UNINTERESTING;
	else
		w->nodes[i].flags |= F_UNINTERESTING;
}

int walk_ranges(git_repository *repo, const struct walk_spec *specs, size_t n,
		const struct walk_options *opt, struct walk_result *outs, char *err, size_t errlen)
{
	struct walker w = { .rules = opt ? opt->rules : NULL, .cache = opt ? opt->cache : NULL,
			    .threads = opt ? opt->threads : 0,
			    .parent_ids = opt ? opt->parent_ids : 0, .sift = opt ? opt->sift : NULL,
			    .keyof = opt ? opt->keyof : NULL,
			    .meta = opt && (opt->meta || opt->cache),
			    .headers_only = opt && opt->headers_only && !opt->cache,
			    .nranges = n, .words = (n + 63) / 64 };
	uint32_t **hides = xcalloc(n + 1, sizeof(*hides)), *tips = xmalloc((n + 1) * 4);
	int rc = RT_OK;

	memset(outs, 0, n * sizeof(*outs));
	if (!w.words)
		w.words = 1;
	if (git_repository_odb(&w.odb, repo) < 0) {
		snprintf(err, errlen, "cannot open the object database: %s",
			 git_error_last() ? git_error_last()->message : "unknown error");
		free(hides);
		free(tips);
		return RT_EFAIL;
	}
	if ((rc = replace_load(repo, &w.replace, err, errlen))) {
		git_odb_free(w.odb);
		free(hides);
		free(tips);
		return rc;
	}
	cgraph_init(&w.cg);
	w.gitdir = git_repository_commondir(repo);
	w.graph_later = w.cache && w.cache->count;
	if (!w.replace.n && !w.graph_later)	/* as git: no commit-graph with replacements */
		load_graph(&w, w.gitdir);
	else if (w.replace.n)
		w.graph_later = 0;
	w.exact_pos = cgraph_positions_exact(&w.cg);
	w.rs = xmalloc((n + 1) * sizeof(*w.rs));
	w.live = xcalloc(w.words, sizeof(uint64_t));
	for (size_t r = 0; r < n; r++) {
		w.rs[r] = (struct range_state){ 0, INT64_MAX, UINT32_MAX };
		w.live[r / 64] |= (uint64_t)1 << (r % 64);
	}
	w.nlive = n;
	for (size_t r = 0; r < n; r++) {
		tips[r] = node_of(&w, specs[r].tip->id);
		hides[r] = xmalloc((specs[r].nhides + 1) * sizeof(uint32_t));
		for (size_t h = 0; h < specs[r].nhides; h++)
			hides[r][h] = node_of(&w, specs[r].hides[h].id);
	}
	for (size_t r = 0; r < n; r++) {	/* bits before anything is read */
		set_bit(&w, tips[r], 0, r);
		for (size_t h = 0; h < specs[r].nhides; h++)
			set_bit(&w, hides[r][h], w.words, r);
	}
	for (size_t r = 0; r < n && !rc; r++)	/* hidden commits first, as git */
		for (size_t h = 0; h < specs[r].nhides && !rc; h++)
			rc = enqueue(&w, hides[r][h], err, errlen);
	for (size_t r = 0; r < n && !rc; r++)
		rc = enqueue(&w, tips[r], err, errlen);
	if (!rc)
		rc = run_walk(&w, err, errlen);
	if (!rc)
		rc = read_graph_messages(&w, err, errlen);
	if (!rc) {
		learn(&w);
		results(&w, specs, n, hides, outs);
	}
	walker_release(&w);
	for (size_t r = 0; r < n; r++)
		free(hides[r]);
	free(hides);
	free(tips);
	return rc;
}

void walk_check_graph(const char *commondir)
{
	struct walker w = { 0 };

	load_graph(&w, commondir);	/* (mapping only: each file hashed unless known) */
	unmap_all(&w);
}

int walk_hiding(git_repository *repo, const git_oid *hides, size_t nhides, const git_oid *tip,
		const struct walk_options *opt, struct walk_result *out, char *err, size_t errlen)
{
	struct walk_spec spec = { tip, hides, nhides };

	return walk_ranges(repo, &spec, 1, opt, out, err, errlen);
}

int walk_range(git_repository *repo, const git_oid *base, const git_oid *tip,
	       const struct walk_options *opt, struct walk_result *out,
	       char *err, size_t errlen)
{
	return walk_hiding(repo, base, base ? 1 : 0, tip, opt, out, err, errlen);
}

void walk_result_release(struct walk_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].parents);
		free(r->v[i].parent_ids);
	}
	free(r->v);
	free(r->painted);
	memset(r, 0, sizeof(*r));
}
