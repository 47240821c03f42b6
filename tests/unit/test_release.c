/* Unit tests for release.c: which tags are releases, and attribution. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_helpers.h"

static void test_release_number(void **state)
{
	(void)state;
	unsigned long n = 0;
	assert_true(release_number("v4.19", "v4.19.1", &n));
	assert_int_equal(n, 1);
	assert_true(release_number("v4.19", "v4.19.102", &n));
	assert_int_equal(n, 102);
	assert_true(release_number("v254", "v254.3", &n));
	assert_int_equal(n, 3);
	assert_true(release_number("v4.19", "v4.19.0", &n));
	assert_int_equal(n, 0);
	assert_false(release_number("v4.19", "v4.19.01", &n));
	assert_false(release_number("v4.19", "v4.19.x", &n));
	assert_false(release_number("v4.19", "v4.19.1-rc1", &n));
	assert_false(release_number("v4.19", "v4.19", &n));
	assert_false(release_number("v4.19", "v4.19.", &n));
	assert_false(release_number("v4.1", "v4.19.1", &n));
	assert_false(release_number("v4.19", "v4.19.99999999999999999999999", &n));
	assert_false(release_number("", ".1", &n));
}

static void test_base_name(void **state)
{
	(void)state;
	assert_string_equal(release_base_name("refs/tags/v4.19"), "v4.19");
	assert_string_equal(release_base_name("tags/v4.19"), "v4.19");
	assert_string_equal(release_base_name("v4.19"), "v4.19");
}

/* Numeric order, two tags on one commit, a merged side branch. */
static void test_attribution(void **state)
{
	(void)state;
	struct graph g;
	struct release_list l;
	graph_init(&g);
	release_list_init(&l);
	uint32_t a = th_add_parents(&g, "a\n", -1, -1);
	uint32_t b = th_add_parents(&g, "b\n", (int)a, -1);
	uint32_t side = th_add_parents(&g, "side\n", (int)a, -1);
	uint32_t c = th_add_parents(&g, "c\n", (int)b, -1);
	uint32_t m = th_add_parents(&g, "merge\n", (int)c, (int)side);
	uint32_t d = th_add_parents(&g, "d\n", (int)m, -1);
	release_list_add(&l, "v1.10", 10, m);
	release_list_add(&l, "v1.2", 2, b);
	release_list_add(&l, "v1.3", 3, c);
	release_list_add(&l, "v1.4", 4, c);
	release_attribute(&l, &g);
	assert_string_equal(l.r[0].name, "v1.2");
	assert_string_equal(l.r[3].name, "v1.10");
	assert_string_equal(release_name(&l, g.c[a].release), "v1.2");
	assert_string_equal(release_name(&l, g.c[b].release), "v1.2");
	assert_string_equal(release_name(&l, g.c[c].release), "v1.3");
	assert_string_equal(release_name(&l, g.c[side].release), "v1.10");
	assert_string_equal(release_name(&l, g.c[m].release), "v1.10");
	assert_int_equal(g.c[d].release, RELEASE_NONE);
	assert_string_equal(release_name(&l, g.c[d].release), "unreleased");
	release_list_release(&l);
	graph_release(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_release_number),
		cmocka_unit_test(test_base_name),
		cmocka_unit_test(test_attribution),
	};
	return cmocka_run_group_tests_name("release", tests, NULL, NULL);
}
