/* cache.c — see cache.h. */
#include "cache.h"
#include "atomic_file.h"
#include "cli.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "regtrace-cache\n"
#define FORMAT 1u
#define HEADER_MIN (sizeof(MAGIC) - 1 + 4 + 4 + 8 + 8)

struct rd {
	const uint8_t *p, *end;
	int bad;
};

static uint64_t fnv(const uint8_t *p, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

uint64_t cache_fingerprint(const char *const *patterns, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = fnv((const uint8_t *)patterns[i], strlen(patterns[i]) + 1, h);
	return h;
}

static const uint8_t *take(struct rd *r, size_t n)
{
	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = 1;
		return NULL;
	}
	const uint8_t *q = r->p;
	r->p += n;
	return q;
}

static uint64_t get(struct rd *r, size_t n)
{
	const uint8_t *q = take(r, n);
	uint64_t v = 0;

	for (size_t i = 0; q && i < n; i++)
		v |= (uint64_t)q[i] << (8 * i);
	return v;
}

/* ---- writing ---- */

static void put_bytes(uint8_t **b, size_t *len, size_t *cap, const void *p, size_t n)
{
	while (*len + n > *cap) {
		*cap = *cap ? *cap * 2 : 4096;
		*b = xrealloc(*b, *cap);
	}
	if (n)		/* p may be NULL then (no parents, nothing added) */
		memcpy(*b + *len, p, n);
	*len += n;
}

static void put(uint8_t **b, size_t *len, size_t *cap, uint64_t v, size_t n)
{
	uint8_t tmp[8];

	for (size_t i = 0; i < n; i++)
		tmp[i] = (uint8_t)(v >> (8 * i));
	put_bytes(b, len, cap, tmp, n);
}

static void put_str(uint8_t **b, size_t *len, size_t *cap, const char *s)
{
	if (!s) {
		put(b, len, cap, UINT32_MAX, 4);
		return;
	}
	put(b, len, cap, strlen(s), 4);
	put_bytes(b, len, cap, s, strlen(s));
}

void cache_add(struct cache *c, const uint8_t oid[20], int64_t time, unsigned all_parents,
	       const uint8_t (*parents)[20], unsigned nparents, const struct msg_facts *f)
{
	uint8_t *r = NULL;
	size_t n = 0, cap = 0;

	put_bytes(&r, &n, &cap, oid, 20);
	put(&r, &n, &cap, (uint64_t)time, 8);
	put(&r, &n, &cap, all_parents, 4);
	put(&r, &n, &cap, nparents, 2);
	put_bytes(&r, &n, &cap, parents, (size_t)nparents * 20);
	put(&r, &n, &cap, (unsigned)f->is_revert | (unsigned)f->cc_stable << 1 |
		(unsigned)f->autosel_form << 2, 1);
	put(&r, &n, &cap, f->fixes_lines, 4);
	put(&r, &n, &cap, f->nonsha_fixes_lines, 4);
	put_str(&r, &n, &cap, f->subject);
	put(&r, &n, &cap, f->naliases, 2);
	for (size_t i = 0; i < f->naliases; i++)
		put_str(&r, &n, &cap, f->aliases[i]);
	put(&r, &n, &cap, f->nrefs, 2);
	for (size_t i = 0; i < f->nrefs; i++) {
		put(&r, &n, &cap, f->refs[i].kind, 1);
		put_str(&r, &n, &cap, f->refs[i].id);
		put_str(&r, &n, &cap, f->refs[i].subject);
	}
	put(&c->add, &c->addlen, &c->addcap, n, 4);
	put_bytes(&c->add, &c->addlen, &c->addcap, r, n);
	c->addcount++;
	free(r);
}

uint8_t *cache_encode(const struct cache *c, size_t *len)
{
	uint8_t *b = NULL;
	size_t n = 0, cap = 0;

	put_bytes(&b, &n, &cap, MAGIC, sizeof(MAGIC) - 1);
	put(&b, &n, &cap, FORMAT, 4);
	put_str(&b, &n, &cap, REGTRACE_VERSION);
	put(&b, &n, &cap, c->fingerprint, 8);
	put(&b, &n, &cap, c->count + c->addcount, 8);
	if (c->buf)
		put_bytes(&b, &n, &cap, c->buf + c->body, c->body_end - c->body);
	put_bytes(&b, &n, &cap, c->add, c->addlen);
	put(&b, &n, &cap, fnv(b, n, 0xcbf29ce484222325ull), 8);
	*len = n;
	return b;
}

/* ---- reading ---- */

/* A string of at most max bytes (NULL allowed when nullable); 0 or -1. */
static int get_str(struct rd *r, size_t max, int nullable, char **out)
{
	uint32_t n = (uint32_t)get(r, 4);
	const uint8_t *p;

	*out = NULL;
	if (r->bad)
		return -1;
	if (n == UINT32_MAX)
		return nullable ? 0 : -1;
	if (n > max || !(p = take(r, n)) || memchr(p, '\0', n))
		return -1;
	*out = xstrndup((const char *)p, n);
	return 0;
}

static int valid_id(const char *s)
{
	size_t n = strlen(s);

	return n >= MSG_ID_MIN && n <= MSG_ID_MAX && strspn(s, "0123456789abcdef") == n;
}

static int decode_aliases(struct rd *r, struct msg_facts *f)
{
	unsigned n = (unsigned)get(r, 2);
	char *s;

	for (unsigned i = 0; i < n; i++) {
		if (get_str(r, MSG_ID_MAX, 0, &s) || !valid_id(s)) {
			free(s);
			return -1;
		}
		ARRAY_GROW(f->aliases, f->naliases, f->aliases_cap);
		memcpy(f->aliases[f->naliases++], s, strlen(s) + 1);
		free(s);
	}
	return r->bad ? -1 : 0;
}

static int decode_refs(struct rd *r, struct msg_facts *f)
{
	unsigned n = (unsigned)get(r, 2);
	char *id, *sub;

	for (unsigned i = 0; i < n; i++) {
		unsigned kind = (unsigned)get(r, 1);
		if (get_str(r, MSG_ID_MAX, 0, &id) || !valid_id(id) || kind > MSG_REF_REVERT ||
		    get_str(r, MSG_SUBJECT_MAX, 1, &sub)) {
			free(id);
			return -1;
		}
		ARRAY_GROW(f->refs, f->nrefs, f->refs_cap);
		struct msg_ref *ref = &f->refs[f->nrefs++];
		ref->kind = (enum msg_ref_kind)kind;
		memcpy(ref->id, id, strlen(id) + 1);
		ref->subject = sub;
		free(id);
	}
	return r->bad ? -1 : 0;
}

/* The structure part of a record (after its length); r is left at the facts. */
static int decode_head(struct rd *r, struct cache_hit *h)
{
	take(r, 20);
	h->time = (int64_t)get(r, 8);
	h->all_parents = (unsigned)get(r, 4);
	h->nparents = (unsigned)get(r, 2);
	h->parents = take(r, (size_t)h->nparents * 20);
	return r->bad || h->nparents > h->all_parents ? -1 : 0;
}

int cache_facts(const struct cache_hit *h, struct msg_facts *f)
{
	uint32_t len = (uint32_t)h->record[0] | (uint32_t)h->record[1] << 8 |
		       (uint32_t)h->record[2] << 16 | (uint32_t)h->record[3] << 24;
	struct rd r = { h->record + 4, h->record + 4 + len, 0 };
	struct cache_hit tmp;

	memset(f, 0, sizeof(*f));
	if (decode_head(&r, &tmp))
		goto bad;
	unsigned flags = (unsigned)get(&r, 1);
	f->is_revert = flags & 1;
	f->cc_stable = (flags >> 1) & 1;
	f->autosel_form = (flags >> 2) & 1;
	f->fixes_lines = (unsigned)get(&r, 4);
	f->nonsha_fixes_lines = (unsigned)get(&r, 4);
	if (get_str(&r, MSG_SUBJECT_MAX, 0, &f->subject) || decode_aliases(&r, f) ||
	    decode_refs(&r, f) || r.p != r.end)
		goto bad;
	return 0;
bad:
	msg_facts_release(f);
	f->subject = xstrdup("");
	return -1;
}

static void table_put(struct cache *c, size_t off)
{
	const uint8_t *oid = c->buf + off + 4;
	uint64_t h;

	memcpy(&h, oid, 8);
	size_t k = h & (c->tcap - 1);
	while (c->table[k])
		k = (k + 1) & (c->tcap - 1);
	c->table[k] = (uint32_t)off + 1;
}

/* Check every record fully (a cache is never half trusted) and index it. */
static int index_records(struct cache *c, size_t count)
{
	struct rd r = { c->buf + c->body, c->buf + c->body_end, 0 };
	struct msg_facts f;

	if (count > (c->body_end - c->body) / 24 || c->body_end > UINT32_MAX)
		return -1;
	for (c->tcap = 1024; c->tcap < count * 2 + 2; c->tcap *= 2)
		;
	c->table = xcalloc(c->tcap, sizeof(uint32_t));
	for (size_t i = 0; i < count; i++) {
		size_t off = (size_t)(r.p - c->buf);
		uint32_t len = (uint32_t)get(&r, 4);
		if (r.bad || !take(&r, len) || len < 38)
			return -1;
		struct cache_hit h = { .record = c->buf + off };
		if (cache_facts(&h, &f)) {
			msg_facts_release(&f);
			return -1;
		}
		msg_facts_release(&f);
		table_put(c, off);
	}
	c->count = count;
	return r.p == r.end ? 0 : -1;
}

void cache_init(struct cache *c, uint64_t fingerprint)
{
	memset(c, 0, sizeof(*c));
	c->fingerprint = fingerprint;
}

static void reject(struct cache *c, const char *why)
{
	free(c->buf);
	free(c->table);
	c->buf = NULL;
	c->table = NULL;
	c->count = c->tcap = 0;
	c->rejected = why;
}

void cache_load_buffer(struct cache *c, uint8_t *buf, size_t len)
{
	struct rd r = { buf, buf + len, 0 };
	char *ver = NULL;

	c->buf = buf;
	c->len = len;
	if (len < HEADER_MIN + 8 || memcmp(buf, MAGIC, sizeof(MAGIC) - 1))
		return reject(c, "not a regtrace cache");
	uint64_t sum = 0;
	for (int i = 0; i < 8; i++)
		sum |= (uint64_t)buf[len - 8 + i] << (8 * i);
	if (sum != fnv(buf, len - 8, 0xcbf29ce484222325ull))
		return reject(c, "checksum mismatch");
	take(&r, sizeof(MAGIC) - 1);
	if (get(&r, 4) != FORMAT || get_str(&r, 64, 0, &ver) || strcmp(ver, REGTRACE_VERSION)) {
		free(ver);
		return reject(c, "another version");
	}
	free(ver);
	if (get(&r, 8) != c->fingerprint)
		return reject(c, "other rules");
	uint64_t count = get(&r, 8);
	c->body = (size_t)(r.p - buf);
	c->body_end = len - 8;
	if (r.bad || index_records(c, (size_t)count) < 0)
		return reject(c, "corrupt record");
}

void cache_load_file(struct cache *c, const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, got;

	if (!f)
		return;
	do {
		if (len == cap)
			buf = xrealloc(buf, cap = cap ? cap * 2 : 1 << 20);
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	if (ferror(f)) {
		fclose(f);
		free(buf);
		return;
	}
	fclose(f);
	cache_load_buffer(c, buf, len);
}

int cache_lookup(const struct cache *c, const uint8_t oid[20], struct cache_hit *out)
{
	uint64_t h;

	if (!c || !c->table)
		return 0;
	memcpy(&h, oid, 8);
	for (size_t k = h & (c->tcap - 1); c->table[k]; k = (k + 1) & (c->tcap - 1)) {
		const uint8_t *rec = c->buf + c->table[k] - 1;
		if (memcmp(rec + 4, oid, 20))
			continue;
		uint32_t len = (uint32_t)get(&(struct rd){ rec, rec + 4, 0 }, 4);
		struct rd r = { rec + 4, rec + 4 + len, 0 };
		out->record = rec;
		return decode_head(&r, out) == 0;
	}
	return 0;
}

int cache_save(struct cache *c, const char *path, char *err, size_t errlen)
{
	struct atomic_file f;
	size_t len;
	uint8_t *b;
	int rc = 0;

	if (!c->addcount)
		return 0;
	b = cache_encode(c, &len);
	if (atomic_file_open(&f, path, err, errlen) < 0) {
		free(b);
		return -1;
	}
	if (fwrite(b, 1, len, f.fp) != len) {
		int e = errno;
		atomic_file_abort(&f);
		rc = atomic_file_error(path, e, err, errlen);
	} else {
		rc = atomic_file_commit(&f, err, errlen);
	}
	free(b);
	return rc;
}

void cache_release(struct cache *c)
{
	free(c->buf);
	free(c->table);
	free(c->add);
	memset(c, 0, sizeof(*c));
}
