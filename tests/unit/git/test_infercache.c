/* Unit tests for cache/infer.c: the inference cache's round trip, a candidate found by
 * the first 8 bytes of its id only when no other record begins so, files ignored whole
 * (checksum, cut, version, order, a string out of bounds), a save that writes only
 * what was added, two runs saving at once, and the blob line sums a run keeps for itself. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/codec.h"
#include "base/version.h"
#include "cache/infer.h"
#include "test_seal.h"

#define MAGIC_LEN (sizeof("regtrace-infer-cache\n") - 1)

static void oid(uint8_t out[20], int n)
{
	memset(out, 0, 20);
	out[0] = (uint8_t)n;
	out[19] = (uint8_t)(n * 7);
}

/* Candidates 3, 1, 2 (given out of order, 2 twice), the ties 5 and 4, the path group 6. */
static uint8_t *encoded(size_t *len)
{
	struct infercache c;
	uint8_t a[20], p[20];

	infercache_init(&c);
	for (int n = 3; n >= 1; n--) {
		oid(a, n);
		infercache_add_candidate(&c, a, n == 1 ? "a@example.org" : "b@example.org",
					 n == 2 ? "net: fix \"A\", again" : "mm: fix B");
	}
	oid(a, 2);
	infercache_add_candidate(&c, a, "other@example.org", "ignored: added twice");
	for (int n = 5; n >= 4; n--) {
		oid(a, n);
		oid(p, 50 + n);
		infercache_add_tie(&c, a, p);
	}
	oid(a, 6);
	oid(p, 66);
	infercache_add_group(&c, a, p);
	assert_true(c.dirty);
	uint8_t *buf = infercache_encode(&c, len);
	infercache_release(&c);
	return buf;
}

static void test_round_trip(void **state)
{
	struct infercache c;
	uint8_t a[20], got[20], p[20];
	char *email, *subject;
	size_t len, len2;
	uint8_t *buf = encoded(&len);

	(void)state;
	infercache_init(&c);
	infercache_load_buffer(&c, buf, len);
	assert_null(c.rejected);
	assert_false(c.dirty);
	assert_int_equal(c.ncand, 3);
	assert_int_equal(c.ties.n, 2);
	assert_int_equal(c.groups.n, 1);
	oid(a, 2);
	assert_true(infercache_candidate(&c, a, got, &email, &subject));
	assert_memory_equal(got, a, 20);
	assert_string_equal(email, "b@example.org");	/* the first one added */
	assert_string_equal(subject, "net: fix \"A\", again");
	free(email);
	free(subject);
	oid(a, 9);
	assert_false(infercache_candidate(&c, a, got, &email, &subject));
	oid(a, 4);
	assert_true(infercache_tie(&c, a, got));
	oid(p, 54);
	assert_memory_equal(got, p, 20);
	oid(a, 3);
	assert_false(infercache_tie(&c, a, got));	/* a candidate, no tie */
	assert_false(infercache_group(&c, a, got));
	oid(a, 6);
	assert_false(infercache_tie(&c, a, got));	/* a path group, no tie */
	assert_true(infercache_group(&c, a, got));
	oid(p, 66);
	assert_memory_equal(got, p, 20);
	uint8_t *again = infercache_encode(&c, &len2);	/* the same bytes */
	assert_int_equal(len2, len);
	assert_memory_equal(again, buf, len);
	free(again);
	infercache_release(&c);
	free(buf);
}

/* Two ids that share their first 8 bytes: neither is taken by its head. */
static void test_same_head(void **state)
{
	struct infercache c;
	uint8_t a[20], b[20], got[20];
	char *email, *subject;

	(void)state;
	infercache_init(&c);
	oid(a, 1);
	memcpy(b, a, 20);
	b[19] ^= 0xff;
	infercache_add_candidate(&c, a, "a@example.org", "one");
	assert_true(infercache_candidate(&c, a, got, &email, &subject));
	free(email);
	free(subject);
	infercache_add_candidate(&c, b, "b@example.org", "two");
	assert_false(infercache_candidate(&c, a, got, &email, &subject));
	infercache_release(&c);
}

static void expect_rejected(const uint8_t *buf, size_t len, const char *why)
{
	struct infercache c;
	uint8_t a[20], got[20];
	char *email, *subject;

	infercache_init(&c);
	infercache_load_buffer(&c, buf, len);
	assert_non_null(c.rejected);
	if (why)
		assert_string_equal(c.rejected, why);
	assert_int_equal(c.ncand, 0);
	assert_int_equal(c.ties.n, 0);
	assert_int_equal(c.groups.n, 0);
	oid(a, 1);
	assert_false(infercache_candidate(&c, a, got, &email, &subject));
	infercache_release(&c);
}

static void test_rejected(void **state)
{
	size_t len, head = MAGIC_LEN + 4 + 4 + strlen(REGTRACE_VERSION);
	uint8_t *buf = encoded(&len), *bad = malloc(len);

	(void)state;
	memcpy(bad, buf, len);
	bad[len / 2] ^= 1;
	expect_rejected(bad, len, "checksum mismatch");
	expect_rejected(buf, len - 1, "checksum mismatch");	/* cut short */
	expect_rejected(buf, 3, NULL);
	memcpy(bad, buf, len);
	bad[MAGIC_LEN + 4 + 4] ^= 1;	/* another tool version, sealed again */
	reseal(bad, len);
	expect_rejected(bad, len, "another version");
	memcpy(bad, buf, len);
	memcpy(bad + head + 4 + 20 + 4 + 13 + 4 + 9, bad + head + 4, 20);	/* candidate 2 is 1 */
	reseal(bad, len);
	expect_rejected(bad, len, "candidates out of order");
	memcpy(bad, buf, len);
	bad[head + 4 + 20 + 3] = 0x7f;	/* the first email's length, past the file */
	reseal(bad, len);
	expect_rejected(bad, len, "corrupt candidate");
	size_t ties = len - 8 - 44 - 84;	/* count, two ties; count, one group; seal */
	memcpy(bad, buf, len);
	memcpy(bad + ties + 4 + 40, bad + ties + 4, 20);	/* the ties' keys equal */
	reseal(bad, len);
	expect_rejected(bad, len, "ties out of order");
	memcpy(bad, buf, len);
	bad[ties] = 4;	/* four ties claimed: past the end */
	reseal(bad, len);
	expect_rejected(bad, len, "corrupt tie");
	memcpy(bad, buf, len);
	bad[len - 8 - 44] = 2;	/* two path groups claimed */
	reseal(bad, len);
	expect_rejected(bad, len, "corrupt path group");
	free(bad);
	free(buf);
}

/* Nothing added: no write (a directory that does not exist would fail it, at its
 * lock). */
static void test_save_only_when_added(void **state)
{
	const char *nowhere = "/nonexistent-dir-of-regtrace/regtrace-infer-cache";
	struct infercache c;
	uint8_t a[20], got[20];
	char err[256], *email, *subject;
	size_t len;
	uint8_t *buf = encoded(&len);

	(void)state;
	infercache_init(&c);
	infercache_load_buffer(&c, buf, len);
	oid(a, 1);
	assert_true(infercache_candidate(&c, a, got, &email, &subject));
	free(email);
	free(subject);
	infercache_add_candidate(&c, a, "a@example.org", "mm: fix B");	/* known */
	assert_int_equal(infercache_save(&c, nowhere, err, sizeof(err)), 0);
	oid(a, 7);
	infercache_add_tie(&c, a, a);
	assert_int_not_equal(infercache_save(&c, nowhere, err, sizeof(err)), 0);
	infercache_release(&c);
	free(buf);
}

/* Run B loaded the file; run C saved records since; B's save keeps C's. */
static void test_save_merges(void **state)
{
	char path[] = "/tmp/test_infercache.XXXXXX", err[256], *email, *subject;
	struct infercache b, c, d;
	uint8_t a[20], got[20];
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	infercache_init(&b);
	infercache_load_file(&b, path);
	infercache_init(&c);
	infercache_load_file(&c, path);
	oid(a, 1);
	infercache_add_candidate(&c, a, "c@example.org", "C's");
	oid(a, 2);
	infercache_add_tie(&c, a, a);
	assert_int_equal(infercache_save(&c, path, err, sizeof(err)), 0);
	oid(a, 3);
	infercache_add_candidate(&b, a, "b@example.org", "B's");
	assert_int_equal(infercache_save(&b, path, err, sizeof(err)), 0);
	infercache_init(&d);
	infercache_load_file(&d, path);
	assert_null(d.rejected);
	assert_int_equal(d.ncand, 2);
	assert_int_equal(d.ties.n, 1);
	oid(a, 1);
	assert_true(infercache_candidate(&d, a, got, &email, &subject));
	assert_string_equal(subject, "C's");
	free(email);
	free(subject);
	infercache_release(&b);
	infercache_release(&c);
	infercache_release(&d);
	unlink(path);
}

/* A blob's line sum: found again as kept (text or not), never dirty, never in the file. */
static void test_blob_lines_kept_for_the_run(void **state)
{
	struct infercache c, d;
	uint8_t a[20], b[20], none[20];
	uint64_t sum = 0;
	int text = -1;
	size_t len, len0;

	(void)state;
	infercache_init(&c);
	uint8_t *empty = infercache_encode(&c, &len0);
	oid(a, 7);
	oid(b, 8);
	oid(none, 9);
	infercache_add_blob_lines(&c, a, 0x1234567890abcdefULL, 1);
	infercache_add_blob_lines(&c, b, 0, 0);
	assert_false(c.dirty);
	assert_true(infercache_blob_lines(&c, a, &sum, &text));
	assert_true(sum == 0x1234567890abcdefULL);
	assert_int_equal(text, 1);
	assert_true(infercache_blob_lines(&c, b, &sum, &text));
	assert_int_equal(text, 0);
	assert_false(infercache_blob_lines(&c, none, &sum, &text));
	uint8_t *buf = infercache_encode(&c, &len);
	assert_int_equal(len, len0);	/* not in the file */
	infercache_init(&d);
	infercache_load_buffer(&d, buf, len);
	assert_false(infercache_blob_lines(&d, a, &sum, &text));
	infercache_release(&d);
	free(buf);
	free(empty);
	infercache_release(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_same_head),
		cmocka_unit_test(test_rejected),
		cmocka_unit_test(test_save_only_when_added),
		cmocka_unit_test(test_save_merges),
		cmocka_unit_test(test_blob_lines_kept_for_the_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
