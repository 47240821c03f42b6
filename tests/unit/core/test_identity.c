/* Unit tests for identity.c and the census rules that use it (doc/dialects.md):
 * a revert's quoted upstream line, a revert of a commit outside the series,
 * squashed backports, inferred upstream ids, ids the repository does not know. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_helpers.h"
#include "core/identity.h"

#define UP_A "675a104e2e94aa8a979113ef185651aa3c8da19b"
#define UP_B "c5781ffbbd4f742a58263458145fe7f0ac01d9e0"
#define OUT_X "2bdeeb53da0d11aa22bb33cc44dd55ee66ff7788"	/* no commit of the series */

/* What analyze() does: drop quoted aliases, then the census; with_rule 0
 * skips the drop (the behaviour before the rule). */
static size_t census(struct th_fx *x, int with_rule)
{
	struct resolver r;
	size_t dropped = 0;

	outside_sort(&x->o);
	release_attribute(&x->rels, &x->g);
	resolver_init(&r, &x->g);
	if (with_rule && (dropped = identity_drop_quoted(&x->g, &r, &x->o))) {
		resolver_release(&r);
		resolver_init(&r, &x->g);
	}
	census_compute(&x->g, &r, &x->o, -1, &x->c);
	resolver_release(&r);
	return dropped;
}

static const struct link *link_of(const struct th_fx *x, enum link_kind k, uint32_t fix)
{
	for (size_t i = 0; i < x->c.nlinks; i++)
		if (x->c.links[i].kind == k && x->c.links[i].fix == fix)
			return &x->c.links[i];
	return NULL;
}

/* DPDK's revert form: the reverted commit's header quoted, with its
 * upstream line, in a paragraph of its own. */
static uint32_t add_quoting_revert(struct th_fx *x, uint32_t t)
{
	return th_add(&x->g, th_msg(x, "Revert \"net/foo: fix bar\"\n\nThis reverts commit %s.\n\n"
				    "The commit being reverted:\n    net/foo: fix bar\n"
				    "    [ upstream commit " UP_A " ]\n", x->g.c[t].id));
}

static void test_quoted_upstream_line_dropped(void **state)
{
	struct th_fx *x = *state;
	uint32_t t = th_add(&x->g, "net/foo: fix bar\n\n[ upstream commit " UP_A " ]\n");
	uint32_t rv = add_quoting_revert(x, t);
	uint32_t f = th_add(&x->g, "net/foo: fix the fix\n\nFixes: 675a104e2e94 (\"net/foo: fix bar\")\n");

	assert_int_equal(x->g.c[rv].facts.naliases, 1);	/* the parser sees an alias */
	assert_int_equal(census(x, 1), 1);
	assert_int_equal(x->g.c[rv].facts.naliases, 0);
	assert_int_equal(x->g.c[rv].upstream, UPSTREAM_NONE);
	assert_int_equal(x->g.c[t].upstream, UPSTREAM_MESSAGE);
	assert_non_null(link_of(x, LINK_REVERT, rv));
	assert_int_equal(link_of(x, LINK_REVERT, rv)->target, t);
	assert_null(link_of(x, LINK_DUPLICATE, rv));
	assert_int_equal(x->c.duplicates, 0);
	/* t is reverted and no other copy exists: the latest reverted copy, t */
	assert_int_equal(link_of(x, LINK_FIX, f)->target, t);
	assert_int_equal(x->c.with_upstream, 1);	/* t */
	assert_int_equal(x->c.without_upstream, 2);	/* rv, f */
}

/* Without the rule (the behaviour it fixes): the revert is a copy. */
static void test_quoted_upstream_line_before(void **state)
{
	struct th_fx *x = *state;
	uint32_t t = th_add(&x->g, "net/foo: fix bar\n\n[ upstream commit " UP_A " ]\n");
	uint32_t rv = add_quoting_revert(x, t);
	uint32_t f = th_add(&x->g, "net/foo: fix the fix\n\nFixes: 675a104e2e94\n");

	census(x, 0);
	assert_int_equal(x->c.duplicates, 1);
	assert_int_equal(link_of(x, LINK_FIX, f)->target, rv);
}

/* A backported upstream revert keeps its own upstream id. */
static void test_upstream_revert_keeps_alias(void **state)
{
	struct th_fx *x = *state;
	uint32_t t = th_add(&x->g, "net: add foo\n\ncommit " UP_A " upstream.\n");
	uint32_t rv = th_add(&x->g, "Revert \"net: add foo\"\n\n[ Upstream commit " UP_B " ]\n\n"
			     "This reverts commit " UP_A ".\n");

	assert_int_equal(census(x, 1), 0);
	assert_int_equal(x->g.c[rv].facts.naliases, 1);
	assert_string_equal(x->g.c[rv].facts.aliases[0], UP_B);
	assert_int_equal(link_of(x, LINK_REVERT, rv)->target, t);
}

/* A revert naming the upstream id it also quotes: the quote goes too. */
static void test_quote_of_the_reverted_id(void **state)
{
	struct th_fx *x = *state;
	uint32_t t = th_add(&x->g, "net: add foo\n\ncommit " UP_A " upstream.\n");
	uint32_t rv = th_add(&x->g, "Revert \"net: add foo\"\n\nThis reverts commit " UP_A ".\n\n"
			     "Reverted:\n[ upstream commit 675a104e2e94 ]\n");

	assert_int_equal(census(x, 1), 1);
	assert_int_equal(link_of(x, LINK_REVERT, rv)->target, t);
	assert_int_equal(x->c.duplicates, 0);
}

/* systemd-stable: the revert names a copy on another branch; that commit's
 * own upstream id finds the series' copy. */
static void test_revert_of_outside_commit(void **state)
{
	struct th_fx *x = *state;
	char up[1][MSG_ID_MAX + 1] = { UP_A };
	uint32_t t = th_add(&x->g, "core: add foo\n\n(cherry picked from commit " UP_A ")\n");
	uint32_t rv = th_add(&x->g, "Revert \"core: add foo\"\n\nThis reverts commit " OUT_X ".\n");

	outside_add(&x->o, OUT_X, 1, (const char (*)[MSG_ID_MAX + 1])up, 1);
	census(x, 1);
	assert_non_null(link_of(x, LINK_REVERT, rv));
	assert_int_equal(link_of(x, LINK_REVERT, rv)->target, t);
	assert_int_equal(x->c.fixes_outside, 0);
	assert_int_equal(x->c.reverts, 1);
}

/* DPDK: a Fixes: line names the copy on another branch (issue 26, item 1);
 * that commit's own upstream id finds the series' copy, as for a revert.  A
 * named commit whose upstream ids match nothing leaves it outside. */
static void test_fixes_of_outside_commit(void **state)
{
	struct th_fx *x = *state;
	char up[1][MSG_ID_MAX + 1] = { UP_A }, other[1][MSG_ID_MAX + 1] = { UP_B };
	uint32_t t = th_add(&x->g, "net/foo: add bar\n\n[ upstream commit " UP_A " ]\n");
	uint32_t f = th_add(&x->g, "net/foo: fix bar\n\nFixes: 2bdeeb53da0d (\"net/foo: add bar\")\n");
	uint32_t g = th_add(&x->g, "net/foo: fix baz\n\nFixes: 1111111\n");

	outside_add(&x->o, "2bdeeb53da0d", 1, (const char (*)[MSG_ID_MAX + 1])up, 1);
	outside_add(&x->o, "1111111", 1, (const char (*)[MSG_ID_MAX + 1])other, 1);
	census(x, 1);
	assert_non_null(link_of(x, LINK_FIX, f));
	assert_int_equal(link_of(x, LINK_FIX, f)->target, t);
	assert_null(link_of(x, LINK_FIX, g));
	assert_int_equal(x->c.fixes, 1);
	assert_int_equal(x->c.fixes_outside, 1);	/* g: UP_B is no commit of the series */
}

static void test_revert_of_outside_commit_unknown(void **state)
{
	struct th_fx *x = *state;
	th_add(&x->g, "core: add foo\n\n(cherry picked from commit " UP_A ")\n");
	uint32_t rv = th_add(&x->g, "Revert \"core: add foo\"\n\nThis reverts commit " OUT_X ".\n");

	census(x, 1);	/* no entry: the repository was not asked */
	assert_null(link_of(x, LINK_REVERT, rv));
	assert_int_equal(x->c.fixes_outside, 1);
	assert_int_equal(x->c.fixes_outside_mainline, 0);
}

static void test_ids_the_repository_does_not_know(void **state)
{
	struct th_fx *x = *state;
	th_add(&x->g, "a\n\nFixes: 1111111 (\"x\")\nFixes: 2222222\n");
	th_add(&x->g, "b\n\nFixes: 3333333\n");
	outside_add(&x->o, "1111111", 1, NULL, 0);
	outside_add(&x->o, "2222222", 0, NULL, 0);
	outside_add(&x->o, "2222222", 0, NULL, 0);	/* twice: kept once */

	census(x, 1);
	assert_int_equal(x->o.n, 2);
	assert_int_equal(x->c.fixes_outside, 3);
	assert_int_equal(x->c.fixes_outside_mainline, 1);	/* 2222222 */
}

/* Xen: a squashed backport of two upstream commits shares one with an
 * earlier copy: not a second backport. */
static void test_squashed_backport(void **state)
{
	struct th_fx *x = *state;
	uint32_t a = th_add(&x->g, "x86: a\n\nmaster commit: " UP_A "\n");
	uint32_t sq = th_add(&x->g, "x86: a and b\n\nmaster commit: " UP_A "\nmaster commit: " UP_B "\n");
	uint32_t d = th_add(&x->g, "x86: a again\n\nmaster commit: " UP_A "\n");
	uint32_t e = th_add(&x->g, "x86: b and a again\n\nmaster commit: " UP_B "\nmaster commit: " UP_A "\n");

	/* "master commit: <id>" is Xen's form: a trailer the built-in rules read */
	assert_int_equal(x->g.c[sq].facts.naliases, 2);
	census(x, 1);
	assert_null(link_of(x, LINK_DUPLICATE, sq));		/* UP_B had no copy */
	assert_int_equal(link_of(x, LINK_DUPLICATE, d)->target, a);
	assert_int_equal(link_of(x, LINK_DUPLICATE, e)->target, a);	/* both have copies */
	assert_int_equal(x->c.duplicates, 2);
}

/* A backport of a backport: its second alias names a copy of the first. */
static void test_backport_of_backport(void **state)
{
	struct th_fx *x = *state;
	char up[1][MSG_ID_MAX + 1] = { UP_A };
	uint32_t a = th_add(&x->g, "mm: a\n\ncommit " UP_A " upstream.\n");
	uint32_t b = th_add(&x->g, "mm: a\n\ncommit " UP_A " upstream.\n"
			    "(cherry picked from commit " OUT_X ")\n");

	outside_add(&x->o, OUT_X, 1, (const char (*)[MSG_ID_MAX + 1])up, 1);
	census(x, 1);
	assert_int_equal(link_of(x, LINK_DUPLICATE, b)->target, a);
}

static void test_backport_of_unknown_copy(void **state)
{
	struct th_fx *x = *state;
	th_add(&x->g, "mm: a\n\ncommit " UP_A " upstream.\n");
	uint32_t b = th_add(&x->g, "mm: a\n\ncommit " UP_A " upstream.\n"
			    "(cherry picked from commit " OUT_X ")\n");

	census(x, 1);	/* OUT_X could be another upstream commit */
	assert_null(link_of(x, LINK_DUPLICATE, b));
}

/* Open vSwitch: no upstream lines; the inferred id makes the Fixes: tag
 * naming the mainline commit find the series' copy. */
static void test_inferred_upstream(void **state)
{
	struct th_fx *x = *state;
	uint32_t a = th_add(&x->g, "ofproto: add foo\n");
	uint32_t amb = th_add(&x->g, "Prepare for 3.1.1.\n");
	uint32_t f = th_add(&x->g, "ofproto: fix foo\n\nFixes: 675a104e2e94 (\"ofproto: add foo\")\n");

	identity_infer(&x->g, a, UP_A);
	identity_ambiguous(&x->g, amb);
	census(x, 1);
	assert_int_equal(x->g.c[a].upstream, UPSTREAM_INFERRED);
	assert_int_equal(link_of(x, LINK_FIX, f)->target, a);
	assert_int_equal(x->c.fixes, 1);
	assert_int_equal(x->c.with_upstream, 0);
	assert_int_equal(x->c.inferred_upstream, 1);
	assert_int_equal(x->c.ambiguous_upstream, 1);
	assert_int_equal(x->c.without_upstream, 2);	/* amb, f */
	assert_int_equal(x->c.fixes_outside, 0);
}

/* The key folds case and runs of white space, and tells author from subject. */
static void test_identity_key(void **state)
{
	(void)state;
	uint32_t k = identity_key("dev@ovs.example", "ofproto: fix foo");

	assert_int_equal(identity_key("DEV@ovs.example", "ofproto:  Fix\tFOO"), k);
	assert_int_not_equal(identity_key("other@ovs.example", "ofproto: fix foo"), k);
	assert_int_not_equal(identity_key("dev@ovs.example", "ofproto: fix foo2"), k);
	/* the author ends where the subject starts: no sliding between them */
	assert_int_not_equal(identity_key("ab", "c"), identity_key("a", "bc"));
	assert_int_equal(identity_key(NULL, "x"), identity_key("", "x"));
}

/* Thousands of ids (many sharing their first digits, some named twice):
 * after outside_sort() each is found through the hash of ids, exactly,
 * and ids not added are not; an add drops the hash (the list is unsorted
 * again) until the next sort. */
static void test_outside_find_many(void **state)
{
	struct th_fx *x = *state;
	char id[MSG_ID_MAX + 1];

	for (unsigned i = 0; i < 5000; i++) {
		snprintf(id, sizeof(id), "abcdef%0*x", 1 + (int)(i % 30), i);
		outside_add(&x->o, id, (int)(i & 1), NULL, 0);
		if (i % 7 == 0)
			outside_add(&x->o, id, (int)(i & 1), NULL, 0);
	}
	outside_sort(&x->o);
	assert_int_equal(x->o.n, 5000);
	assert_non_null(x->o.slot);
	for (unsigned i = 0; i < 5000; i++) {
		snprintf(id, sizeof(id), "abcdef%0*x", 1 + (int)(i % 30), i);
		const struct outside_id *e = outside_find(&x->o, id);
		assert_non_null(e);
		assert_string_equal(e->id, id);
		assert_int_equal(e->known, (int)(i & 1));
		snprintf(id, sizeof(id), "abcdee%0*x", 1 + (int)(i % 30), i);
		assert_null(outside_find(&x->o, id));
	}
	assert_null(outside_find(&x->o, "abcdef"));
	outside_add(&x->o, "0000000", 1, NULL, 0);
	assert_null(x->o.slot);
	outside_sort(&x->o);
	assert_non_null(outside_find(&x->o, "0000000"));
	assert_non_null(outside_find(&x->o, "abcdef0"));
}

static void test_outside_find(void **state)
{
	struct th_fx *x = *state;
	outside_add(&x->o, "bbbbbbb", 0, NULL, 0);
	outside_add(&x->o, "aaaaaaa", 1, NULL, 0);
	outside_add(&x->o, "aaaaaaab", 0, NULL, 0);
	outside_sort(&x->o);
	assert_non_null(outside_find(&x->o, "aaaaaaa"));
	assert_true(outside_find(&x->o, "aaaaaaa")->known);
	assert_false(outside_find(&x->o, "aaaaaaab")->known);
	assert_null(outside_find(&x->o, "aaaaaa"));	/* exact ids only */
	assert_null(outside_find(NULL, "aaaaaaa"));
	assert_true(identity_same_id("1234567", "1234567abc"));
	assert_false(identity_same_id("1234568", "1234567abc"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, th_setup, th_teardown)
		T(test_quoted_upstream_line_dropped),
		T(test_quoted_upstream_line_before),
		T(test_upstream_revert_keeps_alias),
		T(test_quote_of_the_reverted_id),
		T(test_revert_of_outside_commit),
		T(test_fixes_of_outside_commit),
		T(test_revert_of_outside_commit_unknown),
		T(test_ids_the_repository_does_not_know),
		T(test_squashed_backport),
		T(test_backport_of_backport),
		T(test_backport_of_unknown_copy),
		T(test_inferred_upstream),
		T(test_outside_find),
		T(test_outside_find_many),
		T(test_identity_key),
#undef T
	};
	return cmocka_run_group_tests_name("identity", tests, NULL, NULL);
}
