/* Unit tests for mainline_tags.c's order of tag names (git/mainline_tags.h): versions by
 * their numbers (release_version_cmp: v3.10.0 after v3.9.1), and a pre-release NAME-... before
 * its release NAME (v3.4.0-rc1 before v3.4.0), which plain version order puts after it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "git/mainline_tags.h"

static void numbers_in_order(void **state)
{
	(void)state;
	assert_true(mainline_tags_cmp("v3.9.1", "v3.10.0") < 0);	/* 9 < 10, not '9' > '1' */
	assert_true(mainline_tags_cmp("v3.4.1", "v3.4.0") > 0);
	assert_int_equal(mainline_tags_cmp("v3.4.0", "v3.4.0"), 0);
}

static void prerelease_first(void **state)
{
	(void)state;
	assert_true(mainline_tags_cmp("v3.4.0-rc1", "v3.4.0") < 0);
	assert_true(mainline_tags_cmp("v3.4.0", "v3.4.0-rc1") > 0);
	assert_true(mainline_tags_cmp("v3.4.0-rc1", "v3.4.0-rc2") < 0);
	assert_true(mainline_tags_cmp("v3.3.9", "v3.4.0-rc1") < 0);	/* before the line */
	assert_true(mainline_tags_cmp("v3.4.0", "v3.4.1-rc1") < 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(numbers_in_order),
		cmocka_unit_test(prerelease_first),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
