/* Unit tests for tag_refs.h: the refs under refs/tags/ read from a git directory's
 * files as git lists them (loose refs in nested directories, packed-refs with its
 * header and peel lines, a loose ref hiding the packed one of its name), and 1
 * (libgit2 to list them) for every form this reader does not take: a symbolic ref,
 * other content, a lock file, a dot file, a symbolic link, a name git refuses, a
 * name packed twice, a line ending in CR.  The git directory is written by hand. */
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
#include <git2.h>

#include "git/tag_refs.h"

#define A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define C "cccccccccccccccccccccccccccccccccccccccc"
#define D "dddddddddddddddddddddddddddddddddddddddd"

static char dir[] = "/tmp/regtrace-tag-refs.XXXXXX";

static void put(const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void sh(const char *fmt, const char *arg)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), fmt, dir, arg);
	assert_int_equal(system(cmd), 0);
}

/* A fresh git directory: refs/tags/ empty, no packed-refs. */
static int setup(void **state)
{
	(void)state;
	git_libgit2_init();
	if (!mkdtemp(dir))
		return -1;
	return 0;
}

static int fresh(void **state)
{
	(void)state;
	sh("rm -rf %s/refs %s/packed-refs", dir);
	sh("mkdir -p %s/refs/tags%s", "");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	git_libgit2_shutdown();
	sh("rm -rf %s%s", "");
	return 0;
}

static int first_byte(const struct tag_refs *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->v[i].name, name))
			return r->v[i].id[0];
	return -1;
}

/* Loose refs (one nested), packed ones with a header and a peel line, one name
 * in both: every name once, sorted, the loose id winning; other refs ignored. */
static void test_loose_and_packed(void **state)
{
	struct tag_refs r;

	(void)state;
	sh("mkdir -p %s/refs/tags/stable %s/refs/heads", dir);
	put("refs/tags/v1.0", A "\n");
	put("refs/tags/stable/v1.0.1", B "\n");
	put("refs/tags/v2.0", C "\n");
	put("refs/heads/main", D "\n");
	put("packed-refs", "# pack-refs with: peeled fully-peeled sorted \n"
			   D " refs/heads/old\n"
			   D " refs/tags/v0.9\n"
			   "^" A "\n"
			   D " refs/tags/v2.0\n");
	assert_int_equal(tag_refs_read(dir, &r), 0);
	assert_int_equal(r.n, 4);
	assert_string_equal(r.v[0].name, "stable/v1.0.1");
	assert_string_equal(r.v[1].name, "v0.9");
	assert_string_equal(r.v[2].name, "v1.0");
	assert_string_equal(r.v[3].name, "v2.0");
	assert_int_equal(first_byte(&r, "stable/v1.0.1"), 0xbb);
	assert_int_equal(first_byte(&r, "v0.9"), 0xdd);	/* not its peeled id */
	assert_int_equal(first_byte(&r, "v1.0"), 0xaa);
	assert_int_equal(first_byte(&r, "v2.0"), 0xcc);	/* the loose one */
	tag_refs_release(&r);
}

/* No refs/tags/ directory and no packed-refs: no tag, and that is an answer. */
static void test_none(void **state)
{
	struct tag_refs r;

	(void)state;
	sh("rm -rf %s/refs/tags%s", "");
	assert_int_equal(tag_refs_read(dir, &r), 0);
	assert_int_equal(r.n, 0);
	tag_refs_release(&r);
}

/* Each form left to libgit2: 1, and nothing listed. */
static void refuse(const char *name, const char *text)
{
	struct tag_refs r;

	put(name, text);
	assert_int_equal(tag_refs_read(dir, &r), 1);
	assert_int_equal(r.n, 0);
	assert_null(r.v);
}

static void test_symbolic(void **state)
{
	(void)state;
	refuse("refs/tags/latest", "ref: refs/tags/v1.0\n");
}

static void test_other_content(void **state)
{
	(void)state;
	refuse("refs/tags/v1.0", A);			/* no newline */
	fresh(state);
	refuse("refs/tags/v1.0", A "\nmore\n");		/* more after it */
	fresh(state);
	refuse("refs/tags/v1.0", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n");	/* capitals */
	fresh(state);
	refuse("refs/tags/v1.0", "");
}

static void test_lock_and_dot_files(void **state)
{
	(void)state;
	refuse("refs/tags/v1.0.lock", A "\n");
	fresh(state);
	refuse("refs/tags/.v1.0", A "\n");
}

static void test_symbolic_link(void **state)
{
	struct tag_refs r;
	char target[512], link[512];

	(void)state;
	put("refs/tags/v1.0", A "\n");
	snprintf(target, sizeof(target), "%s/refs/tags/v1.0", dir);
	snprintf(link, sizeof(link), "%s/refs/tags/v1.1", dir);
	assert_int_equal(symlink(target, link), 0);
	assert_int_equal(tag_refs_read(dir, &r), 1);
	assert_int_equal(r.n, 0);
}

/* A name git refuses, loose or packed (regtrace warns about those: libgit2's
 * listing, which keeps them, is what the warning counts). */
static void test_invalid_names(void **state)
{
	(void)state;
	refuse("refs/tags/lo ose", A "\n");
	fresh(state);
	refuse("packed-refs", A " refs/tags/do..t\n");
}

static void test_packed_forms(void **state)
{
	(void)state;
	refuse("packed-refs", A " refs/tags/v1.0\n" B " refs/tags/v1.0\n");	/* twice */
	fresh(state);
	refuse("packed-refs", A " refs/tags/v1.0\r\n");
	fresh(state);
	refuse("packed-refs", "^" A "\n");		/* a peel line with no ref */
	fresh(state);
	refuse("packed-refs", A " refs/tags/v1.0");	/* no newline at the end */
	fresh(state);
	refuse("packed-refs", A " refs/tags/v1.0\n# a comment\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_loose_and_packed, fresh),
		cmocka_unit_test_setup(test_none, fresh),
		cmocka_unit_test_setup(test_symbolic, fresh),
		cmocka_unit_test_setup(test_other_content, fresh),
		cmocka_unit_test_setup(test_lock_and_dot_files, fresh),
		cmocka_unit_test_setup(test_symbolic_link, fresh),
		cmocka_unit_test_setup(test_invalid_names, fresh),
		cmocka_unit_test_setup(test_packed_forms, fresh),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
