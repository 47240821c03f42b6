/* cache/summaries.c — see cache/summaries.h. */
#include "cache/summaries.h"
#include "cache/save.h"
#include "base/codec.h"
#include "base/util.h"
#include "base/version.h"

#include <stdlib.h>
#include <string.h>

#define MAGIC "regtrace-summaries\n"
#define STR_MAX 4096		/* a name, a base, a tip, a label, a release */

void summaries_init(struct summaries *c)
{
	memset(c, 0, sizeof(*c));
	pthread_mutex_init(&c->lock, NULL);
}

static void drop_all(struct summaries *c)
{
	for (size_t i = 0; i < c->n; i++)
		summary_release(&c->v[i]);
	free(c->v);
	free(c->used);
	c->v = NULL;
	c->used = NULL;
	c->n = c->cap = 0;
}

void summaries_release(struct summaries *c)
{
	drop_all(c);
	pthread_mutex_destroy(&c->lock);
	memset(c, 0, sizeof(*c));
}

static size_t find(const struct summaries *c, const uint8_t key[20])
{
	for (size_t i = 0; i < c->n; i++)
		if (!memcmp(c->v[i].key, key, 20))
			return i;
	return SIZE_MAX;
}

/* sm (taken over) into c: replacing the one under its key, else appended. */
static void put(struct summaries *c, struct summary *sm, uint8_t used)
{
	size_t i = find(c, sm->key);

	if (i == SIZE_MAX) {
		if (c->n == c->cap) {
			c->cap = c->cap ? 2 * c->cap : 16;
			c->v = xrealloc(c->v, c->cap * sizeof(*c->v));
			c->used = xrealloc(c->used, c->cap);
		}
		i = c->n++;
	} else
		summary_release(&c->v[i]);
	c->v[i] = *sm;
	c->used[i] = used;
	memset(sm, 0, sizeof(*sm));
}

const struct summary *summaries_find(struct summaries *c, const uint8_t key[20])
{
	pthread_mutex_lock(&c->lock);
	size_t i = find(c, key);
	if (i != SIZE_MAX)
		c->used[i] = 1;
	pthread_mutex_unlock(&c->lock);
	return i == SIZE_MAX ? NULL : &c->v[i];
}

void summaries_add(struct summaries *c, struct summary *sm)
{
	pthread_mutex_lock(&c->lock);
	put(c, sm, 1);
	c->dirty = 1;
	pthread_mutex_unlock(&c->lock);
}

/* ---- the file ---- */

static void put_i64(struct wbuf *w, int64_t v)
{
	wbuf_uint(w, (uint64_t)v, 8);
}

static void encode_one(struct wbuf *w, const struct summary *s)
{
	wbuf_bytes(w, s->key, 20);
	wbuf_str(w, s->name);
	wbuf_str(w, s->base);
	wbuf_str(w, s->tip);
	wbuf_str(w, s->label);
	put_i64(w, s->base_date);
	for (size_t i = 0; i < summary_ncounts; i++) {
		size_t v;
		memcpy(&v, (const char *)&s->counts + summary_count_at[i], sizeof(v));
		wbuf_uint(w, v, 8);
	}
	wbuf_uint(w, s->lifetimes.n, 8);
	put_i64(w, s->lifetimes.median_days);
	put_i64(w, s->lifetimes.p90_days);
	put_i64(w, s->lifetimes.median_releases);
	put_i64(w, s->lifetimes.p90_releases);
	wbuf_uint(w, s->nsagas, 8);
	wbuf_uint(w, s->nrels, 4);
	for (size_t i = 0; i < s->nrels; i++) {
		wbuf_str(w, s->rels[i].name);
		wbuf_uint(w, s->rels[i].number, 8);
		wbuf_uint(w, s->rels[i].commit, 4);
		put_i64(w, s->rels[i].date);
	}
	wbuf_uint(w, s->nids, 4);
	for (size_t i = 0; i < s->nids; i++) {
		wbuf_bytes(w, s->ids[i], 20);
		wbuf_uint(w, s->merge[i], 1);
	}
	wbuf_uint(w, s->nkeys, 4);
	for (size_t i = 0; i < s->nkeys; i++)
		wbuf_uint(w, s->keys[i], 4);
	wbuf_uint(w, s->nmatches, 4);
	for (size_t i = 0; i < s->nmatches; i++) {
		wbuf_uint(w, s->matches[i].key, 4);
		wbuf_bytes(w, s->matches[i].head, 8);
	}
	wbuf_uint(w, s->asks.n, 4);
	for (size_t i = 0; i < s->asks.n; i++) {
		const struct outside_id *a = &s->asks.v[i];
		wbuf_str(w, a->id);
		wbuf_uint(w, (uint64_t)!!a->known, 1);
		wbuf_uint(w, a->naliases, 4);
		for (size_t k = 0; k < a->naliases; k++)
			wbuf_str(w, a->aliases[k]);
	}
	wbuf_bytes(w, s->tags, 20);
	wbuf_str(w, s->mainline);
}

uint8_t *summaries_encode(struct summaries *c, size_t *len)
{
	struct wbuf w = { 0 };
	size_t used = 0, others = 0;

	pthread_mutex_lock(&c->lock);
	for (size_t i = 0; i < c->n; i++) {
		used += c->used[i] && used < SUMMARIES_KEEP;
		others += !c->used[i] && others < SUMMARIES_KEEP_OTHERS;
	}
	wbuf_head(&w, MAGIC, SUMMARIES_FORMAT, REGTRACE_VERSION);
	wbuf_uint(&w, used + others, 4);
	for (size_t i = 0; i < c->n && used; i++)	/* the used first, then the others */
		if (c->used[i]) {
			encode_one(&w, &c->v[i]);
			used--;
		}
	for (size_t i = 0; i < c->n && others; i++)
		if (!c->used[i]) {
			encode_one(&w, &c->v[i]);
			others--;
		}
	pthread_mutex_unlock(&c->lock);
	wbuf_seal(&w);
	*len = w.len;
	return w.b;
}

/* A count of items of at least `least` bytes each that r can still hold:
 * 0, or -1. */
static int count_of(struct rbuf *r, size_t least, size_t *n)
{
	*n = (size_t)rbuf_uint(r, 4);
	return r->bad || *n > (size_t)(r->end - r->p) / least ? -1 : 0;
}

static int64_t get_i64(struct rbuf *r)
{
	return (int64_t)rbuf_uint(r, 8);
}

static int decode_rels(struct rbuf *r, struct summary *s)
{
	size_t n;

	if (count_of(r, 24, &n))
		return -1;
	s->rels = xcalloc(n + 1, sizeof(*s->rels));
	s->nrels = n;	/* (each name NULL until read: released as such) */
	for (size_t i = 0; i < s->nrels; i++) {
		if (rbuf_str(r, STR_MAX, 0, &s->rels[i].name))
			return -1;
		s->rels[i].number = (unsigned long)rbuf_uint(r, 8);
		s->rels[i].commit = (uint32_t)rbuf_uint(r, 4);
		s->rels[i].date = get_i64(r);
	}
	return r->bad ? -1 : 0;
}

static int decode_ids(struct rbuf *r, struct summary *s)
{
	if (count_of(r, 21, &s->nids))
		return -1;
	s->ids = xmalloc((s->nids + 1) * sizeof(*s->ids));
	s->merge = xmalloc(s->nids + 1);
	for (size_t i = 0; i < s->nids; i++) {
		memcpy(s->ids[i], rbuf_take(r, 20), 20);
		s->merge[i] = (uint8_t)rbuf_uint(r, 1);
		if (s->merge[i] > 1)
			return -1;
	}
	for (size_t i = 0; i < s->nrels; i++)	/* (a release's commit is one of them) */
		if (s->rels[i].commit >= s->nids)
			return -1;
	return 0;
}

static int decode_keys(struct rbuf *r, struct summary *s)
{
	if (count_of(r, 4, &s->nkeys))
		return -1;
	s->keys = xmalloc((s->nkeys + 1) * sizeof(*s->keys));
	for (size_t i = 0; i < s->nkeys; i++) {
		s->keys[i] = (uint32_t)rbuf_uint(r, 4);
		if (i && s->keys[i - 1] >= s->keys[i])
			return -1;	/* sorted, distinct */
	}
	if (count_of(r, 12, &s->nmatches))
		return -1;
	s->matches = xmalloc((s->nmatches + 1) * sizeof(*s->matches));
	for (size_t i = 0; i < s->nmatches; i++) {
		s->matches[i].key = (uint32_t)rbuf_uint(r, 4);
		memcpy(s->matches[i].head, rbuf_take(r, 8), 8);
	}
	return 0;
}

/* An id as the messages name them: 7 to 40 lower-case hex digits. */
static int is_id(const char *s)
{
	size_t n = strlen(s);

	return n >= 7 && n <= MSG_ID_MAX && strspn(s, "0123456789abcdef") == n;
}

static int decode_asks(struct rbuf *r, struct summary *s)
{
	size_t n;
	int bad = 0;

	if (count_of(r, 9, &n))
		return -1;
	for (size_t i = 0; i < n && !bad; i++) {
		char *id = NULL, (*aliases)[MSG_ID_MAX + 1] = NULL, *a = NULL;
		int known;
		size_t na;
		bad = rbuf_str(r, MSG_ID_MAX, 0, &id) || !is_id(id) ||
		      (s->asks.n && strcmp(s->asks.v[s->asks.n - 1].id, id) >= 0);	/* sorted, once */
		known = (int)rbuf_uint(r, 1);
		bad |= known > 1 || count_of(r, 4, &na);
		if (!bad)
			aliases = xcalloc(na + 1, sizeof(*aliases));
		for (size_t k = 0; !bad && k < na; k++) {
			bad = rbuf_str(r, MSG_ID_MAX, 0, &a) || !is_id(a);
			if (!bad)
				memcpy(aliases[k], a, strlen(a) + 1);
			free(a);
			a = NULL;
		}
		if (!bad)
			outside_add(&s->asks, id, known, (const char (*)[MSG_ID_MAX + 1])aliases, na);
		free(aliases);
		free(id);
	}
	outside_sort(&s->asks);
	return bad || r->bad ? -1 : 0;
}

/* One summary; 0, or -1 when its bytes are not one. */
static int decode_one(struct rbuf *r, struct summary *s)
{
	const uint8_t *key = rbuf_take(r, 20);

	memset(s, 0, sizeof(*s));
	outside_init(&s->asks);
	if (!key || rbuf_str(r, STR_MAX, 0, &s->name) || rbuf_str(r, STR_MAX, 1, &s->base) ||
	    rbuf_str(r, STR_MAX, 1, &s->tip) || rbuf_str(r, STR_MAX, 1, &s->label))
		return -1;
	memcpy(s->key, key, 20);
	s->base_date = get_i64(r);
	for (size_t i = 0; i < summary_ncounts; i++) {
		size_t v = (size_t)rbuf_uint(r, 8);
		memcpy((char *)&s->counts + summary_count_at[i], &v, sizeof(v));
	}
	s->lifetimes.n = (size_t)rbuf_uint(r, 8);
	s->lifetimes.median_days = (long)get_i64(r);
	s->lifetimes.p90_days = (long)get_i64(r);
	s->lifetimes.median_releases = (long)get_i64(r);
	s->lifetimes.p90_releases = (long)get_i64(r);
	s->nsagas = (size_t)rbuf_uint(r, 8);
	if (r->bad || decode_rels(r, s) || decode_ids(r, s) || s->nsagas > s->nids ||
	    decode_keys(r, s) || decode_asks(r, s))
		return -1;	/* (a saga is made of the series' commits) */
	const uint8_t *tags = rbuf_take(r, 20);
	if (!tags || rbuf_str(r, STR_MAX, 1, &s->mainline))
		return -1;
	memcpy(s->tags, tags, 20);
	return 0;
}

void summaries_load_buffer(struct summaries *c, const uint8_t *buf, size_t len)
{
	struct rbuf r = { buf, buf + (len >= 8 ? len - 8 : 0), 0 };
	const char *why;
	size_t n = 0;

	drop_all(c);
	why = rbuf_head(&r, buf, len, sizeof(MAGIC) - 1, MAGIC, SUMMARIES_FORMAT, REGTRACE_VERSION,
			"not a regtrace summaries file");
	if (!why && count_of(&r, 20, &n))
		why = "corrupt summary";
	for (size_t i = 0; i < n && !why; i++) {
		struct summary s;
		if (decode_one(&r, &s)) {
			summary_release(&s);
			why = "corrupt summary";
		} else if (find(c, s.key) != SIZE_MAX) {
			summary_release(&s);
			why = "a summary twice";
		} else
			put(c, &s, 0);
	}
	if (!why && (r.bad || r.p != r.end))
		why = "corrupt summary";
	if (why) {
		drop_all(c);
		c->rejected = why;
	}
	c->dirty = 0;
}

static void load_any(void *c, const uint8_t *buf, size_t len)
{
	summaries_load_buffer(c, buf, len);
}

void summaries_load_file(struct summaries *c, const char *path)
{
	cache_file_load(c, load_any, path, &c->loaded);
}

/* Another process saved the file since c was loaded: take the summaries c
 * lacks (not used by this run). */
static void merge_saved(void *cv, const char *path)
{
	struct summaries *c = cv, d;

	summaries_init(&d);
	summaries_load_file(&d, path);
	pthread_mutex_lock(&c->lock);
	for (size_t i = 0; i < d.n; i++)
		if (find(c, d.v[i].key) == SIZE_MAX)
			put(c, &d.v[i], 0);
	pthread_mutex_unlock(&c->lock);
	summaries_release(&d);
}

static uint8_t *encode_any(void *c, size_t *len)
{
	return summaries_encode(c, len);
}

static const struct cache_file_ops save_ops = { merge_saved, encode_any };

int summaries_save(struct summaries *c, const char *path, char *err, size_t errlen)
{
	int rc;

	if (!c->dirty)
		return 0;
	if ((rc = cache_file_save(c, &save_ops, path, &c->loaded, err, errlen)) == 0)
		c->dirty = 0;
	return rc;
}
