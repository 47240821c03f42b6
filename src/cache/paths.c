/* cache/paths.c — see cache/paths.h.  Records (pointers into the loaded
 * file, or to records added in this run) are found by id through a table
 * of their positions (base/oidmap.h: oidtab); a save writes them in the
 * table's slot order, as ever. */
#include "cache/paths.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

void cache_paths_init(struct cache_paths *p)
{
	memset(p, 0, sizeof(*p));
	pthread_mutex_init(&p->lock, NULL);
}

static void clear(struct cache_paths *p)
{
	for (size_t i = 0; i < p->nown; i++)
		free(p->own[i]);
	free(p->own);
	free(p->rec);
	oidtab_release(&p->table);
	p->own = NULL;
	p->rec = NULL;
	p->nown = p->owncap = p->count = p->reccap = 0;
}

void cache_paths_release(struct cache_paths *p)
{
	clear(p);
	pthread_mutex_destroy(&p->lock);
	memset(p, 0, sizeof(*p));
}

static uint64_t rec_hash(const void *ctx, uint32_t v)
{
	return oidtab_hash_id(((const struct cache_paths *)ctx)->rec[v]);
}

/* The record in slot k, or NULL. */
static const uint8_t *rec_in(const struct cache_paths *p, size_t k)
{
	return p->table.slot[k] ? p->rec[p->table.slot[k] - 1] : NULL;
}

/* The slot of oid's record, or the empty one where it would go. */
static size_t slot(const struct cache_paths *p, const uint8_t oid[20])
{
	size_t k = oidtab_first(&p->table, oidtab_hash_id(oid));

	while (p->table.slot[k] && memcmp(rec_in(p, k), oid, 20))
		k = oidtab_next(&p->table, k);
	return k;
}

/* Index rec; 0, or -1 when its id is there already. */
static int insert(struct cache_paths *p, const uint8_t *rec)
{
	oidtab_reserve(&p->table, 1024, rec_hash, p);
	size_t k = slot(p, rec);
	if (p->table.slot[k])
		return -1;
	ARRAY_GROW(p->rec, p->count, p->reccap);
	p->rec[p->count] = rec;
	oidtab_put(&p->table, k, (uint32_t)p->count++);
	return 0;
}

/* The end of the record at rec (checked), or NULL. */
static const uint8_t *record_end(const uint8_t *rec, const uint8_t *end)
{
	struct rbuf r = { rec, end, 0 };

	rbuf_take(&r, 20);
	unsigned n = (unsigned)rbuf_uint(&r, 2);
	for (unsigned i = 0; i < n && !r.bad; i++) {
		uint32_t len = (uint32_t)rbuf_uint(&r, 4);
		const uint8_t *s = len > CACHE_PATHS_DIR_MAX ? NULL : rbuf_take(&r, len);
		if (!s || memchr(s, '\0', len))
			r.bad = 1;
	}
	return r.bad ? NULL : r.p;
}

static uint32_t u32_at(const uint8_t *q)
{
	return (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
}

/* The length of a record already checked. */
static size_t record_len(const uint8_t *rec)
{
	unsigned n = (unsigned)rec[20] | (unsigned)rec[21] << 8;
	size_t len = 22;

	for (unsigned i = 0; i < n; i++)
		len += 4 + u32_at(rec + len);
	return len;
}

int cache_paths_decode(struct cache_paths *p, struct rbuf *in)
{
	uint64_t n = rbuf_uint(in, 4);

	clear(p);
	for (uint64_t i = 0; i < n && !in->bad; i++) {
		const uint8_t *end = record_end(in->p, in->end);
		if (!end || insert(p, in->p) < 0) {
			in->bad = 1;
			break;
		}
		in->p = end;
	}
	if (in->bad) {
		clear(p);
		return -1;
	}
	return 0;
}

size_t cache_paths_size(const struct cache_paths *p)
{
	size_t len = 4;

	for (size_t k = 0; k < p->count; k++)
		len += record_len(p->rec[k]);
	return len;
}

void cache_paths_encode(const struct cache_paths *p, struct wbuf *out,
			int (*keep)(void *ctx, const uint8_t oid[20]), void *ctx)
{
	size_t at = out->len, n = 0;

	wbuf_uint(out, 0, 4);	/* the count, set below */
	for (size_t k = 0; k < p->table.cap; k++) {
		const uint8_t *rec = rec_in(p, k);
		if (!rec || (keep && !keep(ctx, rec)))
			continue;
		wbuf_bytes(out, rec, record_len(rec));
		n++;
	}
	for (int i = 0; i < 4; i++)
		out->b[at + i] = (uint8_t)(n >> (8 * i));
}

int cache_paths_get(struct cache_paths *p, const uint8_t oid[20],
		    void (*fn)(void *ctx, const char *dir), void *ctx)
{
	const uint8_t *rec = NULL;
	char dir[CACHE_PATHS_DIR_MAX + 1];

	pthread_mutex_lock(&p->lock);
	if (p->table.cap)
		rec = rec_in(p, slot(p, oid));
	pthread_mutex_unlock(&p->lock);
	if (!rec)
		return 0;
	unsigned n = (unsigned)rec[20] | (unsigned)rec[21] << 8;
	const uint8_t *q = rec + 22;
	for (unsigned i = 0; i < n; i++) {
		uint32_t len = u32_at(q);
		memcpy(dir, q + 4, len);	/* checked when decoded or put */
		dir[len] = '\0';
		fn(ctx, dir);
		q += 4 + len;
	}
	return 1;
}

void cache_paths_put(struct cache_paths *p, const uint8_t oid[20], const char *const *dirs,
		     size_t n)
{
	struct wbuf w = { 0 };

	if (n > UINT16_MAX)
		return;		/* not kept: read again next time */
	for (size_t i = 0; i < n; i++)
		if (strlen(dirs[i]) > CACHE_PATHS_DIR_MAX)
			return;
	wbuf_bytes(&w, oid, 20);
	wbuf_uint(&w, n, 2);
	for (size_t i = 0; i < n; i++)
		wbuf_str(&w, dirs[i]);
	w.b = xrealloc(w.b, w.len);	/* its size, not the buffer's 4 KB: one per commit */
	pthread_mutex_lock(&p->lock);
	if (insert(p, w.b) == 0) {
		ARRAY_GROW(p->own, p->nown, p->owncap);
		p->own[p->nown++] = w.b;
		p->changed = 1;
	} else {
		free(w.b);
	}
	pthread_mutex_unlock(&p->lock);
}

void cache_paths_merge(struct cache_paths *to, const struct cache_paths *from)
{
	for (size_t k = 0; k < from->table.cap; k++) {
		const uint8_t *rec = rec_in(from, k);
		if (!rec)
			continue;
		size_t len = record_len(rec);
		uint8_t *copy = xmalloc(len);
		memcpy(copy, rec, len);
		pthread_mutex_lock(&to->lock);
		if (insert(to, copy) == 0) {
			ARRAY_GROW(to->own, to->nown, to->owncap);
			to->own[to->nown++] = copy;
			to->changed = 1;
		} else {
			free(copy);
		}
		pthread_mutex_unlock(&to->lock);
	}
}
