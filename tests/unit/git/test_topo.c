/* Unit tests for topo.c: history order is parents first, then the oldest, then the lowest
 * id, whatever order the commits are given in. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "git/topo.h"

static uint8_t ids[8][20];

static void setup_ids(void)
{
	for (int i = 0; i < 8; i++) {
		memset(ids[i], 0, 20);
		ids[i][0] = (uint8_t)(0x80 - i * 16);	/* commit 0 has the highest id */
	}
}

/* A root r (time 10) with two children a (time 20) and b (time 20, same second), and a
 * merge m of a and b (time 15, dated before its parents: skew).  Parents first: r; then a
 * and b are ready at once with equal dates: the lower id first (b: index 2, lower id);
 * then m, whatever its date. */
static void test_ties_by_id(void **state)
{
	uint32_t pr[] = { 0 }, pm[] = { 1, 2 }, order[4];
	struct topo_node v[4];

	(void)state;
	setup_ids();
	v[0] = (struct topo_node){ 10, ids[0], NULL, 0 };
	v[1] = (struct topo_node){ 20, ids[1], pr, 1 };
	v[2] = (struct topo_node){ 20, ids[2], pr, 1 };
	v[3] = (struct topo_node){ 15, ids[3], pm, 2 };
	assert_int_equal(topo_sort(v, 4, order), 4);
	assert_int_equal(order[0], 0);
	assert_int_equal(order[1], 2);	/* ids[2] < ids[1] */
	assert_int_equal(order[2], 1);
	assert_int_equal(order[3], 3);
}

/* The same commits given in another order come out in the same order (by id, not by
 * index): r is given last here. */
static void test_order_of_input_does_not_matter(void **state)
{
	uint32_t pr[] = { 3 }, pm[] = { 1, 0 }, order[4];
	struct topo_node v[4];

	(void)state;
	setup_ids();
	v[3] = (struct topo_node){ 10, ids[0], NULL, 0 };
	v[0] = (struct topo_node){ 20, ids[1], pr, 1 };
	v[1] = (struct topo_node){ 20, ids[2], pr, 1 };
	v[2] = (struct topo_node){ 15, ids[3], pm, 2 };
	assert_int_equal(topo_sort(v, 4, order), 4);
	assert_int_equal(order[0], 3);	/* r */
	assert_int_equal(order[1], 1);	/* ids[2] */
	assert_int_equal(order[2], 0);	/* ids[1] */
	assert_int_equal(order[3], 2);	/* m */
}

/* Two independent lines: the oldest ready commit always goes first, so the lines
 * interleave by date: x1(1) y1(2) x2(3) y2(4). */
static void test_oldest_first(void **state)
{
	uint32_t px[] = { 0 }, py[] = { 2 }, order[4];
	struct topo_node v[4];

	(void)state;
	setup_ids();
	v[0] = (struct topo_node){ 1, ids[0], NULL, 0 };
	v[1] = (struct topo_node){ 3, ids[1], px, 1 };
	v[2] = (struct topo_node){ 2, ids[2], NULL, 0 };
	v[3] = (struct topo_node){ 4, ids[3], py, 1 };
	assert_int_equal(topo_sort(v, 4, order), 4);
	assert_int_equal(order[0], 0);
	assert_int_equal(order[1], 2);
	assert_int_equal(order[2], 1);
	assert_int_equal(order[3], 3);
}

/* A parent listed twice (a hostile commit) is still waited for once per listing; a cycle
 * (impossible in git, possible in a corrupt cache) leaves its commits out. */
static void test_duplicate_parent_and_cycle(void **state)
{
	uint32_t dup[] = { 0, 0 }, c1[] = { 3 }, c2[] = { 2 }, order[4];
	struct topo_node v[4];

	(void)state;
	setup_ids();
	v[0] = (struct topo_node){ 1, ids[0], NULL, 0 };
	v[1] = (struct topo_node){ 2, ids[1], dup, 2 };
	v[2] = (struct topo_node){ 3, ids[2], c1, 1 };
	v[3] = (struct topo_node){ 4, ids[3], c2, 1 };
	assert_int_equal(topo_sort(v, 4, order), 2);
	assert_int_equal(order[0], 0);
	assert_int_equal(order[1], 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ties_by_id),
		cmocka_unit_test(test_order_of_input_does_not_matter),
		cmocka_unit_test(test_oldest_first),
		cmocka_unit_test(test_duplicate_parent_and_cycle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
