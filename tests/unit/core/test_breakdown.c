/* Unit tests for breakdown.c: README "Breakdowns": path rows sorted by commits (most first,
 * then by name) with a total counting each commit and each fix once; channel rows in their
 * fixed order, without a total. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_helpers.h"
#include "core/breakdown.h"

/*
 *   c0  mm: a                      groups mm         .1
 *   c1  net: b                     groups net, mm    .1
 *   c2  net: fix b  Fixes: c1      groups net        .2   fix -> c1, visible
 *   c3  fs: c                      no group (changes nothing)  .2
 *   c4  fs: fix c   Fixes: c3      groups fs         .2   fix -> c3, same release
 *   c5  net: d                     groups net, arch  .2
 * net: c1 c2 c5: commits 3, tagged 1 (c2), fixes 1 (c2: its target c1 is in net), visible 1
 * mm: c0 c1: commits 2, tagged 0, fixes 1 (c2 -> c1, in mm too), visible 1
 * arch: c5: commits 1; fs: c4: commits 1, tagged 1, fixes 0 (c4's target c3 is in no group)
 * rows: net 3, mm 2, then arch and fs (1 each) by name
 * total: commits 5 (c0 c1 c2 c4 c5: c3 is in no group), tagged 2 (c2 c4), fixes 1 (c2,
 * once though its target is in two groups; c4's target in no group), same 0, visible 1
 */
static void build(struct graph *g, struct release_list *rels, struct census *c,
		  struct group_map *m)
{
	char buf[256];

	graph_init(g);
	release_list_init(rels);
	th_add(g, "mm: a\n");
	uint32_t c1 = th_add(g, "net: b\n");
	release_list_add(rels, "v1.0.1", 1, c1);
	snprintf(buf, sizeof(buf), "net: fix b\n\nFixes: %.12s (\"net: b\")\n", g->c[c1].id);
	th_add(g, buf);
	uint32_t c3 = th_add(g, "fs: c\n");
	snprintf(buf, sizeof(buf), "fs: fix c\n\nFixes: %.12s (\"fs: c\")\n", g->c[c3].id);
	th_add(g, buf);
	uint32_t c5 = th_add(g, "net: d\n");
	release_list_add(rels, "v1.0.2", 2, c5);
	th_census(g, rels, c);
	group_map_init(m, g->n);
	group_map_add(m, 0, "mm");
	group_map_add(m, 1, "net");
	group_map_add(m, 1, "mm");
	group_map_add(m, 2, "net");
	group_map_add(m, 4, "fs");
	group_map_add(m, 5, "net");
	group_map_add(m, 5, "arch");
}

static void row(const struct breakdown_row *r, const char *name, size_t commits, size_t tagged,
		size_t fixes, size_t same, size_t visible)
{
	assert_string_equal(r->name, name);
	assert_int_equal(r->commits, commits);
	assert_int_equal(r->tagged, tagged);
	assert_int_equal(r->fixes, fixes);
	assert_int_equal(r->same_release, same);
	assert_int_equal(r->visible, visible);
}

static void test_path_sorted_with_total(void **state)
{
	struct graph g;
	struct release_list rels;
	struct census c;
	struct group_map m;
	struct breakdown b;

	(void)state;
	build(&g, &rels, &c, &m);
	assert_int_equal(c.fixes, 2);		/* c2 and c4 */
	assert_int_equal(c.same_release, 1);	/* c4 */
	breakdown_compute(&g, &c, "path", &m, &b);
	assert_int_equal(b.n, 4);
	row(&b.rows[0], "net", 3, 1, 1, 0, 1);
	row(&b.rows[1], "mm", 2, 0, 1, 0, 1);
	row(&b.rows[2], "arch", 1, 0, 0, 0, 0);
	row(&b.rows[3], "fs", 1, 1, 0, 0, 0);
	assert_true(b.has_total);
	row(&b.total, "total", 5, 2, 1, 0, 1);
	breakdown_release(&b);
	group_map_release(&m);
	census_release(&c);
	release_list_release(&rels);
	graph_release(&g);
}

/* A fix whose target is in a group, in the same release: the total counts it same-release
 * too.  Here c4's target c3 joins group fs. */
static void test_total_same_release(void **state)
{
	struct graph g;
	struct release_list rels;
	struct census c;
	struct group_map m;
	struct breakdown b;

	(void)state;
	build(&g, &rels, &c, &m);
	group_map_add(&m, 3, "fs");
	breakdown_compute(&g, &c, "path", &m, &b);
	row(&b.rows[1], "fs", 2, 1, 1, 1, 0);	/* c3 c4; c4 -> c3 same release; ties mm: by name */
	row(&b.rows[2], "mm", 2, 0, 1, 0, 1);
	row(&b.total, "total", 6, 2, 2, 1, 1);	/* the census itself: every commit in a group */
	assert_int_equal(c.commits, 6);
	assert_int_equal(c.visible, 1);
	breakdown_release(&b);
	group_map_release(&m);
	census_release(&c);
	release_list_release(&rels);
	graph_release(&g);
}

static void test_channel_unsorted_no_total(void **state)
{
	struct graph g;
	struct release_list rels;
	struct census c;
	struct group_map m;
	struct breakdown b;

	(void)state;
	build(&g, &rels, &c, &m);
	breakdown_compute(&g, &c, "channel", &m, &b);
	assert_false(b.has_total);
	assert_string_equal(b.rows[0].name, "mm");	/* map order */
	assert_string_equal(b.rows[1].name, "net");
	assert_string_equal(b.rows[2].name, "fs");
	assert_string_equal(b.rows[3].name, "arch");
	breakdown_release(&b);
	group_map_release(&m);
	census_release(&c);
	release_list_release(&rels);
	graph_release(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path_sorted_with_total),
		cmocka_unit_test(test_total_same_release),
		cmocka_unit_test(test_channel_unsorted_no_total),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
