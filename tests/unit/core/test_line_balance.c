/* Unit tests for line_balance.c: the sum of a text's lines, white space
 * removed and cut at a NUL as the patch-id does, in any order; what a change
 * adds less what it removes, whatever the lines around it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "core/line_balance.h"

static uint64_t sum(const char *s)
{
	return line_balance_sum(s, strlen(s));
}

static void test_no_line(void **state)
{
	(void)state;
	assert_int_equal(line_balance_sum("", 0), 0);
	assert_int_equal(line_balance_sum(NULL, 0), 0);
}

/* " a\tb \r\n", "a b\n", "ab\n" and "ab" (no last '\n') are one line "ab". */
static void test_white_space_removed(void **state)
{
	(void)state;
	assert_int_equal(sum("a b\n"), sum("ab\n"));
	assert_int_equal(sum(" a\tb \r\n"), sum("ab\n"));
	assert_int_equal(sum("ab"), sum("ab\n"));
	assert_int_equal(sum("a\vb\f\n"), sum("ab\n"));
	assert_int_not_equal(sum("ab\n"), sum("ba\n"));
}

/* The patch-id's line ends at its first NUL: "ab\0cd" is "ab". */
static void test_cut_at_nul(void **state)
{
	(void)state;
	assert_int_equal(line_balance_sum("ab\0cd\n", 6), sum("ab\n"));
	assert_int_equal(line_balance_sum("ab\0cd\nx\n", 8), sum("ab\nx\n"));
	assert_int_equal(line_balance_sum("\0z\n", 3), sum("\n"));
}

/* A sum over lines: their order does not count, each of them does. */
static void test_lines_summed(void **state)
{
	(void)state;
	assert_int_equal(sum("x\ny\n"), sum("y\nx\n"));
	assert_int_equal(sum("a\na\n"), 2 * sum("a\n"));
	assert_int_equal(sum("\n\n"), 2 * sum("\n"));
	assert_int_not_equal(sum("\n"), 0);
	assert_int_equal(sum("x\ny\n"), sum("x\n") + sum("y\n"));
	assert_int_not_equal(sum("a\n"), sum("b\n"));
}

/* One change made to two versions that differ elsewhere (a backport on
 * another base): the same balance; another change: another balance. */
static void test_balance_of_a_change(void **state)
{
	const char *old1 = "one\ntwo\nthree\n", *new1 = "one\ntwo\nadded\nthree\n";
	const char *old2 = "zero\none\ntwo\nthree\nfour\n";
	const char *new2 = "zero\none\ntwo\nadded\nthree\nfour\n";
	const char *other = "zero\none\ntwo\nmore\nthree\nfour\n";

	(void)state;
	assert_int_equal(sum(new1) - sum(old1), sum("added\n"));
	assert_int_equal(sum(new2) - sum(old2), sum(new1) - sum(old1));
	assert_int_not_equal(sum(other) - sum(old2), sum(new1) - sum(old1));
	/* a line moved: nothing added or removed on balance */
	assert_int_equal(sum("b\na\n") - sum("a\nb\n"), 0);
}

/* What the header says the balance does not follow: two lines "a", "b"
 * and one line "a+b", which a patch-id hashes alike ("+a+b"). */
static void test_lines_cut_differently(void **state)
{
	(void)state;
	assert_int_not_equal(sum("a\nb\n"), sum("a+b\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_line),
		cmocka_unit_test(test_white_space_removed),
		cmocka_unit_test(test_cut_at_nul),
		cmocka_unit_test(test_lines_summed),
		cmocka_unit_test(test_balance_of_a_change),
		cmocka_unit_test(test_lines_cut_differently),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
