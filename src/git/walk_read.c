/*
 * walk_read.c — one commit of the walk read (walker.h): from the commit
 * cache, else the commit-graph (parents and date only: its message is read
 * later, walk_messages.c), else its object; git replace and grafts
 * (replace.h) always read the object.
 */
#include "git/walker.h"
#include "git/cgraph.h"
#include "git/pack_set.h"
#include "git/walk_memo.h"
#include "base/error.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void read_error(const uint8_t oid20[20], const char *why, char *err, size_t errlen)
{
	git_oid oid;
	char hex[41];

	memcpy(oid.id, oid20, 20);
	git_oid_tostr(hex, sizeof(hex), &oid);
	snprintf(err, errlen, "cannot read commit %s: %s", hex, why);
}

/* Check one commit's bytes: RT_OK, or RT_EFAIL with err set. */
static int parse_bytes(const uint8_t oid20[20], const char *data, size_t len,
		       struct raw_commit *rc, char *err, size_t errlen)
{
	if (commit_parse(data, len, rc) < 0) {
		read_error(oid20, "not a commit", err, errlen);
		return RT_EFAIL;
	}
	if (rc->nparents < rc->all_parents) {	/* dropped parents: a wrong count */
		read_error(oid20, "more than 256 parents (or an unreadable parent line)", err,
			   errlen);
		return RT_EFAIL;
	}
	return RT_OK;
}

/* Read one commit object: header and message. */
int walker_read_object(const struct walker *w, const uint8_t oid20[20], struct raw_commit *rc,
		       struct commit_bytes *hold, char *err, size_t errlen)
{
	return walker_read_object_in(w, w->odb, oid20, rc, hold, err, errlen);
}

int walker_read_object_in(const struct walker *w, git_odb *odb, const uint8_t oid20[20],
			  struct raw_commit *rc, struct commit_bytes *hold, char *err,
			  size_t errlen)
{
	git_oid oid;

	hold->obj = NULL;
	hold->copy = NULL;
	hold->len = 0;
	if (!w->replace.n) {	/* (else the object is the one to read) */
		hold->copy = walk_memo_take_raw(w->gitdir, oid20, &hold->len);
		if (!hold->copy)
			hold->copy = pack_set_read_commit(w->gitdir, oid20, &hold->len);
	}
	if (hold->copy) {
		if (parse_bytes(oid20, hold->copy, hold->len, rc, err, errlen) == RT_OK)
			return RT_OK;
		walker_object_free(hold);
		return RT_EFAIL;
	}
	memcpy(oid.id, oid20, 20);
	if (git_odb_read(&hold->obj, odb, &oid) < 0) {
		const git_error *e = git_error_last();
		read_error(oid20, e && e->message ? e->message : "object missing", err, errlen);
		hold->obj = NULL;
		return RT_EFAIL;
	}
	if (git_odb_object_type(hold->obj) != GIT_OBJECT_COMMIT) {
		read_error(oid20, "not a commit", err, errlen);
		walker_object_free(hold);
		return RT_EFAIL;
	}
	if (parse_bytes(oid20, git_odb_object_data(hold->obj), git_odb_object_size(hold->obj), rc,
			err, errlen)) {
		walker_object_free(hold);
		return RT_EFAIL;
	}
	return RT_OK;
}

void walker_object_free(struct commit_bytes *hold)
{
	git_odb_object_free(hold->obj);
	free(hold->copy);
	hold->obj = NULL;
	hold->copy = NULL;
}

static void set_parents(struct walker *w, uint32_t i, const uint8_t (*oids)[20], unsigned n)
{
	uint32_t in[2] = { 0, 0 }, *ps = n <= 2 ? in : xmalloc(n * sizeof(uint32_t));

	for (unsigned k = 0; k < n; k++)
		ps[k] = walker_node(w, oids[k]);	/* may move w->nodes */
	if (n <= 2)
		memcpy(w->nodes[i].parents.in, in, sizeof(in));
	else
		w->nodes[i].parents.more = ps;
	w->nodes[i].nparents = n;
}

/* Parents and date from the commit-graph; 0, or -1 when it lacks i. */
static int read_graph(struct walker *w, uint32_t i)
{
	struct cgraph_commit c;
	uint8_t oids[CGRAPH_MAX_PARENTS][20];
	int64_t pos;

	if (!w->graph.cg.nlayers)
		return -1;
	pos = w->nodes[i].gpos ? (int64_t)w->nodes[i].gpos - 1 : cgraph_find(&w->graph.cg, w->nodes[i].oid);
	if (pos < 0 || cgraph_commit(&w->graph.cg, (uint32_t)pos, &c) < 0 || c.nparents < c.all_parents)
		return -1;	/* (more than 256 parents: the object says why) */
	for (unsigned k = 0; k < c.nparents; k++)
		memcpy(oids[k], cgraph_oid(&w->graph.cg, c.parents[k]), 20);
	w->nodes[i].time = c.time;
	w->nodes[i].gen = c.generation;
	w->nodes[i].all_parents = c.all_parents;
	w->nodes[i].flags |= F_PARSED | F_GRAPH;
	set_parents(w, i, (const uint8_t (*)[20])oids, c.nparents);
	for (unsigned k = 0; w->exact_pos && k < c.nparents; k++)
		w->nodes[node_parents(&w->nodes[i])[k]].gpos = c.parents[k] + 1;
	return 0;
}

/* The key of n (walk_options.keyof), n noted (.note), then n's facts and
 * meta dropped unless walk_options.sift keeps them. */
static void sift(const struct walker *w, struct node *n)
{
	if (w->keyof)
		n->key = w->keyof(n->data, n->meta);
	if (w->note)
		w->note(w->note_ctx, n->oid, n->data, n->meta, n->key);
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
void walker_parse(const struct walker *w, struct node *n, const struct raw_commit *rc)
{
	n->data = xmalloc(sizeof(*n->data));
	if (w->skim && !msg_may_name_commit(rc->message, rc->message_len))
		msg_parse_subject(rc->message, rc->message_len, n->data);
	else
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
void walker_from_hit(const struct walker *w, struct node *n, const struct cache_hit *h)
{
	n->data = xmalloc(sizeof(*n->data));
	cache_facts(h, n->data);
	if (w->meta) {
		n->meta = xmalloc(sizeof(*n->meta));
		cache_meta(h, n->meta);
	}
	sift(w, n);
}

/* Everything from the cache; 0, or -1 when it lacks i.  A cache the walk
 * only peeks into (walk_options.peek) gives the date and parents of a
 * commit only painted, never facts: if a range wants them after all, they
 * are read from its object (F_HEADS). */
static int read_cached(struct walker *w, uint32_t i)
{
	const struct cache *c = w->peek ? w->peek : w->cache;
	struct cache_hit h;
	int painted = (w->nodes[i].flags & F_UNINTERESTING) != 0;

	if ((w->peek && !painted) || !cache_lookup(c, w->nodes[i].oid, &h) ||
	    (h.headers_only && !painted))
		return -1;
	struct node *n = &w->nodes[i];
	n->time = h.time;
	n->all_parents = h.all_parents;
	n->flags |= F_PARSED | F_CACHED | (h.headers_only || w->peek ? F_HEADS : 0);
	if (!painted)
		walker_from_hit(w, n, &h);
	set_parents(w, i, (const uint8_t (*)[20])h.parents, h.nparents);
	return 0;
}

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
		cgraph_files_load(&w->graph, w->gitdir);
		w->exact_pos = cgraph_positions_exact(&w->graph.cg);
	}
}

/* Date and parents of commit i from the memo of the commits read before
 * (walk_memo.h); 0, or -1 when it lacks i.  Its message, when a range wants
 * it, is read with the others' after the walk, on several threads
 * (walk_messages.c): a commit the memo has was read before, often kept
 * whole (the mainline's tails after discovery's line), and parsing it in
 * the walk kept one thread busy while the other waited. */
static int read_memo(struct walker *w, uint32_t i)
{
	uint8_t oids[COMMIT_MAX_PARENTS][20];
	unsigned all, np;
	int64_t time;

	if (!walk_memo_get(w->gitdir, w->nodes[i].oid, &time, &all, oids, &np))
		return -1;
	w->nodes[i].time = time;
	w->nodes[i].all_parents = all;
	w->nodes[i].flags |= F_PARSED;
	set_parents(w, i, (const uint8_t (*)[20])oids, np);
	return 0;
}

int walker_read_node(struct walker *w, uint32_t i, char *err, size_t errlen)
{
	struct commit_bytes hold;
	struct raw_commit rc;
	const struct replacement *rp = replace_find(&w->replace, w->nodes[i].oid);

	if (!rp && read_cached(w, i) == 0)
		return RT_OK;
	if (!rp)
		graph_on_miss(w);
	if (!rp && read_graph(w, i) == 0)
		return RT_OK;
	if (!rp && read_memo(w, i) == 0)
		return RT_OK;
	if (walker_read_object(w, rp ? rp->to : w->nodes[i].oid, &rc, &hold, err, errlen))
		return RT_EFAIL;
	if (rp && rp->graft) {	/* the parents the grafts file lists */
		rc.all_parents = rc.nparents = rp->nparents;
		if (rp->nparents)	/* (a graft of none: a root, no list) */
			memcpy(rc.parents, rp->parents, (size_t)rp->nparents * 20);
	}
	struct node *n = &w->nodes[i];
	n->time = rc.time;
	n->all_parents = rc.all_parents;
	n->flags |= F_PARSED;
	if (!(n->flags & F_UNINTERESTING) && !w->headers_only)
		walker_parse(w, n, &rc);
	int painted = (n->flags & F_UNINTERESTING) && !w->replace.n;
	set_parents(w, i, (const uint8_t (*)[20])rc.parents, rc.nparents);	/* (n moves) */
	if (!rp && painted && hold.copy)	/* (a painted commit's object kept whole:
					 * walk_memo.h; the bytes read given) */
		walk_memo_give(w->gitdir, w->nodes[i].oid, rc.time, rc.all_parents,
			       (const uint8_t (*)[20])rc.parents, rc.nparents, &hold.copy,
			       hold.len);
	else if (!rp)
		walk_memo_put(w->gitdir, w->nodes[i].oid, rc.time, rc.all_parents,
			      (const uint8_t (*)[20])rc.parents, rc.nparents,
			      painted ? commit_bytes_data(&hold) : NULL,
			      painted ? commit_bytes_size(&hold) : 0);
	walker_object_free(&hold);
	return RT_OK;
}
