/* Unit tests for idsort.h: sorting drops repeats and orders ids as memcmp does (the
 * first differing byte decides, a later byte only on a tie); the check tells sorted
 * lists from those out of order or with a repeat; a merge of two sorted lists equals
 * sorting them together, whichever holds each id and when both hold it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/idsort.h"

/* An id: byte 0 is a, byte 19 is z, the rest 0x5a. */
static void id(uint8_t out[20], uint8_t a, uint8_t z)
{
	memset(out, 0x5a, 20);
	out[0] = a;
	out[19] = z;
}

static void test_sort_unique(void **state)
{
	uint8_t v[6][20];

	(void)state;
	id(v[0], 3, 0);
	id(v[1], 1, 9);
	id(v[2], 3, 0);		/* a repeat */
	id(v[3], 1, 2);		/* same first byte, smaller last */
	id(v[4], 0xff, 0);
	id(v[5], 1, 9);		/* a repeat */
	assert_int_equal(ids_sort_unique(v, 6), 4);
	assert_int_equal(v[0][0], 1);
	assert_int_equal(v[0][19], 2);
	assert_int_equal(v[1][0], 1);
	assert_int_equal(v[1][19], 9);
	assert_int_equal(v[2][0], 3);
	assert_int_equal(v[3][0], 0xff);
	assert_int_equal(ids_sort_unique(v, 0), 0);
}

static void test_sorted_unique(void **state)
{
	uint8_t v[3][20];

	(void)state;
	id(v[0], 1, 2);
	id(v[1], 1, 9);
	id(v[2], 2, 0);
	assert_true(ids_sorted_unique((const uint8_t (*)[20])v, 3));
	assert_true(ids_sorted_unique((const uint8_t (*)[20])v, 0));
	assert_true(ids_sorted_unique((const uint8_t (*)[20])v, 1));
	id(v[2], 1, 9);		/* a repeat */
	assert_false(ids_sorted_unique((const uint8_t (*)[20])v, 3));
	id(v[2], 1, 3);		/* out of order by its last byte */
	assert_false(ids_sorted_unique((const uint8_t (*)[20])v, 3));
}

/* Random lists over a small alphabet (many ids in both), merged, equal the two
 * sorted together. */
static void test_merge(void **state)
{
	uint8_t a[40][20], b[40][20], both[80][20], out[80][20];

	(void)state;
	srand(7);
	for (int round = 0; round < 200; round++) {
		size_t na = (size_t)rand() % 40, nb = (size_t)rand() % 40;
		for (size_t i = 0; i < na; i++)
			id(a[i], (uint8_t)(rand() % 6), (uint8_t)(rand() % 3));
		for (size_t i = 0; i < nb; i++)
			id(b[i], (uint8_t)(rand() % 6), (uint8_t)(rand() % 3));
		na = ids_sort_unique(a, na);
		nb = ids_sort_unique(b, nb);
		memcpy(both, a, na * 20);
		memcpy(both + na, b, nb * 20);
		size_t nboth = ids_sort_unique(both, na + nb);
		size_t n = ids_merge((const uint8_t (*)[20])a, na, (const uint8_t (*)[20])b, nb, out);
		assert_int_equal(n, nboth);
		assert_memory_equal(out, both, n * 20);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort_unique),
		cmocka_unit_test(test_sorted_unique),
		cmocka_unit_test(test_merge),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
