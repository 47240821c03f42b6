/* Unit tests for message.c: the rules of doc/rules.md "What a message says". */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/message.h"
#include "core/reported.h"

#define ID40 "4abb951b73ff0a8a979113ef185651aa3c8da19b"
#define ID40B "22083c028d0b3ee419232d25ce90367e5b25df8f"

static struct msg_facts parse(const char *m)
{
	struct msg_facts f;

	msg_parse(m, strlen(m), &f);
	return f;
}

/* m's aliases are exactly a, then b (NULL: a alone). */
static void expect_aliases(const char *m, const char *a, const char *b)
{
	struct msg_facts f = parse(m);

	assert_int_equal(f.naliases, b ? 2 : 1);
	assert_string_equal(f.aliases[0], a);
	if (b)
		assert_string_equal(f.aliases[1], b);
	msg_facts_release(&f);
}

static void test_subject_first_paragraph(void **state)
{
	(void)state;
	struct msg_facts f = parse("\n\nline one\nline two\n\nbody\n");
	assert_string_equal(f.subject, "line one line two");
	msg_facts_release(&f);
	f = parse("");
	assert_string_equal(f.subject, "");
	assert_int_equal(f.nrefs, 0);
	msg_facts_release(&f);
}

static void test_alias_forms(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\ncommit " ID40 " upstream.\n");
	assert_int_equal(f.naliases, 1);
	assert_string_equal(f.aliases[0], ID40);
	msg_facts_release(&f);

	f = parse("s\n\n[ Upstream commit " ID40 " ]\n");
	assert_int_equal(f.naliases, 1);
	assert_string_equal(f.aliases[0], ID40);
	msg_facts_release(&f);

	f = parse("s\n\n[ upstream commit: " ID40 " ]\n");
	assert_int_equal(f.naliases, 1);
	msg_facts_release(&f);

	f = parse("s\n\nbody\n(cherry picked from commit " ID40 ")\n"
		  "(cherry picked from commit " ID40B ")\n");
	assert_int_equal(f.naliases, 2);
	assert_string_equal(f.aliases[1], ID40B);
	msg_facts_release(&f);

	/* Suricata's: a hyphen, with or without the parentheses, a final '.' */
	expect_aliases("s\n\n(cherry-picked from commit " ID40 ")\n"
		       "Cherry-picked from commit " ID40B ".\n", ID40, ID40B);
	expect_aliases("s\n\ncherry picked from commit " ID40 "\n", ID40, NULL);
	/* tcpdump's and rpm's "backported", git's trailer, "Backport of" */
	expect_aliases("s\n\n(backported from commit " ID40 " in master)\n"
		       "- Backported from commit " ID40B "\n", ID40, ID40B);
	expect_aliases("s\n\nCherry-picked-from: " ID40 "\n* backported from commit " ID40B ".\n",
		       ID40, ID40B);
	expect_aliases("s\n\nBackport of " ID40 ".\nBackport of commit " ID40B "\n", ID40, ID40B);
}

static void test_alias_not_mid_line(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\nThis is commit " ID40 " upstream.\n"
				   "(cherry picked from commit " ID40 ") and more\n"
				   "cherry-picked from commit " ID40 ") unbalanced\n"
				   "(cherry-picked from commit " ID40 "\n"
				   "it was cherry-picked from commit " ID40 "\n"
				   "cherry-picked from commit " ID40 " to 1.0\n"
				   "(backported from commit " ID40 " in master, partial)\n"
				   "Partial backport of " ID40 "\n"
				   "Backport of commit " ID40 " / pull\n"
				   "-Backported from commit " ID40 "\n");
	assert_int_equal(f.naliases, 0);
	msg_facts_release(&f);
}

static void test_greg_revert_which_is_not_alias(void **state)
{
	(void)state;
	struct msg_facts f = parse("Revert \"ACPICA: x\"\n\nThis reverts commit " ID40B " which is\n"
				   "commit " ID40 " upstream.\n\nJean writes:\n");
	assert_int_equal(f.naliases, 0);
	assert_int_equal(f.nrefs, 1);
	assert_int_equal(f.refs[0].kind, MSG_REF_REVERT);
	assert_string_equal(f.refs[0].id, ID40B);
	assert_string_equal(f.refs[0].subject, "ACPICA: x");
	assert_true(f.is_revert);
	msg_facts_release(&f);
}

static void test_upstream_revert_keeps_alias(void **state)
{
	(void)state;
	struct msg_facts f = parse("Revert \"x\"\n\ncommit " ID40B " upstream.\n\n"
				   "This reverts commit " ID40 ".\n");
	assert_int_equal(f.naliases, 1);
	assert_string_equal(f.aliases[0], ID40B);
	assert_int_equal(f.nrefs, 1);
	assert_string_equal(f.refs[0].id, ID40);
	msg_facts_release(&f);
}

static void test_fixes_forms(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\nFixes: 4abb951b73ff (\"ACPICA: AML\")\n"
				   "  fixes: commit 1234567\n"
				   "FIXES:" ID40B "\n");
	assert_int_equal(f.nrefs, 3);
	assert_string_equal(f.refs[0].id, "4abb951b73ff");
	assert_string_equal(f.refs[0].subject, "ACPICA: AML");
	assert_string_equal(f.refs[1].id, "1234567");
	assert_null(f.refs[1].subject);
	assert_string_equal(f.refs[2].id, ID40B);
	assert_int_equal(f.fixes_lines, 3);
	assert_int_equal(f.nonsha_fixes_lines, 0);
	msg_facts_release(&f);
}

static void test_fixes_upper_case_and_dedup(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\nFixes: 4ABB951B73FF (\"x\")\nFixes: 4abb951b73ff\n");
	assert_int_equal(f.nrefs, 1);
	assert_string_equal(f.refs[0].id, "4abb951b73ff");
	assert_int_equal(f.fixes_lines, 2);
	msg_facts_release(&f);
}

static void test_fixes_wrapped_subject(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\nFixes: 4abb951b73ff (\"ACPICA: AML interpreter: add\n"
				   "  region addresses\")\nSigned-off-by: x\n");
	assert_int_equal(f.nrefs, 1);
	assert_string_equal(f.refs[0].subject, "ACPICA: AML interpreter: add region addresses");
	msg_facts_release(&f);
}

/* The references of the rules (Fixes and revert): prose ids are mentions. */
static size_t rule_refs(const struct msg_facts *f)
{
	size_t n = 0;

	for (size_t i = 0; i < f->nrefs; i++)
		n += f->refs[i].kind != MSG_REF_MENTION;
	return n;
}

/* Mentions: ids of prose lines below the subject, with a letter and a digit. */
static void test_mentions(void **state)
{
	(void)state;
	struct msg_facts f = parse("s " ID40 "\n\nIn 1234abcd (x, 2024-04-17), we did.\n"
				   "Dates 20240417, words deadbeefcafe, ids abcdef1234567.\n"
				   "Fixes: " ID40B "\n");
	assert_int_equal(f.nrefs, 3);
	assert_int_equal(f.refs[0].kind, MSG_REF_MENTION);
	assert_string_equal(f.refs[0].id, "1234abcd");
	assert_int_equal(f.refs[1].kind, MSG_REF_MENTION);
	assert_string_equal(f.refs[1].id, "abcdef1234567");
	assert_int_equal(f.refs[2].kind, MSG_REF_FIXES);	/* a rule's line: no mention */
	assert_int_equal(rule_refs(&f), 1);
	msg_facts_release(&f);
}

static void test_fixes_without_id(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\nFixes: #1234\nFixes: https://bugzilla.kernel.org/1\n"
				   "Fixes: v4.19\nFixes: abcdef\n"
				   "Fixes: " ID40 "0\n"
				   "Fixes: 1234567g\n"
				   "> Fixes: " ID40 "\n"
				   "This Fixes: " ID40 "\n");
	assert_int_equal(rule_refs(&f), 0);
	assert_int_equal(f.fixes_lines, 0);
	assert_int_equal(f.nonsha_fixes_lines, 6);
	msg_facts_release(&f);
}

static void test_revert_must_begin_line(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\nAs said, this reverts commit " ID40 ".\n");
	assert_int_equal(rule_refs(&f), 0);
	assert_false(f.is_revert);
	msg_facts_release(&f);
}

static void test_clean_text(void **state)
{
	(void)state;
	char *s = msg_clean_text("a\tb\x01  c\xff" "d\xc3\xa9", 11, 100);
	assert_string_equal(s, "a b c\xef\xbf\xbd" "d\xc3\xa9");
	free(s);
	s = msg_clean_text("abcdef", 6, 3);
	assert_string_equal(s, "abc");
	free(s);
}

static void test_subject_equal(void **state)
{
	(void)state;
	assert_true(msg_subject_equal("ACPICA: Foo bar", "acpica: foo bar"));
	assert_false(msg_subject_equal("ACPICA: Foo bar", "ACPICA: Foo"));
}

static void test_nul_and_huge_line(void **state)
{
	(void)state;
	size_t n = 1 << 20;
	char *m = malloc(n + 1);
	memset(m, 'a', n);
	m[n] = '\0';
	m[10] = '\0';
	struct msg_facts f;
	msg_parse(m, n, &f);
	assert_true(strlen(f.subject) <= MSG_SUBJECT_MAX);
	msg_facts_release(&f);
	free(m);
}

static void test_extended_alias_forms(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\n[ backported from upstream commit " ID40 " ]\n");
	assert_int_equal(f.naliases, 1);
	assert_false(f.autosel_form);	/* only "[ Upstream commit <id> ]" itself */
	msg_facts_release(&f);

	f = parse("s\n\nUpstream-commit: " ID40 "\nMainline commit: " ID40B "\n");
	assert_int_equal(f.naliases, 2);
	assert_false(f.autosel_form);
	msg_facts_release(&f);

	/* prose, not trailers */
	f = parse("s\n\nSee commit: " ID40 " for details.\nbackported from upstream commit "
		  ID40B "\n");
	assert_int_equal(f.naliases, 0);
	msg_facts_release(&f);

	f = parse("s\n\n[ Upstream commit " ID40 " ]\n");
	assert_true(f.autosel_form);
	msg_facts_release(&f);
}

static void test_cc_stable(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\nCc: <stable@vger.kernel.org> # 4.19+\n");
	assert_true(f.cc_stable);
	msg_facts_release(&f);
	f = parse("s\n\nCc: linux-acpi@vger.kernel.org\nmentions stable@vger.kernel.org\n");
	assert_false(f.cc_stable);
	msg_facts_release(&f);
	f = parse("s\n\nCc: Unstable <unstable@example.org>\n");
	assert_false(f.cc_stable);
	msg_facts_release(&f);
	f = parse("s\n\nCC: Greg <gregkh@kernel.org>, stable@kernel.org\n");
	assert_true(f.cc_stable);
	msg_facts_release(&f);
}

static void test_project_pattern(void **state)
{
	(void)state;
	struct pattern *re;
	struct msg_rules rules = { .upstream = &re, .nupstream = 1 };
	struct msg_facts f;
	const char *m = "s\n\nOriginal-Change: " ID40 "\nOriginal-Change: nothex\n";
	char err[256];

	assert_int_equal(pattern_compile(&re, "^Original-Change: ([0-9a-f]+)$", 1, err, sizeof(err)),
			 0);
	msg_parse_with(m, strlen(m), &rules, &f);
	assert_int_equal(f.naliases, 1);
	assert_string_equal(f.aliases[0], ID40);
	msg_facts_release(&f);
	msg_parse(m, strlen(m), &f);
	assert_int_equal(f.naliases, 0);
	msg_facts_release(&f);
	pattern_free(re);
}

/* "This reverts commit:" with the id on the next line (issue 11, part 2). */
static void test_revert_colon_next_line(void **state)
{
	(void)state;
	struct msg_facts f = parse("Revert \"net/foo: fix bar\"\n\nThis reverts commit:\n"
				   "    " ID40 ".\n[ upstream commit " ID40B " ]\n");
	assert_int_equal(rule_refs(&f), 1);
	assert_int_equal(f.refs[0].kind, MSG_REF_REVERT);
	assert_string_equal(f.refs[0].id, ID40);
	assert_string_equal(f.refs[0].subject, "net/foo: fix bar");
	assert_true(f.is_revert);
	assert_int_equal(f.naliases, 0);	/* the rest of the revert's paragraph */
	msg_facts_release(&f);

	f = parse("s\n\nThis reverts commit: " ID40 "\n");	/* a colon, the id on the line */
	assert_int_equal(rule_refs(&f), 1);
	assert_string_equal(f.refs[0].id, ID40);
	msg_facts_release(&f);

	f = parse("s\n\nThis reverts commit\n" ID40B "\n");	/* no colon, id below */
	assert_int_equal(rule_refs(&f), 1);
	assert_string_equal(f.refs[0].id, ID40B);
	msg_facts_release(&f);

	f = parse("s\n\nThis reverts commit:\n\n" ID40 "\n");	/* a blank line between */
	assert_int_equal(rule_refs(&f), 0);
	assert_false(f.is_revert);
	msg_facts_release(&f);

	f = parse("s\n\nThis reverts commit:\nthe one before " ID40 "\n");	/* not first */
	assert_int_equal(rule_refs(&f), 0);
	msg_facts_release(&f);

	f = parse("s\n\nThis reverts commits " ID40 " and more\n");	/* "commits" */
	assert_int_equal(rule_refs(&f), 0);
	msg_facts_release(&f);
}

/* --fixes-pattern: the last capture group is the id; counted as a Fixes: line. */
static void test_fixes_pattern(void **state)
{
	(void)state;
	struct pattern *re;
	struct msg_rules rules = { 0 };
	struct msg_facts f;
	char err[256];
	const char *m = "s\n\nFollow-up for " ID40 "\nFollow-up to: 1234567 (\"a subject\")\n"
			"Follow-up for nothing\nA Follow-up for " ID40B "\n";

	assert_int_equal(pattern_compile(&re, "^Follow-up (for|to):? ([0-9a-f]+)", 1, err,
					 sizeof(err)), 0);
	rules.fixes = &re;
	rules.nfixes = 1;
	msg_parse_with(m, strlen(m), &rules, &f);
	assert_int_equal(rule_refs(&f), 2);
	assert_int_equal(f.refs[0].kind, MSG_REF_FIXES);
	assert_string_equal(f.refs[0].id, ID40);
	assert_null(f.refs[0].subject);
	assert_string_equal(f.refs[1].id, "1234567");
	assert_string_equal(f.refs[1].subject, "a subject");
	assert_int_equal(f.fixes_lines, 2);
	assert_int_equal(f.nonsha_fixes_lines, 0);
	assert_int_equal(f.naliases, 0);
	msg_facts_release(&f);
	msg_parse(m, strlen(m), &f);	/* without the pattern: nothing */
	assert_int_equal(rule_refs(&f), 0);
	assert_int_equal(f.fixes_lines, 0);
	msg_facts_release(&f);
	pattern_free(re);

	/* the id must be a word of the line, as in the built-in forms */
	assert_int_equal(pattern_compile(&re, "[Rr]efs ([0-9a-f]+)", 1, err, sizeof(err)), 0);
	m = "s\n\nRefs 1234567g\nRefs x1234567\nRefs 89abcdef.\n";
	msg_parse_with(m, strlen(m), &rules, &f);
	assert_int_equal(rule_refs(&f), 1);
	assert_string_equal(f.refs[0].id, "89abcdef");
	msg_facts_release(&f);
	pattern_free(re);
}

/* Channel patterns: bit i for a line matching pattern i. */
static void test_channel_patterns(void **state)
{
	(void)state;
	struct pattern *re[2];
	struct msg_rules rules = { 0 };
	struct msg_facts f;
	char err[256];
	const char *m = "s\n\nbody\nBackported-by: bot\n";

	assert_int_equal(pattern_compile(&re[0], "^Requested-by:", 0, err, sizeof(err)), 0);
	assert_int_equal(pattern_compile(&re[1], "^Backported-by: bot$", 0, err, sizeof(err)), 0);
	rules.channels = re;
	rules.nchannels = 2;
	msg_parse_with(m, strlen(m), &rules, &f);
	assert_int_equal(f.channels, 2);
	msg_facts_release(&f);
	msg_parse(m, strlen(m), &f);
	assert_int_equal(f.channels, 0);
	msg_facts_release(&f);
	pattern_free(re[0]);
	pattern_free(re[1]);
}

static int reported(const char *m)
{
	struct msg_facts f = parse(m);
	int r = f.reported;

	msg_facts_release(&f);
	return r;
}

/* doc/explain-regressions.md "reported": which lines say that someone hit it. */
static void test_reported(void **state)
{
	(void)state;
	assert_true(reported("s\n\nReported-by: A <a@example.org>\n"));
	assert_true(reported("s\n\n  reported-BY: A\n"));	/* any case, indented */
	assert_true(reported("s\n\nReported-and-tested-by: A\n"));
	assert_true(reported("s\n\nReported-and-bisected-by: A\n"));
	assert_true(reported("s\n\nCloses: https://example.org/anything\n"));
	/* each project's words (issue 26) */
	assert_true(reported("s\n\nReported-at: https://mail.openvswitch.org/x.html\n"));
	assert_true(reported("s\n\nBugzilla ID: 1088\n"));
	assert_true(reported("s\n\nResolves: https://issues.redhat.com/browse/FDP-616\n"));
	assert_false(reported("s\n\nBugzilla ID:\n"));	/* names nothing */
	assert_false(reported("s\n\nBugzilla: 1088\n"));
	assert_true(reported("s\n\nLink: https://bugzilla.kernel.org/show_bug.cgi?id=200011\n"));
	assert_true(reported("s\n\nLink: https://bugzilla.redhat.com/1234 # rh\n"));
	assert_true(reported("s\n\nLink: https://bugs.launchpad.net/ubuntu/+source/linux/+bug/12\n"));
	assert_true(reported("s\n\nBugLink: https://bugs.launchpad.net/bugs/1887124\n"));
	assert_true(reported("s\n\nLink: https://launchpad.net/ubuntu/+bug/12\n"));
	assert_true(reported("s\n\nLink: https://github.com/o/r/issues/12\n"));
	assert_true(reported("s\n\nLink: https://gitlab.freedesktop.org/drm/amd/-/issues/3046\n"));
	assert_true(reported("s\n\nLink: https://tracker.example.org/cgi/show_bug.cgi?id=7\n"));
	assert_true(reported("s\n\nLink: https://lore.kernel.org/regressions/87abc@x.org/\n"));
	assert_true(reported("s\n\n#regzbot introduced: 4abb951b73ff\n"));
	assert_true(reported("s\n\n#regzbot ^introduced 4abb951b73ff\n"));

	assert_false(reported("s\n\nLink: https://lore.kernel.org/r/20200101.1234@x.org\n"));
	assert_false(reported("s\n\nLink: https://lore.kernel.org/lkml/regressions/x\n"));
	assert_false(reported("s\n\nLink: https://github.com/acpica/acpica/commit/b2337200\n"));
	assert_false(reported("s\n\nLink: https://github.com/o/r/issues/\n"));	/* no number */
	assert_false(reported("s\n\nLink: https://github.com/o/r/pull/12\n"));
	assert_false(reported("s\n\nLink: https://example.org/?q=bugzilla\n"));	/* not the host */
	assert_false(reported("s\n\nLink: bugzilla 200011\n"));	/* no URL */
	assert_false(reported("s\n\nTested-by: A\nSuggested-by: B\nReviewed-by: C\n"));
	assert_false(reported("s\n\nReported-by:\nCloses:   \n"));	/* nothing named */
	assert_false(reported("s\n\nThe bug was Reported-by: nobody\n"));	/* not the line's start */
	assert_false(reported("s\n\nSee https://bugzilla.kernel.org/show_bug.cgi?id=1\n"));
	assert_false(reported("s\n\nregzbot: fixed\n"));
	assert_false(reported("Reported-by in the subject only\n"));

	assert_true(reported_tracker_url("http://bugs.debian.org/1", 24));
	assert_false(reported_tracker_url("http://bugs.debian.org/1", 7));	/* "http://": no host */
}

/* msg_parse_where: the line of each alias and reference, and its text. */
static void test_where(void **state)
{
	(void)state;
	const char *m = "subject\n\ncommit " ID40 " upstream.\n\n"
			"Fixes: 4abb951b73ff (\"a wrapped\n  subject\")\n"
			"Fixes: 4abb951b73ff (\"again\")\n"
			"This reverts commit " ID40B ".\n";
	struct msg_facts f;
	struct msg_where w;

	msg_parse_where(m, strlen(m), NULL, &f, &w);
	assert_int_equal(w.naliases, 1);
	assert_int_equal(w.aliases[0].no, 3);
	assert_string_equal(w.aliases[0].text, "commit " ID40 " upstream.");
	assert_int_equal(w.nrefs, 2);	/* the second Fixes: line names the same id: one ref */
	assert_int_equal(w.refs[0].no, 5);
	assert_string_equal(w.refs[0].text, "Fixes: 4abb951b73ff (\"a wrapped");
	assert_string_equal(f.refs[0].subject, "a wrapped subject");
	assert_int_equal(w.refs[1].no, 8);	/* the wrapped line 6 is counted */
	assert_int_equal(f.refs[1].kind, MSG_REF_REVERT);
	/* found by id, whatever changed the facts since */
	assert_int_equal(msg_where_alias(&w, ID40)->no, 3);
	assert_null(msg_where_alias(&w, "4abb951b73ff"));
	assert_int_equal(msg_where_ref(&w, MSG_REF_REVERT, ID40B)->no, 8);
	assert_int_equal(msg_where_ref(&w, MSG_REF_FIXES, "4abb951b73ff")->no, 5);
	assert_null(msg_where_ref(&w, MSG_REF_FIXES, ID40B));	/* not of that kind */
	msg_where_release(&w);
	msg_facts_release(&f);
}

/* msg_may_name_commit: a run of 7 hex digits (any case) anywhere, also across the
 * bytes it looks at one in seven; 6 is none, nor are runs cut by a letter past 'f'.
 * msg_parse_subject: the subject msg_parse gives, nothing else; and a message that
 * names no commit by that test has no reference and no alias in msg_parse, even with a
 * pattern that would read one from a line. */
static void test_skim(void **state)
{
	static const char *none[] = {
		"", "abc", "Subject\n\nSigned-off-by: A <a@b.c>\n", "dead beef cafe\n",
		"x123456 123456x 12345g7890\n", "Fixes: abcdefg (\"subject\")\n",
		"  multi\n line subject\n\nbody\n",
	};
	static const char *some[] = {
		"1234567", "Fixes: ABCDEF0\n", "x\n\nsee 0123456789abcdef0123456789abcdef01234567\n",
		"effaced\n", "ab cd 12 deadbeef", "......1234567", ".......123456789",
		"Revert \"x\"\n\nThis reverts commit 1234567.\n",
		"xxxxxabg1234567",	/* (a run just after a short one the look met) */
	};
	struct pattern *re;
	struct msg_rules rules = { 0 };
	char err[256];

	(void)state;
	assert_int_equal(pattern_compile(&re, "^Fixes: (.*)$", 1, err, sizeof(err)), 0);
	rules.fixes = &re;
	rules.nfixes = 1;
	for (size_t k = 0; k < sizeof(none) / sizeof(none[0]); k++) {
		struct msg_facts f, g;
		assert_false(msg_may_name_commit(none[k], strlen(none[k])));
		msg_parse_with(none[k], strlen(none[k]), &rules, &f);
		msg_parse_subject(none[k], strlen(none[k]), &g);
		assert_int_equal(f.nrefs, 0);
		assert_int_equal(f.naliases, 0);
		assert_string_equal(g.subject, f.subject);
		assert_int_equal(g.nrefs + g.naliases + g.fixes_lines + g.channels, 0);
		msg_facts_release(&f);
		msg_facts_release(&g);
	}
	for (size_t k = 0; k < sizeof(some) / sizeof(some[0]); k++)
		assert_true(msg_may_name_commit(some[k], strlen(some[k])));
	for (size_t at = 0; at < 20; at++) {	/* a run of 7 at every place, one of 6 */
		char m[40];
		memset(m, 'x', sizeof(m));
		memcpy(m + at, "a1B2c3D", 7);
		assert_true(msg_may_name_commit(m, at + 7));
		assert_false(msg_may_name_commit(m, at + 6));
		m[at + 3] = 'g';
		assert_false(msg_may_name_commit(m, sizeof(m)));
	}
	pattern_free(re);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_subject_first_paragraph),
		cmocka_unit_test(test_alias_forms),
		cmocka_unit_test(test_alias_not_mid_line),
		cmocka_unit_test(test_greg_revert_which_is_not_alias),
		cmocka_unit_test(test_upstream_revert_keeps_alias),
		cmocka_unit_test(test_fixes_forms),
		cmocka_unit_test(test_fixes_upper_case_and_dedup),
		cmocka_unit_test(test_fixes_wrapped_subject),
		cmocka_unit_test(test_fixes_without_id),
		cmocka_unit_test(test_mentions),
		cmocka_unit_test(test_revert_must_begin_line),
		cmocka_unit_test(test_clean_text),
		cmocka_unit_test(test_subject_equal),
		cmocka_unit_test(test_nul_and_huge_line),
		cmocka_unit_test(test_extended_alias_forms),
		cmocka_unit_test(test_cc_stable),
		cmocka_unit_test(test_project_pattern),
		cmocka_unit_test(test_revert_colon_next_line),
		cmocka_unit_test(test_fixes_pattern),
		cmocka_unit_test(test_channel_patterns),
		cmocka_unit_test(test_reported),
		cmocka_unit_test(test_where),
		cmocka_unit_test(test_skim),
	};
	return cmocka_run_group_tests_name("message", tests, NULL, NULL);
}
