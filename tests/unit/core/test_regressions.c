/* Unit tests for regressions.c: regressions of several series grouped by
 * upstream commit (doc/explain-regressions.md), on series analysed in
 * memory through analyze(). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_helpers.h"
#include "core/analyze.h"
#include "core/regressions.h"

#define UP_A "4abb951b73ff0a8a979113ef185651aa3c8da19b"
#define UP_B "c5781ffbbd4f742a58263458145fe7f0ac01d9e0"

/* A series v1..v1.N of the graph g (taken over), tag v1.K on commit at[K-1]. */
static void series_of(struct graph *g, const uint32_t *at, size_t ntags, struct series *s)
{
	static char *names[8] = { "v1.1", "v1.2", "v1.3", "v1.4", "v1.5", "v1.6", "v1.7", "v1.8" };
	struct history h;
	char err[256];

	history_init(&h);
	h.name = strdup("v1..v1.x");
	h.base = strdup("v1");
	h.tip = strdup("v1.x");
	h.g = *g;
	graph_init(g);
	h.tags = calloc(ntags + 1, sizeof(*h.tags));
	for (size_t k = 0; k < ntags; k++)
		h.tags[k] = (struct history_tag){ names[k], at[k], (int64_t)k * 86400 };
	h.ntags = ntags;
	h.all_tags = names;
	h.nall_tags = ntags;
	memset(s, 0, sizeof(*s));
	assert_int_equal(analyze(&h, NULL, s, err, sizeof(err)), 0);
	history_release(&h);
}

/* Series 0: a (UP_A) in v1.1, its fix in v1.2, a second fix of it, and a
 * stable-only commit reverted in v1.2.  Series 1: a copy of UP_A fixed in
 * v1.2, and a copy of UP_B never fixed. */
static void build(struct series s[2], uint32_t *c0, uint32_t *c1)
{
	struct graph g;
	char m[256];

	graph_init(&g);
	c0[0] = th_add(&g, "a\n\ncommit " UP_A " upstream.\n");
	c0[1] = th_add(&g, "stable only\n");
	uint32_t t1[2] = { c0[0], 0 };
	c0[2] = th_add(&g, "fix a\n\nFixes: 4abb951b73ff\n");
	snprintf(m, sizeof(m), "Revert \"stable only\"\n\nThis reverts commit %s.\n", g.c[c0[1]].id);
	c0[3] = th_add(&g, m);
	c0[4] = th_add(&g, "fix a again\n\nFixes: 4abb951b73ff\n");
	t1[1] = c0[4];
	series_of(&g, t1, 2, &s[0]);

	graph_init(&g);
	c1[0] = th_add(&g, "b\n\ncommit " UP_B " upstream.\n");
	c1[1] = th_add(&g, "a\n\ncommit " UP_A " upstream.\n");
	uint32_t t2[2] = { c1[1], 0 };
	c1[2] = th_add(&g, "fix a\n\nFixes: " UP_A "\n");
	t2[1] = c1[2];
	series_of(&g, t2, 2, &s[1]);
}

static void test_group(void **state)
{
	(void)state;
	struct series s[2];
	uint32_t c0[5], c1[3];
	struct regressions r;

	build(s, c0, c1);
	regressions_group(s, 2, NULL, &r);
	assert_int_equal(r.n, 2);
	/* UP_A: both series, first */
	assert_string_equal(r.rows[0].key, UP_A);
	assert_string_equal(r.rows[0].upstream, UP_A);
	assert_int_equal(r.rows[0].nseries, 2);
	assert_int_equal(r.rows[0].n, 2);	/* the second fix of a adds no entry */
	assert_int_equal(r.rows[0].v[0].series, 0);
	assert_int_equal(r.rows[0].v[0].target, c0[0]);
	assert_int_equal(r.rows[0].v[0].link->fix, c0[2]);	/* the first fix */
	assert_int_equal(r.rows[0].v[1].series, 1);
	assert_int_equal(r.rows[0].v[1].target, c1[1]);
	assert_int_equal(r.rows[0].carried, -1);	/* no mainline read */
	/* the stable-only commit: keyed by its own id */
	assert_null(r.rows[1].upstream);
	assert_string_equal(r.rows[1].key, s[0].g.c[c0[1]].id);
	assert_int_equal(r.rows[1].nseries, 1);
	assert_true(r.rows[1].v[0].link->same_release);	/* both in v1.2 */
	regressions_release(&r);

	/* Series 1 carries UP_A (a commit of that key with a missing mainline
	 * fix); UP_B was never a regression: no row for it. */
	struct u32s carried[2] = { { 0 }, { 0 } };
	u32s_push(&carried[1], c1[1]);
	u32s_push(&carried[1], c1[0]);
	regressions_group(s, 2, carried, &r);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.rows[0].carried, 1);
	assert_int_equal(r.rows[0].carried_by.n, 1);
	assert_int_equal(r.rows[0].carried_by.v[0], 1);
	assert_int_equal(r.rows[1].carried, 0);
	regressions_release(&r);
	u32s_release(&carried[1]);

	/* Series order decides the entries' order. */
	struct series swapped[2] = { s[1], s[0] };
	regressions_group(swapped, 2, NULL, &r);
	assert_int_equal(r.rows[0].v[0].target, c1[1]);
	assert_int_equal(r.rows[1].v[0].series, 1);	/* the 1-series row of (now) series 1 */
	regressions_release(&r);

	series_release_all(&s[0]);
	series_release_all(&s[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_group),
	};
	return cmocka_run_group_tests_name("regressions", tests, NULL, NULL);
}
