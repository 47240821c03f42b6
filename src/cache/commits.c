/* cache/commits.c — see cache/commits.h. */
#include "cache/commits.h"
#include "base/blobfile.h"
#include "base/error.h"
#include "base/oidmap.h"
#include "base/version.h"
#include "base/codec.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAGIC "regtrace-cache\n"
#define FORMAT CACHE_FORMAT	/* 2: authors and the reported fact; 3: channel pattern bits,
			   "This reverts commit:" on two lines (doc/dialects.md); 4: 4-byte counts
			   of aliases and references, C1 and U+2028/U+2029 cleaned out of subjects,
			   the ranges and paths sections; 5: sealed with codec_seal_hash; 6: each
			   range's painted commits, records of dates and parents alone; 7: an
			   email past GRAPH_EMAIL_KEEP bytes kept with a hash of the rest; 8: every
			   id of a project's fix line, project presets, reported patterns; 9:
			   "cherry-picked from commit <id>"; 10: "backported from commit <id>",
			   "Backport of <id>", "Cherry-picked-from: <id>" (core/message.c); 11: the
			   seal's hash in four chains (base/codec.h) */
#define HEADER_MIN (sizeof(MAGIC) - 1 + 4 + 4 + 8 + 8)
#define ADDED_MAGIC "regtrace-cache-added\n"
#define ADDED_FORMAT CACHE_ADDED_FORMAT	/* 2: the seal's hash in four chains */
#define ADDED_HEADER_MIN (sizeof(ADDED_MAGIC) - 1 + 4 + 4 + 8 + 8 + 8 + 8)
#define LIGHT_SHARE 4	/* a light save's file stays within 1/LIGHT_SHARE of the main one */
#define TABLE_CAP0 1024	/* the least slots of an id table (base/oidmap.h) */

/* The record of a value of the id table: an offset into the main file's
 * bytes, or, past them, into the additions file's. */
static const uint8_t *rec_at(const struct cache *c, size_t off)
{
	return off < c->len ? c->buf + off : c->abuf + (off - c->len);
}

/* The hash of a value of the id table (its record's id). */
static uint64_t rec_hash(const void *ctx, uint32_t v)
{
	return oidtab_hash_id(rec_at(ctx, v) + 4);
}

uint64_t cache_fingerprint(const char *const *patterns, size_t n)
{
	uint64_t h = CODEC_FNV_INIT;

	for (size_t i = 0; i < n; i++)
		h = codec_fnv((const uint8_t *)patterns[i], strlen(patterns[i]) + 1, h);
	return h;
}

/* ---- writing ---- */

void cache_put_facts(struct wbuf *w, const struct msg_facts *f)
{
	struct wbuf r = *w;

	wbuf_uint(&r, (unsigned)f->is_revert | (unsigned)f->cc_stable << 1 |
		(unsigned)f->autosel_form << 2 | (unsigned)f->reported << 3, 1);
	wbuf_uint(&r, f->fixes_lines, 4);
	wbuf_uint(&r, f->nonsha_fixes_lines, 4);
	wbuf_uint(&r, f->channels, 4);
	wbuf_str(&r, f->subject);
	wbuf_uint(&r, f->naliases, 4);
	for (size_t i = 0; i < f->naliases; i++)
		wbuf_str(&r, f->aliases[i]);
	wbuf_uint(&r, f->nrefs, 4);
	for (size_t i = 0; i < f->nrefs; i++) {
		wbuf_uint(&r, f->refs[i].kind, 1);
		wbuf_str(&r, f->refs[i].id);
		wbuf_str(&r, f->refs[i].subject);
	}
	*w = r;
}

void cache_add(struct cache *c, const uint8_t oid[20], int64_t time, unsigned all_parents,
	       const uint8_t (*parents)[20], unsigned nparents, const struct commit_meta *meta,
	       const struct msg_facts *f)
{
	struct wbuf r = { 0 };
	const struct graph_commit who = { .meta = meta ? *meta : (struct commit_meta){ 0 } };

	wbuf_bytes(&r, oid, 20);
	wbuf_uint(&r, (uint64_t)time, 8);
	wbuf_uint(&r, all_parents, 4);
	wbuf_uint(&r, nparents, 2);
	wbuf_bytes(&r, parents, (size_t)nparents * 20);
	wbuf_uint(&r, (uint64_t)who.meta.author_time, 8);
	wbuf_str(&r, graph_author_name(&who));
	wbuf_str(&r, graph_author_email(&who));
	cache_put_facts(&r, f);
	wbuf_uint(&c->add, r.len, 4);
	wbuf_bytes(&c->add, r.b, r.len);
	c->addcount++;
	free(r.b);
}

void cache_add_headers(struct cache *c, const uint8_t oid[20], int64_t time,
		       unsigned all_parents, const uint8_t (*parents)[20], unsigned nparents)
{
	size_t len = 34 + (size_t)nparents * 20;

	wbuf_uint(&c->add, len, 4);
	wbuf_bytes(&c->add, oid, 20);
	wbuf_uint(&c->add, (uint64_t)time, 8);
	wbuf_uint(&c->add, all_parents, 4);
	wbuf_uint(&c->add, nparents, 2);
	wbuf_bytes(&c->add, parents, (size_t)nparents * 20);
	c->addcount++;
}

/* A record (from its length on) has only the date and parents. */
static int record_headers_only(const uint8_t *p)
{
	size_t len = (size_t)p[0] | (size_t)p[1] << 8 | (size_t)p[2] << 16 | (size_t)p[3] << 24;

	return len >= 34 && len == 34 + 20 * ((size_t)p[4 + 32] | (size_t)p[4 + 33] << 8);
}

/* cache_paths_encode()'s test of the kept ids (a set: base/oidmap.h). */
static int kept_has(void *ctx, const uint8_t oid[20])
{
	return oidset_has(ctx, oid);
}

/* Append the records of body[0..len) that keep accepts (each id once:
 * seen), those with facts or (heads) those without; how many. */
static size_t put_records(struct wbuf *b, const uint8_t *p, size_t len, const struct oidset *keep,
			  struct oidmap *seen, int heads)
{
	const uint8_t *end;
	size_t n = 0;

	if (!len)
		return 0;	/* (p may be NULL) */
	end = p + len;
	while (p < end) {
		size_t rl = 4 + ((size_t)p[0] | (size_t)p[1] << 8 | (size_t)p[2] << 16 |
				 (size_t)p[3] << 24);
		if (record_headers_only(p) == heads && (!keep || oidset_has(keep, p + 4)) &&
		    (!seen->oid || oidmap_add(seen, p + 4, 0))) {
			wbuf_bytes(b, p, rl);
			n++;
		}
		p += rl;
	}
	return n;
}

/* The count and the records of c (the main file's when with_main, the
 * additions', this run's) that keep accepts, each id once when seen is
 * given, a record with facts before one without. */
static void put_counted(struct wbuf *b, const struct cache *c, int with_main,
			const struct oidset *keep, struct oidmap *seen)
{
	size_t at = b->len, n = 0;

	wbuf_reserve(b, 8 + (with_main && c->buf ? c->body_end - c->body : 0) +
			(c->abuf ? c->abody_end - c->abody : 0) + c->add.len);

	wbuf_uint(b, 0, 8);	/* the count, set below */
	for (int heads = 0; heads <= 1; heads++) {
		if (with_main && c->buf)
			n += put_records(b, c->buf + c->body, c->body_end - c->body, keep, seen,
					 heads);
		if (c->abuf)
			n += put_records(b, c->abuf + c->abody, c->abody_end - c->abody, keep,
					 seen, heads);
		n += put_records(b, c->add.b, c->add.len, keep, seen, heads);
	}
	for (int i = 0; i < 8; i++)
		b->b[at + i] = (uint8_t)((uint64_t)n >> (8 * i));
}

static uint8_t *encode(const struct cache *c, const struct oidset *keep, size_t *len)
{
	struct wbuf b = { 0 };
	struct oidmap seen = { 0 };

	wbuf_head(&b, MAGIC, FORMAT, REGTRACE_VERSION);
	wbuf_uint(&b, c->fingerprint, 8);
	if (keep)
		oidmap_init_set(&seen, c->count + c->addcount);
	put_counted(&b, c, 1, keep, &seen);
	wbuf_reserve(&b, cache_ranges_size(&c->ranges, 0) + cache_paths_size(&c->paths) + 8);
	cache_ranges_encode(&c->ranges, &b);
	cache_paths_encode(&c->paths, &b, keep ? kept_has : NULL, (void *)keep);
	wbuf_seal(&b);
	oidmap_release(&seen);
	*len = b.len;
	return b.b;
}

/* The main file's checksum (its last 8 bytes). */
static uint64_t main_seal(const struct cache *c)
{
	return rbuf_uint(&(struct rbuf){ c->buf + c->len - 8, c->buf + c->len, 0 }, 8);
}

uint8_t *cache_encode_added(const struct cache *c, size_t *len)
{
	struct wbuf b = { 0 };
	struct oidmap seen;

	wbuf_head(&b, ADDED_MAGIC, ADDED_FORMAT, REGTRACE_VERSION);
	wbuf_uint(&b, c->fingerprint, 8);
	wbuf_uint(&b, c->buf ? c->len : 0, 8);
	wbuf_uint(&b, c->buf ? main_seal(c) : 0, 8);
	oidmap_init_set(&seen, c->addcount + (c->abody_end - c->abody) / 38);
	put_counted(&b, c, 0, NULL, &seen);
	cache_ranges_encode_unstored(&c->ranges, &b);
	wbuf_seal(&b);
	oidmap_release(&seen);
	*len = b.len;
	return b.b;
}

uint8_t *cache_encode(const struct cache *c, size_t *len)
{
	return encode(c, NULL, len);
}

/* The ids the kept ranges hold, each once: a set that grows with them
 * (git/git's 94 ranges list 745,000 ids of some 86,000 commits: a table
 * sized for every listing was 16 MB of fresh pages, each probe a miss). */
uint8_t *cache_encode_kept(const struct cache *c, size_t *len)
{
	struct oidset keep = { 0 };

	for (size_t i = 0; i < c->ranges.n; i++) {
		const struct cache_range *x = c->ranges.v[i];
		for (uint32_t k = 0; k < x->n; k++)
			oidset_add(&keep, x->oids + (size_t)k * 20);
		for (uint32_t k = 0; k < x->npainted; k++)
			oidset_add(&keep, x->painted + (size_t)k * 20);
	}
	uint8_t *b = encode(c, &keep, len);
	oidset_release(&keep);
	return b;
}

/* ---- reading ---- */

/* Are the n bytes at s all lower-case hex digits?  Eight at a time (every
 * id of every record is checked when a cache is loaded: a byte at a time
 * was 10% of a warm run's instructions), the rest with no branch. */
static int all_hex(const uint8_t *s, size_t n)
{
	unsigned bad = 0;
	size_t i = 0;

	for (uint64_t w; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		if (!hex8_lanes_ok(w))
			return 0;
	}
	for (; i < n; i++)
		bad |= (unsigned)((uint8_t)(s[i] - '0') > 9) & (unsigned)((uint8_t)(s[i] - 'a') > 5);
	return !bad;
}

/* n bytes of lower-case hex, MSG_ID_MIN to MSG_ID_MAX of them. */
static int valid_id_n(const char *s, size_t n)
{
	return n >= MSG_ID_MIN && n <= MSG_ID_MAX && all_hex((const uint8_t *)s, n);
}

/* An id of the facts, read into out (MSG_ID_MAX + 1 bytes): 0, or -1.  What
 * rbuf_str_view() and valid_id_n() accept (hex digits hold no NUL). */
static int take_id(struct rbuf *r, char *out)
{
	uint32_t n = (uint32_t)rbuf_uint(r, 4);
	const uint8_t *p;

	if (r->bad || n < MSG_ID_MIN || n > MSG_ID_MAX || !(p = rbuf_take(r, n)) || !all_hex(p, n))
		return -1;
	memcpy(out, p, n);
	out[n] = '\0';
	return 0;
}

/* The length of a list whose items take at least `least` bytes each: -1 when
 * what is left could not hold them (so no more is allocated than the file
 * can fill), else 0. */
static int take_count(struct rbuf *r, size_t least, uint32_t *n)
{
	*n = (uint32_t)rbuf_uint(r, 4);
	return r->bad || *n > (size_t)(r->end - r->p) / least ? -1 : 0;
}

/* (An alias: its length, and 7 digits at least.) */
static int decode_aliases(struct rbuf *r, struct msg_facts *f)
{
	uint32_t n;

	if (take_count(r, 4 + MSG_ID_MIN, &n))
		return -1;
	if (n)
		f->aliases = xmalloc(n * sizeof(*f->aliases));
	f->aliases_cap = n;
	for (uint32_t i = 0; i < n; i++) {
		if (take_id(r, f->aliases[f->naliases]))
			return -1;
		f->naliases++;
	}
	return r->bad ? -1 : 0;
}

/* (A reference: its kind, its id as an alias, its subject's length.) */
static int decode_refs(struct rbuf *r, struct msg_facts *f)
{
	uint32_t n;

	if (take_count(r, 1 + 4 + MSG_ID_MIN + 4, &n))
		return -1;
	if (n)
		f->refs = xmalloc(n * sizeof(*f->refs));
	f->refs_cap = n;
	for (uint32_t i = 0; i < n; i++) {
		unsigned kind = (unsigned)rbuf_uint(r, 1);
		struct msg_ref *ref = &f->refs[f->nrefs];
		if (take_id(r, ref->id) || kind > MSG_REF_MENTION ||
		    rbuf_str(r, MSG_SUBJECT_MAX, 1, &ref->subject))
			return -1;
		ref->kind = (enum msg_ref_kind)kind;
		f->nrefs++;
	}
	return r->bad ? -1 : 0;
}

/* A string kept in place: at most GRAPH_AUTHOR_MAX bytes, no NUL; 0 or -1. */
static int take_str(struct rbuf *r, const char **s, size_t *len)
{
	*len = (size_t)rbuf_uint(r, 4);
	if (r->bad || *len > GRAPH_AUTHOR_MAX || !(*s = (const char *)rbuf_take(r, *len)) ||
	    memchr(*s, '\0', *len)) {
		r->bad = 1;
		return -1;
	}
	return 0;
}

/* The structure part of a record (after its length); r is left at the facts. */
static int decode_head(struct rbuf *r, struct cache_hit *h)
{
	rbuf_take(r, 20);
	h->time = (int64_t)rbuf_uint(r, 8);
	h->all_parents = (unsigned)rbuf_uint(r, 4);
	h->nparents = (unsigned)rbuf_uint(r, 2);
	h->parents = rbuf_take(r, (size_t)h->nparents * 20);
	h->headers_only = !r->bad && r->p == r->end;
	if (h->headers_only) {
		h->author_time = 0;
		h->author_name = h->author_email = "";
		h->author_name_len = h->author_email_len = 0;
		return h->nparents > h->all_parents ? -1 : 0;
	}
	h->author_time = (int64_t)rbuf_uint(r, 8);
	if (take_str(r, &h->author_name, &h->author_name_len) ||
	    take_str(r, &h->author_email, &h->author_email_len))
		return -1;
	return r->bad || h->nparents > h->all_parents ? -1 : 0;
}

void cache_meta(const struct cache_hit *h, struct commit_meta *out)
{
	out->commit_time = h->time;
	out->author_time = h->author_time;
	out->author = graph_author_make(h->author_name, h->author_name_len, h->author_email,
					h->author_email_len);
}

int cache_get_facts(struct rbuf *r, struct msg_facts *f)
{
	memset(f, 0, sizeof(*f));
	unsigned flags = (unsigned)rbuf_uint(r, 1);
	f->is_revert = flags & 1;
	f->cc_stable = (flags >> 1) & 1;
	f->autosel_form = (flags >> 2) & 1;
	f->reported = (flags >> 3) & 1;
	f->fixes_lines = (unsigned)rbuf_uint(r, 4);
	f->nonsha_fixes_lines = (unsigned)rbuf_uint(r, 4);
	f->channels = (uint32_t)rbuf_uint(r, 4);
	if (rbuf_str(r, MSG_SUBJECT_MAX, 0, &f->subject) || decode_aliases(r, f) ||
	    decode_refs(r, f))
		return -1;
	return 0;
}

int cache_facts(const struct cache_hit *h, struct msg_facts *f)
{
	uint32_t len = (uint32_t)h->record[0] | (uint32_t)h->record[1] << 8 |
		       (uint32_t)h->record[2] << 16 | (uint32_t)h->record[3] << 24;
	struct rbuf r = { h->record + 4, h->record + 4 + len, 0 };
	struct cache_hit tmp;

	memset(f, 0, sizeof(*f));
	if (decode_head(&r, &tmp) || tmp.headers_only || cache_get_facts(&r, f) || r.p != r.end) {
		msg_facts_release(f);
		f->subject = xstrdup("");
		return -1;
	}
	return 0;
}

/* A string as rbuf_str() accepts it (an id: as valid_id_n() too), checked in
 * place; 0 or -1. */
static int check_str(struct rbuf *r, size_t max, int nullable, int id)
{
	const uint8_t *p;
	size_t n;

	if (rbuf_str_view(r, max, nullable, &p, &n))
		return -1;
	return id && !valid_id_n((const char *)p, n) ? -1 : 0;
}

/* The facts of a record as cache_get_facts() reads them, checked without
 * copying a string: a cache is checked whole when loaded, and most of its
 * records are never decoded in a run.  0, or -1 exactly where
 * cache_get_facts() fails (fuzz_cache checks that each record of a loaded
 * file decodes). */
static int check_facts(struct rbuf *r)
{
	rbuf_take(r, 1 + 4 + 4 + 4);	/* flags, fixes lines, other fixes lines, channels */
	if (check_str(r, MSG_SUBJECT_MAX, 0, 0))
		return -1;
	uint32_t n = (uint32_t)rbuf_uint(r, 4);
	for (uint32_t i = 0; i < n; i++)
		if (check_str(r, MSG_ID_MAX, 0, 1))
			return -1;
	n = (uint32_t)rbuf_uint(r, 4);
	for (uint32_t i = 0; i < n; i++) {
		unsigned kind = (unsigned)rbuf_uint(r, 1);
		if (check_str(r, MSG_ID_MAX, 0, 1) || kind > MSG_REF_MENTION ||
		    check_str(r, MSG_SUBJECT_MAX, 1, 0))
			return -1;
	}
	return r->bad ? -1 : 0;
}

/* Index the main file's record at off (an id written twice is indexed
 * twice: the first written is found). */
static void table_put(struct cache *c, size_t off)
{
	size_t k;

	oidtab_reserve(&c->table, TABLE_CAP0, rec_hash, c);
	for (k = oidtab_first(&c->table, rec_hash(c, (uint32_t)off)); c->table.slot[k];
	     k = oidtab_next(&c->table, k))
		;
	oidtab_put(&c->table, k, (uint32_t)off);
}

/* Check the record at r fully and step over it: 0, or -1. */
static int check_record(struct rbuf *r)
{
	const uint8_t *rec = r->p;
	uint32_t len = (uint32_t)rbuf_uint(r, 4);

	if (r->bad || !rbuf_take(r, len) || len < 34)
		return -1;
	struct cache_hit h = { .record = rec };
	struct rbuf hr = { rec + 4, rec + 4 + len, 0 };
	if (decode_head(&hr, &h) || h.headers_only != record_headers_only(rec) ||
	    (!h.headers_only && (check_facts(&hr) || hr.p != hr.end)))
		return -1;
	return 0;
}

/* Check every record fully (a cache is never half trusted) and index it. */
static int index_records(struct cache *c, size_t count)
{
	struct rbuf r = { c->buf + c->body, c->buf + c->body_end, 0 };

	if (count > (c->body_end - c->body) / 38 || c->body_end > UINT32_MAX)
		return -1;
	/* sized for them all (made even for none: a loaded file has a table) */
	oidtab_reserve(&c->table, oidtab_cap_for(count, TABLE_CAP0), rec_hash, c);
	for (size_t i = 0; i < count; i++) {
		size_t off = (size_t)(r.p - c->buf);
		if (check_record(&r))
			return -1;
		table_put(c, off);
	}
	c->count = count;
	c->body_end = (size_t)(r.p - c->buf);
	return 0;
}

void cache_init(struct cache *c, uint64_t fingerprint)
{
	memset(c, 0, sizeof(*c));
	c->fingerprint = fingerprint;
	cache_ranges_init(&c->ranges);
	cache_paths_init(&c->paths);
}

/* Give back a file's bytes, mapped or malloc'ed. */
static void give_back(uint8_t *p, size_t len, int mapped)
{
	if (mapped)
		blobfile_unmap(p, len);
	else
		free(p);
}

static void reject(struct cache *c, const char *why)
{
	give_back(c->buf, c->len, c->mapped);
	oidtab_release(&c->table);
	c->buf = NULL;
	c->count = 0;
	c->rejected = why;
	cache_ranges_decode(&c->ranges, &(struct rbuf){ NULL, NULL, 1 });	/* empties them */
	cache_paths_decode(&c->paths, &(struct rbuf){ NULL, NULL, 1 });
}

void cache_load_buffer(struct cache *c, uint8_t *buf, size_t len)
{
	struct rbuf r = { buf, buf + (len >= 8 ? len - 8 : 0), 0 };	/* (the seal after) */
	const char *why;

	c->buf = buf;
	c->len = len;
	if ((why = rbuf_head(&r, buf, len, HEADER_MIN, MAGIC, FORMAT, REGTRACE_VERSION,
			     "not a regtrace cache")))
		return reject(c, why);
	if (rbuf_uint(&r, 8) != c->fingerprint)
		return reject(c, "other rules");
	uint64_t count = rbuf_uint(&r, 8);
	c->body = (size_t)(r.p - buf);
	c->body_end = len - 8;
	if (r.bad || index_records(c, (size_t)count) < 0)
		return reject(c, "corrupt record");
	struct rbuf sections = { buf + c->body_end, buf + len - 8, 0 };
	if (cache_ranges_decode(&c->ranges, &sections) < 0 ||
	    cache_paths_decode(&c->paths, &sections) < 0 || sections.p != sections.end)
		return reject(c, "corrupt range or paths record");
	cache_ranges_mark_stored(&c->ranges);
}

/* ---- the additions file ---- */

static void reject_added(struct cache *c, const char *why, struct cache_ranges *ranges)
{
	give_back(c->abuf, c->alen, c->amapped);
	c->abuf = NULL;
	c->alen = c->abody = c->abody_end = 0;
	c->arejected = why;
	cache_ranges_release(ranges);
}

/* Index an added record (table value off): a second record of an id already
 * indexed replaces it only when it has facts and the first had none. */
static void table_over(struct cache *c, size_t off)
{
	const uint8_t *rec = rec_at(c, off);
	size_t k;

	oidtab_reserve(&c->table, TABLE_CAP0, rec_hash, c);
	for (k = oidtab_first(&c->table, oidtab_hash_id(rec + 4)); c->table.slot[k];
	     k = oidtab_next(&c->table, k)) {
		const uint8_t *old = rec_at(c, c->table.slot[k] - 1);
		if (memcmp(old + 4, rec + 4, 20))
			continue;
		if (record_headers_only(old) && !record_headers_only(rec))
			c->table.slot[k] = (uint32_t)off + 1;	/* (value + 1: oidmap.h) */
		return;
	}
	oidtab_put(&c->table, k, (uint32_t)off);
	c->count++;
}

/* Index the additions' records (already checked) over the main file's, in
 * a table made again for them all. */
static void index_added(struct cache *c, size_t count)
{
	oidtab_resize(&c->table, oidtab_cap_for(c->count + count, TABLE_CAP0), rec_hash, c);
	for (size_t off = c->abody; off < c->abody_end;) {
		size_t len = rbuf_uint(&(struct rbuf){ c->abuf + off, c->abuf + off + 4, 0 }, 4);
		table_over(c, c->len + off);
		off += 4 + len;
	}
}

void cache_load_added_buffer(struct cache *c, uint8_t *buf, size_t len)
{
	struct rbuf r = { buf, buf + (len >= 8 ? len - 8 : 0), 0 };	/* (the seal after) */
	struct cache_ranges ranges;
	const char *why;

	cache_ranges_init(&ranges);
	c->abuf = buf;
	c->alen = len;
	if (!c->table.slot)
		return reject_added(c, "no main file", &ranges);
	if ((why = rbuf_head(&r, buf, len, ADDED_HEADER_MIN, ADDED_MAGIC, ADDED_FORMAT,
			     REGTRACE_VERSION, "not a regtrace cache's additions")))
		return reject_added(c, why, &ranges);
	if (rbuf_uint(&r, 8) != c->fingerprint)
		return reject_added(c, "other rules", &ranges);
	if (rbuf_uint(&r, 8) != c->len || rbuf_uint(&r, 8) != main_seal(c))
		return reject_added(c, "for another main file", &ranges);
	uint64_t count = rbuf_uint(&r, 8);
	c->abody = (size_t)(r.p - buf);
	if (r.bad || count > (len - 8 - c->abody) / 38 || (uint64_t)c->len + len > UINT32_MAX)
		return reject_added(c, "corrupt record", &ranges);
	r.end = buf + len - 8;
	for (uint64_t i = 0; i < count; i++)
		if (check_record(&r))
			return reject_added(c, "corrupt record", &ranges);
	c->abody_end = (size_t)(r.p - buf);
	if (cache_ranges_decode(&ranges, &r) < 0 || r.p != r.end ||
	    ranges.saves < c->ranges.saves)
		return reject_added(c, "corrupt range record", &ranges);
	cache_ranges_overlay(&c->ranges, &ranges);
	cache_ranges_release(&ranges);
	index_added(c, (size_t)count);
}

const uint8_t *cache_slot_record(const struct cache *c, size_t k)
{
	return k < c->table.cap && c->table.slot[k] ? rec_at(c, c->table.slot[k] - 1) : NULL;
}

static char *added_path(const char *path)
{
	size_t n = strlen(path);
	char *p = xmalloc(n + sizeof(CACHE_ADDED_SUFFIX));

	memcpy(p, path, n);
	memcpy(p + n, CACHE_ADDED_SUFFIX, sizeof(CACHE_ADDED_SUFFIX));
	return p;
}

void cache_load_file(struct cache *c, const char *path)
{
	size_t len;
	uint8_t *buf = blobfile_map_stamped(path, BLOBFILE_MAX, &len, &c->loaded);
	char *apath = added_path(path);

	if (!buf)
		blobfile_stamp(path, &c->loaded);	/* (a FIFO, a link: not read) */
	c->mapped = 1;
	if (buf)
		cache_load_buffer(c, buf, len);	/* takes buf over */
	buf = blobfile_map_stamped(apath, BLOBFILE_MAX, &len, &c->aloaded);
	if (!buf)
		blobfile_stamp(apath, &c->aloaded);
	c->amapped = 1;
	if (buf)
		cache_load_added_buffer(c, buf, len);
	free(apath);
}

int cache_lookup(const struct cache *c, const uint8_t oid[20], struct cache_hit *out)
{
	if (!c || !c->table.slot)
		return 0;
	for (size_t k = oidtab_first(&c->table, oidtab_hash_id(oid)); c->table.slot[k];
	     k = oidtab_next(&c->table, k)) {
		const uint8_t *rec = rec_at(c, c->table.slot[k] - 1);
		if (memcmp(rec + 4, oid, 20))
			continue;
		uint32_t len = (uint32_t)rbuf_uint(&(struct rbuf){ rec, rec + 4, 0 }, 4);
		struct rbuf r = { rec + 4, rec + 4 + len, 0 };
		out->record = rec;
		return decode_head(&r, out) == 0;
	}
	return 0;
}

/* The ids of the records added in this run (a table of their offsets into
 * c->add: base/oidmap.h). */
static uint64_t added_hash(const void *ctx, uint32_t v)
{
	return oidtab_hash_id(((const struct cache *)ctx)->add.b + v + 4);
}

/* The slot of oid in a: its record's, or the empty one the probe met. */
static size_t added_find(const struct cache *c, const struct oidtab *a, const uint8_t *oid)
{
	size_t k = oidtab_first(a, oidtab_hash_id(oid));

	while (a->slot[k] && memcmp(c->add.b + a->slot[k] - 1 + 4, oid, 20))
		k = oidtab_next(a, k);
	return k;
}

static void added_index(const struct cache *c, struct oidtab *a)
{
	size_t cap0 = oidtab_cap_for(c->addcount, TABLE_CAP0);

	*a = (struct oidtab){ 0 };
	oidtab_reserve(a, cap0, added_hash, c);	/* (probed even when empty) */
	for (size_t off = 0; off + 4 <= c->add.len;) {
		uint32_t len = (uint32_t)rbuf_uint(&(struct rbuf){ c->add.b + off, c->add.b + off + 4, 0 }, 4);
		oidtab_reserve(a, cap0, added_hash, c);
		size_t k = added_find(c, a, c->add.b + off + 4);
		if (!a->slot[k])
			oidtab_put(a, k, (uint32_t)off);
		off += 4 + len;
	}
}

/* Take the records of d's p[0..len) that c lacks (or has without facts). */
static void merge_records(struct cache *c, const struct oidtab *a, const uint8_t *p, size_t len)
{
	for (size_t off = 0; off + 4 <= len;) {
		uint32_t rl = (uint32_t)rbuf_uint(&(struct rbuf){ p + off, p + off + 4, 0 }, 4);
		const uint8_t *oid = p + off + 4;
		struct cache_hit h;
		int mine = cache_lookup(c, oid, &h);
		if ((!mine || (h.headers_only && !record_headers_only(p + off))) &&
		    !a->slot[added_find(c, a, oid)]) {
			wbuf_bytes(&c->add, p + off, 4 + (size_t)rl);
			c->addcount++;
		}
		off += 4 + rl;
	}
}

/* Another process saved the file (or its additions) since c was loaded:
 * take its records that c lacks (its loaded ones and its added ones), so
 * that nothing learned is lost. */
static void merge_saved(struct cache *c, const char *path)
{
	struct cache d;
	struct oidtab a;

	cache_init(&d, c->fingerprint);
	cache_load_file(&d, path);
	if (!d.table.slot) {
		cache_release(&d);
		return;
	}
	added_index(c, &a);
	merge_records(c, &a, d.buf + d.body, d.body_end - d.body);
	if (d.abuf)
		merge_records(c, &a, d.abuf + d.abody, d.abody_end - d.abody);
	oidtab_release(&a);
	cache_ranges_merge(&c->ranges, &d.ranges);
	cache_paths_merge(&c->paths, &d.paths);
	cache_release(&d);
}

/* A light save (cache/commits.h) may be made. */
static int light_ok(struct cache *c)
{
	return !c->whole && c->buf && c->table.slot && !c->paths.changed &&
	       cache_ranges_light_ok(&c->ranges) &&
	       (c->abody_end - c->abody) + c->add.len + cache_ranges_size(&c->ranges, 1) <=
		       c->len / LIGHT_SHARE;
}

/* Write b (len bytes, freed) at path and stamp what was written; 0 or -1. */
static int write_stamped(const char *path, uint8_t *b, size_t len, struct blobfile_stamp *stamp,
			 char *err, size_t errlen)
{
	int rc = blobfile_write(path, b, len, err, errlen);

	free(b);
	if (rc == 0)
		blobfile_stamp(path, stamp);
	return rc;
}

static int save_light(struct cache *c, const char *apath, char *err, size_t errlen)
{
	size_t len;

	cache_ranges_settle_light(&c->ranges);
	uint8_t *b = cache_encode_added(c, &len);
	return write_stamped(apath, b, len, &c->aloaded, err, errlen);
}

static int save_whole(struct cache *c, const char *path, const char *apath, char *err,
		      size_t errlen)
{
	size_t len;

	cache_ranges_settle(&c->ranges);
	uint8_t *b = cache_encode_kept(c, &len);
	int rc = write_stamped(path, b, len, &c->loaded, err, errlen);
	if (rc == 0) {
		unlink(apath);	/* (one left names the old main file: ignored) */
		blobfile_stamp(apath, &c->aloaded);
		c->whole = 1;
	}
	return rc;
}

int cache_save(struct cache *c, const char *path, char *err, size_t errlen)
{
	struct blobfile_stamp now, anow;
	char *apath;
	int rc, lock;

	if (c->addcount == c->saved_addcount && !c->ranges.changed && !c->paths.changed)
		return 0;
	if ((lock = blobfile_lock(path, 10000)) == -1)
		return rt_fail(err, errlen, RT_EFAIL, "'%s': another run is saving it", path);
	apath = added_path(path);
	blobfile_stamp(path, &now);
	blobfile_stamp(apath, &anow);
	if (!blobfile_same(&c->loaded, &now) || !blobfile_same(&c->aloaded, &anow)) {
		merge_saved(c, path);
		c->whole = 1;	/* (what was merged is not in the main file c read) */
	}
	rc = light_ok(c) ? save_light(c, apath, err, errlen)
			 : save_whole(c, path, apath, err, errlen);
	if (rc == 0) {
		c->saved_addcount = c->addcount;
		c->ranges.changed = c->paths.changed = 0;
	}
	free(apath);
	blobfile_unlock(lock);
	return rc;
}

void cache_release(struct cache *c)
{
	give_back(c->buf, c->len, c->mapped);
	give_back(c->abuf, c->alen, c->amapped);
	oidtab_release(&c->table);
	free(c->add.b);
	cache_ranges_release(&c->ranges);
	cache_paths_release(&c->paths);
	memset(c, 0, sizeof(*c));
}
