/* Unit tests for close_tags.c: which tags an error suggests for a name that is none. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "core/close_tags.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void test_rule1_prefix_then_separator(void **state)
{
	char *tags[] = { "v2.16", "v2.170", "v2.17.10", "v2.17.9", "v2.17.0", "v2.17-rc1",
			 "v2.17.1", "v2.17.2", "v2.17.3", "v2.17x", "v2.1" };
	size_t pick[20];
	size_t found = close_tags("v2.17", tags, N(tags), pick, 20);

	(void)state;
	/* v2.17.{0,1,2,3,9,10} and v2.17-rc1; not v2.170 or v2.17x (a digit or letter
	 * goes on), nor v2.16 or v2.1 (rule 2 is not tried when rule 1 finds some) */
	assert_int_equal(found, 7);
	/* version order: '-' < '.', runs of digits as numbers (9 before 10) */
	assert_string_equal(tags[pick[0]], "v2.17-rc1");
	assert_string_equal(tags[pick[1]], "v2.17.0");
	assert_string_equal(tags[pick[2]], "v2.17.1");
	assert_string_equal(tags[pick[3]], "v2.17.2");
	assert_string_equal(tags[pick[4]], "v2.17.3");
	assert_string_equal(tags[pick[5]], "v2.17.9");
	assert_string_equal(tags[pick[6]], "v2.17.10");
}

static void test_rule2_edit_distance(void **state)
{
	char *tags[] = { "v4.19", "v4.19.1", "v4.19.9", "v4.19.100", "v5.4" };
	size_t pick[5];
	size_t found = close_tags("v4.19.99", tags, N(tags), pick, 5);

	(void)state;
	/* 8 bytes: up to 2 steps. v4.19.9: one deletion; v4.19.1: a replacement and a
	 * deletion; v4.19 and v4.19.100: 3 steps; v5.4: more */
	assert_int_equal(found, 2);
	assert_string_equal(tags[pick[0]], "v4.19.9");
	assert_string_equal(tags[pick[1]], "v4.19.1");
}

static void test_rule2_limit_follows_length(void **state)
{
	char *tags[] = { "v1000", "v99", "v9.9", "v9" };
	size_t pick[5];

	(void)state;
	/* v999, 4 bytes: one step at most. v9.9 (a replacement) and v99 (a deletion),
	 * in version order; v1000 needs 4 steps (3 replacements and an insertion), v9 2 */
	assert_int_equal(close_tags("v999", tags, N(tags), pick, 5), 2);
	assert_string_equal(tags[pick[0]], "v9.9");
	assert_string_equal(tags[pick[1]], "v99");
	/* 2 bytes: no step allowed, and no tag begins with "v8" */
	assert_int_equal(close_tags("v8", tags, N(tags), pick, 5), 0);
	/* the name itself is no suggestion */
	assert_int_equal(close_tags("v99", (char *[]){ "v99" }, 1, pick, 5), 0);
}

static void test_case_counts(void **state)
{
	char *tags[] = { "v2.17.0" };
	size_t pick[1];

	(void)state;
	assert_int_equal(close_tags("V2.17", tags, 1, pick, 1), 0);
}

static void test_long_name_and_no_tags(void **state)
{
	char name[CLOSE_TAGS_LONGEST + 2], *tags[1];
	size_t pick[1];

	(void)state;
	memset(name, 'a', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	tags[0] = name;	/* even a tag equal but for one byte: the name is too long */
	assert_int_equal(close_tags("v1", NULL, 0, pick, 1), 0);
	name[CLOSE_TAGS_LONGEST] = 'b';
	assert_int_equal(close_tags(name, (char *[]){ "x" }, 1, pick, 1), 0);
	/* one byte shorter: a tag one replacement away is close */
	name[CLOSE_TAGS_LONGEST] = '\0';
	char other[CLOSE_TAGS_LONGEST + 1];
	memcpy(other, name, sizeof(other));
	other[0] = 'b';
	tags[0] = other;
	assert_int_equal(close_tags(name, tags, 1, pick, 1), 1);
}

static void test_hint(void **state)
{
	char *many[] = { "v2.17.5", "v2.17.4", "v2.17.3", "v2.17.2", "v2.17.1", "v2.17.0" };
	char buf[512];

	(void)state;
	close_tags_hint(buf, sizeof(buf), "v2.17", many, N(many));
	assert_string_equal(buf, " (tags that look close: v2.17.0, v2.17.1, v2.17.2, v2.17.3, "
				 "v2.17.4, ...)");
	close_tags_hint(buf, sizeof(buf), "v2.17", many, 5);	/* five: all shown */
	assert_string_equal(buf, " (tags that look close: v2.17.1, v2.17.2, v2.17.3, v2.17.4, "
				 "v2.17.5)");
	close_tags_hint(buf, sizeof(buf), "v3", many, N(many));
	assert_string_equal(buf, "");
	close_tags_hint(buf, 12, "v2.17", many, N(many));	/* cut, still a string */
	assert_int_equal(strlen(buf), 11);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rule1_prefix_then_separator),
		cmocka_unit_test(test_rule2_edit_distance),
		cmocka_unit_test(test_rule2_limit_follows_length),
		cmocka_unit_test(test_case_counts),
		cmocka_unit_test(test_long_name_and_no_tags),
		cmocka_unit_test(test_hint),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
