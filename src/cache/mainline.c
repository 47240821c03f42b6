/* cache/mainline.c — see cache/mainline.h. */
#include "cache/mainline.h"
#include "cache/save.h"
#include "base/blobfile.h"
#include "base/error.h"
#include "cache/commits.h"
#include "base/version.h"
#include "base/codec.h"
#include "base/oidmap.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "regtrace-mainline-cache\n"
#define FORMAT SEGCACHE_FORMAT	/* 2: the facts' reported flag; 3: every commit's identity key,
			   the facts' channel bits (doc/dialects.md); 4: the commit cache's facts
			   format 4; 5: sealed with codec_seal_hash; 6: identity keys of
			   emails past GRAPH_EMAIL_KEEP bytes (core/graph.h); 7: broken
			   links and bases' own tails (the flags byte's second and third bits);
			   8: the commit cache's facts format 8; 9: the facts of bases' own
			   tails kept once, before the segments, each tail naming its own;
			   10: a base's own tail that ends the longest one (segment_ends)
			   kept as the longest one's index (the flags byte's fourth bit); 11:
			   the seal's hash in four chains (base/codec.h); 12: a chain's tail's
			   committer dates (the flags byte's fifth bit); 13: a base's own
			   tail's too, when it holds its arrays (not lent) */

void segcache_init(struct segcache *c)
{
	memset(c, 0, sizeof(*c));
}

void segment_release(struct segment *s)
{
	if (s->borrowed) {	/* (the owner's, released with the cache) */
		memset(s, 0, sizeof(*s));
		return;
	}
	for (size_t i = 0; i < s->n; i++)
		if (!s->v[i].shared)
			msg_facts_release(&s->v[i].facts);
	free(s->v);
	free(s->ident_oid);
	free(s->ident_key);
	free(s->time);
	memset(s, 0, sizeof(*s));
}

void segment_own(struct segment *s)
{
	struct seg_fix *v;
	uint8_t (*oid)[8] = NULL;
	uint32_t *key = NULL;
	int64_t *time = NULL;

	if (!s->borrowed)
		return;
	v = xmalloc((s->n + 1) * sizeof(*v));
	memcpy(v, s->v, s->n * sizeof(*v));
	for (size_t i = 0; i < s->n; i++)
		v[i].shared = 1;
	if (s->ident_oid) {
		oid = xmalloc(((size_t)s->ncommits + 1) * sizeof(*oid));
		key = xmalloc(((size_t)s->ncommits + 1) * sizeof(*key));
		memcpy(oid, s->ident_oid, s->ncommits * sizeof(*oid));
		memcpy(key, s->ident_key, s->ncommits * sizeof(*key));
	}
	if (s->time) {
		time = xmalloc(((size_t)s->ncommits + 1) * sizeof(*time));
		memcpy(time, s->time, s->ncommits * sizeof(*time));
	}
	s->v = v;
	s->n = s->cap = s->n;
	s->ident_oid = oid;
	s->ident_key = key;
	s->time = time;
	s->borrowed = 0;
}

void segcache_hold(struct segcache *c, struct segment *s)
{
	if (s->borrowed)
		return;
	ARRAY_GROW(c->owners, c->nowners, c->owners_cap);
	c->owners[c->nowners++] = *s;
	s->borrowed = 1;
}

static void pool_release(struct seg_pool *p)
{
	for (size_t i = 0; i < p->n; i++)
		msg_facts_release(&p->v[i].facts);
	free(p->v);
}

void segcache_release(struct segcache *c)
{
	for (size_t i = 0; i < c->n; i++)
		segment_release(&c->v[i]);
	free(c->v);
	for (size_t i = 0; i < c->nowners; i++)	/* (after the segments borrowing) */
		segment_release(&c->owners[i]);
	free(c->owners);
	for (size_t i = 0; i < c->npools; i++)	/* (after the segments sharing them) */
		pool_release(&c->pools[i]);
	free(c->pools);
	memset(c, 0, sizeof(*c));
}

static struct segment *find(struct segcache *c, const uint8_t from[20], const uint8_t to[20],
			    int alone)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].alone == alone && !memcmp(c->v[i].from, from, 20) &&
		    !memcmp(c->v[i].to, to, 20))
			return &c->v[i];
	return NULL;
}

struct segment *segcache_find(struct segcache *c, const uint8_t from[20], const uint8_t to[20])
{
	return find(c, from, to, 0);
}

struct segment *segcache_find_alone(struct segcache *c, const uint8_t from[20],
				    const uint8_t to[20])
{
	return find(c, from, to, 1);
}

struct segment *segcache_find_tail_from(struct segcache *c, const uint8_t from[20])
{
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].tail && !c->v[i].alone && !memcmp(c->v[i].from, from, 20))
			return &c->v[i];
	return NULL;
}

struct segment *segcache_find_alone_from(struct segcache *c, const uint8_t from[20])
{
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].alone && !memcmp(c->v[i].from, from, 20))
			return &c->v[i];
	return NULL;
}

int segment_ends(const struct segment *s, const struct segment *l)
{
	size_t dc, df;

	if (s->ncommits > l->ncommits || s->n > l->n || !s->ident_oid != !l->ident_oid)
		return 0;
	dc = l->ncommits - s->ncommits;
	df = l->n - s->n;
	if (s->ident_oid && s->v && l->v && s->ident_oid == l->ident_oid + dc &&
	    s->ident_key == l->ident_key + dc && s->v == l->v + df)
		return 1;	/* (the same memory: borrowed from the same owner) */
	if (s->ident_oid &&
	    (memcmp(s->ident_oid, l->ident_oid + dc, s->ncommits * sizeof(*s->ident_oid)) ||
	     memcmp(s->ident_key, l->ident_key + dc, s->ncommits * sizeof(*s->ident_key))))
		return 0;
	for (size_t k = 0; k < s->n; k++)
		if (memcmp(s->v[k].oid, l->v[df + k].oid, 20))
			return 0;
	return 1;
}

/* Does s replace c's tail t (the same kind, from the same commit)? */
static int replaces(const struct segment *s, const struct segment *t)
{
	return s->tail && t->tail && s->alone == t->alone && !memcmp(t->from, s->from, 20);
}

void segcache_add(struct segcache *c, struct segment *s)
{
	for (size_t i = 0; s->tail && i < c->n; i++)
		if (replaces(s, &c->v[i])) {
			segment_release(&c->v[i]);
			c->v[i] = c->v[--c->n];
			break;
		}
	ARRAY_GROW(c->v, c->n, c->cap);
	c->v[c->n++] = *s;
	memset(s, 0, sizeof(*s));
	c->dirty = 1;
}

/* The facts of the bases' own tails, each commit's once (nested tails hold
 * much the same commits: Open vSwitch's 33 hold 1,654 commits naming
 * others 35,143 times): *n of them, pointers into c; at[] maps their ids to
 * their places. */
static const struct seg_fix **alone_pool(const struct segcache *c, struct oidmap *at, size_t *n)
{
	size_t total = 0;
	const struct seg_fix **pool;

	for (size_t i = 0; i < c->n; i++)
		total += c->v[i].alone ? c->v[i].n : 0;
	pool = xmalloc((total + 1) * sizeof(*pool));
	oidmap_init(at, total);
	*n = 0;
	for (size_t i = 0; i < c->n; i++)
		for (size_t k = 0; c->v[i].alone && k < c->v[i].n; k++)
			if (oidmap_add(at, c->v[i].v[k].oid, (uint32_t)*n))
				pool[(*n)++] = &c->v[i].v[k];
	return pool;
}

/* A segment's commits naming others: a base's own tail names its places
 * in the pool, any other segment holds them. */
static void put_fixes(struct wbuf *w, const struct segment *s, const struct oidmap *at)
{
	for (size_t k = 0; k < s->n; k++) {
		if (s->alone) {
			wbuf_uint(w, oidmap_get(at, s->v[k].oid), 4);
			continue;
		}
		wbuf_bytes(w, s->v[k].oid, 20);
		cache_put_facts(w, &s->v[k].facts);
	}
}

/* What a tail kept as a reference costs to read (its commits' 12 bytes,
 * a fix's decoded size, about 128 bytes): a file may hold references that
 * cost at most LEND_RATIO times its own length, so that a crafted file of
 * references cannot make a reader allocate more than that (the encoder
 * holds a tail whole past it). */
#define LEND_RATIO 32
static uint64_t lend_cost(uint64_t ncommits, uint64_t nfixes)
{
	return 12 * ncommits + 128 * nfixes;
}

/* The longest of c's bases' own tails to each tip: lender[i], for each
 * tail i that ends another tail of its tip that is the longest (segment_
 * ends), is that one's index, else SIZE_MAX (to free). */
static size_t *lenders(const struct segcache *c)
{
	size_t *lender = xmalloc((c->n + 1) * sizeof(*lender));

	for (size_t i = 0; i < c->n; i++) {
		const struct segment *s = &c->v[i];
		size_t best = SIZE_MAX;
		lender[i] = SIZE_MAX;
		for (size_t j = 0; s->alone && j < c->n; j++) {
			const struct segment *l = &c->v[j];
			if (l->alone && !memcmp(l->to, s->to, 20) &&
			    (best == SIZE_MAX || l->ncommits > c->v[best].ncommits ||
			     (l->ncommits == c->v[best].ncommits && j < best)))
				best = j;
		}
		if (best != SIZE_MAX && best != i && segment_ends(s, &c->v[best]))
			lender[i] = best;
	}
	return lender;
}

/* Does the file keep s's committer dates (a tail's that holds its arrays;
 * a base's own tail lent another's has the lender's)? */
static int keeps_times(const struct segment *s)
{
	return s->time && s->ident_oid && s->tail && !s->broken;
}

/* Segment s's commits naming others, every commit's identity, and a chain's
 * tail's committer dates. */
static void put_held(struct wbuf *w, const struct segment *s, const struct oidmap *at)
{
	put_fixes(w, s, at);
	for (size_t k = 0; s->ident_oid && k < s->ncommits; k++) {
		wbuf_bytes(w, s->ident_oid[k], 8);
		wbuf_uint(w, s->ident_key[k], 4);
	}
	for (size_t k = 0; !s->ident_oid && k < s->ncommits; k++) {
		wbuf_uint(w, 0, 8);	/* none known: zeros */
		wbuf_uint(w, 0, 4);
	}
	if (keeps_times(s))
		wbuf_i64s(w, s->time, s->ncommits);
}

uint8_t *segcache_encode(const struct segcache *c, size_t *len)
{
	struct wbuf w = { 0 };
	struct oidmap at;
	size_t npool, *lender = lenders(c);
	const struct seg_fix **pool = alone_pool(c, &at, &npool);
	uint64_t lent = 0;

	wbuf_head(&w, MAGIC, FORMAT, REGTRACE_VERSION);
	wbuf_uint(&w, npool, 4);
	for (size_t i = 0; i < npool; i++) {
		wbuf_bytes(&w, pool[i]->oid, 20);
		cache_put_facts(&w, &pool[i]->facts);
	}
	wbuf_uint(&w, c->n, 4);
	for (size_t i = 0; i < c->n; i++) {
		const struct segment *s = &c->v[i];
		/* within the budget of what is written so far (the whole file
		 * only adds to it) */
		if (lender[i] != SIZE_MAX) {
			uint64_t cost = lend_cost(s->ncommits, s->n);
			if (lent + cost > (uint64_t)LEND_RATIO * w.len)
				lender[i] = SIZE_MAX;
			else
				lent += cost;
		}
		wbuf_bytes(&w, s->from, 20);
		wbuf_bytes(&w, s->to, 20);
		wbuf_uint(&w, (unsigned)!!s->tail | (unsigned)!!s->broken << 1 |
				      (unsigned)!!s->alone << 2 | (lender[i] != SIZE_MAX) << 3 |
				      (unsigned)(keeps_times(s) && lender[i] == SIZE_MAX) << 4, 1);
		if (s->alone) {
			wbuf_uint(&w, (uint64_t)s->newest, 8);
			wbuf_bytes(&w, s->newest_id, 20);
		}
		wbuf_uint(&w, s->ncommits, 4);
		wbuf_uint(&w, s->n, 4);
		if (lender[i] != SIZE_MAX)
			wbuf_uint(&w, lender[i], 4);
		else
			put_held(&w, s, &at);
	}
	wbuf_seal(&w);
	oidmap_release(&at);
	free(pool);
	free(lender);
	*len = w.len;
	return w.b;
}

/* Every commit's id head and identity key, 12 bytes each. */
static int decode_idents(struct rbuf *r, struct segment *s)
{
	const uint8_t *p;

	if (s->ncommits > (size_t)(r->end - r->p) / 12 ||
	    !(p = rbuf_take(r, (size_t)s->ncommits * 12)))
		return -1;
	s->ident_oid = xmalloc(((size_t)s->ncommits + 1) * sizeof(*s->ident_oid));
	s->ident_key = xmalloc(((size_t)s->ncommits + 1) * sizeof(*s->ident_key));
	for (uint32_t k = 0; k < s->ncommits; k++, p += 12) {	/* (taken whole above) */
		memcpy(s->ident_oid[k], p, 8);
		s->ident_key[k] = (uint32_t)p[8] | (uint32_t)p[9] << 8 | (uint32_t)p[10] << 16 |
				  (uint32_t)p[11] << 24;
	}
	return 0;
}

/* A chain's tail's committer dates, 8 bytes each. */
static int decode_times(struct rbuf *r, struct segment *s)
{
	if (s->ncommits > (size_t)(r->end - r->p) / 8)
		return -1;
	s->time = xmalloc(((size_t)s->ncommits + 1) * sizeof(*s->time));
	return rbuf_i64s(r, s->time, s->ncommits);
}

/* One commit naming others: the pool's, whose place a base's own tail
 * names (its facts shared: nested tails name the same commits, Open
 * vSwitch's 33 tails 1,654 commits 35,143 times), or held in the segment;
 * 0, or -1 (f holds what was read). */
static int decode_fix(struct rbuf *r, const struct seg_pool *pool, int alone,
		      struct seg_fix *f)
{
	const uint8_t *oid;

	if (alone) {
		uint32_t at = (uint32_t)rbuf_uint(r, 4);
		if (r->bad || at >= pool->n)
			return -1;
		memcpy(f->oid, pool->v[at].oid, 20);
		f->facts = pool->v[at].facts;
		f->shared = 1;
		return 0;
	}
	if (!(oid = rbuf_take(r, 20)) || cache_get_facts(r, &f->facts))
		return -1;
	memcpy(f->oid, oid, 20);
	for (size_t k = 0; k < f->facts.nrefs; k++)
		if (f->facts.refs[k].kind == MSG_REF_MENTION)
			return -1;	/* (dropped before a segment keeps facts) */
	return 0;
}

/* The pool: commits naming others, held as a segment holds them; 0, or -1
 * (p holds what was read, to release). */
static int decode_pool(struct rbuf *r, struct seg_pool *p)
{
	uint32_t n = (uint32_t)rbuf_uint(r, 4);

	memset(p, 0, sizeof(*p));
	if (r->bad || n > (size_t)(r->end - r->p) / 20)
		return -1;
	p->v = xcalloc((size_t)n + 1, sizeof(*p->v));
	for (; p->n < n; p->n++)
		if (decode_fix(r, NULL, 0, &p->v[p->n])) {
			p->n++;		/* released with the rest */
			return -1;
		}
	return r->bad ? -1 : 0;
}

/* A segment kept as the end of another (format 10), until lend() fills it:
 * the other's index (UINT32_MAX: none, the segment held its own) and its
 * count of commits naming others. */
struct pending {
	uint32_t lender;
	uint32_t nfixes;
};

/* One segment; 0, or -1 (then s holds what was read, to release).  One
 * kept as the end of another is left without its commits, *p saying whose
 * end it is. */
static int decode_segment(struct rbuf *r, const struct seg_pool *pool, struct segment *s,
			  struct pending *p)
{
	const uint8_t *from = rbuf_take(r, 20), *to = rbuf_take(r, 20);
	unsigned flags = (unsigned)rbuf_uint(r, 1);
	int64_t newest = flags & 4 ? (int64_t)rbuf_uint(r, 8) : 0;
	const uint8_t *newest_id = flags & 4 ? rbuf_take(r, 20) : NULL;
	uint32_t n;

	memset(s, 0, sizeof(*s));
	*p = (struct pending){ UINT32_MAX, 0 };
	s->ncommits = (uint32_t)rbuf_uint(r, 4);
	n = (uint32_t)rbuf_uint(r, 4);
	if (r->bad || flags > 31 || n > s->ncommits ||
	    (flags & 16 && (!(flags & 1) || flags & 10)) ||
	    (!(flags & 8) && n > (size_t)(r->end - r->p) / 4) ||
	    (flags & 2 && (s->ncommits || flags & 4)) || (flags & 4 && !(flags & 1)) ||
	    (flags & 8 && !(flags & 4)))
		return -1;
	memcpy(s->from, from, 20);
	memcpy(s->to, to, 20);
	s->tail = (int)(flags & 1);
	s->broken = (int)(flags >> 1 & 1);
	s->alone = (int)(flags >> 2 & 1);
	s->newest = newest;
	if (newest_id)
		memcpy(s->newest_id, newest_id, 20);
	if (flags & 8) {	/* the end of another: copied once all are read */
		*p = (struct pending){ (uint32_t)rbuf_uint(r, 4), n };
		/* (UINT32_MAX says "no lender": a segment left without its commits) */
		return r->bad || p->lender == UINT32_MAX ? -1 : 0;
	}
	s->v = xcalloc(n + 1, sizeof(*s->v));
	for (; s->n < n; s->n++)
		if (decode_fix(r, pool, s->alone, &s->v[s->n])) {
			s->n++;		/* released with the rest */
			return -1;
		}
	if (r->bad || decode_idents(r, s))
		return -1;
	return flags & 16 ? decode_times(r, s) : 0;
}

/* Segment i, kept as the end of segment j (p[i]), from j's commits: 0, or
 * -1 when j is no base's own tail held in the file, or shorter. */
static int lend(struct segcache *c, size_t i, const struct pending *p)
{
	struct segment *s = &c->v[i];
	uint32_t j = p[i].lender;
	const struct segment *l = j < c->n ? &c->v[j] : NULL;
	size_t n = p[i].nfixes;

	if (!l || j == i || p[j].lender != UINT32_MAX || !l->alone || n > l->n ||
	    s->ncommits > l->ncommits)
		return -1;
	segcache_hold(c, &c->v[j]);
	s->v = l->v + (l->n - n);
	s->n = s->cap = n;
	s->ident_oid = l->ident_oid + (l->ncommits - s->ncommits);
	s->ident_key = l->ident_key + (l->ncommits - s->ncommits);
	s->time = l->time ? l->time + (l->ncommits - s->ncommits) : NULL;
	s->borrowed = 1;
	return 0;
}

static void reject(struct segcache *c, const char *why)
{
	segcache_release(c);
	c->rejected = why;
}

void segcache_load_buffer(struct segcache *c, const uint8_t *buf, size_t len)
{
	struct rbuf r = { buf, buf + (len >= 8 ? len - 8 : 0), 0 };
	const char *why;
	struct seg_pool *pool;

	if ((why = rbuf_head(&r, buf, len, sizeof(MAGIC) - 1, MAGIC, FORMAT, REGTRACE_VERSION,
			     "not a regtrace mainline cache")))
		return reject(c, why);
	/* the pool is the cache's from here: released with it, even half read */
	c->pools = xrealloc(c->pools, (c->npools + 1) * sizeof(*c->pools));
	pool = &c->pools[c->npools++];
	int bad = decode_pool(&r, pool);
	uint32_t n = (uint32_t)rbuf_uint(&r, 4);
	if (bad || r.bad || n > (size_t)(r.end - r.p) / 49)
		return reject(c, "corrupt segment");
	c->v = xcalloc(n + 1, sizeof(*c->v));
	c->cap = n + 1;
	struct pending *p = xmalloc(((size_t)n + 1) * sizeof(*p));
	for (; c->n < n && !bad; c->n++)
		bad = decode_segment(&r, pool, &c->v[c->n], &p[c->n]);
	uint64_t lent = 0;
	for (size_t i = 0; i < c->n; i++)
		if (p[i].lender != UINT32_MAX)
			lent += lend_cost(c->v[i].ncommits, p[i].nfixes);
	if (!bad && lent > (uint64_t)LEND_RATIO * len) {
		free(p);
		return reject(c, "references past the file's budget");
	}
	for (size_t i = 0; i < c->n && !bad; i++)
		if (p[i].lender != UINT32_MAX)
			bad = lend(c, i, p);
	free(p);	/* (a segment left to lend holds nothing: released as it is) */
	if (bad || r.p != r.end)
		return reject(c, "corrupt segment");
}

static void load_any(void *c, const uint8_t *buf, size_t len)
{
	segcache_load_buffer(c, buf, len);
}

void segcache_load_file(struct segcache *c, const char *path)
{
	cache_file_load(c, load_any, path, &c->loaded);
	c->path = path;
}

/* Does c hold a tail that s would replace? */
static int has_tail_like(const struct segcache *c, const struct segment *s)
{
	for (size_t i = 0; i < c->n; i++)
		if (replaces(s, &c->v[i]))
			return 1;
	return 0;
}

/* Another process saved the file since c was loaded: take its segments c lacks. */
static void merge_saved(struct segcache *c, const char *path)
{
	struct segcache d;

	segcache_init(&d);
	segcache_load_file(&d, path);
	for (size_t i = 0; i < d.n; i++) {
		struct segment *s = &d.v[i];
		if (find(c, s->from, s->to, s->alone) || has_tail_like(c, s))
			continue;
		ARRAY_GROW(c->v, c->n, c->cap);
		c->v[c->n++] = *s;
		memset(s, 0, sizeof(*s));	/* taken over */
	}
	/* the segments taken share d's pools: c keeps them */
	c->pools = xrealloc(c->pools, (c->npools + d.npools + 1) * sizeof(*c->pools));
	if (d.npools)
		memcpy(c->pools + c->npools, d.pools, d.npools * sizeof(*d.pools));
	c->npools += d.npools;
	free(d.pools);
	d.pools = NULL;
	d.npools = 0;
	for (size_t i = 0; i < d.nowners; i++) {	/* (and their arrays' owners) */
		ARRAY_GROW(c->owners, c->nowners, c->owners_cap);
		c->owners[c->nowners++] = d.owners[i];
	}
	d.nowners = 0;
	segcache_release(&d);
}

static void merge_any(void *c, const char *path)
{
	merge_saved(c, path);
}

static uint8_t *encode_any(void *c, size_t *len)
{
	return segcache_encode(c, len);
}

static const struct cache_file_ops save_ops = { merge_any, encode_any };

int segcache_save(struct segcache *c, const char *path, char *err, size_t errlen)
{
	if (!c->dirty)
		return 0;
	return cache_file_save(c, &save_ops, path, &c->loaded, err, errlen);
}

int segcache_save_soon(struct segcache *c, const char *path, char *err, size_t errlen)
{
	if (!c->dirty)
		return 0;
	return cache_file_save_soon(c, &save_ops, path, &c->loaded, err, errlen);
}
