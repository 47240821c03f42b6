/* Unit tests for git/ref_shadow.c: which short names reach their tag's ref first in git's
 * order, from a git directory's refs/ entries and packed-refs (a worktree's own and the
 * common one), and what is left to a ref lookup. */
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

#include "git/ref_shadow.h"

static void put(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

static void sub(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(mkdir(path, 0700), 0);
}

static void remove_dir(const char *dir)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

#define ID "0123456789abcdef0123456789abcdef01234567"

/* A git directory with refs/heads, refs/tags, a loose refs/b, and packed refs: two under
 * refs/tags/, one refs/p directly under refs/, a peeled line and the header. */
static void test_names_before_tags(void **state)
{
	char dir[] = "/tmp/ref-shadow-XXXXXX";
	struct ref_shadow s;

	(void)state;
	assert_non_null(mkdtemp(dir));
	sub(dir, "refs");
	sub(dir, "refs/heads");
	sub(dir, "refs/tags");
	put(dir, "refs/b", ID "\n");
	put(dir, "packed-refs", "# pack-refs with: peeled fully-peeled sorted \n"
				ID " refs/p\n" ID " refs/tags/v1.0\n^" ID "\n" ID " refs/tags/x/y\n");
	ref_shadow_read(&s, dir, dir);
	assert_true(s.known);
	assert_true(ref_shadow_clear(&s, "v1.0"));
	assert_true(ref_shadow_clear(&s, "v2.6.32-rc1"));	/* no such tag: clear all the same */
	assert_false(ref_shadow_clear(&s, "b"));	/* refs/b, loose */
	assert_false(ref_shadow_clear(&s, "p"));	/* refs/p, packed */
	assert_false(ref_shadow_clear(&s, "heads"));	/* refs/heads is there */
	assert_false(ref_shadow_clear(&s, "HEAD"));	/* a one-level name's form */
	assert_false(ref_shadow_clear(&s, "ORIG_HEAD"));
	/* libgit2 takes a one-level name only in capitals and '_' (a digit, a '-': none) */
	assert_true(ref_shadow_clear(&s, "RELEASE_1"));
	assert_true(ref_shadow_clear(&s, "RELEASE-4.1.0"));
	assert_false(ref_shadow_clear(&s, "x/y"));	/* a '/': left to the lookup */
	assert_false(ref_shadow_clear(&s, ""));
	ref_shadow_release(&s);
	remove_dir(dir);
}

/* A worktree: its own refs/ entries count as well as the common directory's. */
static void test_worktree(void **state)
{
	char common[] = "/tmp/ref-shadow-XXXXXX", wt[] = "/tmp/ref-shadow-XXXXXX";
	struct ref_shadow s;

	(void)state;
	assert_non_null(mkdtemp(common));
	assert_non_null(mkdtemp(wt));
	sub(common, "refs");
	sub(wt, "refs");
	put(wt, "refs/w", ID "\n");
	ref_shadow_read(&s, wt, common);	/* (no packed-refs: none packed) */
	assert_true(s.known);
	assert_false(ref_shadow_clear(&s, "w"));
	assert_true(ref_shadow_clear(&s, "v1.0"));
	ref_shadow_release(&s);
	remove_dir(common);
	remove_dir(wt);
}

/* What cannot be read leaves every name to the lookup: packed-refs a directory, or
 * refs/ a file. */
static void test_unreadable(void **state)
{
	char dir[] = "/tmp/ref-shadow-XXXXXX";
	struct ref_shadow s;

	(void)state;
	assert_non_null(mkdtemp(dir));
	sub(dir, "refs");
	sub(dir, "packed-refs");
	ref_shadow_read(&s, dir, NULL);
	assert_false(s.known);
	assert_false(ref_shadow_clear(&s, "v1.0"));
	ref_shadow_release(&s);
	remove_dir(dir);
	char file[] = "/tmp/ref-shadow-XXXXXX";
	assert_non_null(mkdtemp(file));
	put(file, "refs", "not a directory\n");
	ref_shadow_read(&s, file, file);
	assert_false(s.known);
	assert_false(ref_shadow_clear(&s, "v1.0"));
	ref_shadow_release(&s);
	remove_dir(file);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_before_tags),
		cmocka_unit_test(test_worktree),
		cmocka_unit_test(test_unreadable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
