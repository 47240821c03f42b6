/* Unit tests for cgraph.c's cgraph_positions_exact(): a position taken from the file (a
 * parent's) may skip the look-up by id only when looking its id up gives that position back:
 * one layer, ids strictly ascending, each inside its fanout bucket. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "git/cgraph.h"

#define N 4
#define CDAT 36
/* header 8, chunk table 4 entries of 12 (3 chunks and the end), OIDF, OIDL, CDAT */
#define OFF_OIDF (8 + 4 * 12)
#define OFF_OIDL (OFF_OIDF + 1024)
#define OFF_CDAT (OFF_OIDL + N * 20)
#define SIZE (OFF_CDAT + N * CDAT)

static uint8_t file[SIZE], second[SIZE];

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

static void chunk(uint8_t *f, int k, uint32_t id, uint64_t off)
{
	put32(f + 8 + k * 12, id);
	put32(f + 8 + k * 12 + 4, (uint32_t)(off >> 32));
	put32(f + 8 + k * 12 + 8, (uint32_t)off);
}

/* A graph of N root commits whose ids start with the bytes first[] (the rest of each id
 * is its index), the fanout counted from first[] as given. */
static void build(uint8_t *f, const uint8_t first[N])
{
	memset(f, 0, SIZE);
	memcpy(f, "CGPH\1\1\3\0", 8);
	chunk(f, 0, 0x4f494446u, OFF_OIDF);
	chunk(f, 1, 0x4f49444cu, OFF_OIDL);
	chunk(f, 2, 0x43444154u, OFF_CDAT);
	chunk(f, 3, 0, SIZE);
	for (int b = 0; b < 256; b++) {
		uint32_t count = 0;
		for (int i = 0; i < N; i++)
			count += first[i] <= b;
		put32(f + OFF_OIDF + b * 4, count);
	}
	for (int i = 0; i < N; i++) {
		f[OFF_OIDL + i * 20] = first[i];
		f[OFF_OIDL + i * 20 + 19] = (uint8_t)i;
		put32(f + OFF_CDAT + i * CDAT + 20, 0x70000000u);	/* no parent */
		put32(f + OFF_CDAT + i * CDAT + 24, 0x70000000u);
	}
}

/* Ids in order, each in its bucket: every position is its own id's look-up. */
static void test_exact_when_ordered(void **state)
{
	const uint8_t first[N] = { 0x01, 0x01, 0x7f, 0xfe };
	struct cgraph g;

	(void)state;
	build(file, first);
	cgraph_init(&g);
	assert_int_equal(cgraph_add_layer(&g, file, SIZE), 0);
	assert_int_equal(cgraph_positions_exact(&g), 1);
	for (uint32_t pos = 0; pos < N; pos++)
		assert_int_equal(cgraph_find(&g, cgraph_oid(&g, pos)), pos);
}

/* Two ids swapped (the fanout still counts right): a binary search may miss one, so
 * positions are not exact. */
static void test_not_exact_out_of_order(void **state)
{
	const uint8_t first[N] = { 0x01, 0x02, 0x03, 0x04 };
	uint8_t tmp[20];
	struct cgraph g;

	(void)state;
	build(file, first);
	memcpy(tmp, file + OFF_OIDL + 20, 20);
	memcpy(file + OFF_OIDL + 20, file + OFF_OIDL + 40, 20);
	memcpy(file + OFF_OIDL + 40, tmp, 20);
	cgraph_init(&g);
	assert_int_equal(cgraph_add_layer(&g, file, SIZE), 0);
	assert_int_equal(cgraph_positions_exact(&g), 0);
}

/* An id twice: its look-up gives one of the two positions only. */
static void test_not_exact_duplicate(void **state)
{
	const uint8_t first[N] = { 0x01, 0x02, 0x02, 0x04 };
	struct cgraph g;

	(void)state;
	build(file, first);
	file[OFF_OIDL + 2 * 20 + 19] = 1;	/* the third id as the second */
	cgraph_init(&g);
	assert_int_equal(cgraph_add_layer(&g, file, SIZE), 0);
	assert_int_equal(cgraph_positions_exact(&g), 0);
}

/* Ordered ids, but a fanout that puts one outside its bucket: its look-up misses. */
static void test_not_exact_wrong_bucket(void **state)
{
	const uint8_t first[N] = { 0x01, 0x02, 0x03, 0x04 };
	struct cgraph g;

	(void)state;
	build(file, first);
	file[OFF_OIDL + 3 * 20] = 0x05;	/* still the highest id, counted under 0x04 */
	cgraph_init(&g);
	assert_int_equal(cgraph_add_layer(&g, file, SIZE), 0);
	assert_int_equal(cgraph_positions_exact(&g), 0);
	assert_true(cgraph_find(&g, cgraph_oid(&g, 3)) < 0);
}

/* Two layers (a split chain): a lower layer's id may be found in the upper one first. */
static void test_not_exact_two_layers(void **state)
{
	const uint8_t first[N] = { 0x01, 0x02, 0x03, 0x04 };
	struct cgraph g;

	(void)state;
	build(file, first);
	build(second, first);
	cgraph_init(&g);
	assert_int_equal(cgraph_add_layer(&g, file, SIZE), 0);
	assert_int_equal(cgraph_add_layer(&g, second, SIZE), 0);
	assert_int_equal(cgraph_positions_exact(&g), 0);
	assert_int_equal(cgraph_find(&g, cgraph_oid(&g, 0)), N);	/* the upper copy */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_when_ordered),
		cmocka_unit_test(test_not_exact_out_of_order),
		cmocka_unit_test(test_not_exact_duplicate),
		cmocka_unit_test(test_not_exact_wrong_bucket),
		cmocka_unit_test(test_not_exact_two_layers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
