/* Unit tests for tagcache.c: the tags cache's round trip, files ignored whole (checksum,
 * count, order), a save that writes only when the records seen differ from those
 * loaded, and the tags' first-parent line (its round trip, its checks, kept when a
 * run uses none, written when it changed). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/codec.h"
#include "cache/tags.h"
#include "test_seal.h"

static void id(uint8_t out[20], int n)
{
	memset(out, 0, 20);
	out[0] = (uint8_t)n;
	out[19] = (uint8_t)(n * 3);
}

/* A file with the records of ids n-1, ..., 0 seen (out of order, one twice). */
static uint8_t *encoded(int n, size_t *len)
{
	struct tagcache c;
	uint8_t a[20], b[20];

	tagcache_init(&c);
	for (int i = n; i-- > 0;) {
		id(a, i);
		id(b, 100 + i);
		tagcache_seen(&c, a, b, 1000 + i);
		if (i == 1)
			tagcache_seen(&c, a, b, 1000 + i);
	}
	uint8_t *buf = tagcache_encode(&c, len);
	tagcache_release(&c);
	return buf;
}

static void test_round_trip(void **state)
{
	struct tagcache c;
	size_t len;
	uint8_t *buf = encoded(5, &len), a[20], b[20];

	(void)state;
	tagcache_init(&c);
	tagcache_load_buffer(&c, buf, len);
	assert_null(c.rejected);
	assert_int_equal(c.n, 5);	/* each once */
	for (int i = 0; i < 5; i++) {
		id(a, i);
		id(b, 100 + i);
		const struct tag_record *t = tagcache_find(&c, a);
		assert_non_null(t);
		assert_memory_equal(t->commit, b, 20);
		assert_int_equal(t->date, 1000 + i);
	}
	id(a, 7);
	assert_null(tagcache_find(&c, a));
	tagcache_release(&c);
	free(buf);
}

static void expect_rejected(const uint8_t *buf, size_t len)
{
	struct tagcache c;
	uint8_t a[20];

	tagcache_init(&c);
	tagcache_load_buffer(&c, buf, len);
	assert_non_null(c.rejected);
	assert_int_equal(c.n, 0);
	id(a, 0);
	assert_null(tagcache_find(&c, a));
	tagcache_release(&c);
}

static void test_rejected(void **state)
{
	size_t len;
	uint8_t *buf = encoded(3, &len);
	size_t first = len - 8 - 1 - 3 * 48;	/* where the records start (no line) */

	(void)state;
	buf[first + 30] ^= 1;		/* a commit byte: the checksum */
	expect_rejected(buf, len);
	buf[first + 30] ^= 1;
	memcpy(buf + first + 48, buf + first, 20);	/* two records with one id */
	reseal(buf, len);
	expect_rejected(buf, len);
	free(buf);
	buf = encoded(3, &len);
	buf[first - 4] = 4;		/* four records claimed */
	reseal(buf, len);
	expect_rejected(buf, len);
	expect_rejected(buf, 5);	/* cut */
	free(buf);
}

/* A file of n records and the line of tip 0x77.. over the heads of commits
 * 100.. 100+k-1 (given out of order, one twice). */
static uint8_t *with_line(int n, int k, size_t *len)
{
	struct tagcache c;
	uint8_t tip[20], a[20], b[20], (*head)[8] = calloc((size_t)k + 2, 8);

	tagcache_init(&c);
	for (int i = 0; i < n; i++) {
		id(a, i);
		id(b, 100 + i);
		tagcache_seen(&c, a, b, 1000 + i);
	}
	for (int i = 0; i < k; i++) {
		id(a, 100 + k - 1 - i);
		memcpy(head[i], a, 8);
	}
	memcpy(head[k], head[0], 8);	/* twice */
	memset(tip, 0x77, 20);
	tagcache_line_seen(&c, tip, head, (size_t)k + 1);	/* (taken over) */
	uint8_t *buf = tagcache_encode(&c, len);
	tagcache_release(&c);
	return buf;
}

static void test_line(void **state)
{
	struct tagcache c;
	size_t len;
	uint8_t *buf = with_line(3, 4, &len), tip[20], other[20], a[20];

	(void)state;
	memset(tip, 0x77, 20);
	memset(other, 0x78, 20);
	tagcache_init(&c);
	tagcache_load_buffer(&c, buf, len);
	assert_null(c.rejected);
	assert_int_equal(c.n, 3);
	assert_int_equal(c.line.n, 4);	/* each once */
	for (int i = 0; i < 4; i++) {
		id(a, 100 + i);
		assert_int_equal(tagcache_line_on(&c, tip, a), 1);
		assert_int_equal(tagcache_line_on(&c, other, a), -1);	/* another tip */
	}
	id(a, 104);
	assert_int_equal(tagcache_line_on(&c, tip, a), 0);	/* off the line */
	tagcache_release(&c);
	free(buf);
}

/* A line extended after the tip moved: the loaded line (heads of ids 100..103) and the new
 * commits' heads (unsorted, one repeated, one already on the line) merged, each once, in
 * order; the same file as a line seen whole with those heads; the loaded line unchanged. */
static void test_line_extended(void **state)
{
	struct tagcache c, whole;
	size_t len, len2;
	uint8_t *buf = with_line(3, 4, &len), tip[20], a[20];
	uint8_t (*head)[8] = calloc(5, 8), (*all)[8] = calloc(8, 8);
	const int added[4] = { 110, 99, 110, 102 }, want[6] = { 99, 100, 101, 102, 103, 110 };

	(void)state;
	tagcache_init(&c);
	tagcache_load_buffer(&c, buf, len);
	assert_null(c.rejected);
	for (int i = 0; i < 4; i++) {
		id(a, added[i]);
		memcpy(head[i], a, 8);
		memcpy(all[i], a, 8);
	}
	for (int i = 0; i < 4; i++)
		memcpy(all[4 + i], c.line.head[i], 8);
	memset(tip, 0x79, 20);
	tagcache_line_extend(&c, tip, head, 4);	/* (taken over) */
	assert_int_equal(c.line_seen.n, 6);
	for (int i = 0; i < 6; i++) {
		id(a, want[i]);
		assert_memory_equal(c.line_seen.head[i], a, 8);
		assert_int_equal(tagcache_line_on(&c, tip, a), 1);
	}
	assert_int_equal(c.line.n, 4);
	tagcache_init(&whole);
	tagcache_load_buffer(&whole, buf, len);
	tagcache_line_seen(&whole, tip, all, 8);
	uint8_t *x = tagcache_encode(&c, &len), *y = tagcache_encode(&whole, &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(x, y, len);
	free(x);
	free(y);
	tagcache_release(&whole);
	tagcache_release(&c);
	free(buf);
}

static void test_line_rejected(void **state)
{
	size_t len;
	uint8_t *buf = with_line(2, 3, &len);
	size_t line = len - 8 - 3 * 8;	/* the line's first head */

	(void)state;
	memcpy(buf + line + 8, buf + line, 8);	/* a head twice */
	reseal(buf, len);
	expect_rejected(buf, len);
	free(buf);
	buf = with_line(2, 3, &len);
	buf[line - 4] = 4;		/* four heads claimed */
	reseal(buf, len);
	expect_rejected(buf, len);
	free(buf);
	buf = with_line(2, 3, &len);
	buf[line - 25] = 2;		/* a flag neither 0 nor 1 */
	reseal(buf, len);
	expect_rejected(buf, len);
	expect_rejected(buf, len - 8);	/* cut */
	free(buf);
}

/* Writing to a directory that does not exist fails: a save that returns 0
 * there wrote nothing. */
static void test_save_only_when_changed(void **state)
{
	const char *nowhere = "/nonexistent-dir-of-regtrace/regtrace-tags-cache";
	struct tagcache c;
	size_t len;
	uint8_t *buf = encoded(3, &len), a[20], b[20];
	char err[256];

	(void)state;
	tagcache_init(&c);
	tagcache_load_buffer(&c, buf, len);
	for (int i = 2; i >= 0; i--) {	/* every record used: no write */
		id(a, i);
		assert_non_null(tagcache_find(&c, a));
	}
	assert_int_equal(tagcache_save(&c, nowhere, err, sizeof(err)), 0);
	tagcache_release(&c);

	tagcache_init(&c);		/* one tag gone: written */
	tagcache_load_buffer(&c, buf, len);
	id(a, 0);
	assert_non_null(tagcache_find(&c, a));
	assert_int_equal(tagcache_save(&c, nowhere, err, sizeof(err)), -1);
	tagcache_release(&c);

	tagcache_init(&c);		/* a new one: written */
	tagcache_load_buffer(&c, buf, len);
	for (int i = 0; i < 3; i++) {
		id(a, i);
		assert_non_null(tagcache_find(&c, a));
	}
	id(a, 9);
	id(b, 9);
	tagcache_seen(&c, a, b, 5);
	assert_int_equal(tagcache_save(&c, nowhere, err, sizeof(err)), -1);
	tagcache_release(&c);
	free(buf);
}

/* The line: none used keeps the one loaded (no write); the same one used,
 * no write; another tip or another commit on it, written. */
static void test_line_saved(void **state)
{
	const char *nowhere = "/nonexistent-dir-of-regtrace/regtrace-tags-cache";
	struct tagcache c;
	size_t len, len2;
	uint8_t *buf = with_line(2, 3, &len), *again, a[20], tip[20];
	char err[256];

	(void)state;
	for (int round = 0; round < 4; round++) {
		uint8_t (*head)[8] = calloc(4, 8);
		tagcache_init(&c);
		tagcache_load_buffer(&c, buf, len);
		for (int i = 0; i < 2; i++) {
			id(a, i);
			assert_non_null(tagcache_find(&c, a));
		}
		for (int i = 0; i < 3; i++) {
			id(a, round == 3 && i == 1 ? 105 : 100 + i);
			memcpy(head[i], a, 8);
		}
		memset(tip, round == 2 ? 0x76 : 0x77, 20);
		if (round)
			tagcache_line_seen(&c, tip, head, 3);
		else
			free(head);
		assert_int_equal(tagcache_save(&c, nowhere, err, sizeof(err)), round < 2 ? 0 : -1);
		if (round == 0) {	/* the line loaded is what a save keeps */
			again = tagcache_encode(&c, &len2);
			assert_int_equal(len2, len);
			assert_memory_equal(again, buf, len);
			free(again);
		}
		tagcache_release(&c);
	}
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_rejected),
		cmocka_unit_test(test_save_only_when_changed),
		cmocka_unit_test(test_line),
		cmocka_unit_test(test_line_extended),
		cmocka_unit_test(test_line_rejected),
		cmocka_unit_test(test_line_saved),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
