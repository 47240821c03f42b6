/* mainline_alone.c — see mainline_alone.h. */
#include "git/mainline_alone.h"
#include "git/mainline_read.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

/* The first 8 bytes of the commits the mainline tags of t name. */
static size_t tag_heads(const struct tag_table *t, uint8_t (**out)[8])
{
	size_t n = 0;

	*out = xmalloc((t->n + 1) * sizeof(**out));
	for (size_t i = 0; i < t->n; i++)
		if (mainline_is_tag(t->v[i].name))
			memcpy((*out)[n++], t->v[i].commit.id, 8);
	return n;
}

/* Does a mainline tag name one of s's commits?  (By the first 8 bytes: a
 * false "yes" only costs reading that base alone.) */
static int holds_tag(const struct segment *s, uint8_t (*heads)[8], size_t nheads)
{
	for (size_t k = 0; nheads && s->ident_oid && k < s->ncommits; k++)
		for (size_t j = 0; j < nheads; j++)
			if (!memcmp(s->ident_oid[k], heads[j], 8))
				return 1;
	return 0;
}

/* Is (time, oid) after (t, id) in history order's ties (topo.h: the
 * oldest first, then the lowest id)? */
static int later(int64_t time, const uint8_t oid[20], int64_t t, const uint8_t id[20])
{
	return time != t ? time > t : memcmp(oid, id, 20) > 0;
}

/* The tail tip ^base from its walk (w released). */
static void take_walk(struct segment *s, const uint8_t base[20], const uint8_t tip[20],
		      struct walk_result *w)
{
	memset(s, 0, sizeof(*s));
	memcpy(s->from, base, 20);
	memcpy(s->to, tip, 20);
	s->tail = 1;
	s->alone = 1;
	mainline_take_walk(s, w, 1);
	for (size_t k = 0; k < w->n; k++)
		if (!k || later(w->v[k].time, w->v[k].oid, s->newest, s->newest_id)) {
			s->newest = w->v[k].time;
			memcpy(s->newest_id, w->v[k].oid, 20);
		}
	walk_result_release(w);
}

/* Read the tails of base[idx[0..n)] in one walk into the cache, and set
 * link[] for each (mainline_alone.h); 0, or -1 when the walk failed
 * (nothing added). */
static int read_tails(git_repository *repo, const uint8_t tip[20], const uint8_t (*base)[20],
		      const size_t *idx, size_t n, struct segcache *cache,
		      const struct cache *peek, int *link)
{
	struct walk_options wo = mainline_walk_options(peek);
	struct walk_spec *specs = xcalloc(n + 1, sizeof(*specs));
	git_oid *ends = xmalloc((n + 1) * sizeof(*ends)), top;
	struct walk_result *outs = xcalloc(n + 1, sizeof(*outs));
	char ignored[512];
	int rc;

	memcpy(top.id, tip, 20);
	for (size_t k = 0; k < n; k++) {
		memcpy(ends[k].id, base[idx[k]], 20);
		specs[k] = (struct walk_spec){ &top, &ends[k], 1 };
	}
	rc = walk_ranges(repo, specs, n, &wo, outs, ignored, sizeof(ignored));
	for (size_t k = 0; k < n; k++) {
		struct segment s;
		if (rc) {
			walk_result_release(&outs[k]);
			continue;
		}
		if (link)
			link[idx[k]] = outs[k].n ? outs[k].base_is_parent : -1;
		take_walk(&s, base[idx[k]], tip, &outs[k]);
		segcache_add(cache, &s);
	}
	free(outs);
	free(ends);
	free(specs);
	return rc ? -1 : 0;
}

/* Does every commit of w without a parent in w come after old's greatest
 * (date, id)?  (A commit with one cannot come before it: parents first.) */
static int all_later(const struct walk_result *w, const struct segment *old)
{
	for (size_t k = 0; k < w->n; k++)
		if (!w->v[k].nparents &&
		    !later(w->v[k].time, w->v[k].oid, old->newest, old->newest_id))
			return 0;
	return 1;
}

/* old (base's tail to an older tip) followed by N (its walk TIP ^OLD ^BASE),
 * as one tail to tip: the old segment is emptied, N released. */
static void join(struct segment *out, struct segment *old, const uint8_t tip[20],
		 struct walk_result *w)
{
	struct segment add;

	take_walk(&add, old->from, tip, w);
	*out = *old;
	memcpy(out->to, tip, 20);
	memset(old, 0, sizeof(*old));
	memcpy(old->from, out->from, 20);	/* (still the tail to replace) */
	memcpy(old->to, add.to, 20);
	old->tail = old->alone = 1;
	out->ident_oid = xrealloc(out->ident_oid, ((size_t)out->ncommits + add.ncommits + 1) *
				  sizeof(*out->ident_oid));
	out->ident_key = xrealloc(out->ident_key, ((size_t)out->ncommits + add.ncommits + 1) *
				  sizeof(*out->ident_key));
	memcpy(out->ident_oid + out->ncommits, add.ident_oid, add.ncommits * sizeof(*add.ident_oid));
	memcpy(out->ident_key + out->ncommits, add.ident_key, add.ncommits * sizeof(*add.ident_key));
	out->ncommits += add.ncommits;
	/* (a segment decoded from the file has no spare room: grown to size) */
	out->cap = out->n + add.n + 1;
	out->v = xrealloc(out->v, out->cap * sizeof(*out->v));
	if (add.n)
		memcpy(out->v + out->n, add.v, add.n * sizeof(*add.v));
	out->n += add.n;
	add.n = 0;
	if (later(add.newest, add.newest_id, out->newest, out->newest_id)) {
		out->newest = add.newest;
		memcpy(out->newest_id, add.newest_id, 20);
	}
	segment_release(&add);
}

/*
 * Extend the tails of base[idx[0..n)] kept at older tips, in one walk of
 * each TIP ^OLD TIP ^BASE: where OLD TIP is a parent of the new commits
 * (an ancestor of TIP) and every new commit without a new parent comes
 * after every old one by (committer date, id), the walk of TIP ^BASE puts
 * the old commits first, in their order, then the new ones in theirs
 * (history order: parents first, then the oldest, then the lowest id:
 * topo.h; no old commit has a new parent, and a new commit with one waits
 * for it), so the tail is the old one followed by the new commits.  The
 * bases extended are taken out of idx; the others are left to read whole.
 */
static size_t extend_tails(git_repository *repo, const uint8_t tip[20],
			   const uint8_t (*base)[20], size_t *idx, size_t n,
			   struct segcache *cache, const struct cache *peek)
{
	struct walk_options wo = mainline_walk_options(peek);
	struct walk_spec *specs = xcalloc(n + 1, sizeof(*specs));
	git_oid *ends = xmalloc((2 * n + 1) * sizeof(*ends)), top;
	struct walk_result *outs = xcalloc(n + 1, sizeof(*outs));
	size_t *ext = xmalloc((n + 1) * sizeof(size_t)), next = 0, left = 0;
	char ignored[512];
	int rc = 0;

	memcpy(top.id, tip, 20);
	for (size_t k = 0; k < n; k++) {
		const struct segment *old = segcache_find_alone_from(cache, base[idx[k]]);
		if (!old) {
			idx[left++] = idx[k];
			continue;
		}
		memcpy(ends[2 * next].id, old->to, 20);
		memcpy(ends[2 * next + 1].id, base[idx[k]], 20);
		specs[next] = (struct walk_spec){ &top, &ends[2 * next], 2 };
		ext[next++] = idx[k];
	}
	if (next)
		rc = walk_ranges(repo, specs, next, &wo, outs, ignored, sizeof(ignored));
	for (size_t k = 0; k < next; k++) {
		struct segment *old = segcache_find_alone_from(cache, base[ext[k]]), joined;
		if (rc || !outs[k].n || !outs[k].base_is_parent || !all_later(&outs[k], old)) {
			idx[left++] = ext[k];	/* read whole */
			walk_result_release(&outs[k]);
			continue;
		}
		join(&joined, old, tip, &outs[k]);
		segcache_add(cache, &joined);	/* (replaces the emptied old tail) */
	}
	free(ext);
	free(outs);
	free(ends);
	free(specs);
	return left;
}

/* Is base i's commit that of an earlier base still to do? */
static int repeated(const uint8_t (*base)[20], const int *todo, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (todo[j] && !memcmp(base[j], base[i], 20))
			return 1;
	return 0;
}

void mainline_alone_fill(git_repository *repo, const struct tag_table *t,
			 const uint8_t tip[20], const uint8_t (*base)[20], const int *todo,
			 size_t n, int labels, struct segcache *cache, const struct cache *peek,
			 int *ok, int *link)
{
	size_t *idx = xmalloc((n + 1) * sizeof(size_t)), nread = 0, nheads;
	uint8_t (*heads)[8];

	for (size_t i = 0; i < n; i++) {
		ok[i] = 0;
		if (link)
			link[i] = -1;
		if (todo[i] && !repeated(base, todo, i) && !segcache_find_alone(cache, base[i], tip))
			idx[nread++] = i;
	}
	if (nread)
		nread = extend_tails(repo, tip, base, idx, nread, cache, peek);
	if (nread && read_tails(repo, tip, base, idx, nread, cache, peek, link) < 0) {
		free(idx);
		return;
	}
	nheads = labels ? tag_heads(t, &heads) : (heads = NULL, 0);
	for (size_t i = 0; i < n; i++) {
		const struct segment *s;
		/* a repeated base is read alone: its tail's facts move once */
		if (todo[i] && !repeated(base, todo, i) && (s = segcache_find_alone(cache, base[i], tip)))
			ok[i] = !labels || !holds_tag(s, heads, nheads);
	}
	free(heads);
	free(idx);
}

void mainline_alone_take(struct segcache *cache, const uint8_t base[20], const uint8_t tip[20],
			 struct mainline *out, size_t *ncommits, size_t *fix_at, size_t *ident_at)
{
	struct segment *s = segcache_find_alone(cache, base, tip);
	int idents = out->nwant && s->ident_oid;

	mainline_reserve(out, s->n);
	for (size_t i = 0; i < s->n; i++) {
		if (fix_at)
			fix_at[i] = out->n;
		mainline_take_fix(out, &s->v[i], NULL);
	}
	if (fix_at)
		fix_at[s->n] = out->n;
	for (size_t i = 0; (idents || ident_at) && i < s->ncommits; i++) {
		if (ident_at)
			ident_at[i] = out->nidents;
		if (idents)
			mainline_add_ident(out, s->ident_oid[i], s->ident_key[i]);
	}
	if (ident_at)
		ident_at[s->ncommits] = out->nidents;
	*ncommits = s->ncommits;
}
