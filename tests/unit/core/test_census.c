/* Unit tests for census.c: doc/rules.md "Which commit a reference means" and
 * "Kinds of link", on graphs built in memory. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_helpers.h"

#define UP_A "4abb951b73ff0a8a979113ef185651aa3c8da19b"
#define UP_B "c5781ffbbd4f742a58263458145fe7f0ac01d9e0"

static void tag(struct th_fx *x, const char *name, unsigned long n, uint32_t c)
{
	release_list_add(&x->rels, name, n, c);
}

/* The ACPICA tangle of the seeds: the hand-worked census. */
static void test_acpica(void **state)
{
	struct th_fx *x = *state;
	th_add(&x->g, "filler\n");
	uint32_t bp1 = th_add(&x->g, "ACPICA: add region\n\ncommit " UP_A " upstream.\n");
	tag(x, "v4.19.2", 2, bp1);
	uint32_t rv = th_add(&x->g, th_msg(x, "Revert \"ACPICA: add region\"\n\nThis reverts commit %s which is\n"
					   "commit " UP_A " upstream.\n", x->g.c[bp1].id));
	tag(x, "v4.19.3", 3, rv);
	uint32_t bp2 = th_add(&x->g, "ACPICA: add region\n\ncommit " UP_A " upstream.\n");
	tag(x, "v4.19.6", 6, bp2);
	uint32_t fix = th_add(&x->g, "ACPICA: remove node\n\ncommit " UP_B " upstream.\n\n"
			      "Fixes: 4abb951b73ff (\"ACPICA: add region\")\n");
	uint32_t bp3 = th_add(&x->g, "ACPICA: add region\n\ncommit " UP_A " upstream.\n");
	tag(x, "v4.19.35", 35, bp3);
	th_census(&x->g, &x->rels, &x->c);

	assert_int_equal(x->c.commits, 6);
	assert_int_equal(x->c.tagged, 1);
	assert_int_equal(x->c.fixes, 2);
	assert_int_equal(x->c.reverts, 1);
	assert_int_equal(x->c.same_release, 0);
	assert_int_equal(x->c.visible, 2);
	assert_int_equal(x->c.regressions, 2);
	assert_int_equal(x->c.duplicates, 1);
	assert_int_equal(x->c.nlinks, 3);
	assert_int_equal(x->c.links[0].kind, LINK_REVERT);
	assert_int_equal(x->c.links[0].fix, rv);
	assert_int_equal(x->c.links[0].target, bp1);
	assert_int_equal(x->c.links[1].kind, LINK_FIX);
	assert_int_equal(x->c.links[1].fix, fix);
	assert_int_equal(x->c.links[1].target, bp2);	/* bp1 is reverted: not live */
	assert_int_equal(x->c.links[2].kind, LINK_DUPLICATE);
	assert_int_equal(x->c.links[2].fix, bp3);
	assert_int_equal(x->c.links[2].target, bp2);
}

/* A revert of a revert is a reapply; the original copy is live again. */
static void test_reapply_restores_copy(void **state)
{
	struct th_fx *x = *state;
	uint32_t bp = th_add(&x->g, "feature\n\ncommit " UP_A " upstream.\n");
	uint32_t rv = th_add(&x->g, th_msg(x, "Revert \"feature\"\n\nThis reverts commit %s.\n", x->g.c[bp].id));
	uint32_t re = th_add(&x->g, th_msg(x, "Revert \"Revert \"feature\"\"\n\nThis reverts commit %s.\n",
					   x->g.c[rv].id));
	uint32_t fix = th_add(&x->g, "fix it\n\nFixes: " UP_A "\n");
	uint32_t dup = th_add(&x->g, "feature\n\ncommit " UP_A " upstream.\n");
	th_census(&x->g, &x->rels, &x->c);

	assert_int_equal(x->c.fixes, 2);	/* rv fixes bp; fix fixes bp */
	assert_int_equal(x->c.reverts, 1);
	assert_int_equal(x->c.reapplies, 1);
	assert_int_equal(x->c.duplicates, 1);	/* bp is live again at dup */
	assert_int_equal(x->c.regressions, 1);
	assert_int_equal(x->c.links[1].kind, LINK_REAPPLY);
	assert_int_equal(x->c.links[1].fix, re);
	assert_int_equal(x->c.links[1].target, rv);
	assert_int_equal(x->c.links[2].fix, fix);
	assert_int_equal(x->c.links[2].target, bp);
	assert_int_equal(x->c.links[3].fix, dup);
	assert_int_equal(x->c.links[3].target, bp);
	/* all unreleased: every fix is in its target's release */
	assert_int_equal(x->c.same_release, 2);
	assert_int_equal(x->c.visible, 0);
}

/* A shared 7-hex prefix across two upstream commits. */
static void test_ambiguous_and_subject(void **state)
{
	struct th_fx *x = *state;
	uint32_t a = th_add(&x->g, "alpha thing\n\ncommit 1234567aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa upstream.\n");
	uint32_t b = th_add(&x->g, "beta thing\n\ncommit 1234567bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb upstream.\n");
	uint32_t f1 = th_add(&x->g, "fix one\n\nFixes: 1234567 (\"Beta  THING\")\n");
	uint32_t f2 = th_add(&x->g, "fix two\n\nFixes: 1234567 (\"gamma\")\n");
	uint32_t f3 = th_add(&x->g, "fix three\n\nFixes: 1234567\n");
	th_census(&x->g, &x->rels, &x->c);

	assert_int_equal(x->c.fixes, 1);
	assert_int_equal(x->c.ambiguous, 2);
	assert_int_equal(x->c.links[0].fix, f1);
	assert_int_equal(x->c.links[0].target, b);
	assert_int_equal(x->c.links[1].fix, f2);
	assert_int_equal(x->c.links[1].kind, LINK_AMBIGUOUS);
	assert_int_equal(x->c.links[1].candidates.n, 2);
	assert_int_equal(x->c.links[1].candidates.v[0], a);
	assert_int_equal(x->c.links[1].candidates.v[1], b);
	assert_int_equal(x->c.links[2].fix, f3);
	assert_int_equal(x->c.links[2].kind, LINK_AMBIGUOUS);
}

/* Of two upstream commits sharing a prefix, only one precedes the fix. */
static void test_ambiguity_settled_by_history(void **state)
{
	struct th_fx *x = *state;
	uint32_t a = th_add(&x->g, "alpha\n\ncommit 1234567aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa upstream.\n");
	th_add(&x->g, "fix\n\nFixes: 1234567\n");
	th_add(&x->g, "beta\n\ncommit 1234567bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb upstream.\n");
	th_census(&x->g, &x->rels, &x->c);
	assert_int_equal(x->c.fixes, 1);
	assert_int_equal(x->c.ambiguous, 0);
	assert_int_equal(x->c.links[0].target, a);
}

static void test_preemptive_outside_self(void **state)
{
	struct th_fx *x = *state;
	uint32_t f = th_add(&x->g, "early fix\n\nFixes: " UP_A "\nFixes: deadbeef\n");
	uint32_t t = th_add(&x->g, "late target\n\ncommit " UP_A " upstream.\n");
	th_add(&x->g, "self\n\ncommit " UP_B " upstream.\n\nFixes: c5781ffbbd4f\n");
	th_census(&x->g, &x->rels, &x->c);
	assert_int_equal(x->c.fixes, 0);
	assert_int_equal(x->c.preemptive, 1);
	assert_int_equal(x->c.fixes_outside, 1);
	assert_int_equal(x->c.tagged, 2);
	assert_int_equal(x->c.links[0].kind, LINK_PREEMPTIVE);
	assert_int_equal(x->c.links[0].fix, f);
	assert_int_equal(x->c.links[0].target, t);
}

/* Same release, two targets, and a revert plus Fixes of one target. */
static void test_same_release_and_pairs(void **state)
{
	struct th_fx *x = *state;
	uint32_t a = th_add(&x->g, "a\n\ncommit " UP_A " upstream.\n");
	tag(x, "v1.1", 1, a);
	uint32_t b = th_add(&x->g, "b\n\ncommit " UP_B " upstream.\n");
	uint32_t f = th_add(&x->g, th_msg(x, "Revert \"b\"\n\nThis reverts commit %.12s.\n\nFixes: %.12s\n"
				          "Fixes: " UP_A "\n", x->g.c[b].id, x->g.c[b].id));
	uint32_t g = th_add(&x->g, th_msg(x, "g\n\nFixes: %.7s\n", x->g.c[b].id));
	tag(x, "v1.2", 2, g);
	th_census(&x->g, &x->rels, &x->c);
	assert_int_equal(x->c.fixes, 2);
	assert_int_equal(x->c.pairs, 3);	/* f->b (revert), f->a, g->b */
	assert_int_equal(x->c.reverts, 1);
	assert_int_equal(x->c.regressions, 2);
	/* f: targets a (v1.1) and b (v1.2): not all same; g: b same release */
	assert_int_equal(x->c.same_release, 1);
	assert_int_equal(x->c.visible, 1);
	assert_int_equal(x->c.links[0].kind, LINK_REVERT);
	assert_int_equal(x->c.links[0].fix, f);
	assert_int_equal(x->c.links[0].target, b);
}

/* Merges: not counted; ancestry follows both sides. */
static void test_merge_branches(void **state)
{
	struct th_fx *x = *state;
	uint32_t root = th_add_parents(&x->g, "root\n", -1, -1);
	uint32_t side = th_add_parents(&x->g, "side\n\ncommit " UP_A " upstream.\n", (int)root, -1);
	uint32_t main1 = th_add_parents(&x->g, "fix on main\n\nFixes: " UP_A "\n", (int)root, -1);
	uint32_t m = th_add_parents(&x->g, "Merge side\n", (int)main1, (int)side);
	uint32_t after = th_add_parents(&x->g, "fix after merge\n\nFixes: 4abb951\n", (int)m, -1);
	tag(x, "v1.1", 1, main1);
	tag(x, "v1.2", 2, after);
	th_census(&x->g, &x->rels, &x->c);
	assert_int_equal(x->c.commits, 4);
	assert_int_equal(x->c.preemptive, 1);	/* main1 does not contain side */
	assert_int_equal(x->c.fixes, 1);
	assert_int_equal(x->g.c[side].release, 1);	/* only v1.2 contains it */
	assert_int_equal(x->c.links[1].fix, after);
	assert_int_equal(x->c.links[1].target, side);
	assert_true(x->c.links[1].same_release);
}

static const struct link *link_from(const struct census *c, uint32_t fix)
{
	for (size_t i = 0; i < c->nlinks; i++)
		if (c->links[i].fix == fix)
			return &c->links[i];
	return NULL;
}

/* A revert naming no id reverts the latest earlier live commit of its
 * subject (scenario revert-by-subject: the ambiguous case, on branches);
 * none: nothing. */
static void test_revert_by_subject(void **state)
{
	struct th_fx *x = *state;
	uint32_t a = th_add(&x->g, "core: add foo\n");
	uint32_t ra = th_add(&x->g, "Revert \"core: add foo\"\n");
	uint32_t a2 = th_add(&x->g, "core: add  FOO\n");
	uint32_t ra2 = th_add(&x->g, "Revert \"core: add foo\"\n\nagain.\n");
	th_add(&x->g, "core: add bar\n\n(cherry picked from commit " UP_A ")\n");
	uint32_t b2 = th_add(&x->g, "core: add bar\n\n(cherry picked from commit " UP_B ")\n");
	uint32_t rb = th_add(&x->g, "Revert \"core: add bar\"\n");
	uint32_t rq = th_add(&x->g, "Revert \"core: add qux\"\n");
	uint32_t rr = th_add(&x->g, "Revert \"Revert \"core: add foo\"\"\n");
	th_census(&x->g, &x->rels, &x->c);

	assert_int_equal(link_from(&x->c, ra)->kind, LINK_REVERT);
	assert_int_equal(link_from(&x->c, ra)->target, a);
	assert_int_equal(link_from(&x->c, ra2)->target, a2);	/* a is reverted */
	assert_int_equal(link_from(&x->c, rb)->target, b2);	/* the latest of two */
	assert_null(link_from(&x->c, rq));
	assert_int_equal(link_from(&x->c, rr)->kind, LINK_REAPPLY);
	assert_int_equal(link_from(&x->c, rr)->target, ra2);	/* the latest live one */
	assert_int_equal(x->c.fixes, 3);
	assert_int_equal(x->c.fixes_outside, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_acpica, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_reapply_restores_copy, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_ambiguous_and_subject, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_ambiguity_settled_by_history, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_preemptive_outside_self, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_same_release_and_pairs, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_merge_branches, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_revert_by_subject, th_setup, th_teardown),
	};
	return cmocka_run_group_tests_name("census", tests, NULL, NULL);
}
