/*
 * fuzz_cache.c — libFuzzer harness for src/cache/commits.c (.git/regtrace-cache, the
 * facts of every commit read, kept between runs, and its light saves' additions
 * file).
 *
 * The file carries a checksum, so raw fuzzed bytes would stop there: in raw
 * mode the input's first 2 bytes give the record count and the rest the
 * records' bytes, and the harness seals them into a well-formed file (magic,
 * format, version, fingerprint, checksum).  Checked:
 *
 *  - a loaded file (not rejected) finds each of its records by id, and every
 *    record decodes into clean facts (a record of a date and parents alone,
 *    a painted commit's, gives none) (ids 7..40 lower-case hex, reference
 *    kinds known, subjects without NUL and at most MSG_SUBJECT_MAX bytes);
 *    re-encoding it gives a file that loads with the same records, and
 *    encoding that again gives the same bytes;
 *  - a rejected file leaves an empty cache (no lookups succeed);
 *  - round trip: the facts msg_parse finds in the input, added for an id and
 *    encoded with an author made of the input, come back identical from a
 *    fresh load; with other rules (a
 *    different fingerprint) the same file is rejected.
 *
 * Raw and round trip modes read every input but one that starts with
 * "+add": added mode reads that one (and only it).  Added mode fuzzes the
 * additions file of a light save (regtrace-cache-added) over a fixed, valid
 * main file the harness makes (4 records, 2 without facts, and a range):
 * after the tag, 2 bytes give the record count and flags, the rest the
 * records and ranges section (seal_added), sealed behind a right head naming
 * the main file.  Checked:
 *
 *  - ignored additions (abuf NULL, arejected set) leave the cache as the main
 *    file alone made it: its records, as they were, and its ranges;
 *  - taken ones: every slot's record is found by its id and decodes clean,
 *    the count is the slots filled; each main record is still found, the
 *    main file's own unless it had no facts and the additions carry a record
 *    with facts of it; no range or save is lost; the whole file encoded from
 *    both loads, with every record of both, c's ids and the records c finds;
 *    the additions encoded again load over the main file again with the same
 *    ids, records and ranges, and encode to the same bytes.
 */
#include <stdint.h>
#include <string.h>

#include "cache/commits.h"
#include "base/codec.h"
#include "base/version.h"
#include "fuzz_common.h"
#include "core/message.h"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif

/*
 * A second build of src/cache/commits.c (the real source, compiled by the Makefile
 * without coverage feedback, every symbol it defines renamed nocov_*), with
 * ASan and UBSan: the same code, named nocov_cache_*.
 * The derived checks (loading the re-encoded file and encoding it again, and
 * loading a file under other rules) go through it: they run the same code on
 * files whose coverage is that of the input's own load, without a traced
 * comparison for every byte of the file in the checksum loop.
 */
/* The copy's functions (the Makefile builds it: every symbol of
 * src/cache/commits.c renamed nocov_*). */
void nocov_cache_init(struct cache *c, uint64_t fingerprint);
void nocov_cache_load_buffer(struct cache *c, uint8_t *buf, size_t len);
int nocov_cache_lookup(const struct cache *c, const uint8_t oid[20], struct cache_hit *out);
uint8_t *nocov_cache_encode(const struct cache *c, size_t *len);
void nocov_cache_load_added_buffer(struct cache *c, uint8_t *buf, size_t len);
uint8_t *nocov_cache_encode_added(const struct cache *c, size_t *len);
const uint8_t *nocov_cache_slot_record(const struct cache *c, size_t k);
void nocov_cache_release(struct cache *c);

#define FP 0x5eed5eed5eed5eedull

/* A well-formed file around body, with count records claimed (the body
 * holds the records; empty range and path sections follow them unless the
 * body carries its own: sections set). */
static uint8_t *seal(const uint8_t *body, size_t len, uint64_t count, int sections,
		     size_t *outlen)
{
	struct wbuf w = { 0 };

	wbuf_head(&w, "regtrace-cache\n", CACHE_FORMAT, REGTRACE_VERSION);
	wbuf_uint(&w, FP, 8);
	wbuf_uint(&w, count, 8);
	wbuf_bytes(&w, body, len);
	if (!sections) {
		wbuf_uint(&w, 0, 8);	/* saves */
		wbuf_uint(&w, 0, 4);	/* no range */
		wbuf_uint(&w, 0, 4);	/* no paths */
	}
	wbuf_seal(&w);
	*outlen = w.len;
	return w.b;
}

static int clean_id(const char *s)
{
	size_t n = strlen(s);

	return n >= MSG_ID_MIN && n <= MSG_ID_MAX && strspn(s, "0123456789abcdef") == n;
}

static void check_facts(const struct msg_facts *f)
{
	CHECK(f->subject && strlen(f->subject) <= MSG_SUBJECT_MAX, "subject");
	for (size_t i = 0; i < f->naliases; i++)
		CHECK(clean_id(f->aliases[i]), "alias '%s'", f->aliases[i]);
	for (size_t i = 0; i < f->nrefs; i++) {
		CHECK(clean_id(f->refs[i].id), "ref '%s'", f->refs[i].id);
		CHECK(f->refs[i].kind == MSG_REF_FIXES || f->refs[i].kind == MSG_REF_REVERT,
		      "kind %d", (int)f->refs[i].kind);
		CHECK(!f->refs[i].subject || strlen(f->refs[i].subject) <= MSG_SUBJECT_MAX,
		      "ref subject");
	}
}

static int same_facts(const struct msg_facts *a, const struct msg_facts *b)
{
	if (strcmp(a->subject, b->subject) || a->naliases != b->naliases || a->nrefs != b->nrefs ||
	    a->fixes_lines != b->fixes_lines || a->nonsha_fixes_lines != b->nonsha_fixes_lines ||
	    a->is_revert != b->is_revert || a->cc_stable != b->cc_stable ||
	    a->autosel_form != b->autosel_form || a->reported != b->reported ||
	    a->channels != b->channels)
		return 0;
	for (size_t i = 0; i < a->naliases; i++)
		if (strcmp(a->aliases[i], b->aliases[i]))
			return 0;
	for (size_t i = 0; i < a->nrefs; i++) {
		const char *sa = a->refs[i].subject, *sb = b->refs[i].subject;
		if (a->refs[i].kind != b->refs[i].kind || strcmp(a->refs[i].id, b->refs[i].id) ||
		    (!sa != !sb) || (sa && strcmp(sa, sb)))
			return 0;
	}
	return 1;
}

/* Every record of a loaded cache (the main file's and the additions'): found
 * by its id, decodable, clean; how many slots of the table are filled. */
static size_t check_loaded(const struct cache *c)
{
	size_t found = 0;

	for (size_t k = 0; k < c->table.cap; k++) {
		const uint8_t *rec = cache_slot_record(c, k);
		if (!rec)
			continue;
		const uint8_t *oid = rec + 4;
		struct cache_hit h;
		struct msg_facts f;
		CHECK(cache_lookup(c, oid, &h), "a record not found by its id");
		CHECK(h.nparents <= h.all_parents, "parents");
		if (h.headers_only) {	/* a painted commit's: date and parents only */
			CHECK(cache_facts(&h, &f) == -1, "a record without facts gives facts");
			msg_facts_release(&f);
			found++;
			continue;
		}
		CHECK(cache_facts(&h, &f) == 0, "an indexed record does not decode");
		check_facts(&f);
		msg_facts_release(&f);
		found++;
	}
	return found;
}

static void raw_mode(const uint8_t *data, size_t size)
{
	size_t len, len2, len3;
	struct cache c, d;

	if (size < 2)
		return;
	/* the count's top bit: the input carries its own sections after the records */
	uint8_t *file = seal(data + 2, size - 2, (uint64_t)data[0] | (uint64_t)(data[1] & 0x7f) << 8,
			     data[1] >> 7, &len);
	cache_init(&c, FP);
	cache_load_buffer(&c, file, len);
	if (!c.buf) {
		uint8_t zero[20] = { 0 };
		struct cache_hit h;
		CHECK(!cache_lookup(&c, zero, &h) && c.count == 0, "a rejected cache answers");
		cache_release(&c);
		return;
	}
	size_t n = check_loaded(&c);
	CHECK(n == c.count, "%zu records indexed, %zu counted", n, c.count);
	uint8_t *again = cache_encode(&c, &len2);
	nocov_cache_init(&d, FP);
	nocov_cache_load_buffer(&d, again, len2);
	CHECK(d.buf && d.count == c.count, "a re-encoded cache is rejected (%s)",
	      d.rejected ? d.rejected : "?");
	uint8_t *third = nocov_cache_encode(&d, &len3);
	CHECK(len3 == len2 && !memcmp(third, d.buf, len2), "encoding is not stable");
	free(third);
	nocov_cache_release(&d);
	cache_release(&c);
}

static void roundtrip_mode(const uint8_t *data, size_t size)
{
	struct msg_facts f, g;
	struct cache c, d, e;
	uint8_t oid[20], parents[2][20];
	struct cache_hit h;
	size_t len;

	uint64_t hash = codec_fnv(data, size, CODEC_FNV_INIT);	/* once, not once per byte of the id */
	for (int i = 0; i < 20; i++)
		oid[i] = (uint8_t)(hash >> (i % 8 * 8)) ^ (uint8_t)i;
	memset(parents, 0xab, sizeof(parents));
	msg_parse((const char *)data, size, &f);
	f.channels = (uint32_t)hash;	/* what a project's channel patterns add */
	cache_init(&c, FP);
	struct commit_meta meta = { 0, (int64_t)size * 7,
		graph_author_make((const char *)data, size / 2, (const char *)data + size / 2,
				  size - size / 2) }, back;
	cache_add(&c, oid, (int64_t)size * 1000, 3, (const uint8_t (*)[20])parents, 2, &meta, &f);
	uint8_t *file = cache_encode(&c, &len);
	uint8_t *copy = malloc(len);
	memcpy(copy, file, len);
	cache_init(&d, FP);
	cache_load_buffer(&d, file, len);
	CHECK(d.buf && d.count == 1, "a fresh cache is rejected (%s)", d.rejected ? d.rejected : "?");
	CHECK(cache_lookup(&d, oid, &h), "the record is not found");
	CHECK(h.time == (int64_t)size * 1000 && h.all_parents == 3 && h.nparents == 2 &&
	      !memcmp(h.parents, parents, 40), "the record's head differs");
	cache_meta(&h, &back);
	CHECK(back.author_time == meta.author_time && back.commit_time == h.time &&
	      !strcmp(graph_author_name(&(struct graph_commit){ .meta = back }),
		      graph_author_name(&(struct graph_commit){ .meta = meta })) &&
	      !strcmp(graph_author_email(&(struct graph_commit){ .meta = back }),
		      graph_author_email(&(struct graph_commit){ .meta = meta })),
	      "the author differs after the cache");
	free(back.author);
	free(meta.author);
	CHECK(cache_facts(&h, &g) == 0, "the record does not decode");
	CHECK(same_facts(&f, &g), "facts differ after the cache");
	msg_facts_release(&g);
	nocov_cache_init(&e, FP ^ 1);
	nocov_cache_load_buffer(&e, copy, len);
	CHECK(!e.buf && !nocov_cache_lookup(&e, oid, &h), "a cache of other rules is used");
	nocov_cache_release(&e);
	cache_release(&d);
	cache_release(&c);
	msg_facts_release(&f);
}

/* ---- added mode: an additions file (a light save's) over a fixed main file ---- */

#define ADDED_TAG "+add"	/* an input that starts with it is added mode's */
#define ADDED_MAGIC "regtrace-cache-added\n"	/* cache/commits.c's (main_init checks them) */
#define ADDED_FORMAT CACHE_ADDED_FORMAT
#define NMAIN 4		/* the main file's records: 0 and 1 with facts, 2 and 3 without */

/* The main file every additions file of added mode names (main_init). */
static struct {
	uint8_t *file;
	size_t len;
	uint64_t saves;		/* its ranges' count of saves */
	size_t nranges;
	int headers_only[NMAIN];	/* record k has no facts */
} mf;

/* Commit k of the main file (NMAIN, NMAIN + 1: its range's base and tip):
 * 20 bytes of 0xc0 + k (fuzz/dict/cache.dict has them). */
static void main_oid(uint8_t out[20], int k)
{
	memset(out, 0xc0 + k, 20);
}

static uint8_t *dup_bytes(const uint8_t *p, size_t len)
{
	uint8_t *q = malloc(len);

	memcpy(q, p, len);
	return q;
}

/* p lies in b[0..len). */
static int in_buf(const uint8_t *p, const uint8_t *b, size_t len)
{
	return b && (uintptr_t)p >= (uintptr_t)b && (uintptr_t)p < (uintptr_t)b + len;
}

/* The main file's range: commits 0 and 1 (1's parent 0), its walk painted 2
 * and 3. */
static void main_range(struct cache *c)
{
	uint8_t base[20], tip[20], *oids = malloc(40), *painted = malloc(40);
	uint32_t *first = malloc(3 * sizeof(uint32_t)), *par = malloc(sizeof(uint32_t));

	main_oid(base, NMAIN);
	main_oid(tip, NMAIN + 1);
	main_oid(oids, 0);
	main_oid(oids + 20, 1);
	main_oid(painted, 2);
	main_oid(painted + 20, 3);
	first[0] = first[1] = 0;
	first[2] = 1;
	par[0] = 0;
	cache_ranges_put(&c->ranges, base, tip, 2, oids, first, par, 2, painted);
}

/* The main file: records 0..3 and the range, saved once. */
static uint8_t *main_encode(size_t *len)
{
	static const char msg[] = "frob: fix the frobnicator\n\n"
				  "Fixes: 4abb951b73ff (\"frob: add it\")\n"
				  "Cc: stable@vger.kernel.org\n";
	uint8_t id[NMAIN][20];
	struct msg_facts f;
	struct cache c;

	for (int k = 0; k < NMAIN; k++)
		main_oid(id[k], k);
	msg_parse(msg, sizeof(msg) - 1, &f);
	cache_init(&c, FP);
	cache_add(&c, id[0], 1000, 1, NULL, 0, NULL, &f);	/* its parent: outside the range */
	cache_add(&c, id[1], 2000, 1, (const uint8_t (*)[20])id[0], 1, NULL, &f);
	cache_add_headers(&c, id[2], 500, 0, NULL, 0);
	cache_add_headers(&c, id[3], 600, 1, (const uint8_t (*)[20])id[2], 1);
	msg_facts_release(&f);
	main_range(&c);
	cache_ranges_settle(&c.ranges);
	uint8_t *b = cache_encode(&c, len);
	cache_release(&c);
	return b;
}

/* The additions file's head naming the main file (fingerprint, length,
 * seal: its last 8 bytes), up to the record count. */
static void added_head(struct wbuf *w)
{
	wbuf_head(w, ADDED_MAGIC, ADDED_FORMAT, REGTRACE_VERSION);
	wbuf_uint(w, FP, 8);
	wbuf_uint(w, mf.len, 8);
	wbuf_uint(w, rbuf_uint(&(struct rbuf){ mf.file + mf.len - 8, mf.file + mf.len, 0 }, 8), 8);
}

/* Make the main file and note what it holds; check that added_head() is the
 * head cache_encode_added() writes (else added mode would test nothing but
 * the head's rejection). */
static void main_init(void)
{
	struct cache c;
	struct wbuf w = { 0 };
	size_t alen;

	mf.file = main_encode(&mf.len);
	nocov_cache_init(&c, FP);
	nocov_cache_load_buffer(&c, dup_bytes(mf.file, mf.len), mf.len);
	CHECK(c.buf && c.count == NMAIN, "the main file is rejected (%s)",
	      c.rejected ? c.rejected : "?");
	for (int k = 0; k < NMAIN; k++) {
		uint8_t id[20];
		struct cache_hit h;
		main_oid(id, k);
		CHECK(nocov_cache_lookup(&c, id, &h), "main record %d not found", k);
		mf.headers_only[k] = h.headers_only;
	}
	mf.saves = c.ranges.saves;
	mf.nranges = c.ranges.n;
	uint8_t *a = nocov_cache_encode_added(&c, &alen);
	added_head(&w);
	CHECK(alen > w.len && !memcmp(a, w.b, w.len), "the harness's additions head is not cache/commits.c's");
	free(a);
	free(w.b);
	nocov_cache_release(&c);
}

/* The additions file of an input (after the tag): added_head(), then the
 * body, sealed.  The input's first 2 bytes: the record count (14 bits) and
 * flags in the second: 0x80, the input carries its ranges section after the
 * records (else an empty one of the main file's saves follows them); 0x40,
 * the rest is the body from the count on, as it is (a short one leaves the
 * count overlapping the seal).  An input of fewer than 2 bytes is such a
 * body too. */
static uint8_t *seal_added(const uint8_t *data, size_t size, size_t *outlen)
{
	struct wbuf w = { 0 };

	added_head(&w);
	if (size < 2 || data[1] & 0x40) {
		size_t skip = size < 2 ? 0 : 2;
		wbuf_bytes(&w, data + skip, size - skip);
	} else {
		wbuf_uint(&w, (uint64_t)data[0] | (uint64_t)(data[1] & 0x3f) << 8, 8);
		wbuf_bytes(&w, data + 2, size - 2);
		if (!(data[1] & 0x80)) {
			wbuf_uint(&w, mf.saves, 8);
			wbuf_uint(&w, 0, 4);	/* no range */
		}
	}
	wbuf_seal(&w);
	*outlen = w.len;
	return w.b;
}

/* The number of records in p[0..len) (checked ones: a length, then bytes). */
static size_t records_in(const uint8_t *p, size_t len)
{
	size_t n = 0;

	for (size_t off = 0; off < len; n++)
		off += 4 + (size_t)rbuf_uint(&(struct rbuf){ p + off, p + len, 0 }, 4);
	return n;
}

/* Two records (from their lengths on) are the same bytes. */
static int same_record(const uint8_t *a, const uint8_t *b)
{
	size_t len = (size_t)rbuf_uint(&(struct rbuf){ a, a + 4, 0 }, 4);

	return !memcmp(a, b, 4) && !memcmp(a + 4, b + 4, len);
}

/* The main file's records in c, loaded over by an additions file or not: each
 * found; the main file's own record, as it was, unless it had no facts and
 * the additions carry a record with facts of it (that one wins). */
static void check_main_kept(const struct cache *c)
{
	for (int k = 0; k < NMAIN; k++) {
		uint8_t id[20];
		struct cache_hit h;
		main_oid(id, k);
		CHECK(cache_lookup(c, id, &h), "main record %d is lost", k);
		if (in_buf(h.record, c->buf, c->len))
			CHECK(h.headers_only == mf.headers_only[k], "main record %d changed", k);
		else
			CHECK(in_buf(h.record, c->abuf, c->alen) && mf.headers_only[k] &&
			      !h.headers_only, "main record %d replaced (had facts: %d, has: %d)",
			      k, !mf.headers_only[k], !h.headers_only);
	}
}

/* Each id of c is found in d (a nocov_ cache) with the same record. */
static void check_same_finds(const struct cache *c, const struct cache *d, const char *what)
{
	for (size_t k = 0; k < c->table.cap; k++) {
		const uint8_t *rec = cache_slot_record(c, k);
		struct cache_hit h;
		if (!rec)
			continue;
		CHECK(nocov_cache_lookup(d, rec + 4, &h), "%s: an id is lost", what);
		CHECK(same_record(h.record, rec), "%s: another record of an id is found", what);
	}
}

/* The ids of d (a nocov_ cache; an id may have several records). */
static size_t distinct_ids(const struct cache *d)
{
	size_t n = 0;

	for (size_t k = 0; k < d->table.cap; k++) {
		const uint8_t *rec = nocov_cache_slot_record(d, k);
		struct cache_hit h;
		n += rec && nocov_cache_lookup(d, rec + 4, &h) && h.record == rec;
	}
	return n;
}

/* The whole file encoded from c (main file and additions) loads; it holds
 * every record of both (cache_encode writes all, an id's records each: only
 * cache_encode_kept keeps one), finds for each id the record c finds (one
 * with facts first, then the first written), and has c's ranges. */
static void check_whole(const struct cache *c)
{
	size_t len;
	struct cache d;
	uint8_t *b = cache_encode(c, &len);

	nocov_cache_init(&d, FP);
	nocov_cache_load_buffer(&d, b, len);
	CHECK(d.buf, "the whole file is rejected (%s)", d.rejected ? d.rejected : "?");
	size_t all = NMAIN + records_in(c->abuf + c->abody, c->abody_end - c->abody);
	CHECK(d.count == all, "the whole file holds %zu records of %zu", d.count, all);
	size_t ids = distinct_ids(&d);
	CHECK(ids == c->count, "the whole file has %zu ids, the cache %zu", ids, c->count);
	check_same_finds(c, &d, "the whole file");
	CHECK(d.ranges.n == c->ranges.n && d.ranges.saves == c->ranges.saves,
	      "the whole file's ranges differ");
	nocov_cache_release(&d);
}

/* The additions encoded again (cache_encode_added) and loaded over the main
 * file again: accepted, with c's ids, records and ranges; and encoding them
 * once more gives the same bytes. */
static void check_readded(const struct cache *c)
{
	size_t len, len2;
	struct cache e;
	uint8_t *a = cache_encode_added(c, &len);

	nocov_cache_init(&e, FP);
	nocov_cache_load_buffer(&e, dup_bytes(mf.file, mf.len), mf.len);
	nocov_cache_load_added_buffer(&e, a, len);
	CHECK(e.abuf, "re-encoded additions are rejected (%s)", e.arejected ? e.arejected : "?");
	CHECK(e.count == c->count, "re-encoded additions: %zu ids, were %zu", e.count, c->count);
	check_same_finds(c, &e, "re-encoded additions");
	CHECK(e.ranges.n == c->ranges.n && e.ranges.saves == c->ranges.saves,
	      "re-encoded additions: the ranges differ");
	uint8_t *again = nocov_cache_encode_added(&e, &len2);
	CHECK(len2 == len && !memcmp(again, e.abuf, len), "encoding the additions is not stable");
	free(again);
	nocov_cache_release(&e);
}

/* Ignored additions leave the cache as the main file alone made it. */
static void check_ignored(const struct cache *c)
{
	CHECK(c->arejected && c->abody == c->abody_end, "ignored additions are kept");
	CHECK(c->count == NMAIN, "%zu records after ignored additions", c->count);
	check_main_kept(c);
	CHECK(check_loaded(c) == NMAIN, "slots after ignored additions");
	CHECK(c->ranges.n == mf.nranges && c->ranges.saves == mf.saves,
	      "ignored additions changed the ranges");
}

static void check_taken(const struct cache *c)
{
	CHECK(!c->arejected, "taken additions are said rejected (%s)", c->arejected);
	size_t n = check_loaded(c);
	CHECK(n == c->count, "%zu records indexed, %zu counted", n, c->count);
	check_main_kept(c);
	CHECK(c->ranges.saves >= mf.saves && c->ranges.n >= mf.nranges,
	      "the additions lost ranges or saves");
	check_whole(c);
	check_readded(c);
}

static void added_mode(const uint8_t *data, size_t size)
{
	size_t alen;
	struct cache c;
	uint8_t *added = seal_added(data, size, &alen);

	cache_init(&c, FP);
	cache_load_buffer(&c, dup_bytes(mf.file, mf.len), mf.len);
	cache_load_added_buffer(&c, added, alen);
	if (c.abuf)
		check_taken(&c);
	else
		check_ignored(&c);
	cache_release(&c);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	main_init();
	return 0;
}

/* An input starting with ADDED_TAG is added mode's (the rest: seal_added);
 * any other runs raw mode and round trip mode, as before added mode was
 * (read by raw mode, the tag claims 24875 records without sections, which no
 * input holds). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t t = sizeof(ADDED_TAG) - 1;

	if (size >= t && !memcmp(data, ADDED_TAG, t)) {
		added_mode(data + t, size - t);
		return 0;
	}
	raw_mode(data, size);
	roundtrip_mode(data, size);
	return 0;
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
