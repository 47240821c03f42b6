/* Unit tests for radix.c: the same order as qsort by (key, input position), for 4- and
 * 8-byte keys at any offset, with many ties, keys differing in one byte only, keys all
 * equal, and 0, 1 or 2 records. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/radix.h"

struct r8 {
	uint32_t pos;		/* input position: the tie-breaker */
	uint64_t key;
	char pad[3];
};

struct r4 {
	uint32_t key;
	uint32_t pos;
};

static int cmp8(const void *a, const void *b)
{
	const struct r8 *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->pos > y->pos) - (x->pos < y->pos);
}

static int cmp4(const void *a, const void *b)
{
	const struct r4 *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->pos > y->pos) - (x->pos < y->pos);
}

static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* n records whose keys are drawn by how (0: any, 1: few values, 2: one byte differs,
 * 3: all equal, 4: half spread, half crowded into one top-bits bucket, 5: small numbers,
 * their top bits all 0); sorted both ways and compared. */
static void check8(size_t n, int how, uint64_t seed)
{
	struct r8 *a = calloc(n + 1, sizeof(*a)), *b = calloc(n + 1, sizeof(*b));

	for (size_t i = 0; i < n; i++) {
		uint64_t r = next_rand(&seed);
		a[i].pos = (uint32_t)i;
		a[i].key = how == 0 ? r : how == 1 ? r % 5 : how == 2 ? (r & 0xffull) << 48 :
			   how == 3 ? 42 : how == 4 ? (i % 2 ? r : 0x1234000000000000ull | r >> 40) :
			   r >> 40;
	}
	memcpy(b, a, n * sizeof(*a));
	radix_sort(a, n, sizeof(*a), offsetof(struct r8, key), 8);
	if (n)
		qsort(b, n, sizeof(*b), cmp8);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(a[i].key, b[i].key);
		assert_int_equal(a[i].pos, b[i].pos);
	}
	free(a);
	free(b);
}

static void check4(size_t n, int how, uint64_t seed)
{
	struct r4 *a = calloc(n + 1, sizeof(*a)), *b = calloc(n + 1, sizeof(*b));

	for (size_t i = 0; i < n; i++) {
		uint32_t r = (uint32_t)next_rand(&seed);
		a[i].pos = (uint32_t)i;
		a[i].key = how == 0 ? r : how == 1 ? r % 3 : how == 2 ? r & 0xff000000u :
			   how == 3 ? 7 : how == 4 ? (i % 2 ? r : 0xabc00000u | r >> 22) : r >> 20;
	}
	memcpy(b, a, n * sizeof(*a));
	radix_sort(a, n, sizeof(*a), offsetof(struct r4, key), 4);
	if (n)
		qsort(b, n, sizeof(*b), cmp4);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(a[i].key, b[i].key);
		assert_int_equal(a[i].pos, b[i].pos);
	}
	free(a);
	free(b);
}

static void test_keys_of_8_bytes(void **state)
{
	(void)state;
	for (int how = 0; how < 6; how++) {
		check8(10000, how, 1 + (uint64_t)how);
		check8(100, how, 7);	/* buckets of a few: by insertion */
		check8(63, how, 8);
		check8(64, how, 8);
		check8(3, how, 9);
		check8(2, how, 10);
	}
	check8(1, 0, 3);
	check8(0, 0, 3);
}

static void test_keys_of_4_bytes(void **state)
{
	(void)state;
	for (int how = 0; how < 6; how++) {
		check4(10000, how, 5 + (uint64_t)how);
		check4(100, how, 12);
		check4(2, how, 11);
	}
	check4(1, 0, 3);
	check4(0, 0, 3);
}

static void test_order_known(void **state)
{
	struct r4 v[5] = { { 3, 0 }, { 1, 1 }, { 3, 2 }, { 0x100, 3 }, { 1, 4 } };
	const uint32_t want_key[5] = { 1, 1, 3, 3, 0x100 }, want_pos[5] = { 1, 4, 0, 2, 3 };

	(void)state;
	radix_sort(v, 5, sizeof(*v), offsetof(struct r4, key), 4);
	for (int i = 0; i < 5; i++) {
		assert_int_equal(v[i].key, want_key[i]);
		assert_int_equal(v[i].pos, want_pos[i]);
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* sort_u64 against qsort: values spread like ids (how 0), all in one bucket
 * (1: the top 20 bits equal, so the crowded bucket's qsort), few values with
 * repeats (2), a bucket of exactly 16 and 17 (3), each at sizes below and
 * above its counting pass. */
static void check_u64(size_t n, int how, uint64_t seed)
{
	uint64_t *a = calloc(n + 1, sizeof(*a)), *b = calloc(n + 1, sizeof(*b));

	for (size_t i = 0; i < n; i++) {
		uint64_t r = next_rand(&seed);
		a[i] = how == 0 ? r : how == 1 ? 0xabcde00000000000ull | (r >> 20)
		     : how == 2 ? (r % 7) << 61 : i < 17 ? (0x1ull << 63 | i) : r;
	}
	memcpy(b, a, n * sizeof(*a));
	sort_u64(a, n);
	if (n)
		qsort(b, n, sizeof(*b), cmp_u64);
	assert_memory_equal(a, b, (n + 1) * sizeof(*a));
	free(a);
	free(b);
}

static void test_sort_u64(void **state)
{
	const size_t sizes[] = { 0, 1, 2, 63, 64, 65, 1000, 70000 };

	(void)state;
	for (int how = 0; how < 4; how++)
		for (size_t k = 0; k < sizeof(sizes) / sizeof(*sizes); k++)
			check_u64(sizes[k], how, 17 + k * 4 + (uint64_t)how);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys_of_8_bytes),
		cmocka_unit_test(test_keys_of_4_bytes),
		cmocka_unit_test(test_order_known),
		cmocka_unit_test(test_sort_u64),
	};

	return cmocka_run_group_tests_name("radix", tests, NULL, NULL);
}
