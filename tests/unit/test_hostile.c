/*
 * Unit tests for hostile inputs (issue 5): the pure parsers on messages and
 * tag lists that real repositories rarely hold, and one test per bug the
 * fuzzers found (fuzz/RELIABILITY.md), so that each stays fixed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "git/commit_parse.h"
#include "core/message.h"
#include "core/release.h"

#define ID40 "4abb951b73ff0a8a979113ef185651aa3c8da19b"

static struct msg_facts parse_n(const char *m, size_t n)
{
	struct msg_facts f;

	msg_parse(m, n, &f);
	return f;
}

static struct msg_facts parse(const char *m)
{
	return parse_n(m, strlen(m));
}

/* Bug (fuzz_message): 'Revert "X "' gave the quoted subject "X " with its
 * space, not clean, so it never equalled the target's subject "X". */
static void test_revert_subject_is_clean(void **state)
{
	(void)state;
	struct msg_facts f = parse("Revert \"  net: fix the thing \"\n\n"
				   "This reverts commit 1234567890abcdef.\n");
	assert_int_equal(f.nrefs, 1);
	assert_string_equal(f.refs[0].subject, "net: fix the thing");
	assert_true(msg_subject_equal(f.refs[0].subject, "net: fix the thing"));
	msg_facts_release(&f);
}

/* Bug (fuzz_release): the six largest unsigned longs were refused as N. */
static void test_release_number_limits(void **state)
{
	(void)state;
	char tag[64];
	unsigned long n = 0;

	snprintf(tag, sizeof(tag), "v4.19.%lu", ULONG_MAX);
	assert_true(release_number("v4.19", tag, &n));
	assert_true(n == ULONG_MAX);
	snprintf(tag, sizeof(tag), "v4.19.%lu", ULONG_MAX - 5);
	assert_true(release_number("v4.19", tag, &n));
	assert_true(n == ULONG_MAX - 5);
	/* one more than ULONG_MAX (64-bit: ...616) and 21 digits are refused */
	assert_false(release_number("v4.19", "v4.19.18446744073709551616", &n) &&
		     sizeof(unsigned long) == 8);
	assert_false(release_number("v4.19", "v4.19.999999999999999999999", &n));
}

/* Bug (fuzz_release, ASan): release_find_series freed nested bases while
 * still comparing against them (v2 v2.1 v2.1.1 v2.2 v2.2.1: use after free,
 * `regtrace stats` with no RANGE).  Since the rule of doc/dialects.md, a
 * release that is the base of a series of its own belongs to that series:
 * v2.1 and v2.2 are series, and v2, left with no other release, is none. */
static void test_nested_series(void **state)
{
	(void)state;
	char *tags[] = { "v2", "v2.1", "v2.1.1", "v2.2", "v2.2.1", "v3", "v3.1" };
	struct series_name *s;
	size_t n;

	release_find_series(tags, sizeof(tags) / sizeof(*tags), NULL, &s, &n);
	assert_int_equal(n, 3);
	assert_string_equal(s[0].base, "v3");
	assert_string_equal(s[0].tip, "v3.1");
	assert_string_equal(s[1].base, "v2.2");
	assert_string_equal(s[1].tip, "v2.2.1");
	assert_string_equal(s[2].base, "v2.1");
	assert_string_equal(s[2].tip, "v2.1.1");
	release_series_names_free(s, n);
}

/* Bug (found by review): discovery and counting disagreed on mixed forms.
 * Tags v4.19.0, v4.19.0.1, v4.19.2: the matcher for BASE v4.19.0 takes the
 * releases v4.19.0.N (a tag BASE.N exists, so the X.Y.0 form does not
 * apply), so discovery must propose v4.19.0..v4.19.0.1, not ..v4.19.2. */
static void test_mixed_zero_forms(void **state)
{
	(void)state;
	char *tags[] = { "v4.19.0", "v4.19.0.1", "v4.19.2", "v8.0.0", "v8.0.1", "v8.0.2" };
	struct series_name *s;
	struct release_matcher m;
	unsigned long num;
	size_t n;

	release_find_series(tags, sizeof(tags) / sizeof(*tags), NULL, &s, &n);
	assert_int_equal(n, 2);
	assert_string_equal(s[0].base, "v8.0.0");	/* the X.Y.0 form proper */
	assert_string_equal(s[0].tip, "v8.0.2");
	assert_string_equal(s[1].base, "v4.19.0");
	assert_string_equal(s[1].tip, "v4.19.0.1");
	/* and the tip discovery chose is a release by the counting rule */
	release_matcher_init(&m, "v4.19.0", NULL, tags, sizeof(tags) / sizeof(*tags));
	assert_true(release_match(&m, "v4.19.0.1", &num));
	assert_false(release_match(&m, "v4.19.2", &num));
	release_matcher_release(&m);
	release_series_names_free(s, n);
	/* (fuzz_release) a tag BASE.0 is no release in the matcher's eyes, so it
	 * does not stop the X.Y.0 form either: v8.0.0..v8.0.1, key "v8.0" */
	char *zero[] = { "v8.0.0", "v8.0.0.0", "v8.0.1" };
	release_find_series(zero, 3, NULL, &s, &n);
	assert_int_equal(n, 1);
	assert_string_equal(s[0].base, "v8.0.0");
	assert_string_equal(s[0].tip, "v8.0.1");
	release_matcher_init(&m, "v8.0.0", NULL, zero, 3);
	assert_true(release_match(&m, "v8.0.1", &num));
	release_matcher_release(&m);
	release_series_names_free(s, n);
}

/* Bug (fuzz_release, UBSan): with a series pattern, a lone tag numbered
 * ULONG_MAX left the "lowest tag" unset (xstrdup(NULL)). */
static void test_pattern_series_ulong_max(void **state)
{
	(void)state;
	regex_t re;
	char tag[64], *tags[1] = { tag };
	struct series_name *s;
	size_t n;

	assert_int_equal(regcomp(&re, "^(v[0-9]+\\.[0-9]+)\\.([0-9]+)$", REG_EXTENDED), 0);
	snprintf(tag, sizeof(tag), "v4.1.%lu", ULONG_MAX);
	release_find_series(tags, 1, &re, &s, &n);
	assert_int_equal(n, 0);	/* one tag only: nothing after the base */
	release_series_names_free(s, n);
	regfree(&re);
}

/* The raw message of a commit is read up to its first NUL (doc/rules.md
 * "Limits"), as libgit2 returns it: what follows cannot add a reference. */
static void test_commit_message_stops_at_nul(void **state)
{
	(void)state;
	static const char obj[] =
		"tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
		"parent " ID40 "\n"
		"author A <a@example.org> 1500000000 +0000\n"
		"committer A <a@example.org> 1500003600 +0000\n"
		"\n"
		"subject\0hidden\n\nFixes: " ID40 "\n";
	struct raw_commit rc;

	assert_int_equal(commit_parse(obj, sizeof(obj) - 1, &rc), 0);
	assert_int_equal(rc.nparents, 1);
	assert_int_equal(rc.time, 1500003600);
	assert_int_equal(rc.author_time, 1500000000);
	assert_int_equal(rc.author_name_len, 1);
	assert_memory_equal(rc.author_name, "A", 1);
	assert_int_equal(rc.author_email_len, strlen("a@example.org"));
	assert_memory_equal(rc.author_email, "a@example.org", rc.author_email_len);
	assert_int_equal(rc.message_len, strlen("subject"));
	struct msg_facts f = parse_n(rc.message, rc.message_len);
	assert_string_equal(f.subject, "subject");
	assert_int_equal(f.nrefs, 0);
	msg_facts_release(&f);
}

/* A commit with 70 parents (Linux has a 66-parent merge) keeps them all;
 * one with more than COMMIT_MAX_PARENTS keeps that many and says how many
 * there were, so the walk can refuse it rather than count part of it. */
static void check_parents(int count)
{
	size_t cap = 200 + (size_t)count * 48, n = 0;
	char *obj = malloc(cap);
	struct raw_commit rc;

	n += (size_t)sprintf(obj + n, "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n");
	for (int i = 0; i < count; i++)
		n += (size_t)sprintf(obj + n, "parent %040x\n", i + 1);
	n += (size_t)sprintf(obj + n, "committer A <a@example.org> 1 +0000\n\nmerge\n");
	assert_int_equal(commit_parse(obj, n, &rc), 0);
	assert_int_equal(rc.all_parents, count);
	if (count <= COMMIT_MAX_PARENTS) {
		assert_int_equal(rc.nparents, count);
		/* the last one, in order: id count, big-endian */
		assert_int_equal(rc.parents[count - 1][18] << 8 | rc.parents[count - 1][19], count);
	} else {
		assert_int_equal(rc.nparents, COMMIT_MAX_PARENTS);	/* walk.c: an error */
	}
	free(obj);
}

static void test_commit_many_parents(void **state)
{
	(void)state;
	check_parents(70);
	check_parents(COMMIT_MAX_PARENTS);
	check_parents(COMMIT_MAX_PARENTS + 1);
}

/* Bug (fuzz_message): "upstream commitdeadbeef1" gave an alias, an id glued
 * to the word; doc/rules.md's form is "upstream commit[:] <id>". */
static void test_upstream_commit_needs_a_separator(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\nupstream commitdeadbeef1 x\n");
	assert_int_equal(f.naliases, 0);
	msg_facts_release(&f);
	f = parse("s\n\nUpstream commit:deadbeef1\n[ upstream commit\tdeadbeef2 ]\n");
	assert_int_equal(f.naliases, 2);
	msg_facts_release(&f);
}

/* Hostile message forms (doc/rules.md "What a message says"). */
static void test_hostile_forms(void **state)
{
	(void)state;
	struct msg_facts f = parse(
		"s\n\n"
		"> Fixes: 1234567 (\"quoted reply\")\n"
		"Fixes: " ID40 "0 (\"41 digits\")\n"
		"Fixes: 4ABB951B73FF (\"upper case\")\n"
		"It says This reverts commit 7654321 mid-line.\n"
		"\n"
		"A longer paragraph.\n"
		"This reverts commit 89abcdef.\n"
		"commit " ID40 " upstream.\n");
	assert_int_equal(f.fixes_lines, 1);
	assert_int_equal(f.nonsha_fixes_lines, 1);
	assert_int_equal(f.nrefs, 2);
	assert_int_equal(f.refs[0].kind, MSG_REF_FIXES);
	assert_string_equal(f.refs[0].id, "4abb951b73ff");
	assert_int_equal(f.refs[1].kind, MSG_REF_REVERT);
	assert_string_equal(f.refs[1].id, "89abcdef");
	/* the line after a revert line continues its sentence: no alias */
	assert_int_equal(f.naliases, 0);
	msg_facts_release(&f);
}

/* Subjects: invalid UTF-8 becomes U+FFFD, controls and tabs spaces, NUL
 * bytes (given a length) too; at most MSG_SUBJECT_MAX bytes. */
static void test_subject_cleaning(void **state)
{
	(void)state;
	static const char m[] = "a\xff" "b\tc\0d \xc0\xaf \xed\xa0\x80 =<b>\"x\",y\n";
	struct msg_facts f = parse_n(m, sizeof(m) - 1);
	assert_string_equal(f.subject, "a\xef\xbf\xbd" "b c d \xef\xbf\xbd\xef\xbf\xbd "
			    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd =<b>\"x\",y");
	msg_facts_release(&f);

	size_t big = 1 << 20;
	char *line = malloc(big + 1);
	memset(line, 0xe2, big);	/* truncated sequences: all U+FFFD */
	line[big] = '\n';
	f = parse_n(line, big + 1);
	assert_true(strlen(f.subject) <= MSG_SUBJECT_MAX);
	assert_int_equal(strlen(f.subject) % 3, 0);
	msg_facts_release(&f);
	free(line);
}

/* 10,000 Fixes lines and a 1 MB line: every line counted, each id once. */
static void test_many_fixes_lines(void **state)
{
	(void)state;
	size_t cap = 64 + 10001 * 40 + (1 << 20), n = 0;
	char *m = malloc(cap);

	n += (size_t)sprintf(m + n, "many\n\n");
	for (int i = 0; i < 10000; i++)
		n += (size_t)sprintf(m + n, "Fixes: %012x (\"x\")\n", i % 5000 + 0x100000);
	memset(m + n, 'y', 1 << 20);
	n += 1 << 20;
	n += (size_t)sprintf(m + n, "\nFixes: " ID40 "\n");
	struct msg_facts f = parse_n(m, n);
	assert_int_equal(f.fixes_lines, 10001);
	assert_int_equal(f.nrefs, 5001);	/* 5,000 ids twice each, and ID40 */
	assert_string_equal(f.refs[5000].id, ID40);
	msg_facts_release(&f);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_revert_subject_is_clean),
		cmocka_unit_test(test_release_number_limits),
		cmocka_unit_test(test_nested_series),
		cmocka_unit_test(test_mixed_zero_forms),
		cmocka_unit_test(test_pattern_series_ulong_max),
		cmocka_unit_test(test_commit_message_stops_at_nul),
		cmocka_unit_test(test_commit_many_parents),
		cmocka_unit_test(test_upstream_commit_needs_a_separator),
		cmocka_unit_test(test_hostile_forms),
		cmocka_unit_test(test_subject_cleaning),
		cmocka_unit_test(test_many_fixes_lines),
	};
	return cmocka_run_group_tests_name("hostile", tests, NULL, NULL);
}
