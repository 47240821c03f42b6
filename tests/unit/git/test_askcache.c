/* Unit tests for askcache.c: answers joined across sets of objects, prefix answers over a
 * sorted id list (odd lengths included), the file's round trip, the packs compared
 * (added, gone, changed), the loaded answers kept or not, and files ignored whole. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/codec.h"
#include "base/version.h"
#include "cache/outside.h"

/* An object id from 40 hex digits. */
static void oid_of(uint8_t out[20], const char *hex)
{
	for (int i = 0; i < 20; i++) {
		unsigned v;
		sscanf(hex + 2 * i, "%2x", &v);
		out[i] = (uint8_t)v;
	}
}

static struct ask_answer one(const char *hex)
{
	struct ask_answer a = { ASK_ONE, { 0 } };

	oid_of(a.oid, hex);
	return a;
}

#define A1 "ab12000000000000000000000000000000000001"
#define A2 "ab13000000000000000000000000000000000002"
#define A3 "ab13000000000000000000000000000000000003"
#define B1 "cd00000000000000000000000000000000000001"

static void test_join(void **state)
{
	struct ask_answer a = { ASK_NONE, { 0 } }, b = one(A1), c = one(A2), many = { ASK_MANY, { 0 } };

	(void)state;
	ask_join(&a, &b);	/* none + one: that one */
	assert_int_equal(a.count, ASK_ONE);
	assert_memory_equal(a.oid, b.oid, 20);
	ask_join(&a, &b);	/* the same object in both sets: still one */
	assert_int_equal(a.count, ASK_ONE);
	struct ask_answer none = { ASK_NONE, { 0 } };
	ask_join(&a, &none);
	assert_int_equal(a.count, ASK_ONE);
	ask_join(&a, &c);	/* two objects: several */
	assert_int_equal(a.count, ASK_MANY);
	ask_join(&a, &b);
	assert_int_equal(a.count, ASK_MANY);
	struct ask_answer d = { ASK_NONE, { 0 } };
	ask_join(&d, &many);
	assert_int_equal(d.count, ASK_MANY);
	struct ask_answer e = one(A1);
	ask_join(&e, &many);	/* one set alone already has several */
	assert_int_equal(e.count, ASK_MANY);
}

static void test_in_oids(void **state)
{
	uint8_t v[4][20];
	struct ask_answer a;

	(void)state;
	oid_of(v[0], A1);
	oid_of(v[1], A2);
	oid_of(v[2], A3);
	oid_of(v[3], B1);
	ask_in_oids((const uint8_t (*)[20])v, 4, "ab12000", &a);
	assert_int_equal(a.count, ASK_ONE);
	assert_memory_equal(a.oid, v[0], 20);
	ask_in_oids((const uint8_t (*)[20])v, 4, "ab13000", &a);	/* A2 and A3 */
	assert_int_equal(a.count, ASK_MANY);
	ask_in_oids((const uint8_t (*)[20])v, 4, A3, &a);	/* the whole id */
	assert_int_equal(a.count, ASK_ONE);
	assert_memory_equal(a.oid, v[2], 20);
	ask_in_oids((const uint8_t (*)[20])v, 4, "ab1", &a);	/* odd length: A1, A2, A3 */
	assert_int_equal(a.count, ASK_MANY);
	ask_in_oids((const uint8_t (*)[20])v, 4, "ab12", &a);
	assert_int_equal(a.count, ASK_ONE);
	ask_in_oids((const uint8_t (*)[20])v, 4, "cd0000000", &a);	/* the last one */
	assert_int_equal(a.count, ASK_ONE);
	assert_memory_equal(a.oid, v[3], 20);
	ask_in_oids((const uint8_t (*)[20])v, 4, "ab14000", &a);	/* between two */
	assert_int_equal(a.count, ASK_NONE);
	ask_in_oids((const uint8_t (*)[20])v, 4, "ff00000", &a);	/* past the end */
	assert_int_equal(a.count, ASK_NONE);
	ask_in_oids((const uint8_t (*)[20])v, 4, "0000000", &a);	/* before the first */
	assert_int_equal(a.count, ASK_NONE);
	ask_in_oids(NULL, 0, "ab12000", &a);
	assert_int_equal(a.count, ASK_NONE);
}

static const struct ask_pack PACKS[2] = {
	{ "pack-1111111111111111111111111111111111111111.idx", 1000 },
	{ "pack-2222222222222222222222222222222222222222.idx", 2000 },
};

static struct ask_record rec(const char *id, struct ask_answer a)
{
	struct ask_record r;

	memset(&r, 0, sizeof(r));
	snprintf(r.id, sizeof(r.id), "%s", id);
	r.a = a;
	return r;
}

/* A file: "ab12000" one (its message read, two aliases), "cd00000" none, "ab13" seen
 * twice (the second with its message read), seen out of order, for PACKS (reversed). */
static uint8_t *encoded(uint64_t fingerprint, size_t *len)
{
	struct askcache c;
	char aliases[2][MSG_ID_MAX + 1] = { "1234567890ab", "fedcba098765" };
	struct ask_pack rev[2] = { PACKS[1], PACKS[0] };

	askcache_init(&c, fingerprint);
	struct ask_record r = rec("cd00000", (struct ask_answer){ ASK_NONE, { 0 } });
	askcache_seen(&c, &r);
	r = rec("ab13000", one(A2));
	askcache_seen(&c, &r);
	r.read = 1;
	r.aliases = aliases;
	r.naliases = 1;
	askcache_seen(&c, &r);
	r = rec("ab12000", one(A1));
	r.read = 1;
	r.aliases = aliases;
	r.naliases = 2;
	askcache_seen(&c, &r);
	uint8_t *buf = askcache_encode(&c, rev, 2, 0, len);
	askcache_release(&c);
	return buf;
}

static void test_round_trip(void **state)
{
	struct askcache c;
	size_t len;
	uint8_t *buf = encoded(7, &len), want[20];

	(void)state;
	askcache_init(&c, 7);
	assert_int_equal(c.loaded, 0);
	askcache_load_buffer(&c, buf, len);
	assert_null(c.rejected);
	assert_int_equal(c.loaded, 1);
	assert_int_equal(c.npacks, 2);
	assert_string_equal(c.packs[0].name, PACKS[0].name);	/* sorted */
	assert_int_equal(c.packs[1].idx_size, 2000);
	assert_int_equal(c.n, 3);	/* "ab13000" once */
	const struct ask_record *r = askcache_find(&c, "ab12000");
	assert_non_null(r);
	assert_int_equal(r->a.count, ASK_ONE);
	oid_of(want, A1);
	assert_memory_equal(r->a.oid, want, 20);
	assert_int_equal(r->read, 1);
	assert_int_equal(r->naliases, 2);
	assert_string_equal(r->aliases[1], "fedcba098765");
	r = askcache_find(&c, "ab13000");	/* the copy with its message read is kept */
	assert_non_null(r);
	assert_int_equal(r->read, 1);
	assert_int_equal(r->naliases, 1);
	r = askcache_find(&c, "cd00000");
	assert_non_null(r);
	assert_int_equal(r->a.count, ASK_NONE);
	assert_null(askcache_find(&c, "ab1200"));	/* exactly the id asked */
	assert_null(askcache_find(&c, "ab120000"));
	askcache_release(&c);
	free(buf);
}

static void test_packs_compared(void **state)
{
	struct askcache c;
	size_t len;
	uint8_t *buf = encoded(7, &len);
	int is_new[3];
	struct ask_pack more[3] = { PACKS[1], { "pack-3333333333333333333333333333333333333333.idx", 5 },
				    PACKS[0] };

	(void)state;
	askcache_init(&c, 7);
	askcache_load_buffer(&c, buf, len);
	assert_int_equal(askcache_new_packs(&c, PACKS, 2, is_new), 0);	/* the same */
	assert_int_equal(is_new[0] + is_new[1], 0);
	assert_int_equal(askcache_new_packs(&c, more, 3, is_new), 1);	/* one added */
	assert_int_equal(is_new[0], 0);
	assert_int_equal(is_new[1], 1);
	assert_int_equal(is_new[2], 0);
	assert_int_equal(c.n, 3);	/* still usable */
	struct ask_pack changed[2] = { PACKS[0], PACKS[1] };
	changed[1].idx_size++;	/* the same name, another index: gone */
	assert_int_equal(askcache_new_packs(&c, changed, 2, is_new), SIZE_MAX);
	assert_int_equal(c.n, 0);	/* answers dropped */
	assert_int_equal(is_new[0] + is_new[1], 2);
	askcache_release(&c);
	askcache_init(&c, 7);
	askcache_load_buffer(&c, buf, len);
	assert_int_equal(askcache_new_packs(&c, PACKS, 1, is_new), SIZE_MAX);	/* one gone */
	assert_int_equal(c.n, 0);
	assert_int_equal(c.loaded, 0);
	askcache_release(&c);
	free(buf);
}

static void test_keep_loaded(void **state)
{
	struct askcache c, d;
	size_t len, len2;
	uint8_t *buf = encoded(7, &len);

	(void)state;
	askcache_init(&c, 7);
	askcache_load_buffer(&c, buf, len);
	struct ask_record r = rec("ab12ff0", (struct ask_answer){ ASK_NONE, { 0 } });
	askcache_seen(&c, &r);
	r = rec("cd00000", one(B1));	/* a newer answer than the loaded one */
	askcache_seen(&c, &r);
	uint8_t *kept = askcache_encode(&c, PACKS, 2, 1, &len2);
	askcache_init(&d, 7);
	askcache_load_buffer(&d, kept, len2);
	assert_null(d.rejected);
	assert_int_equal(d.n, 4);	/* ab12000, ab12ff0, ab13000, cd00000 */
	assert_string_equal(d.v[0].id, "ab12000");
	assert_string_equal(d.v[1].id, "ab12ff0");
	assert_string_equal(d.v[2].id, "ab13000");
	assert_int_equal(d.v[3].a.count, ASK_ONE);	/* the answer seen wins */
	askcache_release(&d);
	free(kept);
	kept = askcache_encode(&c, PACKS, 2, 0, &len2);	/* only what was seen */
	askcache_init(&d, 7);
	askcache_load_buffer(&d, kept, len2);
	assert_int_equal(d.n, 2);
	askcache_release(&d);
	askcache_release(&c);
	free(kept);
	free(buf);
}

static void test_rejected(void **state)
{
	struct askcache c;
	size_t len;
	uint8_t *buf = encoded(7, &len);

	(void)state;
	askcache_init(&c, 8);	/* other project rules */
	askcache_load_buffer(&c, buf, len);
	assert_non_null(c.rejected);
	assert_int_equal(c.n + c.npacks, 0);
	askcache_release(&c);
	for (size_t at = 0; at < len; at += 7) {	/* any byte changed: ignored whole */
		buf[at] ^= 0x20;
		askcache_init(&c, 7);
		askcache_load_buffer(&c, buf, len);
		assert_non_null(c.rejected);
		assert_int_equal(c.n + c.npacks, 0);
		assert_int_equal(c.loaded, 0);
		askcache_release(&c);
		buf[at] ^= 0x20;
	}
	askcache_init(&c, 7);
	askcache_load_buffer(&c, buf, len - 1);	/* cut */
	assert_non_null(c.rejected);
	askcache_release(&c);
	free(buf);
}

/* Load a sealed file of the right head and body's records: how many
 * records were kept (0 when it was ignored, then *why says why). */
static size_t load_body(void (*body)(struct wbuf *w), const char **why)
{
	struct wbuf w = { 0 };
	struct askcache c;
	size_t n;

	wbuf_head(&w, "regtrace-outside-cache\n", ASKCACHE_FORMAT, REGTRACE_VERSION);
	wbuf_uint(&w, 7, 8);
	wbuf_uint(&w, 0, 4);	/* no pack */
	body(&w);
	wbuf_seal(&w);
	askcache_init(&c, 7);
	askcache_load_buffer(&c, w.b, w.len);
	*why = c.rejected;
	n = c.n;
	askcache_release(&c);
	free(w.b);
	return n;
}

static void expect_bad_records(void (*body)(struct wbuf *w))
{
	const char *why;

	assert_int_equal(load_body(body, &why), 0);
	assert_non_null(why);
}

static void put(struct wbuf *w, const char *id, unsigned count, unsigned read, unsigned naliases)
{
	uint8_t oid[20] = { 0 };

	wbuf_str(w, id);
	wbuf_uint(w, count, 1);
	wbuf_uint(w, read, 1);
	wbuf_bytes(w, oid, 20);
	wbuf_uint(w, naliases, 4);
	for (unsigned i = 0; i < naliases; i++)
		wbuf_str(w, "1234567890ab");
}

static void good(struct wbuf *w)
{
	wbuf_uint(w, 2, 4);
	put(w, "aaaaaaa", ASK_NONE, 0, 0);
	put(w, "aaaaaaab", ASK_ONE, 1, 2);
}

static void out_of_order(struct wbuf *w)
{
	wbuf_uint(w, 2, 4);
	put(w, "bbbbbbb", ASK_NONE, 0, 0);
	put(w, "aaaaaaa", ASK_NONE, 0, 0);
}

static void twice(struct wbuf *w)
{
	wbuf_uint(w, 2, 4);
	put(w, "aaaaaaa", ASK_NONE, 0, 0);
	put(w, "aaaaaaa", ASK_NONE, 0, 0);
}

static void not_hex(struct wbuf *w)
{
	wbuf_uint(w, 1, 4);
	put(w, "aaaaaag", ASK_NONE, 0, 0);
}

static void too_short(struct wbuf *w)
{
	wbuf_uint(w, 1, 4);
	put(w, "aaaaaa", ASK_NONE, 0, 0);
}

static void bad_count(struct wbuf *w)
{
	wbuf_uint(w, 1, 4);
	put(w, "aaaaaaa", 3, 0, 0);
}

static void aliases_unread(struct wbuf *w)
{
	wbuf_uint(w, 1, 4);
	put(w, "aaaaaaa", ASK_ONE, 0, 1);	/* aliases of a message never read */
}

static void read_of_none(struct wbuf *w)
{
	wbuf_uint(w, 1, 4);
	put(w, "aaaaaaa", ASK_NONE, 1, 0);
}

static void short_alias(struct wbuf *w)
{
	uint8_t oid[20] = { 1 };

	wbuf_uint(w, 1, 4);
	wbuf_str(w, "aaaaaaa");
	wbuf_uint(w, ASK_ONE, 1);
	wbuf_uint(w, 1, 1);
	wbuf_bytes(w, oid, 20);
	wbuf_uint(w, 1, 4);
	wbuf_str(w, "123456");	/* an alias of 6 digits: no id */
}

static void trailing(struct wbuf *w)
{
	wbuf_uint(w, 1, 4);
	put(w, "aaaaaaa", ASK_NONE, 0, 0);
	wbuf_uint(w, 0, 1);
}

static void test_bad_records(void **state)
{
	const char *why;

	(void)state;
	assert_int_equal(load_body(good, &why), 2);	/* the same file, well formed */
	assert_null(why);
	expect_bad_records(out_of_order);
	expect_bad_records(twice);
	expect_bad_records(not_hex);
	expect_bad_records(too_short);
	expect_bad_records(bad_count);
	expect_bad_records(aliases_unread);
	expect_bad_records(read_of_none);
	expect_bad_records(trailing);
	expect_bad_records(short_alias);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_join),
		cmocka_unit_test(test_in_oids),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_packs_compared),
		cmocka_unit_test(test_keep_loaded),
		cmocka_unit_test(test_rejected),
		cmocka_unit_test(test_bad_records),
	};

	return cmocka_run_group_tests_name("askcache", tests, NULL, NULL);
}
