/* Unit tests for shared.c: the commits several series of one run hold (doc/rules.md "Commits
 * several series hold"), on series built in memory.  th_add() names commit k of any graph
 * with the same id, so commit k of two series is one commit held by both. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "core/series.h"
#include "core/shared.h"
#include "test_helpers.h"

/*
 * A: 0, 1 (Fixes: 0), 2, 3 (a merge of 2 and 1).   B: the same four commits.   C: 0 only.
 * Held by several: 0 (A B C), 1 (A B), 2 (A B), 3 (A B, a merge: in no count).
 * A: 3 shared commits, with B and C; B: 3, with A and C; C: 1, with A and B.
 * The link 1 -> 0 is in A and B (both hold both commits); its first series is A.
 */
static void build_ab(struct series *s)
{
	graph_init(&s->g);
	release_list_init(&s->rels);
	th_add(&s->g, "mm: x\n");
	th_add(&s->g, "mm: fix x\n\nFixes: 0000000eeeee\n");
	th_add_parents(&s->g, "fs: y\n", 0, -1);
	th_add_parents(&s->g, "Merge branch 'x'\n", 2, 1);
	th_census(&s->g, &s->rels, &s->census);
}

static void build(struct series s[3])
{
	build_ab(&s[0]);
	build_ab(&s[1]);
	graph_init(&s[2].g);
	release_list_init(&s[2].rels);
	th_add(&s[2].g, "mm: x\n");
	th_census(&s[2].g, &s[2].rels, &s[2].census);
}

static void release_all(struct series *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		census_release(&s[i].census);
		release_list_release(&s[i].rels);
		graph_release(&s[i].g);
	}
}

static void test_counts_and_partners(void **state)
{
	struct series s[3] = { 0 };
	struct shared sh;
	(void)state;
	build(s);
	shared_find(s, 3, &sh);
	assert_int_equal(sh.nsets, 4);		/* ids 0, 1, 2, 3 */
	assert_int_equal(s[0].share.ncommits, 3);	/* 0 1 2; the merge 3 left out */
	assert_int_equal(s[1].share.ncommits, 3);
	assert_int_equal(s[2].share.ncommits, 1);
	assert_int_equal(s[0].share.with.n, 2);
	assert_int_equal(s[0].share.with.v[0], 1);
	assert_int_equal(s[0].share.with.v[1], 2);
	assert_int_equal(s[2].share.with.n, 2);
	assert_int_equal(s[2].share.with.v[0], 0);
	assert_int_equal(s[2].share.with.v[1], 1);
	assert_int_equal(s[2].share.set_of[0], s[0].share.set_of[0]);	/* one set for id 0 */
	shared_release(&sh, s, 3);
	release_all(s, 3);
}

static void test_link_once(void **state)
{
	struct series s[3] = { 0 };
	struct shared sh;
	struct u32s others = { 0 };
	(void)state;
	build(s);
	shared_find(s, 3, &sh);
	assert_int_equal(s[0].census.nlinks, 1);
	assert_int_equal(s[1].census.nlinks, 1);
	assert_int_equal(shared_link_first(&s[0], &s[0].census.links[0]), 1);	/* A: first */
	assert_int_equal(shared_link_first(&s[1], &s[1].census.links[0]), 0);	/* B: A has it */
	shared_link_others(&s[1], &s[1].census.links[0], &others);
	assert_int_equal(others.n, 1);		/* A; C holds 0 but not 1 */
	assert_int_equal(others.v[0], 0);
	shared_link_others(&s[0], &s[0].census.links[0], &others);
	assert_int_equal(others.n, 1);
	assert_int_equal(others.v[0], 1);
	u32s_release(&others);
	shared_release(&sh, s, 3);
	release_all(s, 3);
}

static void test_one_series_shares_nothing(void **state)
{
	struct series s[1] = { 0 };
	struct shared sh;
	(void)state;
	build_ab(&s[0]);
	shared_find(s, 1, &sh);
	assert_int_equal(sh.nsets, 0);
	assert_null(s[0].share.set_of);
	assert_int_equal(s[0].share.ncommits, 0);
	assert_int_equal(shared_link_first(&s[0], &s[0].census.links[0]), 1);
	shared_release(&sh, s, 1);
	release_all(s, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_and_partners),
		cmocka_unit_test(test_link_once),
		cmocka_unit_test(test_one_series_shares_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
