/* Unit tests for util.c's u32s_sort_unique: ascending, each value once, whatever the size
 * (a few sorted in place, more by qsort), with repeats, sorted and reversed input, and
 * none or one value; u32s_contains agrees. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>

#include "base/util.h"

static uint32_t next_rand(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(*s >> 33);
}

/* n values drawn by how (0: any, 1: few distinct, 2: ascending, 3: descending), sorted
 * and made unique, checked against a count of each value. */
static void check(size_t n, int how, uint64_t seed)
{
	struct u32s s = { 0 };
	uint32_t in[200];

	for (size_t i = 0; i < n; i++) {
		uint32_t r = next_rand(&seed);
		in[i] = how == 0 ? r : how == 1 ? r % 4 : how == 2 ? (uint32_t)i : (uint32_t)(n - i);
		u32s_push(&s, in[i]);
	}
	u32s_sort_unique(&s);
	for (size_t i = 1; i < s.n; i++)
		assert_true(s.v[i - 1] < s.v[i]);
	for (size_t i = 0; i < n; i++)
		assert_true(u32s_contains(&s, in[i]));
	size_t distinct = 0;
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < i && in[j] != in[i])
			j++;
		distinct += j == i;
	}
	assert_int_equal(s.n, distinct);
	u32s_release(&s);
}

static void test_sort_unique(void **state)
{
	(void)state;
	for (int how = 0; how < 4; how++)
		for (size_t n = 0; n <= 40; n++)
			check(n, how, 7 + n);
	check(200, 0, 1);
	check(200, 1, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort_unique),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
