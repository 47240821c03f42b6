/* Unit tests for util.c's str_copy: what snprintf(dst, size, "%s", src)
 * writes (the call it replaces), byte for byte, at every size around the
 * source's length, and nothing past dst's size. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "base/util.h"

static void test_cut_and_whole(void **state)
{
	char dst[8];

	(void)state;
	str_copy(dst, sizeof(dst), "abc");
	assert_string_equal(dst, "abc");
	str_copy(dst, sizeof(dst), "abcdefgh");	/* one too long: cut */
	assert_string_equal(dst, "abcdefg");
	str_copy(dst, sizeof(dst), "");
	assert_string_equal(dst, "");
	str_copy(dst, 1, "abc");
	assert_string_equal(dst, "");
}

/* Every size from 1 to past the source's length, against snprintf, with a
 * guard byte after each size that must stay untouched. */
static void test_as_snprintf(void **state)
{
	const char *src = "0123456789abcdef0123456789abcdef01234567";
	char mine[64], theirs[64];

	(void)state;
	for (size_t size = 1; size < 48; size++) {
		memset(mine, '#', sizeof(mine));
		memset(theirs, '#', sizeof(theirs));
		str_copy(mine, size, src);
		snprintf(theirs, size, "%s", src);
		assert_memory_equal(mine, theirs, sizeof(mine));
		assert_int_equal(mine[size], '#');
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cut_and_whole),
		cmocka_unit_test(test_as_snprintf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
