/* Unit tests for sha1.c: the test vectors of FIPS 180 (and of RFC 3174), and
 * git's own id of an empty blob, so that a commit-graph's trailing checksum is
 * checked by the real SHA-1. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sha1.h"

static void hex_of(const uint8_t *d, size_t len, char out[41])
{
	uint8_t sum[20];

	assert_int_equal(sha1(d, len, sum), 0);
	for (int i = 0; i < 20; i++)
		snprintf(out + 2 * i, 3, "%02x", sum[i]);
}

static void test_vectors(void **state)
{
	char h[41];
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

	(void)state;
	hex_of((const uint8_t *)"", 0, h);
	assert_string_equal(h, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
	hex_of((const uint8_t *)"abc", 3, h);
	assert_string_equal(h, "a9993e364706816aba3e25717850c26c9cd0d89d");
	hex_of((const uint8_t *)two, strlen(two), h);
	assert_string_equal(h, "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
}

/* A million 'a's: many blocks. */
static void test_million(void **state)
{
	char h[41];
	uint8_t *a = malloc(1000000);

	(void)state;
	assert_non_null(a);
	memset(a, 'a', 1000000);
	hex_of(a, 1000000, h);
	assert_string_equal(h, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
	free(a);
}

/* git hash-object of an empty file: SHA-1 of "blob 0\0". */
static void test_git_empty_blob(void **state)
{
	char h[41];

	(void)state;
	hex_of((const uint8_t *)"blob 0", 7, h);
	assert_string_equal(h, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_million),
		cmocka_unit_test(test_git_empty_blob),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
