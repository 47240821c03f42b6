/* Unit tests for mainline.c's identity keys kept: with the filter of the wanted keys
 * (mainline_want_filter), exactly the wanted keys are kept, as without it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/mainline.h"

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Keys 0..n-1 spread over 32 bits; every third one wanted. */
static uint32_t key_of(uint32_t i)
{
	return i * 2246822519u + 374761393u;
}

static void keep_all(struct mainline *m, uint32_t n)
{
	uint8_t oid[8] = { 0 };

	for (uint32_t i = 0; i < n; i++) {
		memcpy(oid, &i, sizeof(i));
		mainline_add_ident(m, oid, key_of(i));
	}
}

static void test_filter_keeps_the_same(void **state)
{
	enum { N = 200000 };
	uint32_t *want = malloc(N / 3 * sizeof(uint32_t) + 4);
	size_t nwant = 0;
	struct mainline plain, filtered;

	(void)state;
	for (uint32_t i = 0; i < N; i += 3)
		want[nwant++] = key_of(i);
	qsort(want, nwant, sizeof(*want), cmp_u32);
	uint64_t *bits = mainline_want_filter(want, nwant);
	mainline_init(&plain);
	mainline_init(&filtered);
	plain.want = filtered.want = want;
	plain.nwant = filtered.nwant = nwant;
	filtered.want_bits = bits;
	keep_all(&plain, N);
	keep_all(&filtered, N);
	assert_int_equal(plain.nidents, nwant);
	assert_int_equal(filtered.nidents, nwant);
	assert_memory_equal(plain.ident_key, filtered.ident_key, nwant * sizeof(uint32_t));
	assert_memory_equal(plain.ident_oid, filtered.ident_oid, nwant * 8);
	mainline_release(&plain);
	mainline_release(&filtered);
	free(bits);
	free(want);
}

/* Nothing wanted: the filter turns every key down. */
static void test_nothing_wanted(void **state)
{
	struct mainline m;
	uint64_t *bits = mainline_want_filter(NULL, 0);

	(void)state;
	mainline_init(&m);
	m.want_bits = bits;
	keep_all(&m, 1000);
	assert_int_equal(m.nidents, 0);
	mainline_release(&m);
	free(bits);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_filter_keeps_the_same),
		cmocka_unit_test(test_nothing_wanted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
