/*
 * walk_result.c — what a walk gives (walker.h): the ranges' commits in
 * history order (topo.h), each range's painted commits and hidden parents,
 * and what it learned, added to the commit cache.
 */
#include "git/walker.h"
#include "git/topo.h"
#include "base/util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

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

	msg_facts_copy(c, f);
	return c;
}

/*
 * The commits of range r in history order (topo.h): node[0..total) are
 * its nodes, ascending, and seq (or NULL) gets them in that order.  pos
 * (one slot per node, UINT32_MAX outside the range) is the caller's, all
 * UINT32_MAX on entry and on return.  uses[i]
 * counts the ranges still to take node i's facts and meta: the last takes
 * them over, the others copy them (ranges may be made on several threads
 * at once: each reads the pointers before its count goes down, and the
 * last clears them only after every other count went down).
 */
static void topo_order(struct walker *w, const uint32_t *node, size_t total, uint32_t *pos,
		       _Atomic uint32_t *uses, struct walk_result *out, uint32_t *seq)
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
			if (pos[node_parents(n)[j]] != UINT32_MAX)
				edges[nedges + v[k].nparents++] = pos[node_parents(n)[j]];
		nedges += v[k].nparents;
	}
	order = xmalloc((total + 1) * sizeof(uint32_t));
	size_t sorted = topo_sort(v, total, order);
	out->v = xcalloc(sorted + 1, sizeof(*out->v));
	for (size_t k = 0; k < sorted; k++)	/* compact index -> position */
		pos[node[order[k]]] = (uint32_t)k;
	for (size_t k = 0; seq && k < sorted; k++)
		seq[k] = node[order[k]];
	for (size_t k = 0; k < sorted; k++) {
		uint32_t i = node[order[k]];
		struct node *n = &w->nodes[i];
		struct walk_commit *c = &out->v[out->n++];
		memcpy(c->oid, n->oid, 20);
		c->time = n->time;
		c->all_parents = n->all_parents;
		c->key = n->key;
		struct msg_facts *facts = n->data;
		struct commit_meta *meta = n->meta;
		if (atomic_fetch_sub_explicit(&uses[i], 1, memory_order_acq_rel) != 1) {
			c->facts = facts ? facts_copy(facts) : NULL;	/* (others take it too) */
			c->meta = meta ? meta_copy(meta) : NULL;
		} else {
			c->facts = facts;
			c->meta = meta;
			n->data = NULL;
			n->meta = NULL;
		}
		out->from_cache += !!(n->flags & F_CACHED);
		out->from_graph += !!(n->flags & F_GRAPH);
		out->from_objects += !(n->flags & (F_CACHED | F_GRAPH));
		if (!w->no_parents) {
			c->parents = xmalloc((n->nparents + 1) * sizeof(uint32_t));
			for (uint32_t j = 0; j < n->nparents; j++)
				if (pos[node_parents(n)[j]] != UINT32_MAX)
					c->parents[c->nparents++] = pos[node_parents(n)[j]];
		}
		if (w->parent_ids) {
			c->parent_ids = xmalloc(((size_t)n->nparents + 1) * 20);
			c->nparent_ids = n->nparents;
			for (uint32_t j = 0; j < n->nparents; j++)
				memcpy(c->parent_ids[j], w->nodes[node_parents(n)[j]].oid, 20);
		}
	}
	for (size_t k = 0; k < total; k++)
		pos[node[k]] = UINT32_MAX;
	free(order);
	free(edges);
	free(v);
}

/* Walks of several threads share one cache. */
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* What this walk learned goes into the cache: the facts of the commits in a
 * range, the dates and parents of those it only painted. */
void walker_learn(struct walker *w)
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
			memcpy(parents[k], w->nodes[node_parents(n)[k]].oid, 20);
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
 * nodes, as walker_results(). */
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
				if (node_parents(n)[k] == hides[h])
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

/* What the ranges' results are made from (walker_results), and the
 * node-to-place tables of the threads that make them. */
struct making {
	struct walker *w;
	const struct walk_spec *specs;
	uint32_t **hides;
	struct walk_result *outs;
	const uint32_t *members;
	const size_t *start;
	_Atomic uint32_t *uses;
	const size_t *which;	/* the batch's ranges */
	uint32_t *seq;		/* or NULL: the order of the batch's one range */
	pthread_mutex_t lock;	/* spare[]: tables not in use, all UINT32_MAX */
	uint32_t *spare[THREADS_MAX + 1];
	size_t nspare;
};

static uint32_t *pos_take(struct making *m)
{
	uint32_t *pos = NULL;

	pthread_mutex_lock(&m->lock);
	if (m->nspare)
		pos = m->spare[--m->nspare];
	pthread_mutex_unlock(&m->lock);
	if (!pos) {
		pos = xmalloc((m->w->n + 1) * sizeof(uint32_t));
		for (uint32_t i = 0; i < m->w->n; i++)
			pos[i] = UINT32_MAX;
	}
	return pos;
}

static void pos_give(struct making *m, uint32_t *pos)
{
	pthread_mutex_lock(&m->lock);
	m->spare[m->nspare++] = pos;	/* (one per thread at most) */
	pthread_mutex_unlock(&m->lock);
}

/* Range which[k]'s result (threads_fn). */
static void make_one(void *ctx, size_t k)
{
	struct making *m = ctx;
	size_t r = m->which[k], total = m->start[r + 1] - m->start[r];
	const uint32_t *node = m->members + m->start[r];
	uint32_t *pos = pos_take(m);

	m->outs[r].hidden_parents = hidden_parents(m->w, node, total, m->hides[r],
						   m->specs[r].nhides);
	m->outs[r].base_is_parent = m->outs[r].hidden_parents & 1;
	topo_order(m->w, node, total, pos, m->uses, &m->outs[r], m->seq);
	pos_give(m, pos);
}

/* Does range r hold node i (FOR_RANGES_OF's test, for one range)? */
static int holds(const struct walker *w, uint32_t i, size_t r)
{
	const uint64_t *b = bits_of(w, i);

	return (b[r / 64] & ~b[w->words + r / 64] & (1ull << (r % 64))) != 0;
}

/* Are range r's nr commits the last nr of seq[0..nseq)?  (Being as many,
 * the same set: then their history order is seq's end, topo.h.) */
static int ends_lead(const struct walker *w, size_t r, size_t nr, const uint32_t *seq,
		     size_t nseq)
{
	if (!nr || nr > nseq)
		return 0;
	for (size_t k = nseq - nr; k < nseq; k++)
		if (!holds(w, seq[k], r))
			return 0;
	return 1;
}

/* walk_options.take_end: the range that holds the most commits (the first
 * of them) made and taken, its order in *seq; *nseq its length, or 0 when
 * the order is not whole (parents in a cycle: no range is then its end). */
static size_t make_lead(struct making *m, size_t n, uint32_t **seq, size_t *nseq)
{
	size_t lead = 0, total;

	for (size_t r = 1; r < n; r++)
		if (m->start[r + 1] - m->start[r] > m->start[lead + 1] - m->start[lead])
			lead = r;
	total = m->start[lead + 1] - m->start[lead];
	*seq = xmalloc((total + 1) * sizeof(uint32_t));
	m->which = &lead;
	m->seq = *seq;
	make_one(m, 0);
	m->seq = NULL;
	*nseq = m->outs[lead].n == total ? total : 0;
	m->w->take(m->w->take_ctx, lead, &m->outs[lead]);
	return lead;
}

/* Range r handed to take_end as the end of the lead's order: its nodes
 * node[0..nr), its hidden parents. */
static void take_end(struct walker *w, size_t r, size_t lead, const uint32_t *node, size_t nr,
		     const uint32_t *hides, size_t nhides)
{
	w->take_end(w->take_ctx, r, lead, nr, hidden_parents(w, node, nr, hides, nhides));
}

/* Ranges with a take made this many at a time, then taken in order: a
 * walk's results are not all held at once (walk.h). */
#define TAKE_BATCH 8

/* The ranges' commits into outs, each in history order.  One pass over the
 * nodes lists each range's commits (ascending): each range then costs its
 * own commits, not every node of the walk.  The ranges are made on several
 * threads when the walk may use them and they hold enough commits: the
 * tails of Open vSwitch's 33 bases, 270,000 commits in all, were 24 ms on
 * one thread while the other core waited.  With take_end, a range that is
 * the end of the lead's order is never made (walk.h): 31 of those 33. */
void walker_results(struct walker *w, const struct walk_spec *specs, size_t n,
		    uint32_t **hides, struct walk_result *outs)
{
	_Atomic uint32_t *uses = xcalloc(w->n + 1, sizeof(*uses));
	size_t *start = xcalloc(n + 2, sizeof(size_t)), *fill = xcalloc(n + 1, sizeof(size_t));
	struct making m = { w, specs, hides, outs, NULL, start, uses, NULL, NULL,
			    PTHREAD_MUTEX_INITIALIZER, { NULL }, 0 };
	uint32_t *members;

	for (uint32_t i = 0; i < w->n; i++) {
		if (!in_range(&w->nodes[i]))
			continue;
		FOR_RANGES_OF(w, i, r, {
			atomic_fetch_add_explicit(&uses[i], 1, memory_order_relaxed);
			start[r + 1]++;
		});
	}
	for (size_t r = 0; r < n; r++)
		start[r + 1] += start[r];
	members = xmalloc((start[n] + 1) * sizeof(uint32_t));
	for (uint32_t i = 0; i < w->n; i++)
		if (in_range(&w->nodes[i]))
			FOR_RANGES_OF(w, i, r, { members[start[r] + fill[r]++] = i; });
	m.members = members;
	int alone = w->threads == 1 || n < 2 || start[n] < 4096;
	size_t lead = SIZE_MAX, nseq = 0, *batch = xmalloc((n + 1) * sizeof(size_t));
	uint32_t *seq = NULL;
	char *end = xcalloc(n + 1, 1);

	if (w->take_end && n >= 2)
		lead = make_lead(&m, n, &seq, &nseq);
	for (size_t r = 0; r < n && lead != SIZE_MAX; r++)
		end[r] = r != lead && ends_lead(w, r, start[r + 1] - start[r], seq, nseq);
	m.which = batch;
	for (size_t r = 0, first; r < n;) {
		size_t k = 0;
		for (first = r; r < n && (!w->take || k < TAKE_BATCH); r++)
			if (r != lead && !end[r])
				batch[k++] = r;
		if (alone || k < 2)
			for (size_t j = 0; j < k; j++)
				make_one(&m, j);
		else
			threads_each(k, make_one, &m);
		for (size_t q = first; w->take && q < r; q++)
			if (end[q])
				take_end(w, q, lead, seq + nseq - (start[q + 1] - start[q]),
					 start[q + 1] - start[q], hides[q], specs[q].nhides);
			else if (q != lead)
				w->take(w->take_ctx, q, &outs[q]);
	}
	free(end);
	free(seq);
	free(batch);
	if (w->cache)
		painted(w, n, outs);
	while (m.nspare)
		free(m.spare[--m.nspare]);
	pthread_mutex_destroy(&m.lock);
	free(members);
	free(fill);
	free(start);
	free((void *)uses);
}
