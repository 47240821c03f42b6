/* Unit tests for cache/answers.c: an answer's round trip (empty parts too), files that
 * fail a check (another key, a flipped byte, cut short, grown), saving into a directory
 * made on the way, an answer replaced under its key, and the directory kept to the
 * ANSWERS_KEEP answers written last. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache/answers.h"

static void key(uint8_t out[20], int n)
{
	for (int i = 0; i < 20; i++)
		out[i] = (uint8_t)(n * 7 + i);
}

static void test_round_trip(void **state)
{
	uint8_t k[20];
	struct answer a;
	size_t len;

	(void)state;
	key(k, 1);
	uint8_t *buf = answer_encode(k, 0, "out\n", 4, "warning\n", 8, &len);
	assert_int_equal(answer_decode(buf, len, k, &a), 0);
	assert_int_equal(a.status, 0);
	assert_int_equal(a.nout, 4);
	assert_memory_equal(a.out, "out\n", 4);
	assert_int_equal(a.nerr, 8);
	assert_memory_equal(a.err, "warning\n", 8);
	free(buf);

	buf = answer_encode(k, 3, NULL, 0, NULL, 0, &len);	/* nothing printed */
	assert_int_equal(answer_decode(buf, len, k, &a), 0);
	assert_int_equal(a.status, 3);
	assert_int_equal(a.nout, 0);
	assert_int_equal(a.nerr, 0);
	free(buf);
}

static void test_rejected(void **state)
{
	uint8_t k[20], other[20];
	struct answer a;
	size_t len;

	(void)state;
	key(k, 1);
	key(other, 2);
	uint8_t *buf = answer_encode(k, 0, "out\n", 4, "", 0, &len);
	assert_int_equal(answer_decode(buf, len, other, &a), -1);	/* another key */
	for (size_t i = 0; i < len; i++) {	/* any byte flipped */
		buf[i] ^= 0x10;
		assert_int_equal(answer_decode(buf, len, k, &a), -1);
		buf[i] ^= 0x10;
	}
	for (size_t n = 0; n < len; n++)	/* cut short anywhere */
		assert_int_equal(answer_decode(buf, n, k, &a), -1);
	uint8_t *longer = calloc(len + 8, 1);	/* grown by a word */
	memcpy(longer, buf, len);
	assert_int_equal(answer_decode(longer, len + 8, k, &a), -1);
	assert_int_equal(answer_decode(buf, len, k, &a), 0);
	free(longer);
	free(buf);
}

static char *scratch(void)
{
	char tmpl[] = "/tmp/regtrace-answers-test.XXXXXX";
	char *d = mkdtemp(tmpl);

	assert_non_null(d);
	return strdup(d);
}

static size_t count_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void remove_all(const char *dir)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_save_load(void **state)
{
	char *top = scratch(), dir[256];
	uint8_t k[20], other[20];
	struct answer a;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/answers", top);	/* made by the save */
	key(k, 1);
	key(other, 2);
	assert_int_equal(answer_load(dir, k, &a), -1);
	assert_int_equal(answer_save(dir, k, 0, "first\n", 6, "", 0), 0);
	assert_int_equal(answer_load(dir, other, &a), -1);
	assert_int_equal(answer_load(dir, k, &a), 0);
	assert_int_equal(a.nout, 6);
	assert_memory_equal(a.out, "first\n", 6);
	answer_release(&a);
	assert_int_equal(answer_save(dir, k, 0, "second\n", 7, "w\n", 2), 0);	/* replaced */
	assert_int_equal(answer_load(dir, k, &a), 0);
	assert_int_equal(a.nout, 7);
	assert_memory_equal(a.out, "second\n", 7);
	assert_int_equal(a.nerr, 2);
	answer_release(&a);
	assert_int_equal(count_files(dir), 1);
	remove_all(top);
	free(top);
}

static void test_keeps_newest(void **state)
{
	char *top = scratch();
	uint8_t k[20];
	struct answer a;

	(void)state;
	for (int i = 0; i < ANSWERS_KEEP + 3; i++) {
		key(k, i);
		assert_int_equal(answer_save(top, k, 0, "x", 1, "", 0), 0);
		/* (distinct modification times, even on a coarse clock) */
		nanosleep(&(struct timespec){ 0, 2 * 1000 * 1000 }, NULL);
	}
	assert_int_equal(count_files(top), ANSWERS_KEEP);
	for (int i = 0; i < ANSWERS_KEEP + 3; i++) {
		key(k, i);
		int kept = answer_load(top, k, &a) == 0;
		assert_int_equal(kept, i >= 3);	/* the three oldest went */
		answer_release(&a);
	}
	remove_all(top);
	free(top);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_rejected),
		cmocka_unit_test(test_save_load),
		cmocka_unit_test(test_keeps_newest),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
