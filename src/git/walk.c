/*
 * walk.c — see walk.h; the files of the walk share walker.h.  Nodes live in
 * one array, found by id through an open-addressing table; the queue is a
 * binary heap on committer time.  With one range this is git's walk with
 * its UNINTERESTING flag.
 */
#include "git/walker.h"
#include "git/cgraph.h"
#include "base/oidmap.h"
#include "base/error.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t node_hash(const void *ctx, uint32_t i)
{
	return oidtab_hash_id(((const struct walker *)ctx)->nodes[i].oid);
}

uint32_t walker_node(struct walker *w, const uint8_t oid[20])
{
	size_t k;

	oidtab_reserve(&w->table, 1024, node_hash, w);
	for (k = oidtab_first(&w->table, oidtab_hash_id(oid)); w->table.slot[k];
	     k = oidtab_next(&w->table, k)) {
		uint32_t i = w->table.slot[k] - 1;
		if (!memcmp(w->nodes[i].oid, oid, 20))
			return i;
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
	oidtab_put(&w->table, k, (uint32_t)w->n);
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
			uint32_t q = node_parents(&w->nodes[x])[k];
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
		int rc = walker_read_node(w, p, err, errlen);
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
			uint32_t p = node_parents(&w->nodes[i])[k];
			spread(w, i, p);
			if ((rc = enqueue(w, p, err, errlen)))
				return rc;
			if (w->nodes[p].time - w->nodes[i].time > w->skew)
				w->skew = w->nodes[p].time - w->nodes[i].time;
		}
	}
	return RT_OK;
}


static void walker_release(struct walker *w)
{
	for (size_t i = 0; i < w->n; i++) {
		if (w->nodes[i].nparents > 2)
			free(w->nodes[i].parents.more);
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
	oidtab_release(&w->table);
	free(w->heap);
	free(w->gheap);
	free(w->bits);
	free(w->stack);
	free(w->rs);
	free(w->live);
	cgraph_files_unload(&w->graph);
	replace_release(&w->replace);
	git_odb_free(w->odb);
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
			    .skim = opt && opt->skim && !opt->cache,
			    .peek = opt && !opt->cache ? opt->peek : NULL,
			    .take = opt && !opt->cache ? opt->take : NULL,
			    .take_end = opt && !opt->cache && opt->take ? opt->take_end : NULL,
			    .take_ctx = opt ? opt->take_ctx : NULL,
			    .no_parents = opt && opt->no_parents,
			    .note = opt ? opt->note : NULL, .note_ctx = opt ? opt->note_ctx : NULL,
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
	cgraph_init(&w.graph.cg);
	w.gitdir = git_repository_commondir(repo);
	w.repo_path = git_repository_path(repo);
	w.graph_later = w.cache && w.cache->count;
	if (!w.replace.n && !w.graph_later)	/* as git: no commit-graph with replacements */
		cgraph_files_load(&w.graph, w.gitdir);
	else if (w.replace.n)
		w.graph_later = 0;
	w.exact_pos = cgraph_positions_exact(&w.graph.cg);
	w.rs = xmalloc((n + 1) * sizeof(*w.rs));
	w.live = xcalloc(w.words, sizeof(uint64_t));
	for (size_t r = 0; r < n; r++) {
		w.rs[r] = (struct range_state){ 0, INT64_MAX, UINT32_MAX };
		w.live[r / 64] |= (uint64_t)1 << (r % 64);
	}
	w.nlive = n;
	for (size_t r = 0; r < n; r++) {
		tips[r] = walker_node(&w, specs[r].tip->id);
		hides[r] = xmalloc((specs[r].nhides + 1) * sizeof(uint32_t));
		for (size_t h = 0; h < specs[r].nhides; h++)
			hides[r][h] = walker_node(&w, specs[r].hides[h].id);
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
		rc = walker_read_messages(&w, err, errlen);
	if (!rc) {
		walker_learn(&w);
		walker_results(&w, specs, n, hides, outs);
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
	struct cgraph_files g = { 0 };

	cgraph_files_load(&g, commondir);	/* (mapping only: each file hashed unless known) */
	cgraph_files_unload(&g);
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

void walk_commit_free(struct walk_commit *c)
{
	if (c->facts) {
		msg_facts_release(c->facts);
		free(c->facts);
		c->facts = NULL;
	}
	if (c->meta) {
		free(c->meta->author);
		free(c->meta);
		c->meta = NULL;
	}
}

void walk_result_release_all(struct walk_result *r)
{
	for (size_t i = 0; i < r->n; i++)
		walk_commit_free(&r->v[i]);
	walk_result_release(r);
}
