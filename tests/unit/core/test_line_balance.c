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

/* Lines longer than the 64 bytes gathered at a time: white space anywhere
 * (so the kept bytes cut at other places) changes nothing; one byte kept
 * more, or changed, past the first 64, or a NUL there, does; so does the
 * count of bytes in the last word. */
static void test_long_lines(void **state)
{
	char a[400], b[400], c[400];
	size_t na = 0, nb = 0;

	(void)state;
	for (int i = 0; i < 300; i++) {
		char ch = (char)('a' + i % 26);
		a[na++] = ch;
		if (i % 7 == 3)
			b[nb++] = ' ';
		if (i % 11 == 5)
			b[nb++] = '\t';
		b[nb++] = ch;
	}
	a[na++] = '\n';
	b[nb++] = '\n';
	assert_int_equal(line_balance_sum(a, na), line_balance_sum(b, nb));
	memcpy(c, a, na);
	c[200] = 'Z';
	assert_int_not_equal(line_balance_sum(c, na), line_balance_sum(a, na));
	memcpy(c, a, na - 1);	/* one byte more, after the 300th */
	c[na - 1] = 'q';
	c[na] = '\n';
	assert_int_not_equal(line_balance_sum(c, na + 1), line_balance_sum(a, na));
	memcpy(c, a, na);
	c[130] = '\0';		/* cut there: the first 130 bytes only */
	assert_int_equal(line_balance_sum(c, na), line_balance_sum(a, 130));
	assert_int_not_equal(sum("abcdefgh\n"), sum("abcdefg\n"));	/* a word, and less */
}

/* Random lines of every length from 1 to 300, of bytes white space, control,
 * printable and high: each sums as its bytes without white space do, and
 * as its bytes before a NUL put in at random. */
static void test_random_lines(void **state)
{
	static const char alphabet[] = " \t\v\f\r\x01\x1f!\"az~\x7f\x80\xc3\xff";
	char line[320], kept[320], cut[330];
	uint32_t seed = 12345;

	(void)state;
	for (int t = 0; t < 2000; t++) {
		size_t n = (size_t)(t % 300) + 1, nk = 0;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			line[i] = alphabet[(seed >> 16) % (sizeof(alphabet) - 1)];
			if (!strchr(" \t\v\f\r", line[i]))
				kept[nk++] = line[i];
		}
		assert_int_equal(line_balance_sum(line, n), nk ? line_balance_sum(kept, nk)
							       : line_balance_sum("\n", 1));
		size_t at = (seed >> 8) % n;
		memcpy(cut, line, n);
		cut[at] = '\0';
		assert_int_equal(line_balance_sum(cut, n), at ? line_balance_sum(line, at)
							      : line_balance_sum("\n", 1));
	}
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
		cmocka_unit_test(test_long_lines),
		cmocka_unit_test(test_random_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
