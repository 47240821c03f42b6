/*
 * fuzz_segcache.c — libFuzzer harness for src/cache/mainline.c (.git/regtrace-
 * mainline-cache: the mainline commits that name others, per segment
 * between two tags, kept between runs).
 *
 * The file carries a checksum, so raw fuzzed bytes would stop there: the
 * input is the file's body (the pool of the bases' tails' facts, the
 * segment count, the segments), and the harness seals it into a
 * well-formed file (magic, format, version, checksum).  Checked:
 *
 *  - a rejected file leaves an empty cache with a reason;
 *  - a loaded one: every segment is found again by its two ends (the first
 *    of its kind with those ends: a base's own tail, or any other), has no more commits naming others than commits, and
 *    each of those has clean facts (ids of 7..40 lower-case hex, known kinds,
 *    subjects of at most MSG_SUBJECT_MAX bytes); encoding it gives a file
 *    that loads with as many segments, and encoding that again gives the
 *    same bytes;
 *  - the facts msg_parse finds in the input, stripped as the mainline's
 *    walks keep them (core/mainline.h), kept in a segment and encoded, load
 *    back and encode to the very same bytes.
 */
#include <stdint.h>
#include <string.h>

#include "cmd/cli.h"
#include "base/codec.h"
#include "fuzz_common.h"
#include "fuzz_seal.h"
#include "core/message.h"
#include "cache/mainline.h"
#include "core/mainline.h"

#define MAGIC "regtrace-mainline-cache\n"

/* A well-formed file around body. */
static int clean_id(const char *s)
{
	size_t n = strlen(s);

	return n >= MSG_ID_MIN && n <= MSG_ID_MAX && strspn(s, "0123456789abcdef") == n;
}

static void check_segment(struct segcache *c, const struct segment *s)
{
	CHECK((s->alone ? segcache_find_alone(c, s->from, s->to) : segcache_find(c, s->from, s->to)) !=
		      NULL,
	      "a segment not found by its ends");
	CHECK(s->n <= s->ncommits, "%zu commits naming others of %u", s->n, s->ncommits);
	for (size_t i = 0; i < s->n; i++) {
		const struct msg_facts *f = &s->v[i].facts;
		CHECK(f->subject && strlen(f->subject) <= MSG_SUBJECT_MAX, "subject");
		for (size_t k = 0; k < f->nrefs; k++) {
			CHECK(clean_id(f->refs[k].id), "ref '%s'", f->refs[k].id);
			CHECK(f->refs[k].kind == MSG_REF_FIXES || f->refs[k].kind == MSG_REF_REVERT,
			      "kind");
		}
		for (size_t k = 0; k < f->naliases; k++)
			CHECK(clean_id(f->aliases[k]), "alias '%s'", f->aliases[k]);
	}
}

/* Encode c, load that, encode again: the same segments, the same bytes. */
static void check_stable(const struct segcache *c)
{
	size_t len, len2;
	uint8_t *a = segcache_encode(c, &len), *b;
	struct segcache d;

	segcache_init(&d);
	segcache_load_buffer(&d, a, len);
	CHECK(!d.rejected && d.n == c->n, "a re-encoded cache is rejected (%s)",
	      d.rejected ? d.rejected : "segments lost");
	b = segcache_encode(&d, &len2);
	CHECK(len2 == len && !memcmp(a, b, len), "encoding is not stable");
	free(a);
	free(b);
	segcache_release(&d);
}

static void raw_mode(const uint8_t *data, size_t size)
{
	struct segcache c;
	size_t len;

	uint8_t *file = fuzz_sealed(MAGIC, SEGCACHE_FORMAT, data, size, &len);
	segcache_init(&c);
	segcache_load_buffer(&c, file, len);
	free(file);
	if (c.rejected) {
		CHECK(c.n == 0 && c.v == NULL, "a rejected cache keeps segments");
		segcache_release(&c);
		return;
	}
	for (size_t i = 0; i < c.n; i++)
		check_segment(&c, &c.v[i]);
	check_stable(&c);
	segcache_release(&c);
}

static void roundtrip_mode(const uint8_t *data, size_t size)
{
	struct segcache c;
	struct segment s = { .ncommits = 3, .tail = size & 1 };

	segcache_init(&c);
	memset(s.from, 0x11, 20);
	memset(s.to, 0x22, 20);
	s.v = calloc(1, sizeof(*s.v));
	s.n = s.cap = 1;
	memset(s.v[0].oid, 0x33, 20);
	msg_parse((const char *)data, size, &s.v[0].facts);
	mainline_strip(&s.v[0].facts);	/* as the walks keep them (a mention: no file's) */
	segcache_add(&c, &s);
	check_stable(&c);
	segcache_release(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	raw_mode(data, size);
	roundtrip_mode(data, size);
	return 0;
}
