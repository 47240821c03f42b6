/* Unit tests for offenders.c: the worst offenders over a set of series (doc/age.md "In the
 * report"), on series built in memory. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "core/offenders.h"
#include "core/series.h"
#include "test_helpers.h"

#define UP "4abb951b73ff0a8a979113ef185651aa3c8da19b"
#define UP2 "c5781ffbbd4f742a58263458145fe7f0ac01d9e0"
#define DAY 86400

static void rel(struct series *s, const char *name, unsigned long n, uint32_t c, long day)
{
	release_list_add(&s->rels, name, n, c);
	s->rels.r[s->rels.n - 1].date = (int64_t)day * DAY;
}

static void finish(struct series *s)
{
	th_census(&s->g, &s->rels, &s->census);
	s->life = calloc(s->census.nlinks + 1, sizeof(*s->life));
	for (size_t i = 0; i < s->census.nlinks; i++)
		s->life[i] = lifetime_of(&s->g, &s->rels, &s->census.links[i]);
}

static void release_one(struct series *s)
{
	free(s->life);
	census_release(&s->census);
	release_list_release(&s->rels);
	graph_release(&s->g);
}

/*
 * Series 0: x (copy of UP, .1, day 1), fx fixes x (.2, day 5): visible, 4 days.
 * Series 1: x (copy of UP, .1, day 1), y (copy of UP2, .1) fixed by fy in .1 (same
 * release: not visible), revert of x in .2 (day 10): visible, 9 days.
 */
static void build(struct series s[2])
{
	for (int i = 0; i < 2; i++) {
		graph_init(&s[i].g);
		release_list_init(&s[i].rels);
	}
	th_add(&s[0].g, "mm: x\n\ncommit " UP " upstream.\n");
	th_add(&s[0].g, "mm: fix x\n\nFixes: 0000000eeeee\n");
	rel(&s[0], "v1.1", 1, 0, 1);
	rel(&s[0], "v1.2", 2, 1, 5);
	th_add(&s[1].g, "mm: x\n\ncommit " UP " upstream.\n");
	th_add(&s[1].g, "fs: y\n\ncommit " UP2 " upstream.\n");
	th_add(&s[1].g, "fs: fix y\n\nFixes: 0000001eeeee\n");
	th_add(&s[1].g, "Revert \"mm: x\"\n\nThis reverts commit 0000000eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.\n");
	rel(&s[1], "v2.1", 1, 2, 1);
	rel(&s[1], "v2.2", 2, 3, 10);
	finish(&s[0]);
	finish(&s[1]);
}

static void test_upstream(void **state)
{
	struct series s[2] = { 0 };
	struct offender_upstreams u;
	(void)state;
	build(s);
	offenders_upstream(s, 2, &u);
	assert_int_equal(u.n, 1);	/* UP2's regression never shipped */
	assert_string_equal(u.v[0].upstream, UP);
	assert_int_equal(u.v[0].n, 2);
	assert_int_equal(u.v[0].hits[0].series, 0);
	assert_int_equal(u.v[0].hits[1].series, 1);
	assert_int_equal(u.v[0].hits[1].link->kind, LINK_REVERT);
	offenders_upstream_release(&u);
	offenders_upstream(s, 1, &u);	/* one series: one hit */
	assert_int_equal(u.n, 1);
	assert_int_equal(u.v[0].n, 1);
	offenders_upstream_release(&u);
	release_one(&s[0]);
	release_one(&s[1]);
}

static void test_longest(void **state)
{
	struct series s[2] = { 0 };
	size_t n;
	(void)state;
	build(s);
	struct offender_life *v = offenders_longest(s, 2, &n);
	assert_int_equal(n, 2);	/* not the same-release fix */
	assert_int_equal(v[0].series, 1);
	assert_int_equal(v[0].t.days, 9);
	assert_int_equal(v[1].series, 0);
	assert_int_equal(v[1].t.days, 4);
	free(v);
	release_one(&s[0]);
	release_one(&s[1]);
}

static void test_subsystems(void **state)
{
	struct series s[3] = { 0 };
	struct breakdown b[3] = { 0 };
	struct breakdown_row r0[] = { { "mm", 10, 0, 0, 0, 2 }, { "fs", 5, 0, 0, 0, 1 } };
	struct breakdown_row r1[] = { { "fs", 7, 0, 0, 0, 3 }, { "net", 4, 0, 0, 0, 0 } };
	struct breakdown_row r2[] = { { "fs", 99, 0, 0, 0, 99 } };
	size_t n;
	(void)state;
	assert_null(offenders_subsystems(s, 3, &n));	/* no breakdown: not computed */
	assert_int_equal(n, 0);
	b[0] = (struct breakdown){ .kind = "path", .rows = r0, .n = 2 };
	b[1] = (struct breakdown){ .kind = "path", .rows = r1, .n = 2 };
	b[2] = (struct breakdown){ .kind = "channel", .rows = r2, .n = 1 };	/* not paths */
	for (int i = 0; i < 3; i++)
		s[i].by = &b[i];
	struct offender_group *g = offenders_subsystems(s, 3, &n);
	assert_int_equal(n, 3);
	assert_string_equal(g[0].name, "fs");	/* 1 + 3 */
	assert_int_equal(g[0].visible, 4);
	assert_int_equal(g[0].commits, 12);
	assert_int_equal(g[0].nseries, 2);
	assert_string_equal(g[1].name, "mm");
	assert_int_equal(g[1].visible, 2);
	assert_string_equal(g[2].name, "net");
	assert_int_equal(g[2].nseries, 0);
	free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_upstream),
		cmocka_unit_test(test_longest),
		cmocka_unit_test(test_subsystems),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
