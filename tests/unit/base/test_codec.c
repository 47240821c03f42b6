/* Unit tests for codec.c's seal: its hash sees every bit and the length of what it
 * covers, a sealed buffer checks, and any one damaged byte (or a cut) is rejected; and
 * for its numbers: little-endian at every width, a read past the end turning the
 * reader bad for good; a reserved buffer filled without moving. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/codec.h"

static void fill(uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)(i * 131 + 7);
}

/* Every single-bit change of a 37-byte buffer (four words and a tail of 5)
 * changes the hash. */
static void test_every_bit(void **state)
{
	uint8_t b[37];

	(void)state;
	fill(b, sizeof(b));
	uint64_t h = codec_seal_hash(b, sizeof(b));
	for (size_t i = 0; i < sizeof(b); i++)
		for (int bit = 0; bit < 8; bit++) {
			b[i] ^= (uint8_t)(1u << bit);
			assert_true(codec_seal_hash(b, sizeof(b)) != h);
			b[i] ^= (uint8_t)(1u << bit);
		}
	assert_true(codec_seal_hash(b, sizeof(b)) == h);
}

/* Zero bytes added at the end (the tail's padding) change it: the length counts. */
static void test_length(void **state)
{
	uint8_t b[24] = { 0 };

	(void)state;
	for (size_t n = 0; n < sizeof(b); n++)
		assert_true(codec_seal_hash(b, n) != codec_seal_hash(b, n + 1));
	fill(b, 16);
	assert_true(codec_seal_hash(b, 16) != codec_seal_hash(b, 17));
}

/* A fixed input's hash: files written by another build must check here
 * (changing the function needs the caches' FORMAT bumped). */
static void test_stable(void **state)
{
	const char *s = "regtrace-cache\n";
	uint8_t b[100];

	(void)state;
	/* (worked out by an implementation of the function in Python: four
	 * chains over 32-byte blocks, the rest on the first, then mixed) */
	assert_true(codec_seal_hash((const uint8_t *)s, strlen(s)) == 0xeb1ea7ee614e99d7ull);
	assert_true(codec_seal_hash((const uint8_t *)"", 0) == 0xdff4e1e16b86f9c7ull);
	fill(b, sizeof(b));	/* three blocks and a tail of 4 */
	assert_true(codec_seal_hash(b, sizeof(b)) == 0xa4ea77749d46fe4full);
	/* one block, a word on the first chain, a tail of 5 */
	assert_true(codec_seal_hash(b, 45) == 0x40a0d57e55d756e6ull);
}

/* wbuf_seal's buffer checks; one damaged byte anywhere, or one byte cut, does not. */
static void test_sealed(void **state)
{
	struct wbuf w = { 0 };
	uint8_t body[100];

	(void)state;
	fill(body, sizeof(body));
	wbuf_bytes(&w, body, sizeof(body));
	wbuf_seal(&w);
	assert_int_equal(w.len, sizeof(body) + 8);
	assert_true(codec_sealed(w.b, w.len));
	for (size_t i = 0; i < w.len; i++) {
		w.b[i] ^= 0x40;
		assert_false(codec_sealed(w.b, w.len));
		w.b[i] ^= 0x40;
	}
	assert_false(codec_sealed(w.b, w.len - 1));
	assert_false(codec_sealed(w.b, 7));
	free(w.b);
}

/* The bytes 01 02 .. 08 read at each width: the first byte is the lowest. */
static void test_uint_widths(void **state)
{
	static const uint8_t b[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	static const uint64_t want[9] = { 0, 0x01, 0x0201, 0x030201, 0x04030201, 0x0504030201,
					  0x060504030201, 0x07060504030201, 0x0807060504030201 };

	(void)state;
	for (size_t n = 1; n <= 8; n++) {
		struct rbuf r = { b, b + sizeof(b), 0 };
		assert_true(rbuf_uint(&r, n) == want[n]);
		assert_false(r.bad);
		assert_ptr_equal(r.p, b + n);
	}
}

/* wbuf_uint's numbers read back, each width, the top bytes beyond it dropped. */
static void test_uint_round_trip(void **state)
{
	const uint64_t v = 0xf1e2d3c4b5a69788ull;
	struct wbuf w = { 0 };

	(void)state;
	for (size_t n = 1; n <= 8; n++)
		wbuf_uint(&w, v, n);
	struct rbuf r = { w.b, w.b + w.len, 0 };
	for (size_t n = 1; n <= 8; n++) {
		uint64_t mask = n == 8 ? ~0ull : (1ull << (8 * n)) - 1;
		assert_true(rbuf_uint(&r, n) == (v & mask));
	}
	assert_false(r.bad);
	assert_ptr_equal(r.p, r.end);
	free(w.b);
}

/* Numbers written past the buffer's first size (4,096 bytes, then doubled) read back
 * in order: the writer grows the buffer without losing what it holds. */
static void test_uint_growth(void **state)
{
	struct wbuf w = { 0 };

	(void)state;
	for (uint32_t i = 0; i < 5000; i++) {
		wbuf_uint(&w, i, 4);
		wbuf_uint(&w, (uint64_t)i << 32 | 7, 8);
		wbuf_uint(&w, i & 0xff, 1);
	}
	assert_int_equal(w.len, 5000 * 13);
	struct rbuf r = { w.b, w.b + w.len, 0 };
	for (uint32_t i = 0; i < 5000; i++) {
		assert_true(rbuf_uint(&r, 4) == i);
		assert_true(rbuf_uint(&r, 8) == ((uint64_t)i << 32 | 7));
		assert_true(rbuf_uint(&r, 1) == (i & 0xff));
	}
	assert_false(r.bad);
	free(w.b);
}

/* Too few bytes left: 0, the reader bad, and every later read 0 even where bytes
 * would be enough. */
static void test_uint_past_end(void **state)
{
	static const uint8_t b[6] = { 9, 9, 9, 9, 9, 9 };
	struct rbuf r = { b, b + sizeof(b), 0 };

	(void)state;
	assert_true(rbuf_uint(&r, 4) == 0x09090909);
	assert_true(rbuf_uint(&r, 4) == 0);
	assert_true(r.bad);
	assert_true(rbuf_uint(&r, 1) == 0);
	assert_null(rbuf_take(&r, 0));
	struct rbuf e = { b, b, 0 };
	assert_true(rbuf_uint(&e, 8) == 0);
	assert_true(e.bad);
}

/* wbuf_reserve: room for exactly what is asked once it must grow, so the
 * bytes written into it never move it; room already there is kept. */
static void test_reserve(void **state)
{
	struct wbuf w = { 0 };
	uint8_t *at;

	(void)state;
	wbuf_uint(&w, 7, 1);
	wbuf_reserve(&w, 100000);
	assert_int_equal(w.cap, 100001);
	at = w.b;
	for (int i = 0; i < 100000; i++)
		wbuf_uint(&w, (uint64_t)i, 1);
	assert_ptr_equal(w.b, at);
	assert_int_equal(w.len, 100001);
	assert_int_equal(w.b[0], 7);
	assert_int_equal(w.b[100000], (uint8_t)99999);
	wbuf_reserve(&w, 0);	/* nothing more asked: unchanged */
	assert_int_equal(w.cap, 100001);
	free(w.b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uint_widths),
		cmocka_unit_test(test_uint_round_trip),
		cmocka_unit_test(test_uint_past_end),
		cmocka_unit_test(test_uint_growth),
		cmocka_unit_test(test_every_bit),
		cmocka_unit_test(test_length),
		cmocka_unit_test(test_stable),
		cmocka_unit_test(test_sealed),
		cmocka_unit_test(test_reserve),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
