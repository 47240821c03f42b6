/* Unit tests for resolve.c: which commits an id names, and copies. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_helpers.h"

#define UP_A "4abb951b73ff0a8a979113ef185651aa3c8da19b"

struct fx {
	struct graph g;
	struct resolver r;
	struct u32s m;
	uint32_t full, shortal, other, merge, pick;
};

static int setup(void **state)
{
	struct fx *x = calloc(1, sizeof(*x));
	graph_init(&x->g);
	x->full = th_add(&x->g, "a\n\ncommit " UP_A " upstream.\n");
	x->shortal = th_add(&x->g, "b\n\n[ Upstream commit 4abb951b73ff ]\n");
	x->other = th_add(&x->g, "c\n\ncommit 4abb951000000000000000000000000000000000 upstream.\n");
	x->merge = th_add_parents(&x->g, "Merge\n", (int)x->other, (int)x->full);
	char m[200];
	snprintf(m, sizeof(m), "d\n\n(cherry picked from commit %s)\n", x->g.c[x->other].id);
	x->pick = th_add_parents(&x->g, m, (int)x->merge, -1);
	resolver_init(&x->r, &x->g);
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	struct fx *x = *state;
	u32s_release(&x->m);
	resolver_release(&x->r);
	graph_release(&x->g);
	free(x);
	return 0;
}

static void test_full_and_short_alias(void **state)
{
	struct fx *x = *state;
	resolver_match(&x->r, UP_A, &x->m);
	/* the full alias, and the 12-hex alias that is a prefix of the id */
	assert_int_equal(x->m.n, 2);
	assert_int_equal(x->m.v[0], x->full);
	assert_int_equal(x->m.v[1], x->shortal);
}

static void test_short_prefix(void **state)
{
	struct fx *x = *state;
	resolver_match(&x->r, "4abb951", &x->m);
	assert_int_equal(x->m.n, 3);
	resolver_match(&x->r, "4abb951b", &x->m);
	assert_int_equal(x->m.n, 2);
	resolver_match(&x->r, "4abb952", &x->m);
	assert_int_equal(x->m.n, 0);
}

static void test_own_id_and_merge_excluded(void **state)
{
	struct fx *x = *state;
	resolver_match(&x->r, x->g.c[x->other].id, &x->m);
	/* own id, and the commit that names it in a cherry-pick line */
	assert_int_equal(x->m.n, 2);
	assert_int_equal(x->m.v[0], x->other);
	assert_int_equal(x->m.v[1], x->pick);
	char merge7[8];
	snprintf(merge7, sizeof(merge7), "%.7s", x->g.c[x->merge].id);
	resolver_match(&x->r, merge7, &x->m);
	assert_int_equal(x->m.n, 0);
}

/* The first 7 digits as a number, whatever follows; fewer digits count as zeros after. */
static void test_head(void **state)
{
	(void)state;
	assert_int_equal(resolver_head("0123456789abcdef0123"), 0x0123456);
	assert_int_equal(resolver_head("fffffff"), 0xfffffff);
	assert_int_equal(resolver_head("a1b2c3d4e5f6"), 0xa1b2c3d);
	assert_int_equal(resolver_head("abc"), 0xabc0000);
	assert_int_equal(resolver_head(""), 0);
}

static void test_classes(void **state)
{
	struct fx *x = *state;
	assert_int_equal(resolver_class(&x->r, x->full), resolver_class(&x->r, x->shortal));
	assert_int_equal(resolver_class(&x->r, x->other), resolver_class(&x->r, x->pick));
	assert_int_not_equal(resolver_class(&x->r, x->full), resolver_class(&x->r, x->other));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_full_and_short_alias, setup, teardown),
		cmocka_unit_test_setup_teardown(test_short_prefix, setup, teardown),
		cmocka_unit_test_setup_teardown(test_own_id_and_merge_excluded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_classes, setup, teardown),
		cmocka_unit_test(test_head),
	};
	return cmocka_run_group_tests_name("resolve", tests, NULL, NULL);
}
