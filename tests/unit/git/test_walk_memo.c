/* Unit tests for git/walk_memo.c: a commit kept is given back as put (date, parent
 * count, parents) and said to be kept (walk_memo_has), once (a second put of the same id changes nothing), only for
 * the repository it was kept for; another repository's put starts afresh (in every
 * shard), and walk_memo_clear forgets everything.  An object's bytes kept are taken
 * again until their room is needed, given up at their first take once the memo is full
 * (walk_memo_full, until cleared);
 * bytes given (walk_memo_give) are kept without a copy.  Parents come back in order, two
 * or more.  Ids of every shard, put and asked by two threads at once, are all kept. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "git/walk_memo.h"

static void oid(uint8_t out[20], int n)
{
	memset(out, 0, 20);
	out[0] = (uint8_t)n;
	out[19] = (uint8_t)(n * 3);
}

static void test_put_get(void **state)
{
	uint8_t a[20], p[2][20], got[256][20];
	unsigned all = 0, np = 0;
	int64_t time = 0;

	(void)state;
	walk_memo_clear();
	oid(a, 1);
	oid(p[0], 2);
	oid(p[1], 3);
	assert_int_equal(walk_memo_get("/r/", a, &time, &all, got, &np), 0);
	assert_false(walk_memo_has("/r/", a));
	walk_memo_put("/r/", a, 1700000000, 2, (const uint8_t (*)[20])p, 2, NULL, 0);
	assert_true(walk_memo_has("/r/", a));
	assert_false(walk_memo_has("/other/", a));	/* another repository's: not kept */
	assert_false(walk_memo_has("/r/", p[0]));
	assert_int_equal(walk_memo_get("/r/", a, &time, &all, got, &np), 1);
	assert_int_equal(time, 1700000000);
	assert_int_equal(all, 2);
	assert_int_equal(np, 2);
	assert_memory_equal(got[0], p[0], 20);
	assert_memory_equal(got[1], p[1], 20);
	/* a root commit: no parent */
	walk_memo_put("/r/", p[0], 5, 0, NULL, 0, NULL, 0);
	assert_int_equal(walk_memo_get("/r/", p[0], &time, &all, got, &np), 1);
	assert_int_equal(time, 5);
	assert_int_equal(np, 0);
	/* the same id again: the first kept */
	walk_memo_put("/r/", a, 9, 1, (const uint8_t (*)[20])p, 1, NULL, 0);
	assert_int_equal(walk_memo_get("/r/", a, &time, &all, got, &np), 1);
	assert_int_equal(time, 1700000000);
	assert_int_equal(np, 2);
	walk_memo_clear();
}

static void test_other_repository(void **state)
{
	uint8_t a[20], b[20], got[256][20];
	unsigned all = 0, np = 0;
	int64_t time = 0;

	(void)state;
	walk_memo_clear();
	oid(a, 1);
	oid(b, 2);
	walk_memo_put("/r/", a, 1, 0, NULL, 0, NULL, 0);
	assert_int_equal(walk_memo_get("/other/", a, &time, &all, got, &np), 0);
	assert_int_equal(walk_memo_get(NULL, a, &time, &all, got, &np), 0);
	walk_memo_put("/other/", b, 2, 0, NULL, 0, NULL, 0);	/* starts afresh */
	assert_int_equal(walk_memo_get("/other/", b, &time, &all, got, &np), 1);
	assert_int_equal(walk_memo_get("/other/", a, &time, &all, got, &np), 0);
	assert_int_equal(walk_memo_get("/r/", a, &time, &all, got, &np), 0);
	walk_memo_clear();
	assert_int_equal(walk_memo_get("/other/", b, &time, &all, got, &np), 0);
}

static void test_many(void **state)
{
	uint8_t a[20], got[256][20];
	unsigned all = 0, np = 0;
	int64_t time = 0;

	(void)state;
	walk_memo_clear();
	for (int n = 0; n < 5000; n++) {	/* the table grows */
		oid(a, 0);
		memcpy(a + 1, &n, sizeof(n));
		walk_memo_put("/r/", a, n, 0, NULL, 0, NULL, 0);
	}
	for (int n = 0; n < 5000; n++) {
		oid(a, 0);
		memcpy(a + 1, &n, sizeof(n));
		assert_int_equal(walk_memo_get("/r/", a, &time, &all, got, &np), 1);
		assert_int_equal(time, n);
	}
	walk_memo_clear();
}

static void test_raw(void **state)
{
	uint8_t a[20], b[20], got[256][20];
	unsigned all = 0, np = 0;
	int64_t time = 0;
	size_t len = 0;
	char *raw;

	(void)state;
	walk_memo_clear();
	oid(a, 1);
	oid(b, 2);
	walk_memo_put("/r/", a, 7, 0, NULL, 0, "tree x\n\nmsg", 11);
	walk_memo_put("/r/", b, 8, 0, NULL, 0, NULL, 0);
	assert_null(walk_memo_take_raw("/other/", a, &len));
	assert_null(walk_memo_take_raw("/r/", b, &len));	/* kept without its bytes */
	raw = walk_memo_take_raw("/r/", a, &len);
	assert_non_null(raw);
	assert_int_equal(len, 11);
	assert_memory_equal(raw, "tree x\n\nmsg", 11);
	free(raw);
	raw = walk_memo_take_raw("/r/", a, &len);	/* kept: a second walk may want it */
	assert_non_null(raw);
	assert_memory_equal(raw, "tree x\n\nmsg", 11);
	free(raw);
	assert_int_equal(walk_memo_get("/r/", a, &time, &all, got, &np), 1);	/* still kept */
	assert_int_equal(time, 7);
	/* left untaken: freed by the clear */
	walk_memo_put("/r/", b, 8, 0, NULL, 0, "x", 1);	/* (b kept already: no bytes added) */
	assert_null(walk_memo_take_raw("/r/", b, &len));
	oid(b, 3);
	walk_memo_put("/r/", b, 9, 0, NULL, 0, "y", 1);
	walk_memo_clear();
	assert_null(walk_memo_take_raw("/r/", b, &len));
}

/* One parent, two (kept in the entry) and three (kept apart) come back in
 * their order, each commit's own; bytes given are kept without a copy (the
 * caller's pointer cleared), or left to the caller when the commit is kept
 * already. */
static void test_parents_and_give(void **state)
{
	uint8_t id[4][20], p[3][20], got[256][20];
	unsigned all = 0, np = 0;
	int64_t time = 0;
	size_t len = 0;
	char *bytes, *raw;

	(void)state;
	walk_memo_clear();
	for (int k = 0; k < 3; k++)
		oid(p[k], 10 + k);
	for (int n = 1; n <= 3; n++) {
		oid(id[n], n);
		walk_memo_put("/r/", id[n], n, (unsigned)n + 1, (const uint8_t (*)[20])p, (unsigned)n,
			      NULL, 0);
	}
	for (int n = 3; n >= 1; n--) {
		assert_int_equal(walk_memo_get("/r/", id[n], &time, &all, got, &np), 1);
		assert_int_equal(time, n);
		assert_int_equal(all, n + 1);
		assert_int_equal(np, n);
		for (int k = 0; k < n; k++)
			assert_memory_equal(got[k], p[k], 20);
	}
	oid(id[0], 20);
	bytes = strdup("tree y\n\ngiven");
	walk_memo_give("/r/", id[0], 4, 0, NULL, 0, &bytes, 14);
	assert_null(bytes);
	raw = walk_memo_take_raw("/r/", id[0], &len);
	assert_non_null(raw);
	assert_int_equal(len, 14);
	assert_memory_equal(raw, "tree y\n\ngiven", 14);
	free(raw);
	bytes = strdup("again");
	walk_memo_give("/r/", id[0], 5, 0, NULL, 0, &bytes, 5);	/* kept already */
	assert_non_null(bytes);
	assert_string_equal(bytes, "again");
	free(bytes);
	walk_memo_give("/r/", id[1], 6, 0, NULL, 0, NULL, 0);	/* no bytes: harmless */
	walk_memo_clear();
}

/* Bytes taken give their room to new ones, the first taken first; bytes
 * never taken keep theirs (a walk still wants them). */
static void test_raw_room(void **state)
{
	size_t q = WALK_MEMO_RAW_MAX / 4, len = 0;
	char *big = malloc(q + 2);
	uint8_t a[20], b[20], c[20], d[20];
	char *raw;

	(void)state;
	assert_non_null(big);
	memset(big, 'x', q + 2);
	walk_memo_clear();
	oid(a, 1);
	oid(b, 2);
	oid(c, 3);
	oid(d, 4);
	walk_memo_put("/r/", a, 1, 0, NULL, 0, big, q);
	walk_memo_put("/r/", b, 2, 0, NULL, 0, big, q);
	free(walk_memo_take_raw("/r/", b, &len));	/* b first taken, then a */
	free(walk_memo_take_raw("/r/", a, &len));
	walk_memo_put("/r/", c, 3, 0, NULL, 0, big, q);	/* room left: nothing freed */
	raw = walk_memo_take_raw("/r/", b, &len);
	assert_non_null(raw);
	free(raw);
	walk_memo_put("/r/", d, 4, 0, NULL, 0, big, q + 2);	/* b's room, taken first */
	assert_null(walk_memo_take_raw("/r/", b, &len));
	raw = walk_memo_take_raw("/r/", a, &len);
	assert_non_null(raw);
	assert_int_equal(len, q);
	free(raw);
	raw = walk_memo_take_raw("/r/", d, &len);
	assert_non_null(raw);
	assert_int_equal(len, q + 2);
	free(raw);
	walk_memo_clear();
	/* none taken: the new bytes are not kept */
	walk_memo_put("/r/", a, 1, 0, NULL, 0, big, q);
	walk_memo_put("/r/", b, 2, 0, NULL, 0, big, q);
	walk_memo_put("/r/", c, 3, 0, NULL, 0, big, q);
	walk_memo_put("/r/", d, 4, 0, NULL, 0, big, q + 2);
	assert_null(walk_memo_take_raw("/r/", d, &len));
	walk_memo_clear();
	free(big);
}

/* Id n of a spread: every byte of the id varies. */
static void spread_oid(uint8_t out[20], int n)
{
	for (int k = 0; k < 20; k++)
		out[k] = (uint8_t)(n * (k + 1) * 2654435761u >> (k % 24));
	out[19] = (uint8_t)n;	/* (every value of the last byte) */
	memcpy(out + 4, &n, sizeof(n));
}

static void *put_half(void *arg)
{
	int from = *(int *)arg;
	uint8_t a[20], got[256][20];
	unsigned all, np;
	int64_t time;

	for (int n = from; n < from + 3000; n++) {
		spread_oid(a, n);
		walk_memo_put("/r/", a, n, 0, NULL, 0, "x", 1);
		if (!walk_memo_get("/r/", a, &time, &all, got, &np) || time != n)
			*(int *)arg = -1;
	}
	return NULL;
}

static void test_spread(void **state)
{
	uint8_t a[20], got[256][20];
	unsigned all = 0, np = 0;
	int64_t time = 0;
	size_t len;
	int from[2] = { 0, 3000 };
	pthread_t t[2];

	(void)state;
	walk_memo_clear();
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, put_half, &from[i]), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	assert_int_equal(from[0], 0);
	assert_int_equal(from[1], 3000);
	for (int n = 0; n < 6000; n++) {
		spread_oid(a, n);
		assert_int_equal(walk_memo_get("/r/", a, &time, &all, got, &np), 1);
		assert_int_equal(time, n);
	}
	spread_oid(a, 6000);
	walk_memo_put("/other/", a, 1, 0, NULL, 0, NULL, 0);	/* every shard starts afresh */
	for (int n = 0; n < 6000; n++) {
		spread_oid(a, n);
		assert_false(walk_memo_has("/r/", a));
		assert_null(walk_memo_take_raw("/r/", a, &len));
	}
	walk_memo_clear();
}

/* A full memo (WALK_MEMO_MAX commits) takes no new bytes, so none would
 * ever need the room of bytes taken: a take gives them and forgets them;
 * the commit's date and parents stay. */
static void test_full_memo_gives_bytes(void **state)
{
	uint8_t a[20], got[256][20];
	unsigned all = 0, np = 0;
	int64_t time = 0;
	size_t len = 0;
	char *raw;

	(void)state;
	walk_memo_clear();
	spread_oid(a, 0);
	walk_memo_put("/r/", a, 1, 0, NULL, 0, "tree z\n\nfull", 13);
	free(walk_memo_take_raw("/r/", a, &len));	/* not full: kept for another walk */
	for (int n = 1; n < (int)WALK_MEMO_MAX; n++) {
		uint8_t b[20];
		assert_false(n % 65536 == 0 && walk_memo_full());
		spread_oid(b, n);
		walk_memo_put("/r/", b, n, 0, NULL, 0, NULL, 0);
	}
	assert_true(walk_memo_full());
	raw = walk_memo_take_raw("/r/", a, &len);
	assert_non_null(raw);
	assert_int_equal(len, 13);
	assert_memory_equal(raw, "tree z\n\nfull", 13);
	free(raw);
	assert_null(walk_memo_take_raw("/r/", a, &len));
	assert_int_equal(walk_memo_get("/r/", a, &time, &all, got, &np), 1);
	assert_int_equal(time, 1);
	walk_memo_clear();
	assert_false(walk_memo_full());
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_get),
		cmocka_unit_test(test_other_repository),
		cmocka_unit_test(test_many),
		cmocka_unit_test(test_spread),
		cmocka_unit_test(test_raw),
		cmocka_unit_test(test_parents_and_give),
		cmocka_unit_test(test_raw_room),
		cmocka_unit_test(test_full_memo_gives_bytes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
