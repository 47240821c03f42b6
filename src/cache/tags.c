/* cache/tags.c — see cache/tags.h. */
#include "cache/tags.h"
#include "base/blobfile.h"
#include "base/codec.h"
#include "base/util.h"
#include "base/radix.h"
#include "base/version.h"

#include <stdlib.h>
#include <string.h>

#define MAGIC "regtrace-tags-cache\n"
#define FORMAT TAGCACHE_FORMAT	/* 2: the mainline's first-parent line; 3: the
					   seal's hash in four chains */
#define RECORD 48	/* id, commit, date */

void tagcache_init(struct tagcache *c)
{
	memset(c, 0, sizeof(*c));
}

static int cmp_record(const void *a, const void *b)
{
	return memcmp(((const struct tag_record *)a)->id, ((const struct tag_record *)b)->id, 20);
}

static void line_release(struct tag_line *l)
{
	free(l->head);
	memset(l, 0, sizeof(*l));
}

/* The line section; 0, or a reason to reject the file. */
static const char *decode_line(struct rbuf *r, struct tag_line *l)
{
	unsigned has = (unsigned)rbuf_uint(r, 1);
	const uint8_t *tip;
	uint32_t n;

	if (r->bad || has > 1)
		return "corrupt line";
	if (!has)
		return NULL;
	tip = rbuf_take(r, 20);
	n = (uint32_t)rbuf_uint(r, 4);
	if (r->bad || n != (size_t)(r->end - r->p) / 8 || (size_t)(r->end - r->p) % 8)
		return "corrupt line";
	l->has = 1;
	memcpy(l->tip, tip, 20);
	l->head = xmalloc(((size_t)n + 1) * sizeof(*l->head));
	for (uint32_t i = 0; i < n; i++) {
		memcpy(l->head[i], rbuf_take(r, 8), 8);
		l->n = i + 1;
		if (i && memcmp(l->head[i - 1], l->head[i], 8) >= 0)
			return "corrupt line";
	}
	return NULL;
}

/* The records; 0, or a reason to reject the file. */
static const char *decode_records(struct rbuf *r, struct tagcache *c)
{
	uint32_t n = (uint32_t)rbuf_uint(r, 4);

	if (r->bad || n > (size_t)(r->end - r->p) / RECORD)
		return "corrupt record";
	c->v = xmalloc(((size_t)n + 1) * sizeof(*c->v));
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *p = rbuf_take(r, 40);
		memcpy(c->v[i].id, p, 20);
		memcpy(c->v[i].commit, p + 20, 20);
		c->v[i].date = (int64_t)rbuf_uint(r, 8);
		if (i && memcmp(c->v[i - 1].id, c->v[i].id, 20) >= 0)
			return "records out of order";
	}
	c->n = n;
	return NULL;
}

void tagcache_load_buffer(struct tagcache *c, const uint8_t *buf, size_t len)
{
	struct rbuf r = { buf, buf + (len >= 8 ? len - 8 : 0), 0 };
	const char *why;

	free(c->v);
	c->v = NULL;
	c->n = 0;
	line_release(&c->line);
	if (!(why = rbuf_head(&r, buf, len, sizeof(MAGIC) - 1, MAGIC, FORMAT, REGTRACE_VERSION,
			      "not a regtrace tags cache")) &&
	    !(why = decode_records(&r, c)) && !(why = decode_line(&r, &c->line)) &&
	    r.p != r.end)
		why = "corrupt line";
	if (why) {
		free(c->v);
		c->v = NULL;
		c->n = 0;
		line_release(&c->line);
		c->rejected = why;
	}
}

static int cmp_head(const void *a, const void *b)
{
	return memcmp(a, b, 8);
}

int tagcache_line_on(const struct tagcache *c, const uint8_t tip[20], const uint8_t commit[20])
{
	const struct tag_line *l = c->line_seen.has && !memcmp(c->line_seen.tip, tip, 20)
					   ? &c->line_seen : &c->line;

	if (!l->has || memcmp(l->tip, tip, 20))
		return -1;
	return l->n && bsearch(commit, l->head, l->n, 8, cmp_head) != NULL;
}

/* head[0..n) in memcmp order: each as the number its bytes spell, high
 * byte first, sorted as numbers. */
static uint64_t high_first(uint64_t x)	/* its own inverse */
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return x;
#else
	return __builtin_bswap64(x);
#endif
}

static void sort_heads(uint8_t (*head)[8], size_t n)
{
	uint64_t *v = xmalloc((n + 1) * sizeof(*v));

	for (size_t i = 0; i < n; i++) {
		memcpy(&v[i], head[i], 8);
		v[i] = high_first(v[i]);
	}
	sort_u64(v, n);
	for (size_t i = 0; i < n; i++) {
		uint64_t x = high_first(v[i]);
		memcpy(head[i], &x, 8);
	}
	free(v);
}

void tagcache_line_seen(struct tagcache *c, const uint8_t tip[20], uint8_t (*head)[8], size_t n)
{
	struct tag_line *l = &c->line_seen;
	size_t k = 0;

	sort_heads(head, n);
	for (size_t i = 0; i < n; i++)
		if (!k || memcmp(head[k - 1], head[i], 8))
			memmove(head[k++], head[i], 8);
	line_release(l);
	l->has = 1;
	memcpy(l->tip, tip, 20);
	l->head = head;
	l->n = k;
}

void tagcache_line_extend(struct tagcache *c, const uint8_t tip[20], uint8_t (*head)[8],
			  size_t n)
{
	const struct tag_line *old = &c->line;
	uint8_t (*merged)[8];
	size_t i = 0, j = 0, k = 0;

	if (!old->has) {
		tagcache_line_seen(c, tip, head, n);
		return;
	}
	sort_heads(head, n);
	merged = xmalloc((n + old->n + 1) * sizeof(*merged));
	while (i < n || j < old->n) {
		int from_new = j == old->n || (i < n && memcmp(head[i], old->head[j], 8) < 0);
		const uint8_t *h = from_new ? head[i++] : old->head[j++];
		if (!k || memcmp(merged[k - 1], h, 8))
			memcpy(merged[k++], h, 8);
	}
	free(head);
	line_release(&c->line_seen);
	c->line_seen.has = 1;
	memcpy(c->line_seen.tip, tip, 20);
	c->line_seen.head = merged;
	c->line_seen.n = k;
}

void tagcache_load_file(struct tagcache *c, const char *path)
{
	size_t len;
	uint8_t *buf = blobfile_read_max(path, (size_t)64 << 20, &len);

	if (buf)
		tagcache_load_buffer(c, buf, len);
	free(buf);
}

static void add_seen(struct tagcache *c, const struct tag_record *t)
{
	ARRAY_GROW(c->seen, c->nseen, c->cap);
	c->seen[c->nseen++] = *t;
}

const struct tag_record *tagcache_find(struct tagcache *c, const uint8_t id[20])
{
	struct tag_record key;
	const struct tag_record *t;

	memcpy(key.id, id, 20);
	t = c->n ? bsearch(&key, c->v, c->n, sizeof(*c->v), cmp_record) : NULL;
	if (t)
		add_seen(c, t);
	return t;
}

void tagcache_seen(struct tagcache *c, const uint8_t id[20], const uint8_t commit[20],
		   int64_t date)
{
	struct tag_record t;

	memcpy(t.id, id, 20);
	memcpy(t.commit, commit, 20);
	t.date = date;
	add_seen(c, &t);
}

/* The records seen, sorted, each once (in place). */
static void sort_seen(struct tagcache *c)
{
	size_t k = 0;

	if (c->nseen)
		qsort(c->seen, c->nseen, sizeof(*c->seen), cmp_record);
	for (size_t i = 0; i < c->nseen; i++)
		if (!k || memcmp(c->seen[k - 1].id, c->seen[i].id, 20))
			c->seen[k++] = c->seen[i];
	c->nseen = k;
}

uint8_t *tagcache_encode(struct tagcache *c, size_t *len)
{
	struct wbuf w = { 0 };
	const struct tag_line *line;

	sort_seen(c);
	wbuf_head(&w, MAGIC, FORMAT, REGTRACE_VERSION);
	wbuf_uint(&w, c->nseen, 4);
	for (size_t i = 0; i < c->nseen; i++) {
		wbuf_bytes(&w, c->seen[i].id, 20);
		wbuf_bytes(&w, c->seen[i].commit, 20);
		wbuf_uint(&w, (uint64_t)c->seen[i].date, 8);
	}
	line = c->line_seen.has ? &c->line_seen : &c->line;	/* none used: kept */
	wbuf_uint(&w, (unsigned)line->has, 1);
	if (line->has) {
		wbuf_bytes(&w, line->tip, 20);
		wbuf_uint(&w, line->n, 4);
		if (line->n)
			wbuf_bytes(&w, line->head, 8 * line->n);
	}
	wbuf_seal(&w);
	*len = w.len;
	return w.b;
}

static int same_record(const struct tag_record *a, const struct tag_record *b)
{
	return !memcmp(a->id, b->id, 20) && !memcmp(a->commit, b->commit, 20) &&
	       a->date == b->date;
}

static int same_line(const struct tag_line *a, const struct tag_line *b)
{
	return a->has == b->has && (!a->has || (!memcmp(a->tip, b->tip, 20) && a->n == b->n &&
						!memcmp(a->head, b->head, 8 * a->n)));
}

int tagcache_save(struct tagcache *c, const char *path, char *err, size_t errlen)
{
	size_t len, same = 0;
	int rc;

	sort_seen(c);
	if (c->nseen == c->n)	/* the records seen are those loaded: nothing to write */
		while (same < c->n && same_record(&c->seen[same], &c->v[same]))
			same++;
	if (c->nseen == c->n && same == c->n && !c->rejected &&
	    (!c->line_seen.has || same_line(&c->line_seen, &c->line)))
		return 0;
	uint8_t *b = tagcache_encode(c, &len);
	rc = blobfile_write(path, b, len, err, errlen);
	free(b);
	return rc;
}

void tagcache_release(struct tagcache *c)
{
	line_release(&c->line);
	line_release(&c->line_seen);
	free(c->v);
	free(c->seen);
	memset(c, 0, sizeof(*c));
}
