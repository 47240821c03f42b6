/* Unit tests for tree_diff.c: the directories of the files that differ between two raw trees,
 * reading only the subtrees whose ids differ (never a blob), in git's tree order. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git/tree_diff.h"

/* An object store of raw trees: id n is { n, 0, ..., 0 }. */
struct store {
	uint8_t data[32][512];
	size_t len[32];
	int reads[32];
};

static void id(uint8_t out[20], int n)
{
	memset(out, 0, 20);
	out[0] = (uint8_t)n;
}

/* Append an entry to tree t: mode (octal text), name, id n. */
static void entry(struct store *s, int t, const char *mode, const char *name, int n)
{
	size_t at = s->len[t];
	int k = sprintf((char *)s->data[t] + at, "%s %s", mode, name);

	at += (size_t)k + 1;	/* the NUL */
	id(s->data[t] + at, n);
	s->len[t] = at + 20;
}

static int rd(void *ctx, const uint8_t oid[20], const uint8_t **data, size_t *len, void **h)
{
	struct store *s = ctx;

	if (oid[0] >= 32 || !s->len[oid[0]])
		return -1;	/* missing, or a blob: never asked for */
	s->reads[oid[0]]++;
	*data = s->data[oid[0]];
	*len = s->len[oid[0]];
	*h = NULL;
	return 0;
}

static void rel(void *ctx, void *h)
{
	(void)ctx;
	(void)h;
}

static char *joined(const struct tree_dirs *d)
{
	static char buf[512];

	buf[0] = '\0';
	for (size_t i = 0; i < d->n; i++) {
		strcat(buf, d->v[i]);
		strcat(buf, "|");
	}
	return buf;
}

/*
 * A (1): README (blob 20, 100644), drivers (2), mm (3)      2: net (4)   4: a.c (21)
 * B (5): README (blob 20, 100755: mode changed), drivers (6), fs (8), mm (3: the same)
 *        6: net.c (22, new), net (7)   7: a.c (23: changed)   8: ext4 (9)   9: c.c (24)
 * Differ: README ("" ), drivers/net.c ("drivers/"), drivers/net/a.c ("drivers/net/"),
 * fs/ext4/c.c added ("fs/ext4/").  mm (same id) is never read; "net.c" sorts before the
 * tree "net" (git's order: "net/").
 */
static void test_dirs(void **state)
{
	struct store *s = calloc(1, sizeof(*s));
	struct tree_source src = { rd, rel, s };
	struct tree_dirs d = { 0 };
	uint8_t a[20], b[20];

	(void)state;
	entry(s, 1, "100644", "README", 20);
	entry(s, 1, "40000", "drivers", 2);
	entry(s, 1, "40000", "mm", 3);
	entry(s, 2, "40000", "net", 4);
	entry(s, 3, "100644", "d.c", 25);
	entry(s, 4, "100644", "a.c", 21);
	entry(s, 5, "100755", "README", 20);
	entry(s, 5, "40000", "drivers", 6);
	entry(s, 5, "40000", "fs", 8);
	entry(s, 5, "40000", "mm", 3);
	entry(s, 6, "100644", "net.c", 22);
	entry(s, 6, "40000", "net", 7);
	entry(s, 7, "100644", "a.c", 23);
	entry(s, 8, "40000", "ext4", 9);
	entry(s, 9, "100644", "c.c", 24);
	id(a, 1);
	id(b, 5);
	assert_int_equal(tree_diff_dirs(&src, a, b, &d), 0);
	assert_string_equal(joined(&d), "|drivers/|drivers/net/|fs/ext4/|");
	assert_int_equal(s->reads[3], 0);	/* mm: the same on both sides */
	tree_dirs_release(&d);

	/* a root commit: every file of B */
	assert_int_equal(tree_diff_dirs(&src, NULL, b, &d), 0);
	assert_string_equal(joined(&d), "|drivers/|drivers/net/|fs/ext4/|mm/|");
	tree_dirs_release(&d);

	/* the same tree: nothing, nothing read */
	memset(s->reads, 0, sizeof(s->reads));
	assert_int_equal(tree_diff_dirs(&src, b, b, &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(s->reads[5], 0);
	free(s);
}

/* A file x becomes a directory x/ holding y: x deleted at the top, x/y added. */
static void test_file_becomes_directory(void **state)
{
	struct store *s = calloc(1, sizeof(*s));
	struct tree_source src = { rd, rel, s };
	struct tree_dirs d = { 0 };
	uint8_t a[20], b[20];

	(void)state;
	entry(s, 1, "100644", "x", 20);
	entry(s, 2, "40000", "x", 3);
	entry(s, 3, "100644", "y", 21);
	id(a, 1);
	id(b, 2);
	assert_int_equal(tree_diff_dirs(&src, a, b, &d), 0);
	assert_string_equal(joined(&d), "|x/|");
	tree_dirs_release(&d);
	free(s);
}

/* A subtree that cannot be read (missing from a partial clone without trees), or bytes that
 * are no tree: an error, never a guess. */
static void test_errors(void **state)
{
	struct store *s = calloc(1, sizeof(*s));
	struct tree_source src = { rd, rel, s };
	struct tree_dirs d = { 0 };
	uint8_t a[20], b[20];

	(void)state;
	entry(s, 1, "40000", "sub", 9);	/* 9: missing */
	entry(s, 2, "40000", "sub", 10);	/* 10: missing */
	id(a, 1);
	id(b, 2);
	assert_int_equal(tree_diff_dirs(&src, a, b, &d), -1);
	tree_dirs_release(&d);
	memcpy(s->data[3], "100644 f", 8);	/* no NUL, no id */
	s->len[3] = 8;
	id(a, 3);
	assert_int_equal(tree_diff_dirs(&src, NULL, a, &d), -1);
	tree_dirs_release(&d);
	free(s);
}

static void test_cmp(void **state)
{
	struct tree_entry f = { "net.c", 5, 0100644, NULL }, t = { "net", 3, 040000, NULL };
	struct tree_entry g = { "net", 3, 0100644, NULL }, u = { "net0", 4, 0100644, NULL };

	(void)state;
	assert_true(tree_entry_cmp(&f, &t) < 0);	/* "net." < "net/" */
	assert_true(tree_entry_cmp(&g, &t) < 0);	/* "net" < "net/" */
	assert_true(tree_entry_cmp(&t, &u) < 0);	/* "net/" < "net0" */
	assert_int_equal(tree_entry_cmp(&t, &t), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dirs),
		cmocka_unit_test(test_file_becomes_directory),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_cmp),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
