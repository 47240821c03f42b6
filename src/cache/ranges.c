/* cache/ranges.c — see cache/ranges.h. */
#include "cache/ranges.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

void cache_ranges_init(struct cache_ranges *r)
{
	memset(r, 0, sizeof(*r));
	pthread_mutex_init(&r->lock, NULL);
}

static void range_free(struct cache_range *x)
{
	if (!x)
		return;
	free(x->first);
	free(x->par);
	free(x->own);
	free(x->own_painted);
	free(x);
}

static void clear(struct cache_ranges *r)
{
	for (size_t i = 0; i < r->n; i++)
		range_free(r->v[i]);
	free(r->v);
	r->v = NULL;
	r->n = r->cap = 0;
}

void cache_ranges_release(struct cache_ranges *r)
{
	clear(r);
	pthread_mutex_destroy(&r->lock);
	memset(r, 0, sizeof(*r));
}

static struct cache_range *find(const struct cache_ranges *r, const uint8_t base[20],
				const uint8_t tip[20])
{
	for (size_t i = 0; i < r->n; i++)
		if (!memcmp(r->v[i]->base, base, 20) && !memcmp(r->v[i]->tip, tip, 20))
			return r->v[i];
	return NULL;
}

/* One range of the section; NULL when anything is wrong. */
static struct cache_range *decode_one(struct rbuf *in)
{
	struct cache_range *x = xcalloc(1, sizeof(*x));
	const uint8_t *base = rbuf_take(in, 20), *tip = rbuf_take(in, 20);

	x->used = rbuf_uint(in, 8);
	x->n = (uint32_t)rbuf_uint(in, 4);
	uint32_t nedges = (uint32_t)rbuf_uint(in, 4);
	/* sizes checked against what is left before anything is allocated */
	if (in->bad || (uint64_t)x->n * 22 + (uint64_t)nedges * 4 > (uint64_t)(in->end - in->p)) {
		free(x);
		return NULL;
	}
	memcpy(x->base, base, 20);
	memcpy(x->tip, tip, 20);
	x->oids = rbuf_take(in, (size_t)x->n * 20);
	x->first = xmalloc(((size_t)x->n + 1) * sizeof(uint32_t));
	x->par = xmalloc(((size_t)nedges + 1) * sizeof(uint32_t));
	x->first[0] = 0;
	for (uint32_t k = 0; k < x->n; k++) {
		uint64_t next = (uint64_t)x->first[k] + rbuf_uint(in, 2);
		if (next > nedges)
			in->bad = 1;
		x->first[k + 1] = in->bad ? x->first[k] : (uint32_t)next;
	}
	if (x->first[x->n] != nedges)
		in->bad = 1;
	for (uint32_t k = 0; k < x->n && !in->bad; k++)
		for (uint32_t e = x->first[k]; e < x->first[k + 1]; e++)
			if ((x->par[e] = (uint32_t)rbuf_uint(in, 4)) >= k)
				in->bad = 1;	/* a parent comes before its child */
	x->npainted = (uint32_t)rbuf_uint(in, 4);
	if (!in->bad && (uint64_t)x->npainted * 20 > (uint64_t)(in->end - in->p))
		in->bad = 1;
	if (!in->bad)
		x->painted = rbuf_take(in, (size_t)x->npainted * 20);
	if (in->bad) {
		range_free(x);
		return NULL;
	}
	return x;
}

int cache_ranges_decode(struct cache_ranges *r, struct rbuf *in)
{
	uint64_t saves = rbuf_uint(in, 8), n = rbuf_uint(in, 4);

	clear(r);
	r->saves = saves;
	for (uint64_t i = 0; i < n && !in->bad; i++) {
		struct cache_range *x = decode_one(in);
		if (!x || find(r, x->base, x->tip) || x->used > saves) {
			range_free(x);
			in->bad = 1;
			break;
		}
		ARRAY_GROW(r->v, r->n, r->cap);
		r->v[r->n++] = x;
	}
	if (in->bad) {
		clear(r);
		r->saves = 0;
		return -1;
	}
	return 0;
}

static void encode_one(const struct cache_range *x, struct wbuf *out)
{
	wbuf_bytes(out, x->base, 20);
	wbuf_bytes(out, x->tip, 20);
	wbuf_uint(out, x->used, 8);
	wbuf_uint(out, x->n, 4);
	wbuf_uint(out, x->first[x->n], 4);
	wbuf_bytes(out, x->oids, (size_t)x->n * 20);
	for (uint32_t k = 0; k < x->n; k++)
		wbuf_uint(out, x->first[k + 1] - x->first[k], 2);
	for (uint32_t e = 0; e < x->first[x->n]; e++)
		wbuf_uint(out, x->par[e], 4);
	wbuf_uint(out, x->npainted, 4);
	wbuf_bytes(out, x->painted, (size_t)x->npainted * 20);
}

static void encode_some(const struct cache_ranges *r, struct wbuf *out, int unstored)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n; i++)
		n += !unstored || !r->v[i]->stored;
	wbuf_uint(out, r->saves, 8);
	wbuf_uint(out, n, 4);
	for (size_t i = 0; i < r->n; i++)
		if (!unstored || !r->v[i]->stored)
			encode_one(r->v[i], out);
}

void cache_ranges_encode(const struct cache_ranges *r, struct wbuf *out)
{
	encode_some(r, out, 0);
}

void cache_ranges_encode_unstored(const struct cache_ranges *r, struct wbuf *out)
{
	encode_some(r, out, 1);
}

size_t cache_ranges_size(const struct cache_ranges *r, int unstored)
{
	size_t len = 12;

	for (size_t i = 0; i < r->n; i++) {
		const struct cache_range *x = r->v[i];
		if (!unstored || !x->stored)
			len += 60 + (size_t)x->n * 22 + (size_t)x->first[x->n] * 4 +
			       (size_t)x->npainted * 20;
	}
	return len;
}

void cache_ranges_mark_stored(struct cache_ranges *r)
{
	for (size_t i = 0; i < r->n; i++)
		r->v[i]->stored = 1;
}

int cache_ranges_overlay(struct cache_ranges *r, struct cache_ranges *from)
{
	if (from->saves < r->saves)
		return -1;
	r->saves = from->saves;
	for (size_t i = 0; i < from->n; i++) {
		struct cache_range *y = from->v[i], *x = find(r, y->base, y->tip);
		if (x) {
			for (size_t k = 0; k < r->n; k++)
				if (r->v[k] == x)
					r->v[k] = y;
			range_free(x);
		} else {
			ARRAY_GROW(r->v, r->n, r->cap);
			r->v[r->n++] = y;
		}
	}
	from->n = 0;	/* (its ranges are r's now) */
	return 0;
}

const struct cache_range *cache_ranges_use(struct cache_ranges *r, const uint8_t base[20],
					   const uint8_t tip[20])
{
	pthread_mutex_lock(&r->lock);
	struct cache_range *x = find(r, base, tip);
	if (x && !x->fresh) {
		x->fresh = 1;
		if (r->saves - x->used >= CACHE_RANGES_REFRESH)
			r->changed = 1;
	}
	pthread_mutex_unlock(&r->lock);
	return x;
}

const struct cache_range *cache_ranges_of_base(struct cache_ranges *r, const uint8_t base[20],
					       const uint8_t tip[20])
{
	const struct cache_range *best = NULL;

	pthread_mutex_lock(&r->lock);
	for (size_t i = 0; i < r->n; i++) {
		const struct cache_range *x = r->v[i];
		if (!memcmp(x->base, base, 20) && memcmp(x->tip, tip, 20) &&
		    (!best || x->n > best->n))
			best = x;
	}
	pthread_mutex_unlock(&r->lock);
	return best;
}

void cache_ranges_put(struct cache_ranges *r, const uint8_t base[20], const uint8_t tip[20],
		      uint32_t n, uint8_t *oids, uint32_t *first, uint32_t *par,
		      uint32_t npainted, uint8_t *painted)
{
	struct cache_range *x = xcalloc(1, sizeof(*x));

	memcpy(x->base, base, 20);
	memcpy(x->tip, tip, 20);
	x->n = n;
	x->oids = x->own = oids;
	x->first = first;
	x->par = par;
	x->npainted = painted ? npainted : 0;
	x->painted = x->own_painted = painted;
	x->fresh = 1;
	pthread_mutex_lock(&r->lock);
	if (find(r, base, tip)) {
		range_free(x);
	} else {
		ARRAY_GROW(r->v, r->n, r->cap);
		r->v[r->n++] = x;
		r->changed = 1;
	}
	pthread_mutex_unlock(&r->lock);
}

/* Most recently used first; the fresh ones before all others. */
static int by_use(const void *a, const void *b)
{
	const struct cache_range *x = *(struct cache_range *const *)a;
	const struct cache_range *y = *(struct cache_range *const *)b;

	if (x->fresh != y->fresh)
		return x->fresh ? -1 : 1;
	if (x->used != y->used)
		return x->used > y->used ? -1 : 1;
	return memcmp(x->base, y->base, 20) ? memcmp(x->base, y->base, 20)
					    : memcmp(x->tip, y->tip, 20);
}

/* Sort r's ranges as a save keeps them (most recently used first) and tell
 * how many of the first ones a save numbered `saves` keeps: the rest are
 * dropped (keep[i]: whether range i is kept). */
static size_t plan(struct cache_ranges *r, uint64_t saves, unsigned char *keep)
{
	size_t kept = 0;

	if (r->n)
		qsort(r->v, r->n, sizeof(*r->v), by_use);
	for (size_t i = 0; i < r->n; i++) {
		const struct cache_range *x = r->v[i];
		size_t same_base = 0;
		for (size_t k = 0; k < i; k++)
			same_base += keep[k] && !memcmp(r->v[k]->base, x->base, 20);
		keep[i] = x->fresh || (saves - x->used <= CACHE_RANGES_MAX_AGE &&
				       same_base < CACHE_RANGES_PER_BASE);
		kept += keep[i];
	}
	return kept;
}

void cache_ranges_settle(struct cache_ranges *r)
{
	unsigned char *keep = xmalloc(r->n + 1);
	size_t kept = 0;

	r->saves++;
	plan(r, r->saves, keep);
	for (size_t i = 0; i < r->n; i++) {
		struct cache_range *x = r->v[i];
		if (keep[i]) {
			if (x->fresh)
				x->used = r->saves;
			r->v[kept++] = x;
		} else {
			range_free(x);
		}
	}
	r->n = kept;
	free(keep);
}

int cache_ranges_light_ok(struct cache_ranges *r)
{
	unsigned char *keep = xmalloc(r->n + 1);
	int ok = plan(r, r->saves + 1, keep) == r->n;

	free(keep);
	for (size_t i = 0; ok && i < r->n; i++)
		if (r->v[i]->stored && r->v[i]->fresh &&
		    r->saves - r->v[i]->used >= CACHE_RANGES_REFRESH)
			ok = 0;
	return ok;
}

void cache_ranges_settle_light(struct cache_ranges *r)
{
	r->saves++;
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i]->fresh && !r->v[i]->stored)
			r->v[i]->used = r->saves;
}

void cache_ranges_merge(struct cache_ranges *to, const struct cache_ranges *from)
{
	pthread_mutex_lock(&to->lock);
	if (from->saves > to->saves)
		to->saves = from->saves;
	for (size_t i = 0; i < from->n; i++) {
		const struct cache_range *y = from->v[i];
		if (find(to, y->base, y->tip))
			continue;
		struct cache_range *x = xcalloc(1, sizeof(*x));
		size_t nedges = y->first[y->n];
		memcpy(x->base, y->base, 20);
		memcpy(x->tip, y->tip, 20);
		x->used = y->used;
		x->n = y->n;
		x->own = xmalloc((size_t)y->n * 20 + 1);
		memcpy(x->own, y->oids, (size_t)y->n * 20);
		x->oids = x->own;
		x->first = xmalloc(((size_t)y->n + 1) * sizeof(*x->first));
		memcpy(x->first, y->first, ((size_t)y->n + 1) * sizeof(*x->first));
		x->par = xmalloc(nedges * sizeof(*x->par) + 1);
		if (nedges)
			memcpy(x->par, y->par, nedges * sizeof(*x->par));
		x->npainted = y->npainted;
		x->own_painted = xmalloc((size_t)y->npainted * 20 + 1);
		if (y->npainted)
			memcpy(x->own_painted, y->painted, (size_t)y->npainted * 20);
		x->painted = x->own_painted;
		ARRAY_GROW(to->v, to->n, to->cap);
		to->v[to->n++] = x;
		to->changed = 1;
	}
	pthread_mutex_unlock(&to->lock);
}
