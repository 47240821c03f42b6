/* cache/outside.c — see cache/outside.h. */
#include "cache/outside.h"
#include "base/blobfile.h"
#include "base/codec.h"
#include "base/util.h"
#include "base/version.h"

#include <stdlib.h>
#include <string.h>

#define MAGIC "regtrace-outside-cache\n"
#define MAX_ALIASES 64	/* per record: msg_facts keeps fewer */

void ask_join(struct ask_answer *a, const struct ask_answer *b)
{
	if (b->count == ASK_NONE || a->count == ASK_MANY)
		return;
	if (a->count == ASK_NONE || b->count == ASK_MANY)
		*a = *b;
	else if (memcmp(a->oid, b->oid, 20)) {
		a->count = ASK_MANY;
		memset(a->oid, 0, 20);
	}
}

/* <0, 0, >0: oid against hex prefix id (digits past the prefix ignored). */
static int cmp_prefix(const uint8_t oid[20], const char *id)
{
	for (size_t i = 0; id[i] && i < 40; i++) {
		int d = (oid[i / 2] >> (i % 2 ? 0 : 4)) & 0xf, h = hex_digit(id[i]);
		if (d != h)
			return d - h;
	}
	return 0;
}

void ask_in_oids(const uint8_t (*oids)[20], size_t n, const char *id, struct ask_answer *a)
{
	size_t lo = 0, hi = n;

	memset(a, 0, sizeof(*a));
	while (lo < hi) {	/* the first oid not below the prefix */
		size_t mid = lo + (hi - lo) / 2;
		if (cmp_prefix(oids[mid], id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < n && !cmp_prefix(oids[i], id); i++) {
		struct ask_answer one = { ASK_ONE, { 0 } };
		memcpy(one.oid, oids[i], 20);
		ask_join(a, &one);
	}
}

void askcache_init(struct askcache *c, uint64_t fingerprint)
{
	memset(c, 0, sizeof(*c));
	c->fingerprint = fingerprint;
}

static void record_release(struct ask_record *r)
{
	free(r->aliases);
	r->aliases = NULL;
	r->naliases = 0;
}

static void drop_loaded(struct askcache *c)
{
	for (size_t i = 0; i < c->n; i++)
		record_release(&c->v[i]);
	free(c->v);
	free(c->packs);
	c->v = NULL;
	c->packs = NULL;
	c->n = c->npacks = 0;
}

/* A string of 1..max bytes, every byte allowed by ok(), into out (NUL-ended). */
static int get_str(struct rbuf *r, size_t max, int (*ok)(char), char *out)
{
	const uint8_t *p;
	size_t len;

	if (rbuf_str_view(r, max, 0, &p, &len) < 0 || !len)
		return -1;
	for (size_t i = 0; i < len; i++)
		if (!ok((char)p[i]))
			return -1;
	memcpy(out, p, len);
	out[len] = 0;
	return 0;
}

static int is_hex(char ch)
{
	return hex_digit(ch) >= 0;
}

static int is_name(char ch)
{
	return is_hex(ch) || (ch >= 'g' && ch <= 'z') || ch == '-' || ch == '.';
}

/* An id of MSG_ID_MIN..MSG_ID_MAX hex digits. */
static int get_id(struct rbuf *r, char out[MSG_ID_MAX + 1])
{
	return get_str(r, MSG_ID_MAX, is_hex, out) < 0 || strlen(out) < MSG_ID_MIN ? -1 : 0;
}

static int load_packs(struct askcache *c, struct rbuf *r)
{
	uint32_t n = (uint32_t)rbuf_uint(r, 4);

	if (r->bad || n > (size_t)(r->end - r->p) / 12)
		return -1;
	c->packs = xcalloc((size_t)n + 1, sizeof(*c->packs));
	for (c->npacks = 0; c->npacks < n; c->npacks++) {
		struct ask_pack *p = &c->packs[c->npacks];
		if (get_str(r, ASK_PACK_NAME_MAX, is_name, p->name) < 0)
			return -1;
		p->idx_size = rbuf_uint(r, 8);
		if (c->npacks && strcmp(c->packs[c->npacks - 1].name, p->name) >= 0)
			return -1;
	}
	return r->bad ? -1 : 0;
}

static int load_record(struct rbuf *r, struct ask_record *rec)
{
	const uint8_t *oid;

	memset(rec, 0, sizeof(*rec));
	if (get_id(r, rec->id) < 0)
		return -1;
	rec->a.count = (uint8_t)rbuf_uint(r, 1);
	rec->read = (int)rbuf_uint(r, 1);
	if (!(oid = rbuf_take(r, 20)) || rec->a.count > ASK_MANY || rec->read > 1 ||
	    (rec->read && rec->a.count != ASK_ONE))
		return -1;
	memcpy(rec->a.oid, oid, 20);
	uint32_t n = (uint32_t)rbuf_uint(r, 4);
	if (r->bad || n > MAX_ALIASES || (n && !rec->read))
		return -1;
	rec->aliases = n ? xmalloc(n * sizeof(*rec->aliases)) : NULL;
	for (rec->naliases = 0; rec->naliases < n; rec->naliases++)
		if (get_id(r, rec->aliases[rec->naliases]) < 0)
			return -1;
	return 0;
}

static const char *load_records(struct askcache *c, struct rbuf *r)
{
	uint32_t n = (uint32_t)rbuf_uint(r, 4);

	if (r->bad || n > (size_t)(r->end - r->p) / 32)
		return "corrupt record";
	c->v = xcalloc((size_t)n + 1, sizeof(*c->v));
	for (c->n = 0; c->n < n; c->n++) {
		if (load_record(r, &c->v[c->n]) < 0) {
			record_release(&c->v[c->n]);
			return "corrupt record";
		}
		if (c->n && strcmp(c->v[c->n - 1].id, c->v[c->n].id) >= 0) {
			record_release(&c->v[c->n]);
			return "records out of order";
		}
	}
	return r->p == r->end ? NULL : "corrupt record";
}

void askcache_load_buffer(struct askcache *c, const uint8_t *buf, size_t len)
{
	struct rbuf r = { buf, buf + (len >= 8 ? len - 8 : 0), 0 };
	const char *why;

	drop_loaded(c);
	c->loaded = 0;
	why = rbuf_head(&r, buf, len, sizeof(MAGIC) - 1, MAGIC, ASKCACHE_FORMAT,
			REGTRACE_VERSION, "not a regtrace outside cache");
	if (!why && rbuf_uint(&r, 8) != c->fingerprint)
		why = r.bad ? "corrupt record" : "other project rules";
	if (!why && load_packs(c, &r) < 0)
		why = "corrupt pack list";
	if (!why)
		why = load_records(c, &r);
	if (why) {
		drop_loaded(c);
		c->rejected = why;
	}
	c->loaded = !why;
}

void askcache_load_file(struct askcache *c, const char *path)
{
	size_t len;
	uint8_t *buf = blobfile_read_max(path, (size_t)256 << 20, &len);

	if (buf)
		askcache_load_buffer(c, buf, len);
	free(buf);
}

static int cmp_pack(const void *a, const void *b)
{
	return strcmp(((const struct ask_pack *)a)->name, ((const struct ask_pack *)b)->name);
}

static const struct ask_pack *find_pack(const struct ask_pack *v, size_t n,
					const struct ask_pack *p)
{
	const struct ask_pack *f = n ? bsearch(p, v, n, sizeof(*v), cmp_pack) : NULL;

	return f && f->idx_size == p->idx_size ? f : NULL;
}

size_t askcache_new_packs(struct askcache *c, const struct ask_pack *cur, size_t n,
			  int *is_new)
{
	struct ask_pack *sorted = xmalloc((n + 1) * sizeof(*sorted));
	size_t fresh = 0, gone = 0;

	if (n)
		memcpy(sorted, cur, n * sizeof(*cur));
	if (n)
		qsort(sorted, n, sizeof(*sorted), cmp_pack);
	for (size_t i = 0; i < c->npacks && !gone; i++)
		gone = !find_pack(sorted, n, &c->packs[i]);
	free(sorted);
	if (gone) {
		drop_loaded(c);
		c->loaded = 0;
	}
	for (size_t i = 0; i < n; i++)
		fresh += (is_new[i] = !find_pack(c->packs, c->npacks, &cur[i]));
	return gone ? SIZE_MAX : fresh;
}

static int cmp_record(const void *a, const void *b)
{
	return strcmp(((const struct ask_record *)a)->id, ((const struct ask_record *)b)->id);
}

const struct ask_record *askcache_find(const struct askcache *c, const char *id)
{
	struct ask_record key;
	size_t len = strlen(id);

	if (!c->n || len > MSG_ID_MAX)
		return NULL;
	memcpy(key.id, id, len + 1);
	return bsearch(&key, c->v, c->n, sizeof(*c->v), cmp_record);
}

/* A copy of r, its aliases its own. */
static struct ask_record copy_record(const struct ask_record *r)
{
	struct ask_record x = *r;

	if (r->naliases) {
		x.aliases = xmalloc(r->naliases * sizeof(*x.aliases));
		memcpy(x.aliases, r->aliases, r->naliases * sizeof(*x.aliases));
	} else
		x.aliases = NULL;
	return x;
}

void askcache_seen(struct askcache *c, const struct ask_record *r)
{
	ARRAY_GROW(c->seen, c->nseen, c->cap);
	c->seen[c->nseen++] = copy_record(r);
}

void askcache_take_seen(struct askcache *c, struct askcache *from)
{
	for (size_t i = 0; i < from->nseen; i++) {
		ARRAY_GROW(c->seen, c->nseen, c->cap);
		c->seen[c->nseen++] = from->seen[i];
	}
	from->nseen = 0;
}

/* The records seen sorted, each id once (the one with aliases read). */
static void sort_seen(struct askcache *c)
{
	size_t k = 0;

	if (c->nseen)
		qsort(c->seen, c->nseen, sizeof(*c->seen), cmp_record);
	for (size_t i = 0; i < c->nseen; i++) {
		if (k && !strcmp(c->seen[k - 1].id, c->seen[i].id)) {
			struct ask_record *kept = &c->seen[k - 1];
			if (!kept->read && c->seen[i].read) {
				struct ask_record t = *kept;
				*kept = c->seen[i];
				c->seen[i] = t;
			}
			record_release(&c->seen[i]);
			continue;
		}
		c->seen[k++] = c->seen[i];
	}
	c->nseen = k;
}

static void put_record(struct wbuf *w, const struct ask_record *r)
{
	wbuf_str(w, r->id);
	wbuf_uint(w, r->a.count, 1);
	wbuf_uint(w, (uint64_t)r->read, 1);
	wbuf_bytes(w, r->a.oid, 20);
	wbuf_uint(w, r->naliases, 4);
	for (size_t i = 0; i < r->naliases; i++)
		wbuf_str(w, r->aliases[i]);
}

/* The records to write, sorted: seen ones, and loaded ones not seen. */
static size_t count_merged(const struct askcache *c, int keep_loaded)
{
	size_t n = c->nseen, i = 0, j = 0;

	while (keep_loaded && j < c->n) {
		int d = i < c->nseen ? strcmp(c->seen[i].id, c->v[j].id) : 1;
		if (d <= 0)
			i++;
		if (d >= 0)
			n += d > 0, j++;
	}
	return n;
}

static void put_merged(struct wbuf *w, const struct askcache *c, int keep_loaded)
{
	size_t i = 0, j = 0;

	while (i < c->nseen || (keep_loaded && j < c->n)) {
		int d = i >= c->nseen ? 1 : !keep_loaded || j >= c->n ? -1
					   : strcmp(c->seen[i].id, c->v[j].id);
		put_record(w, d <= 0 ? &c->seen[i] : &c->v[j]);
		i += d <= 0;
		j += d >= 0;
	}
}

uint8_t *askcache_encode(struct askcache *c, const struct ask_pack *packs, size_t npacks,
			 int keep_loaded, size_t *len)
{
	struct wbuf w = { 0 };
	struct ask_pack *sorted = xmalloc((npacks + 1) * sizeof(*sorted));

	sort_seen(c);
	if (npacks)
		memcpy(sorted, packs, npacks * sizeof(*packs));
	if (npacks)
		qsort(sorted, npacks, sizeof(*sorted), cmp_pack);
	wbuf_head(&w, MAGIC, ASKCACHE_FORMAT, REGTRACE_VERSION);
	wbuf_uint(&w, c->fingerprint, 8);
	wbuf_uint(&w, npacks, 4);
	for (size_t i = 0; i < npacks; i++) {
		wbuf_str(&w, sorted[i].name);
		wbuf_uint(&w, sorted[i].idx_size, 8);
	}
	wbuf_uint(&w, count_merged(c, keep_loaded), 4);
	put_merged(&w, c, keep_loaded);
	free(sorted);
	wbuf_seal(&w);
	*len = w.len;
	return w.b;
}

void askcache_release(struct askcache *c)
{
	drop_loaded(c);
	for (size_t i = 0; i < c->nseen; i++)
		record_release(&c->seen[i]);
	free(c->seen);
	memset(c, 0, sizeof(*c));
}
