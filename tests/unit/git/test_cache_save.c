/* Unit tests for cache/save.c, the save the mainline and inference caches share: a
 * file unchanged since it was loaded is written without a merge, one another run
 * wrote since is merged first (what it holds reaches the encoder), the stamp is the
 * file written, and a write that fails says so and leaves the stamp. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/blobfile.h"
#include "cache/save.h"

struct toy {
	char text[64];		/* what encode writes */
	int merges;
};

static void merge(void *c, const char *path)
{
	struct toy *t = c;
	size_t len = 0;
	uint8_t *b = blobfile_read(path, &len);

	t->merges++;
	if (b && len < 20) {	/* theirs, then ours */
		char mine[32];
		snprintf(mine, sizeof(mine), "%.20s", t->text);
		snprintf(t->text, sizeof(t->text), "%.*s+%s", (int)len, (const char *)b, mine);
	}
	free(b);
}

static uint8_t *encode(void *c, size_t *len)
{
	const struct toy *t = c;
	uint8_t *b = malloc(strlen(t->text) + 1);

	memcpy(b, t->text, strlen(t->text) + 1);
	*len = strlen(t->text);
	return b;
}

static const struct cache_file_ops ops = { merge, encode };

static void test_save_and_merge(void **state)
{
	char dir[] = "/tmp/test_cache_save.XXXXXX", path[64], err[256] = "";
	struct blobfile_stamp loaded = { 0 };
	struct toy t = { "ours", 0 };
	uint8_t *b;
	size_t len;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/c", dir);
	/* no file, none loaded: the stamps agree, no merge */
	blobfile_stamp(path, &loaded);
	assert_int_equal(cache_file_save(&t, &ops, path, &loaded, err, sizeof(err)), 0);
	assert_int_equal(t.merges, 0);
	b = blobfile_read(path, &len);
	assert_int_equal(len, 4);
	assert_memory_equal(b, "ours", 4);
	free(b);
	/* saved again, nobody else wrote: no merge */
	assert_int_equal(cache_file_save(&t, &ops, path, &loaded, err, sizeof(err)), 0);
	assert_int_equal(t.merges, 0);
	/* another run writes: merged before the write */
	assert_int_equal(blobfile_write(path, (const uint8_t *)"theirs!", 7, err, sizeof(err)), 0);
	assert_int_equal(cache_file_save(&t, &ops, path, &loaded, err, sizeof(err)), 0);
	assert_int_equal(t.merges, 1);
	b = blobfile_read(path, &len);
	assert_int_equal(len, 12);
	assert_memory_equal(b, "theirs!+ours", 12);
	free(b);
	unlink(path);
	rmdir(dir);
}

static void test_write_fails(void **state)
{
	char dir[] = "/tmp/test_cache_save.XXXXXX", path[64], inner[80], err[256] = "";
	struct blobfile_stamp loaded, before;
	struct toy t = { "ours", 0 };

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/c", dir);	/* a directory, not empty: no rename */
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(inner, sizeof(inner), "%s/x", path);
	assert_int_equal(blobfile_write(inner, (const uint8_t *)"x", 1, err, sizeof(err)), 0);
	blobfile_stamp(path, &loaded);
	before = loaded;
	assert_int_not_equal(cache_file_save(&t, &ops, path, &loaded, err, sizeof(err)), 0);
	assert_non_null(strstr(err, path));
	assert_true(blobfile_same(&before, &loaded));
	unlink(inner);
	rmdir(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_save_and_merge),
		cmocka_unit_test(test_write_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
