/* mainline_alone.c — see mainline_alone.h. */
#include "git/mainline_alone.h"
#include "git/mainline_extend.h"
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

int mainline_later(int64_t time, const uint8_t oid[20], int64_t t, const uint8_t id[20])
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
	mainline_take_times(s, w);
	mainline_take_walk(s, w, 1);
	for (size_t k = 0; k < w->n; k++)
		if (!k || mainline_later(w->v[k].time, w->v[k].oid, s->newest, s->newest_id)) {
			s->newest = w->v[k].time;
			memcpy(s->newest_id, w->v[k].oid, 20);
		}
	walk_result_release(w);
}

/* What read_tails' walk hands each tail to: the tails made, added to the
 * cache in order once all are; what the tails that end the lead borrow. */
struct tails {
	const uint8_t *tip;
	const uint8_t (*base)[20];
	const size_t *idx;
	struct segcache *cache;
	int *link;
	struct segment *made;		/* per tail, when got[r] */
	char *got;
	size_t lead;			/* the first tail taken (walk.h: take_end's lead) */
	size_t *fixes_before;		/* the lead's commits naming others before each
					   of its commits */
	int64_t *newest;		/* the greatest (date, id) of the lead's
					   commits from each one on */
	uint8_t (*newest_id)[20];
};

/* What the tails that end the lead need of it, from its walk. */
static void note_lead(struct tails *t, size_t r, const struct walk_result *w)
{
	t->lead = r;
	t->fixes_before = xmalloc((w->n + 1) * sizeof(*t->fixes_before));
	t->newest = xmalloc((w->n + 1) * sizeof(*t->newest));
	t->newest_id = xmalloc((w->n + 1) * sizeof(*t->newest_id));
	for (size_t k = 0, f = 0; k <= w->n; k++) {
		t->fixes_before[k] = f;
		f += k < w->n && w->v[k].facts;
	}
	for (size_t k = w->n; k-- > 0;) {
		const struct walk_commit *c = &w->v[k];
		int last = k + 1 == w->n;
		if (last || mainline_later(c->time, c->oid, t->newest[k + 1], t->newest_id[k + 1])) {
			t->newest[k] = c->time;
			memcpy(t->newest_id[k], c->oid, 20);
		} else {
			t->newest[k] = t->newest[k + 1];
			memcpy(t->newest_id[k], t->newest_id[k + 1], 20);
		}
	}
}

/* Tail r of read_tails' walk, as soon as it is made (walk_options.take):
 * the tails of Open vSwitch's 33 bases hold 270,000 commits, 22 MB of
 * results (and their pages cleared) were they all made first. */
static void take_tail(void *ctx, size_t r, struct walk_result *w)
{
	struct tails *t = ctx;

	if (t->link)
		t->link[t->idx[r]] = w->n ? w->base_is_parent : -1;
	if (t->lead == SIZE_MAX)
		note_lead(t, r, w);
	take_walk(&t->made[r], t->base[t->idx[r]], t->tip, w);
	t->got[r] = 1;
}

/* Tail r, the last n commits of the lead's (walk_options.take_end): it
 * borrows the end of the lead's arrays, as a tail the file keeps as the end
 * of a longer one (cache/mainline.h), and reads nothing. */
static void take_end(void *ctx, size_t r, size_t lead, size_t n, uint32_t hidden_parents)
{
	struct tails *t = ctx;
	struct segment *l = &t->made[lead], *s = &t->made[r];
	size_t dc = l->ncommits - n, df = t->fixes_before[dc];

	if (t->link)
		t->link[t->idx[r]] = hidden_parents & 1;
	if (!l->borrowed)
		segcache_hold(t->cache, l);	/* (its arrays now the cache's) */
	memset(s, 0, sizeof(*s));
	memcpy(s->from, t->base[t->idx[r]], 20);
	memcpy(s->to, t->tip, 20);
	s->tail = s->alone = s->borrowed = 1;
	s->ncommits = (uint32_t)n;
	s->ident_oid = l->ident_oid + dc;
	s->ident_key = l->ident_key + dc;
	s->time = l->time ? l->time + dc : NULL;
	s->v = l->v + df;
	s->n = s->cap = l->n - df;
	s->newest = t->newest[dc];
	memcpy(s->newest_id, t->newest_id[dc], 20);
	t->got[r] = 1;
}

/* Read the tails of base[idx[0..n)] in one walk into the cache, and set
 * link[] for each (mainline_alone.h); 0, or -1 when the walk failed
 * (nothing added). */
static int read_tails(git_repository *repo, const uint8_t tip[20], const uint8_t (*base)[20],
		      const size_t *idx, size_t n, struct segcache *cache,
		      const struct mainline_walks *mw, int *link)
{
	struct tails t = { tip, base, idx, cache, link, xcalloc(n + 1, sizeof(struct segment)),
			   xcalloc(n + 1, 1), SIZE_MAX, NULL, NULL, NULL };
	struct walk_options wo = mainline_walk_options(mw);
	struct walk_spec *specs = xcalloc(n + 1, sizeof(*specs));
	git_oid *ends = xmalloc((n + 1) * sizeof(*ends)), top;
	struct walk_result *outs = xcalloc(n + 1, sizeof(*outs));
	char ignored[512];
	int rc;

	wo.take = take_tail;
	/* borrowed arrays' facts are lent on to the mainlines taken from the
	 * cache: only a run's cache (one with a file) outlives them, not the
	 * one mainline_read_set makes for a call without one */
	wo.take_end = cache->path ? take_end : NULL;
	wo.take_ctx = &t;
	wo.no_parents = 1;	/* (take_walk needs none) */
	memcpy(top.id, tip, 20);
	for (size_t k = 0; k < n; k++) {
		memcpy(ends[k].id, base[idx[k]], 20);
		specs[k] = (struct walk_spec){ &top, &ends[k], 1 };
	}
	rc = walk_ranges(repo, specs, n, &wo, outs, ignored, sizeof(ignored));
	for (size_t k = 0; k < n; k++)	/* (in their order: the file's) */
		if (t.got[k] && !rc)
			segcache_add(cache, &t.made[k]);
		else if (t.got[k])
			segment_release(&t.made[k]);
	free(outs);	/* (each taken and released by take_tail; none made on a failure) */
	free(ends);
	free(specs);
	free(t.newest_id);
	free(t.newest);
	free(t.fixes_before);
	free(t.got);
	free(t.made);
	return rc ? -1 : 0;
}

/* Does every commit of w without a parent in w come after old's greatest
 * (date, id)?  (A commit with one cannot come before it: parents first.) */
static int all_later(const struct walk_result *w, const struct segment *old)
{
	for (size_t k = 0; k < w->n; k++)
		if (!w->v[k].nparents &&
		    !mainline_later(w->v[k].time, w->v[k].oid, old->newest, old->newest_id))
			return 0;
	return 1;
}

/* out's greatest (date, id), now that add's commits follow its own. */
static void keep_newest(struct segment *out, const struct segment *add)
{
	if (mainline_later(add->newest, add->newest_id, out->newest, out->newest_id)) {
		out->newest = add->newest;
		memcpy(out->newest_id, add->newest_id, 20);
	}
}

/* old (base's tail to an older tip) followed by add (its new commits: the
 * walk TIP ^OLD ^BASE) as one tail to tip: old is emptied (but for the ends
 * that say which tail it was), add released. */
static void join(struct segment *out, struct segment *old, const uint8_t tip[20],
		 struct segment *add)
{
	segment_own(old);	/* (grown below) */
	*out = *old;
	memcpy(out->to, tip, 20);
	memset(old, 0, sizeof(*old));
	memcpy(old->from, out->from, 20);	/* (still the tail to replace) */
	memcpy(old->to, add->to, 20);
	old->tail = old->alone = 1;
	out->ident_oid = xrealloc(out->ident_oid, ((size_t)out->ncommits + add->ncommits + 1) *
				  sizeof(*out->ident_oid));
	out->ident_key = xrealloc(out->ident_key, ((size_t)out->ncommits + add->ncommits + 1) *
				  sizeof(*out->ident_key));
	memcpy(out->ident_oid + out->ncommits, add->ident_oid,
	       add->ncommits * sizeof(*add->ident_oid));
	memcpy(out->ident_key + out->ncommits, add->ident_key,
	       add->ncommits * sizeof(*add->ident_key));
	if (out->time && add->time) {
		out->time = xrealloc(out->time, ((size_t)out->ncommits + add->ncommits + 1) *
				     sizeof(*out->time));
		memcpy(out->time + out->ncommits, add->time, add->ncommits * sizeof(*add->time));
	} else {
		free(out->time);	/* (an older file's tail: none) */
		out->time = NULL;
	}
	out->ncommits += add->ncommits;
	/* (a segment decoded from the file has no spare room: grown to size) */
	out->cap = out->n + add->n + 1;
	out->v = xrealloc(out->v, out->cap * sizeof(*out->v));
	if (add->n)
		memcpy(out->v + out->n, add->v, add->n * sizeof(*add->v));
	out->n += add->n;
	add->n = 0;
	keep_newest(out, add);
	segment_release(add);
}

/* A tail joined whose arrays the cache holds, for the tails that end it. */
struct joined_end {
	const struct seg_fix *old_v;	/* where its old arrays ended (an owner's) */
	const uint32_t *old_key;
	uint8_t old_to[20];
	struct segment j;		/* as joined (borrowed: the owner is the cache's) */
	uint32_t add_commits;		/* what joining added */
	size_t add_fixes;
};

/* Is add what e's tail gained, commit for commit (ids, identities, the
 * commits naming others)? */
static int same_added(const struct segment *add, const struct joined_end *e)
{
	const struct segment *j = &e->j;

	if (add->ncommits != e->add_commits || add->n != e->add_fixes || !add->ident_oid)
		return 0;
	if (memcmp(add->ident_oid, j->ident_oid + (j->ncommits - add->ncommits),
		   add->ncommits * sizeof(*add->ident_oid)) ||
	    memcmp(add->ident_key, j->ident_key + (j->ncommits - add->ncommits),
		   add->ncommits * sizeof(*add->ident_key)))
		return 0;
	for (size_t k = 0; k < add->n; k++)
		if (memcmp(add->v[k].oid, j->v[j->n - add->n + k].oid, 20))
			return 0;
	return 1;
}

/* old followed by add as the end of e's joined tail, when old borrowed the
 * end of the same owner's arrays as e's old tail, at the same tip, and add
 * is what e's gained: then the joined tail borrows the end of e's.  0 (add
 * released), or -1 (nothing done). */
static int share_joined(struct segment *out, const struct segment *old, struct segment *add,
			const struct joined_end *e)
{
	if (!old->borrowed || !old->ident_oid || old->v + old->n != e->old_v ||
	    old->ident_key + old->ncommits != e->old_key || memcmp(old->to, e->old_to, 20) ||
	    !same_added(add, e))
		return -1;
	*out = *old;
	memcpy(out->to, add->to, 20);
	out->ncommits += add->ncommits;
	out->n += add->n;
	out->cap = out->n;
	out->v = e->j.v + (e->j.n - out->n);
	out->ident_oid = e->j.ident_oid + (e->j.ncommits - out->ncommits);
	out->ident_key = e->j.ident_key + (e->j.ncommits - out->ncommits);
	out->time = e->j.time ? e->j.time + (e->j.ncommits - out->ncommits) : NULL;
	keep_newest(out, add);
	segment_release(add);
	return 0;
}

/* A tail to join: its old length and its place in ext. */
struct to_join {
	uint32_t ncommits;
	size_t k;
};

/* The longest old tail first (then by place). */
static int cmp_longer(const void *a, const void *b)
{
	const struct to_join *x = a, *y = b;

	if (x->ncommits != y->ncommits)
		return x->ncommits < y->ncommits ? 1 : -1;
	return (x->k > y->k) - (x->k < y->k);
}

/* Join tail k (old) to its new commits add: as the end of a tail joined
 * before where it is one (share_joined), else on its own; a borrowed tail
 * joined on its own is held, for the tails that end it. */
static void join_one(struct segcache *cache, struct segment *old, struct segment *add,
		     struct joined_end *ends, size_t *nends)
{
	struct segment joined;
	struct joined_end e;

	for (size_t i = 0; i < *nends; i++)
		if (!share_joined(&joined, old, add, &ends[i])) {
			segcache_add(cache, &joined);	/* (replaces the old tail) */
			return;
		}
	if (!old->borrowed || !old->ident_oid) {
		join(&joined, old, add->to, add);
		segcache_add(cache, &joined);	/* (replaces the emptied old tail) */
		return;
	}
	e = (struct joined_end){ .old_v = old->v + old->n,
				 .old_key = old->ident_key + old->ncommits,
				 .add_commits = add->ncommits, .add_fixes = add->n };
	memcpy(e.old_to, old->to, 20);
	join(&joined, old, add->to, add);
	segcache_hold(cache, &joined);
	e.j = joined;
	ends[(*nends)++] = e;
	segcache_add(cache, &joined);
}

/* Join each tail of base[ext[0..n)] to its walk outs[k] (released), the
 * longest first; those that cannot be joined go to idx[(*left)++], in
 * their order, to be read whole. */
static void join_all(git_repository *repo, const struct mainline_walks *mw,
		     struct segcache *cache, const uint8_t (*base)[20], const size_t *ext,
		     size_t n, int rc, const uint8_t tip[20], struct walk_result *outs,
		     size_t *idx, size_t *left)
{
	struct to_join *order = xmalloc((n + 1) * sizeof(*order));
	struct joined_end *ends = xmalloc((n + 1) * sizeof(*ends));
	int *whole = xcalloc(n + 1, sizeof(*whole));
	size_t nends = 0;

	for (size_t k = 0; k < n; k++)
		order[k] = (struct to_join){ segcache_find_alone_from(cache, base[ext[k]])->ncommits,
					     k };
	qsort(order, n, sizeof(*order), cmp_longer);
	for (size_t o = 0; o < n; o++) {
		size_t k = order[o].k;
		/* (found again: segcache_add moves segments) */
		struct segment *s = segcache_find_alone_from(cache, base[ext[k]]), add;
		if (rc || !outs[k].n || !outs[k].base_is_parent) {
			whole[k] = 1;
			walk_result_release_all(&outs[k]);
			continue;
		}
		if (!all_later(&outs[k], s)) {	/* (a merged topic older than the tail) */
			struct segment merged = { 0 };
			walk_result_release_all(&outs[k]);	/* (walked again, with parents) */
			if (mainline_extend_tail(repo, s, tip, mw, &merged))
				segcache_add(cache, &merged);	/* (replaces s) */
			else
				whole[k] = 1;
			continue;
		}
		take_walk(&add, s->from, tip, &outs[k]);
		join_one(cache, s, &add, ends, &nends);
	}
	for (size_t k = 0; k < n; k++)
		if (whole[k])
			idx[(*left)++] = ext[k];
	free(whole);
	free(ends);
	free(order);
}

/*
 * Extend the tails of base[idx[0..n)] kept at older tips, in one walk of
 * each TIP ^OLD TIP ^BASE: where OLD TIP is a parent of the new commits
 * (an ancestor of TIP) and every new commit without a new parent comes
 * after every old one by (committer date, id), the walk of TIP ^BASE puts
 * the old commits first, in their order, then the new ones in theirs
 * (history order: parents first, then the oldest, then the lowest id:
 * topo.h; no old commit has a new parent, and a new commit with one waits
 * for it), so the tail is the old one followed by the new commits.  Where
 * a new one comes earlier (a merged topic begun before the old tail's
 * newest commit: FRR's, systemd's, GLib's mainlines), the tail is merged
 * as mainline_extend.h merges a chain's, from its commits' dates.  The
 * bases extended are taken out of idx; the others are left to read whole.
 */
static size_t extend_tails(git_repository *repo, const uint8_t tip[20],
			   const uint8_t (*base)[20], size_t *idx, size_t n,
			   struct segcache *cache, const struct mainline_walks *mw)
{
	struct walk_options wo = mainline_walk_options(mw);
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
	join_all(repo, mw, cache, base, ext, next, rc, tip, outs, idx, &left);
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
			 size_t n, int labels, struct segcache *cache, const struct mainline_walks *mw,
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
		nread = extend_tails(repo, tip, base, idx, nread, cache, mw);
	if (nread && read_tails(repo, tip, base, idx, nread, cache, mw, link) < 0) {
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
		if (s->borrowed) {	/* (read only: its facts are the owner's) */
			struct seg_fix f = s->v[i];
			f.shared = 1;
			mainline_take_fix(out, &f, NULL);
		} else {
			mainline_take_fix(out, &s->v[i], NULL);
		}
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
