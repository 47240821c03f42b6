/* Unit tests for release.c: which tags are releases, and attribution. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
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

static size_t series(char **tags, size_t n, struct series_name **s)
{
	size_t ns;

	release_find_series(tags, n, NULL, s, &ns);
	return ns;
}

/* doc/dialects.md "Series discovery", the four rules. */
static void test_prerelease_base(void **state)
{
	char *tags[] = { "4.9.0", "4.9.0-rc1", "4.9.0-rc1.2", "4.9.1" };
	struct series_name *s;

	(void)state;
	assert_int_equal(series(tags, 4, &s), 1);	/* not 4.9.0-rc1..4.9.0-rc1.2 */
	assert_string_equal(s[0].base, "4.9.0");
	assert_string_equal(s[0].tip, "4.9.1");
	release_series_names_free(s, 1);
	assert_true(release_is_prerelease("4.9.0-rc1"));
	assert_true(release_is_prerelease("v2.0-BETA2"));
	assert_true(release_is_prerelease("1.0pre3"));
	assert_false(release_is_prerelease("v4.19"));
	assert_false(release_is_prerelease("frr-8.4"));
	assert_false(release_is_prerelease("devel-1.0"));	/* letters before the version */
	assert_false(release_is_prerelease("v1.0-precise"));	/* a word, not a mark */
}

static void test_snapshots(void **state)
{
	char *tags[] = { "0.8", "0.8.1", "0.8.2", "0.8.9", "0.8.9997", "0.8.9998",
			 "0.7", "0.7.5000", "0.7.5001" };
	struct series_name *s;

	(void)state;
	assert_int_equal(series(tags, 9, &s), 2);
	assert_string_equal(s[0].base, "0.8");
	assert_string_equal(s[0].tip, "0.8.9");		/* 9997 > 10 * 9 + 100 */
	assert_string_equal(s[1].tip, "0.7.5001");	/* the lowest is never a snapshot
							   (nor 99xx: a beta, issue 25) */
	release_series_names_free(s, 2);
	assert_false(release_is_snapshot(9, 190));
	assert_true(release_is_snapshot(9, 191));
	assert_false(release_is_snapshot(6, 35));	/* missing tags (the demo's v4.19.35) */
	assert_false(release_is_snapshot(336, 337));
	assert_false(release_is_snapshot(ULONG_MAX / 10, ULONG_MAX));
}

static void test_release_that_is_a_base(void **state)
{
	char *tags[] = { "0.9.0", "0.9.1", "0.9.2", "0.9.10", "0.9.10.1", "0.9.10.2" };
	struct series_name *s;

	(void)state;
	assert_int_equal(series(tags, 6, &s), 2);
	assert_string_equal(s[0].base, "0.9.10");
	assert_string_equal(s[0].tip, "0.9.10.2");
	assert_string_equal(s[1].base, "0.9.0");
	assert_string_equal(s[1].tip, "0.9.2");		/* 0.9.10 is a series of its own */
	release_series_names_free(s, 2);
}

static void test_namespaced_tags(void **state)
{
	char *tags[] = { "frr-8.4", "frr-8.4.1", "docker/frr-8.4", "docker/frr-8.4.1",
			 "docker/frr-8.4.2" };
	struct series_name *s;
	struct pattern *re;
	char err[256];
	size_t n;

	(void)state;
	assert_int_equal(series(tags, 5, &s), 1);
	assert_string_equal(s[0].base, "frr-8.4");
	assert_string_equal(s[0].tip, "frr-8.4.1");
	release_series_names_free(s, 1);
	/* a pattern takes what it matches */
	assert_int_equal(pattern_compile(&re, "^(docker/frr-[0-9]+\\.[0-9]+)\\.([0-9]+)$", 2, err,
					 sizeof(err)), 0);
	release_find_series(tags, 5, re, &s, &n);
	assert_int_equal(n, 1);
	assert_string_equal(s[0].base, "docker/frr-8.4");
	assert_string_equal(s[0].tip, "docker/frr-8.4.2");
	release_series_names_free(s, n);
	pattern_free(re);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_release_number),
		cmocka_unit_test(test_base_name),
		cmocka_unit_test(test_attribution),
		cmocka_unit_test(test_prerelease_base),
		cmocka_unit_test(test_snapshots),
		cmocka_unit_test(test_release_that_is_a_base),
		cmocka_unit_test(test_namespaced_tags),
	};
	return cmocka_run_group_tests_name("release", tests, NULL, NULL);
}
