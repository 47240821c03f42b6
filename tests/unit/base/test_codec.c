/* Unit tests for codec.c's seal: its hash sees every bit and the length of what it
 * covers, a sealed buffer checks, and any one damaged byte (or a cut) is rejected. */
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

	(void)state;
	assert_true(codec_seal_hash((const uint8_t *)s, strlen(s)) == 0xfcc39cf63c810b27ull);
	assert_true(codec_seal_hash((const uint8_t *)"", 0) == 0x315ff6287492d056ull);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_bit),
		cmocka_unit_test(test_length),
		cmocka_unit_test(test_stable),
		cmocka_unit_test(test_sealed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
