/* Unit tests for unfixed.c: which mainline fixes a series still misses, and
 * the rule that a fix a later mainline commit reverts is not missing (the
 * revert found through the mainline's index, or without one, the same). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/unfixed.h"
#include "test_helpers.h"

/* Mainline ids: digit d repeated, then 'a's; F3's twin shares its first 7. */
#define U(d) d d d d d d d "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define F1 "f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1"
#define F2 "f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2"
#define F3 "f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3"
#define F3_TWIN "f3f3f3f000000000000000000000000000000000"
#define F4 "f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4"

static void add_fix(struct mainline *m, const char *id, const char *msg)
{
	struct msg_facts f;

	msg_parse(msg, strlen(msg), &f);
	mainline_add(m, id, &f, NULL);
}

/*
 * The series: base, then backports of U1..U4.  The mainline, BASE's history
 * first (v[0], from = 1):
 *   v[0] reverts F4 (before the series' mainline: does not count)
 *   v[1] F1 fixes U1                          -> missing for the U1 backport
 *   v[2] F2 fixes U2, v[3] reverts F2 by 12 digits -> not missing
 *   v[4] F3 fixes U3, v[5] reverts F3_TWIN (F3's first 7 digits, another id)
 *                                               -> missing
 *   v[6] F4 fixes U4 (its revert is v[0])     -> missing
 */
static void build(struct graph *g, struct mainline *m)
{
	graph_init(g);
	th_add(g, "base");
	th_add(g, "one\n\ncommit " U("1") " upstream.\n");
	th_add(g, "two\n\ncommit " U("2") " upstream.\n");
	th_add(g, "three\n\ncommit " U("3") " upstream.\n");
	th_add(g, "four\n\ncommit " U("4") " upstream.\n");
	mainline_init(m);
	add_fix(m, "0000000000000000000000000000000000000001",
		"Revert \"fix four\"\n\nThis reverts commit " F4 ".\n");
	add_fix(m, F1, "fix one\n\nFixes: " U("1") " (\"one\")\n");
	add_fix(m, F2, "fix two\n\nFixes: " U("2") " (\"two\")\n");
	add_fix(m, "0000000000000000000000000000000000000003",
		"Revert \"fix two\"\n\nThis reverts commit f2f2f2f2f2f2.\n");
	add_fix(m, F3, "fix three\n\nFixes: " U("3") " (\"three\")\n");
	add_fix(m, "0000000000000000000000000000000000000005",
		"Revert \"something else\"\n\nThis reverts commit " F3_TWIN ".\n");
	add_fix(m, F4, "fix four\n\nFixes: " U("4") " (\"four\")\n");
}

static void check_rows(const struct unfixed *u)
{
	assert_int_equal(u->n, 3);
	assert_int_equal(u->v[0].commit, 1);
	assert_int_equal(u->v[0].missing.n, 1);
	assert_int_equal(u->v[0].missing.v[0], 1);
	assert_int_equal(u->v[1].commit, 3);
	assert_int_equal(u->v[1].missing.n, 1);
	assert_int_equal(u->v[1].missing.v[0], 4);
	assert_int_equal(u->v[2].commit, 4);
	assert_int_equal(u->v[2].missing.n, 1);
	assert_int_equal(u->v[2].missing.v[0], 6);
}

static void run(int indexed)
{
	struct graph g;
	struct mainline m;
	struct resolver r;
	struct unfixed u;
	uint8_t live[5] = { 1, 1, 1, 1, 1 };

	build(&g, &m);
	assert_int_equal(m.n, 7);
	if (indexed)
		mainline_index(&m);
	resolver_init(&r, &g);
	unfixed_compute(&g, &r, live, &m, 1, &u);
	check_rows(&u);
	unfixed_release(&u);
	resolver_release(&r);
	mainline_release(&m);
	graph_release(&g);
}

static void test_reverts_through_the_index(void **state)
{
	(void)state;
	run(1);
}

static void test_reverts_without_an_index(void **state)
{
	(void)state;
	run(0);
}

/* The mainline from its start (from = 0): v[0]'s revert of F4 counts. */
static void test_revert_in_range_counts(void **state)
{
	struct graph g;
	struct mainline m;
	struct resolver r;
	struct unfixed u;
	uint8_t live[5] = { 1, 1, 1, 1, 1 };

	(void)state;
	for (int indexed = 0; indexed < 2; indexed++) {
		build(&g, &m);
		if (indexed)
			mainline_index(&m);
		resolver_init(&r, &g);
		unfixed_compute(&g, &r, live, &m, 0, &u);
		assert_int_equal(u.n, 2);
		assert_int_equal(u.v[0].commit, 1);
		assert_int_equal(u.v[1].commit, 3);
		unfixed_release(&u);
		resolver_release(&r);
		mainline_release(&m);
		graph_release(&g);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reverts_through_the_index),
		cmocka_unit_test(test_reverts_without_an_index),
		cmocka_unit_test(test_revert_in_range_counts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
