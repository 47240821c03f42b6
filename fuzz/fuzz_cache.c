/*
 * fuzz_cache.c — libFuzzer harness for src/cache.c (.git/regtrace-cache, the
 * facts of every commit read, kept between runs).
 *
 * The file carries a checksum, so raw fuzzed bytes would stop there: the
 * input's first 2 bytes give the record count and the rest the records'
 * bytes, and the harness seals them into a well-formed file (magic, format,
 * version, fingerprint, checksum).  Checked:
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
 */
#include <stdint.h>
#include <string.h>

#include "git/cache.h"
#include "base/codec.h"
#include "base/version.h"
#include "fuzz_common.h"
#include "core/message.h"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif

/*
 * A second build of src/git/cache.c (the real source, compiled by the Makefile
 * without coverage feedback, every symbol it defines renamed nocov_*), with
 * ASan and UBSan: the same code, named nocov_cache_*.
 * The derived checks (loading the re-encoded file and encoding it again, and
 * loading a file under other rules) go through it: they run the same code on
 * files whose coverage is that of the input's own load, without a traced
 * comparison for every byte of the file in the checksum loop.
 */
/* The copy's functions (the Makefile builds it: every symbol of
 * src/git/cache.c renamed nocov_*). */
void nocov_cache_init(struct cache *c, uint64_t fingerprint);
void nocov_cache_load_buffer(struct cache *c, uint8_t *buf, size_t len);
int nocov_cache_lookup(const struct cache *c, const uint8_t oid[20], struct cache_hit *out);
uint8_t *nocov_cache_encode(const struct cache *c, size_t *len);
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

/* Every record of a loaded cache: found by its id, decodable, clean. */
static size_t check_loaded(const struct cache *c)
{
	size_t found = 0;

	for (size_t k = 0; c->table && k < c->tcap; k++) {
		if (!c->table[k])
			continue;
		const uint8_t *oid = c->buf + c->table[k] - 1 + 4;
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	raw_mode(data, size);
	roundtrip_mode(data, size);
	return 0;
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
