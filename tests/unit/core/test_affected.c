/* Unit tests for affected.c: the releases of one series that carried a bug
 * and the one that fixed it (doc/affected.md), on graphs built in memory.
 * Releases v1.1, v1.2, ... are positions 1, 2, ...; the base is 0. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_helpers.h"
#include "core/affected.h"

#define BUG "4abb951b73ff0a8a979113ef185651aa3c8da19b"
#define FIX "c5781ffbbd4f742a58263458145fe7f0ac01d9e0"

struct fx {
	struct th_fx t;
	struct affected_reverts rv;
	struct affected_input in;
	struct affected_result out;
	char m[512];
};

static int setup(void **state)
{
	struct fx *x = calloc(1, sizeof(*x));

	graph_init(&x->t.g);
	release_list_init(&x->t.rels);
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	struct fx *x = *state;

	affected_result_release(&x->out);
	affected_input_release(&x->in);
	affected_reverts_release(&x->rv);
	census_release(&x->t.c);
	resolver_release(&x->t.r);
	release_list_release(&x->t.rels);
	graph_release(&x->t.g);
	free(x);
	return 0;
}

static uint32_t add(struct fx *x, const char *msg)
{
	return th_add(&x->t.g, msg);
}

/* A revert of commit c, in the two-line form. */
static uint32_t add_revert(struct fx *x, uint32_t c)
{
	snprintf(x->m, sizeof(x->m), "Revert \"x\"\n\nThis reverts commit %s.\n", x->t.g.c[c].id);
	return add(x, x->m);
}

/* Tag release v1.N on commit c (N = 1, 2, ... in call order). */
static void release(struct fx *x, uint32_t c)
{
	static const char *const names[] = { "v1.1", "v1.2", "v1.3", "v1.4", "v1.5", "v1.6" };
	size_t n = x->t.rels.n;

	release_list_add(&x->t.rels, names[n], (unsigned long)n + 1, c);
}

/* Census, then the copies of BUG and FIX as the command finds them. */
static void run(struct fx *x, int known, int bug_in_base, int fix_in_base)
{
	const char *bug = BUG, *fix = FIX;

	th_census(&x->t.g, &x->t.rels, &x->t.c);
	resolver_init(&x->t.r, &x->t.g);
	affected_reverts_build(&x->t.c, &x->rv);
	x->in.known = known;
	x->in.bug_in_base = bug_in_base;
	x->in.fix_in_base = fix_in_base;
	resolver_match(&x->t.r, BUG, &x->in.bug);
	resolver_match(&x->t.r, FIX, &x->in.fix);
	struct u32s rev = { 0 };
	affected_reverting(&x->t.g, &rev);
	affected_base_reverts(&x->t.g, &x->t.r, &rev, &bug, 1, &x->in.bug_base_reverts);
	affected_base_reverts(&x->t.g, &x->t.r, &rev, &fix, 1, &x->in.fix_base_reverts);
	u32s_release(&rev);
	affected_compute(&x->t.g, &x->t.rels, &x->rv, &x->in, &x->out);
}

static void pair_is(const struct affected_pair *p, size_t from, uint32_t fc,
		    enum affected_why fw, size_t to, uint32_t tc, enum affected_why tw)
{
	assert_int_equal(p->from.pos, from);
	assert_int_equal(p->from.commit, fc);
	assert_int_equal(p->from.why, fw);
	assert_int_equal(p->to.pos, to);
	assert_int_equal(p->to.commit, tc);
	assert_int_equal(p->to.why, tw);
}

/* The ACPICA tangle: bp1 (v1.1) reverted in v1.2, bp2 back in v1.3, the
 * fix and a duplicate copy in v1.4: two pairs, closed by the revert and
 * by the fix's copy; the duplicate comes with the fix and opens nothing. */
static void test_acpica_two_pairs(void **state)
{
	struct fx *x = *state;
	uint32_t bp1 = add(x, "acpica\n\ncommit " BUG " upstream.\n");
	release(x, bp1);
	uint32_t rev = add_revert(x, bp1);
	release(x, rev);
	add(x, "other\n");
	uint32_t bp2 = add(x, "acpica\n\ncommit " BUG " upstream.\n");
	release(x, bp2);
	uint32_t fix = add(x, "fix\n\ncommit " FIX " upstream.\n\nFixes: 4abb951b73ff\n");
	uint32_t dup = add(x, "acpica\n\ncommit " BUG " upstream.\n");
	release(x, dup);

	run(x, 1, 0, 0);
	assert_int_equal(x->out.state, AFFECTED_FIXED);
	assert_int_equal(x->out.npairs, 2);
	pair_is(&x->out.pairs[0], 1, bp1, AFFECTED_BY_COPY, 2, rev, AFFECTED_BY_REVERT);
	pair_is(&x->out.pairs[1], 3, bp2, AFFECTED_BY_COPY, 4, fix, AFFECTED_BY_COPY);
}

/* The fix is the revert of bp1: bp2, applied again after it, is the bug
 * again, not covered by the revert (a Fixes: fix would cover it). */
static void test_revert_then_again(void **state)
{
	struct fx *x = *state;
	uint32_t bp1 = add(x, "acpica\n\ncommit " BUG " upstream.\n");
	release(x, bp1);
	uint32_t rev = add_revert(x, bp1);
	release(x, rev);
	uint32_t bp2 = add(x, "acpica\n\ncommit " BUG " upstream.\n");
	release(x, bp2);

	th_census(&x->t.g, &x->t.rels, &x->t.c);
	resolver_init(&x->t.r, &x->t.g);
	affected_reverts_build(&x->t.c, &x->rv);
	x->in.known = 1;
	x->in.fix_reverts = 1;
	resolver_match(&x->t.r, BUG, &x->in.bug);
	u32s_push(&x->in.fix, rev);
	affected_compute(&x->t.g, &x->t.rels, &x->rv, &x->in, &x->out);
	assert_int_equal(x->out.state, AFFECTED_NOT_FIXED);
	assert_int_equal(x->out.npairs, 2);
	pair_is(&x->out.pairs[0], 1, bp1, AFFECTED_BY_COPY, 2, rev, AFFECTED_BY_COPY);
	pair_is(&x->out.pairs[1], 3, bp2, AFFECTED_BY_COPY, AFFECTED_OPEN, AFFECTED_NO_COMMIT,
		AFFECTED_BY_NONE);

	affected_result_release(&x->out);
	x->in.fix_reverts = 0;
	affected_compute(&x->t.g, &x->t.rels, &x->rv, &x->in, &x->out);
	assert_int_equal(x->out.state, AFFECTED_FIXED);
	assert_int_equal(x->out.npairs, 1);
}

/* A copy of the bug and no copy of the fix: one open pair. */
static void test_not_fixed(void **state)
{
	struct fx *x = *state;
	add(x, "other\n");
	uint32_t b = add(x, "bug\n\ncommit " BUG " upstream.\n");
	release(x, b);
	release(x, add(x, "later\n"));

	run(x, 1, 0, 0);
	assert_int_equal(x->out.state, AFFECTED_NOT_FIXED);
	assert_int_equal(x->out.npairs, 1);
	pair_is(&x->out.pairs[0], 1, b, AFFECTED_BY_COPY, AFFECTED_OPEN, AFFECTED_NO_COMMIT,
		AFFECTED_BY_NONE);
}

/* The bug came with the base: the pair opens at position 0. */
static void test_bug_in_base(void **state)
{
	struct fx *x = *state;
	release(x, add(x, "other\n"));
	uint32_t f = add(x, "fix\n\ncommit " FIX " upstream.\n");
	release(x, f);

	run(x, 1, 1, 0);
	assert_int_equal(x->out.state, AFFECTED_FIXED);
	assert_int_equal(x->out.npairs, 1);
	pair_is(&x->out.pairs[0], 0, AFFECTED_NO_COMMIT, AFFECTED_BY_BASE, 2, f,
		AFFECTED_BY_COPY);
}

/* The fix's copy reverted later: not fixed again from the revert's release. */
static void test_fix_reverted(void **state)
{
	struct fx *x = *state;
	uint32_t f = add(x, "fix\n\ncommit " FIX " upstream.\n");
	release(x, f);
	uint32_t r = add_revert(x, f);
	release(x, r);

	run(x, 1, 1, 0);
	assert_int_equal(x->out.state, AFFECTED_NOT_FIXED);
	assert_int_equal(x->out.npairs, 2);
	pair_is(&x->out.pairs[0], 0, AFFECTED_NO_COMMIT, AFFECTED_BY_BASE, 1, f,
		AFFECTED_BY_COPY);
	pair_is(&x->out.pairs[1], 2, r, AFFECTED_BY_REVERT, AFFECTED_OPEN, AFFECTED_NO_COMMIT,
		AFFECTED_BY_NONE);
}

/* The base's bug reverted by a series commit naming the mainline id. */
static void test_base_reverted(void **state)
{
	struct fx *x = *state;
	release(x, add(x, "other\n"));
	uint32_t r = add(x, "Revert \"bug\"\n\nThis reverts commit " BUG ".\n");
	release(x, r);

	run(x, 1, 1, 0);
	assert_int_equal(x->in.bug_base_reverts.n, 1);
	assert_int_equal(x->out.state, AFFECTED_FIXED);
	assert_int_equal(x->out.npairs, 1);
	pair_is(&x->out.pairs[0], 0, AFFECTED_NO_COMMIT, AFFECTED_BY_BASE, 2, r,
		AFFECTED_BY_REVERT);
}

/* The fix before the bug, and both in one release: no release carried it. */
static void test_fixed_before(void **state)
{
	struct fx *x = *state;
	release(x, add(x, "fix\n\ncommit " FIX " upstream.\n"));
	release(x, add(x, "bug\n\ncommit " BUG " upstream.\n"));

	run(x, 1, 0, 0);
	assert_int_equal(x->out.state, AFFECTED_FIXED_BEFORE);
	assert_int_equal(x->out.npairs, 0);
	assert_int_equal(x->out.first_bug, 1);
	assert_int_equal(x->out.first_fix, 0);
}

static void test_same_release(void **state)
{
	struct fx *x = *state;
	add(x, "bug\n\ncommit " BUG " upstream.\n");
	release(x, add(x, "fix\n\ncommit " FIX " upstream.\n"));

	run(x, 1, 0, 0);
	assert_int_equal(x->out.state, AFFECTED_FIXED_BEFORE);
	assert_int_equal(x->out.npairs, 0);
}

/* No copy of the bug, not in the base; and both in the base. */
static void test_not_affected(void **state)
{
	struct fx *x = *state;
	release(x, add(x, "fix\n\ncommit " FIX " upstream.\n"));

	run(x, 1, 0, 0);
	assert_int_equal(x->out.state, AFFECTED_NOT_AFFECTED);
	affected_result_release(&x->out);
	affected_compute(&x->t.g, &x->t.rels, &x->rv,
			 &(struct affected_input){ .known = 1, .bug_in_base = 1, .fix_in_base = 1 },
			 &x->out);
	assert_int_equal(x->out.state, AFFECTED_NOT_AFFECTED);
	assert_int_equal(x->out.npairs, 0);
}

/* An unreleased copy of the bug reached no release. */
static void test_unreleased_bug(void **state)
{
	struct fx *x = *state;
	release(x, add(x, "other\n"));
	add(x, "bug\n\ncommit " BUG " upstream.\n");

	run(x, 1, 0, 0);
	assert_int_equal(x->out.state, AFFECTED_NOT_AFFECTED);
	assert_int_equal(x->out.npairs, 0);
}

static void test_unknown(void **state)
{
	struct fx *x = *state;
	uint32_t f = add(x, "fix\n\ncommit " FIX " upstream.\n");
	release(x, f);

	run(x, 0, 0, 0);
	assert_int_equal(x->out.state, AFFECTED_UNKNOWN);
	assert_int_equal(x->out.npairs, 0);
	assert_int_equal(x->out.first_fix, f);
}

static void test_mainline_state(void **state)
{
	(void)state;
	assert_int_equal(affected_mainline_state(-1, 3), AFFECTED_NOT_AFFECTED);
	assert_int_equal(affected_mainline_state(2, -1), AFFECTED_NOT_FIXED);
	assert_int_equal(affected_mainline_state(2, 2), AFFECTED_FIXED_BEFORE);
	assert_int_equal(affected_mainline_state(3, 2), AFFECTED_FIXED_BEFORE);
	assert_int_equal(affected_mainline_state(2, 5), AFFECTED_FIXED);
	assert_string_equal(affected_state_name(AFFECTED_NOT_FIXED), "not fixed");
	assert_string_equal(affected_why_name(AFFECTED_BY_REVERT), "revert");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_acpica_two_pairs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_fixed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_revert_then_again, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bug_in_base, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fix_reverted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_base_reverted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fixed_before, setup, teardown),
		cmocka_unit_test_setup_teardown(test_same_release, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_affected, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unreleased_bug, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unknown, setup, teardown),
		cmocka_unit_test(test_mainline_state),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
