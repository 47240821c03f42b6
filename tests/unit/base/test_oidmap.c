/* test_oidmap.c — ids to positions (base/oidmap.h): found, absent, ids that
 * share their first 8 bytes (the key) told apart, a second put; as a set:
 * an add says whether the id was new, a map's add keeps the first position;
 * the growing set (struct oidset): the same answers past its first table,
 * each id held once however often added, nothing in an empty one. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "base/oidmap.h"

/* 300 ids on 3 keys only (their first 8 bytes): long probe runs. */
static void make_ids(uint8_t ids[300][20])
{
	memset(ids, 0, 300 * 20);
	for (int i = 0; i < 300; i++) {
		ids[i][0] = (uint8_t)(i % 3);
		ids[i][19] = (uint8_t)i;
		ids[i][18] = (uint8_t)(i >> 8);
	}
}

static void test_oidmap(void **state)
{
	uint8_t ids[300][20];
	struct oidmap m;

	(void)state;
	make_ids(ids);
	oidmap_init(&m, 200);	/* fewer than put: the table still has room (2n + 2) */
	for (uint32_t i = 0; i < 200; i++)
		oidmap_put(&m, ids[i], i * 7);
	for (uint32_t i = 0; i < 200; i++)
		assert_int_equal(oidmap_get(&m, ids[i]), i * 7);
	for (int i = 200; i < 300; i++)
		assert_int_equal(oidmap_get(&m, ids[i]), UINT32_MAX);
	oidmap_put(&m, ids[5], 1);	/* put again: the last position */
	assert_int_equal(oidmap_get(&m, ids[5]), 1);
	assert_int_equal(oidmap_get(&m, ids[6]), 42);
	assert_int_equal(oidmap_add(&m, ids[7], 3), 0);	/* there: kept */
	assert_int_equal(oidmap_get(&m, ids[7]), 49);
	assert_int_equal(oidmap_add(&m, ids[250], 3), 1);
	assert_int_equal(oidmap_get(&m, ids[250]), 3);
	oidmap_release(&m);
}

static void test_oidset(void **state)
{
	uint8_t ids[300][20];
	struct oidmap s;

	(void)state;
	make_ids(ids);
	oidmap_init_set(&s, 200);
	assert_null(s.pos);
	for (int i = 0; i < 200; i++)
		assert_int_equal(oidmap_add(&s, ids[i], 0), 1);
	for (int i = 0; i < 200; i += 7)
		assert_int_equal(oidmap_add(&s, ids[i], 0), 0);	/* twice: not new */
	for (int i = 0; i < 300; i++)
		assert_int_equal(oidmap_has(&s, ids[i]), i < 200);
	oidmap_release(&s);
}

/* 3,000 ids on 3 keys, each added three times: past the first table of
 * 1,024 slots (it doubles twice), each held once, in the order first added. */
static void test_growing_set(void **state)
{
	static uint8_t ids[3000][20];
	struct oidset s = { 0 };

	(void)state;
	for (int i = 0; i < 3000; i++) {
		memset(ids[i], 0, 20);
		ids[i][0] = (uint8_t)(i % 3);
		ids[i][19] = (uint8_t)i;
		ids[i][18] = (uint8_t)(i >> 8);
	}
	assert_false(oidset_has(&s, ids[0]));	/* empty: no table yet */
	for (int round = 0; round < 3; round++)
		for (int i = 0; i < 2000; i++)
			assert_int_equal(oidset_add(&s, ids[i]), round == 0);
	assert_int_equal(s.n, 2000);
	assert_true(s.t.cap >= 4096);
	for (int i = 0; i < 3000; i++)
		assert_int_equal(oidset_has(&s, ids[i]), i < 2000);
	for (int i = 0; i < 2000; i++)
		assert_ptr_equal(s.id[i], ids[i]);
	oidset_release(&s);
	assert_false(oidset_has(&s, ids[0]));
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_oidmap),
					    cmocka_unit_test(test_oidset),
					    cmocka_unit_test(test_growing_set) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
