/* cache/infer.c — see cache/infer.h. */
#include "cache/infer.h"
#include "cache/save.h"
#include "base/codec.h"
#include "base/error.h"
#include "base/util.h"
#include "base/version.h"

#include <stdlib.h>
#include <string.h>

#define MAGIC "regtrace-infer-cache\n"
#define FORMAT INFERCACHE_FORMAT	/* 2: candidates, ties, path groups; 3: the
						   seal's hash in four chains */
#define STR_MAX 4096			/* an email or a subject, at most (core's are shorter) */
#define TAB0 256

void infercache_init(struct infercache *c)
{
	memset(c, 0, sizeof(*c));
	pthread_mutex_init(&c->lock, NULL);
}

/* Everything but the lock. */
static void drop_all(struct infercache *c)
{
	for (size_t i = 0; i < c->ncand; i++) {
		free(c->cand[i].email);
		free(c->cand[i].subject);
	}
	free(c->cand);
	free(c->ties.rec);
	free(c->groups.rec);
	free(c->blobs.rec);
	oidtab_release(&c->cand_at);
	oidtab_release(&c->ties.at);
	oidtab_release(&c->groups.at);
	oidtab_release(&c->blobs.at);
	c->cand = NULL;
	c->ncand = c->cand_cap = 0;
	memset(&c->ties, 0, sizeof(c->ties));
	memset(&c->groups, 0, sizeof(c->groups));
	memset(&c->blobs, 0, sizeof(c->blobs));
}

void infercache_release(struct infercache *c)
{
	drop_all(c);
	pthread_mutex_destroy(&c->lock);
	memset(c, 0, sizeof(*c));
}

static uint64_t hash_cand(const void *ctx, uint32_t v)
{
	return oidtab_hash_id(((const struct infercache *)ctx)->cand[v].oid);
}

static uint64_t hash_pair(const void *ctx, uint32_t v)
{
	return oidtab_hash_id(((const struct infer_pairs *)ctx)->rec[v].oid);
}

/* The slot of candidate oid, or of the empty slot where it would go. */
static size_t cand_slot(const struct infercache *c, const uint8_t oid[20])
{
	size_t k = oidtab_first(&c->cand_at, oidtab_hash_id(oid));

	for (; c->cand_at.slot[k]; k = oidtab_next(&c->cand_at, k))
		if (!memcmp(c->cand[c->cand_at.slot[k] - 1].oid, oid, 20))
			break;
	return k;
}

static size_t pair_slot(const struct infer_pairs *t, const uint8_t oid[20])
{
	size_t k = oidtab_first(&t->at, oidtab_hash_id(oid));

	for (; t->at.slot[k]; k = oidtab_next(&t->at, k))
		if (!memcmp(t->rec[t->at.slot[k] - 1].oid, oid, 20))
			break;
	return k;
}

/* Add a candidate (strings taken over) unless its id is there: 1 if added. */
static int put_candidate(struct infercache *c, const uint8_t oid[20], char *email, char *subject)
{
	size_t k;

	oidtab_reserve(&c->cand_at, TAB0, hash_cand, c);
	if (c->cand_at.slot[k = cand_slot(c, oid)]) {
		free(email);
		free(subject);
		return 0;
	}
	ARRAY_GROW(c->cand, c->ncand, c->cand_cap);
	memcpy(c->cand[c->ncand].oid, oid, 20);
	c->cand[c->ncand].email = email;
	c->cand[c->ncand].subject = subject;
	oidtab_put(&c->cand_at, k, (uint32_t)c->ncand++);
	return 1;
}

static int put_pair(struct infer_pairs *t, const uint8_t oid[20], const uint8_t val[20])
{
	size_t k;

	oidtab_reserve(&t->at, TAB0, hash_pair, t);
	if (t->at.slot[k = pair_slot(t, oid)])
		return 0;
	ARRAY_GROW(t->rec, t->n, t->cap);
	memcpy(t->rec[t->n].oid, oid, 20);
	memcpy(t->rec[t->n].val, val, 20);
	oidtab_put(&t->at, k, (uint32_t)t->n++);
	return 1;
}

int infercache_candidate(struct infercache *c, const uint8_t head[8], uint8_t oid[20],
			 char **email, char **subject)
{
	const struct infer_candidate *hit = NULL;
	size_t found = 0;

	pthread_mutex_lock(&c->lock);
	if (c->cand_at.cap) {
		size_t k = oidtab_first(&c->cand_at, oidtab_hash_id(head));
		for (; c->cand_at.slot[k]; k = oidtab_next(&c->cand_at, k)) {
			const struct infer_candidate *x = &c->cand[c->cand_at.slot[k] - 1];
			if (!memcmp(x->oid, head, 8)) {
				hit = x;
				found++;
			}
		}
	}
	if (found == 1) {
		memcpy(oid, hit->oid, 20);
		*email = xstrdup(hit->email);
		*subject = xstrdup(hit->subject);
	}
	pthread_mutex_unlock(&c->lock);
	return found == 1;
}

void infercache_add_candidate(struct infercache *c, const uint8_t oid[20], const char *email,
			      const char *subject)
{
	pthread_mutex_lock(&c->lock);
	c->dirty |= put_candidate(c, oid, xstrdup(email), xstrdup(subject));
	pthread_mutex_unlock(&c->lock);
}

static int get_pair(struct infercache *c, const struct infer_pairs *t, const uint8_t oid[20],
		    uint8_t val[20])
{
	int hit = 0;

	pthread_mutex_lock(&c->lock);
	if (t->at.cap) {
		size_t k = pair_slot(t, oid);
		if ((hit = t->at.slot[k] != 0))
			memcpy(val, t->rec[t->at.slot[k] - 1].val, 20);
	}
	pthread_mutex_unlock(&c->lock);
	return hit;
}

static void add_pair(struct infercache *c, struct infer_pairs *t, const uint8_t oid[20],
		     const uint8_t val[20])
{
	pthread_mutex_lock(&c->lock);
	c->dirty |= put_pair(t, oid, val);
	pthread_mutex_unlock(&c->lock);
}

int infercache_tie(struct infercache *c, const uint8_t key[20], uint8_t winner[20])
{
	return get_pair(c, &c->ties, key, winner);
}

void infercache_add_tie(struct infercache *c, const uint8_t key[20], const uint8_t winner[20])
{
	add_pair(c, &c->ties, key, winner);
}

int infercache_group(struct infercache *c, const uint8_t key[20], uint8_t pid[20])
{
	return get_pair(c, &c->groups, key, pid);
}

void infercache_add_group(struct infercache *c, const uint8_t key[20], const uint8_t pid[20])
{
	add_pair(c, &c->groups, key, pid);
}

int infercache_blob_lines(struct infercache *c, const uint8_t oid[20], uint64_t *sum, int *text)
{
	uint8_t val[20];

	if (!get_pair(c, &c->blobs, oid, val))
		return 0;
	memcpy(sum, val, 8);
	*text = val[8];
	return 1;
}

void infercache_add_blob_lines(struct infercache *c, const uint8_t oid[20], uint64_t sum,
			       int text)
{
	uint8_t val[20] = { 0 };

	memcpy(val, &sum, 8);
	val[8] = (uint8_t)!!text;
	pthread_mutex_lock(&c->lock);
	put_pair(&c->blobs, oid, val);	/* (the file keeps none: not dirty) */
	pthread_mutex_unlock(&c->lock);
}

/* ---- the file ---- */

static int cmp_cand(const void *a, const void *b)
{
	return memcmp(((const struct infer_candidate *)a)->oid,
		      ((const struct infer_candidate *)b)->oid, 20);
}

static int cmp_pair(const void *a, const void *b)
{
	return memcmp(((const struct infer_pair *)a)->oid, ((const struct infer_pair *)b)->oid,
		      20);
}

static void sort_pairs(struct infer_pairs *t)
{
	if (t->n)
		qsort(t->rec, t->n, sizeof(*t->rec), cmp_pair);
	if (t->at.cap)
		oidtab_resize(&t->at, t->at.cap, hash_pair, t);
}

/* The records sorted by id (the tables found again). */
static void sort_records(struct infercache *c)
{
	if (c->ncand)
		qsort(c->cand, c->ncand, sizeof(*c->cand), cmp_cand);
	if (c->cand_at.cap)
		oidtab_resize(&c->cand_at, c->cand_at.cap, hash_cand, c);
	sort_pairs(&c->ties);
	sort_pairs(&c->groups);
}

static void encode_pairs(struct wbuf *w, const struct infer_pairs *t)
{
	wbuf_uint(w, t->n, 4);
	for (size_t i = 0; i < t->n; i++) {
		wbuf_bytes(w, t->rec[i].oid, 20);
		wbuf_bytes(w, t->rec[i].val, 20);
	}
}

uint8_t *infercache_encode(struct infercache *c, size_t *len)
{
	struct wbuf w = { 0 };

	pthread_mutex_lock(&c->lock);
	sort_records(c);
	wbuf_head(&w, MAGIC, FORMAT, REGTRACE_VERSION);
	wbuf_uint(&w, c->ncand, 4);
	for (size_t i = 0; i < c->ncand; i++) {
		wbuf_bytes(&w, c->cand[i].oid, 20);
		wbuf_str(&w, c->cand[i].email);
		wbuf_str(&w, c->cand[i].subject);
	}
	encode_pairs(&w, &c->ties);
	encode_pairs(&w, &c->groups);
	pthread_mutex_unlock(&c->lock);
	wbuf_seal(&w);
	*len = w.len;
	return w.b;
}

/* The candidates; NULL, or why the file is rejected. */
static const char *decode_candidates(struct rbuf *r, struct infercache *c)
{
	uint32_t n = (uint32_t)rbuf_uint(r, 4);

	if (r->bad || n > (size_t)(r->end - r->p) / 28)	/* id and two lengths at least */
		return "corrupt candidate";
	c->cand_cap = (size_t)n + 1;
	c->cand = xcalloc(c->cand_cap, sizeof(*c->cand));
	oidtab_resize(&c->cand_at, oidtab_cap_for(n, TAB0), hash_cand, c);
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *oid = rbuf_take(r, 20);
		char *email = NULL, *subject = NULL;
		if (!oid || rbuf_str(r, STR_MAX, 0, &email) || rbuf_str(r, STR_MAX, 0, &subject)) {
			free(email);
			return "corrupt candidate";
		}
		if (i && memcmp(c->cand[i - 1].oid, oid, 20) >= 0) {
			free(email);
			free(subject);
			return "candidates out of order";
		}
		put_candidate(c, oid, email, subject);	/* (a new id: in order) */
	}
	return NULL;
}

/* Records of 40 bytes, the last section ending the file; NULL, or why the
 * file is rejected (corrupt, unordered). */
static const char *decode_pairs(struct rbuf *r, struct infer_pairs *t, int last,
				const char *corrupt, const char *unordered)
{
	uint32_t n = (uint32_t)rbuf_uint(r, 4);
	size_t left = (size_t)(r->end - r->p);

	if (r->bad || n > left / 40 || (last && (n != left / 40 || left % 40)))
		return corrupt;
	t->cap = (size_t)n + 1;
	t->rec = xcalloc(t->cap, sizeof(*t->rec));
	oidtab_resize(&t->at, oidtab_cap_for(n, TAB0), hash_pair, t);
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *p = rbuf_take(r, 40);
		if (i && memcmp(t->rec[i - 1].oid, p, 20) >= 0)
			return unordered;
		put_pair(t, p, p + 20);
	}
	return NULL;
}

void infercache_load_buffer(struct infercache *c, const uint8_t *buf, size_t len)
{
	struct rbuf r = { buf, buf + (len >= 8 ? len - 8 : 0), 0 };
	const char *why;

	drop_all(c);
	if (!(why = rbuf_head(&r, buf, len, sizeof(MAGIC) - 1, MAGIC, FORMAT, REGTRACE_VERSION,
			      "not a regtrace inference cache")) &&
	    !(why = decode_candidates(&r, c)) &&
	    !(why = decode_pairs(&r, &c->ties, 0, "corrupt tie", "ties out of order")) &&
	    !(why = decode_pairs(&r, &c->groups, 1, "corrupt path group",
				 "path groups out of order")) &&
	    (r.bad || r.p != r.end))
		why = "corrupt path group";
	if (why) {
		drop_all(c);
		c->rejected = why;
	}
	c->dirty = 0;
}

static void load_any(void *c, const uint8_t *buf, size_t len)
{
	infercache_load_buffer(c, buf, len);
}

void infercache_load_file(struct infercache *c, const char *path)
{
	cache_file_load(c, load_any, path, &c->loaded);
}

/* Another process saved the file since c was loaded: take its records. */
static void merge_saved(struct infercache *c, const char *path)
{
	struct infercache d;

	infercache_init(&d);
	infercache_load_file(&d, path);
	pthread_mutex_lock(&c->lock);
	for (size_t i = 0; i < d.ncand; i++) {
		put_candidate(c, d.cand[i].oid, d.cand[i].email, d.cand[i].subject);
		d.cand[i].email = d.cand[i].subject = NULL;	/* taken over or freed */
	}
	for (size_t i = 0; i < d.ties.n; i++)
		put_pair(&c->ties, d.ties.rec[i].oid, d.ties.rec[i].val);
	for (size_t i = 0; i < d.groups.n; i++)
		put_pair(&c->groups, d.groups.rec[i].oid, d.groups.rec[i].val);
	pthread_mutex_unlock(&c->lock);
	infercache_release(&d);
}

static void merge_any(void *c, const char *path)
{
	merge_saved(c, path);
}

static uint8_t *encode_any(void *c, size_t *len)
{
	return infercache_encode(c, len);
}

static const struct cache_file_ops save_ops = { merge_any, encode_any };

int infercache_save(struct infercache *c, const char *path, char *err, size_t errlen)
{
	int rc;

	if (!c->dirty)
		return 0;
	if ((rc = cache_file_save(c, &save_ops, path, &c->loaded, err, errlen)) == 0)
		c->dirty = 0;
	return rc;
}
