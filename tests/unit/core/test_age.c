/* Unit tests for age.c: doc/age.md, ages, cuts, discovery and the projection, on series
 * built in memory (dates in whole days from the base). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "core/age.h"
#include "core/series.h"
#include "test_helpers.h"

#define DAY 86400

static void test_parse(void **state)
{
	struct age_spec a;
	(void)state;
	assert_int_equal(age_parse("365", &a), 0);
	assert_int_equal(a.unit, AGE_DAYS);
	assert_int_equal(a.n, 365);
	assert_int_equal(age_parse("12r", &a), 0);
	assert_int_equal(a.unit, AGE_RELEASES);
	assert_int_equal(a.n, 12);
	assert_int_equal(age_parse("0", &a), 0);
	assert_int_equal(a.n, 0);
	assert_int_equal(age_parse("100000r", &a), 0);
	assert_int_equal(age_parse("100001", &a), -1);	/* past the bound */
	assert_int_equal(age_parse("99999999999999999999", &a), -1);	/* no overflow */
	assert_int_equal(age_parse("", &a), -1);
	assert_int_equal(age_parse("r", &a), -1);
	assert_int_equal(age_parse("-1", &a), -1);
	assert_int_equal(age_parse("3d", &a), -1);
	assert_int_equal(age_parse("3rr", &a), -1);
	assert_int_equal(age_parse(" 3", &a), -1);
}

/*
 * One series, base day 10:  t1 (.1, day 11)  t2 fs (.2, day 13: fs fixes t2, same release)
 * fx1 (.3, day 20: fixes t1)  fx2 (.4, day 12: dated before .3; fixes t2).
 */
struct fx {
	struct series s;
};

static void rel(struct series *s, const char *name, unsigned long n, uint32_t c, long day)
{
	release_list_add(&s->rels, name, n, c);
	s->rels.r[s->rels.n - 1].date = (int64_t)day * DAY;
}

static int setup(void **state)
{
	struct fx *x = calloc(1, sizeof(*x));
	struct series *s = &x->s;
	graph_init(&s->g);
	release_list_init(&s->rels);
	s->base_date = 10 * DAY;
	th_add(&s->g, "net: t1\n");
	th_add(&s->g, "mm: t2\n");
	th_add(&s->g, "mm: fix t2\n\nFixes: 0000001eeeee\n");
	th_add(&s->g, "net: fix t1\n\nFixes: 0000000eeeee\n");
	th_add(&s->g, "mm: fix t2 again\n\nFixes: 0000001eeeee\n");
	rel(s, "v1.1", 1, 0, 11);
	rel(s, "v1.2", 2, 2, 13);
	rel(s, "v1.3", 3, 3, 20);
	rel(s, "v1.4", 4, 4, 12);
	th_census(&s->g, &s->rels, &s->census);
	s->label = "1.4";
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	struct fx *x = *state;
	census_release(&x->s.census);
	release_list_release(&x->s.rels);
	graph_release(&x->s.g);
	free(x);
	return 0;
}

static void test_ages(void **state)
{
	struct series *s = &((struct fx *)*state)->s;
	assert_int_equal(age_of_release(s, 0, AGE_DAYS), 1);
	assert_int_equal(age_of_release(s, 2, AGE_DAYS), 10);
	assert_int_equal(age_of_release(s, 2, AGE_RELEASES), 3);
	assert_int_equal(age_observed(s, AGE_DAYS), 2);	/* the last release's: .4, day 12 */
	assert_int_equal(age_observed(s, AGE_RELEASES), 4);
	s->base_date = 30 * DAY;	/* releases dated before the base: age 0 */
	assert_int_equal(age_of_release(s, 0, AGE_DAYS), 0);
	s->base_date = 10 * DAY + DAY / 2;	/* whole days, rounded down */
	assert_int_equal(age_of_release(s, 1, AGE_DAYS), 2);
}

static void test_cut(void **state)
{
	struct series *s = &((struct fx *)*state)->s;
	assert_int_equal(age_cut(s, 0, AGE_DAYS), -1);	/* no release by day 0 */
	assert_int_equal(age_cut(s, 1, AGE_DAYS), 0);
	/* the last (highest) release within the age, whatever the dates before it: .4 is
	 * 2 days old though .3 is 10 */
	assert_int_equal(age_cut(s, 2, AGE_DAYS), 3);
	assert_int_equal(age_cut(s, 3, AGE_RELEASES), 2);
	assert_int_equal(age_cut(s, 0, AGE_RELEASES), -1);
	assert_int_equal(age_cut(s, 99, AGE_RELEASES), 3);
}

static void test_discovery(void **state)
{
	struct series *s = &((struct fx *)*state)->s;
	struct discovery d;
	/* visible fixes: fx1 (t1 .1 -> .3), fx2 (t2 .2 -> .4); the first fix of t2 is
	 * same-release */
	d = age_discovery(s, -1);
	assert_int_equal(d.known, 0);
	assert_int_equal(d.found, 0);
	d = age_discovery(s, 0);
	assert_int_equal(d.known, 1);	/* fx1: its target is in .1 */
	assert_int_equal(d.found, 0);
	d = age_discovery(s, 1);
	assert_int_equal(d.known, 2);	/* + fx2 (t2 in .2); not the same-release fix */
	assert_int_equal(d.found, 0);
	d = age_discovery(s, 2);
	assert_int_equal(d.found, 1);	/* fx1 in .3 */
	d = age_discovery(s, 3);
	assert_int_equal(d.found, 2);
	assert_int_equal(d.known, (size_t)s->census.visible);	/* at TIP: all */
}

static void test_project(void **state)
{
	struct series *old = &((struct fx *)*state)->s;
	struct series set[2];
	struct series young = { 0 };
	struct age_row row = { 0 };

	young.census.visible = 3;
	young.census.commits = 30;
	young.census.tagged = 0;
	set[0] = young;
	set[1] = *old;
	/* young (observed age 0: no releases) at age 1 from the old series (2 days > 1) at
	 * day 1 (.1): found 0 of 1: share 0, nothing projected */
	age_project(&young, 1, AGE_DAYS, set, 2, 0, &row);
	assert_int_equal(row.nsources, 1);
	assert_string_equal(row.sources[0], "1.4");
	assert_true(row.share == 0.0);
	assert_true(row.visible < 0);
	age_row_release(&row);
	/* at 3 releases: the old series at .3: found 1 of 2: share 0.5, 3 / 0.5 = 6 */
	age_project(&young, 3, AGE_RELEASES, set, 2, 0, &row);
	assert_true(row.share == 0.5);
	assert_true(row.visible == 6.0);
	assert_true(row.low_rate == 0.2);	/* 6 / 30 */
	assert_true(row.high_rate < 0);	/* no tagged commit: undefined */
	age_row_release(&row);
	/* the series itself is never its own source, nor one no older than the age */
	age_project(old, 3, AGE_RELEASES, set, 2, 1, &row);
	assert_int_equal(row.nsources, 0);
	assert_true(row.share < 0);
	age_row_release(&row);
	age_project(&young, 4, AGE_RELEASES, set, 2, 0, &row);
	assert_int_equal(row.nsources, 0);
	age_row_release(&row);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test_setup_teardown(test_ages, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cut, setup, teardown),
		cmocka_unit_test_setup_teardown(test_discovery, setup, teardown),
		cmocka_unit_test_setup_teardown(test_project, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
