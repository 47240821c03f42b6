/* Unit tests for mainline_extend.c: a chain's tail made from the cached tail to an older
 * tip and the new commits is the tail a whole walk reads, commit for commit (order,
 * identities, dates, the facts of commits naming others); nothing is done for a tip the
 * old one does not reach, a branch rewound, or a tail without dates; a base's own tail
 * (mainline_alone.h) is extended the same way.
 *
 * A bare repository made with libgit2 (dates in minutes after c0's):
 *   c0 (0) <- c1 (60, the tag: FROM)
 *   a0 (30, on c0) <- a1 (90);  m1 (120, on c1, "Fixes:");  ma (180) = merge of m1, a1: OLD
 *   b0 (45, on c0) <- b1 (150, "Fixes:");  n1 (200, on ma);  mb (240) = merge of n1, b1: TIP
 *   r1 (250, on c1): a tip that does not reach OLD (the branch rewritten)
 * Worked by hand: ma ^c1 is a0 a1 m1 ma (a0 and m1 ready at once: a0 older); mb ^c1 is
 * a0 b0 a1 m1 b1 ma n1 mb: b0 (45) comes between a0 and a1, b1 (150) between m1 and ma,
 * so the new commits are not simply appended. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>

#include "base/util.h"
#include "git/mainline_alone.h"
#include "git/mainline_extend.h"
#include "git/tags.h"
#include "git/walk.h"
#include "test_repo.h"

static char dir[] = "/tmp/regtrace-mainline-extend.XXXXXX";
static struct test_repo tr;
static git_repository *repo;
static git_oid c0, c1, a0, a1, m1, ma, b0, b1, n1, mb, r1;

/* *out: a commit `at` minutes after c0's date with message msg, its parents p1 (and p2:
 * NULL for one, p1 NULL for none). */
static int commit(git_oid *out, int at, const char *msg, const git_oid *p1, const git_oid *p2)
{
	return tr_commit(&tr, out, 1500000000 + 60 * at, msg, p1, p2);
}

static int setup(void **state)
{
	(void)state;
	if (tr_open(&tr, dir))
		return -1;
	repo = tr.repo;
	return commit(&c0, 0, "c0\n", NULL, NULL) || commit(&c1, 60, "c1\n", &c0, NULL) ||
	       commit(&a0, 30, "a0\n", &c0, NULL) || commit(&a1, 90, "a1\n", &a0, NULL) ||
	       commit(&m1, 120, "m1: fix\n\nFixes: 0123456789ab (\"c0\")\n", &c1, NULL) ||
	       commit(&ma, 180, "merge a\n", &m1, &a1) || commit(&b0, 45, "b0\n", &c0, NULL) ||
	       commit(&b1, 150, "b1: fix\n\nFixes: abcdef123456 (\"b0\")\n", &b0, NULL) ||
	       commit(&n1, 200, "n1\n", &ma, NULL) || commit(&mb, 240, "merge b\n", &n1, &b1) ||
	       commit(&r1, 250, "r1\n", &c1, NULL);
}

static int teardown(void **state)
{
	(void)state;
	return tr_remove(&tr);
}

/* The tail TIP ^c1 read whole, as mainline_read.c keeps a tail (with its dates). */
static struct segment whole(const git_oid *tip)
{
	struct walk_options wo = mainline_walk_options(NULL);
	struct segment s;
	struct walk_result w;
	char err[256];

	memset(&s, 0, sizeof(s));
	assert_int_equal(walk_range(repo, &c1, tip, &wo, &w, err, sizeof(err)), 0);
	memcpy(s.from, c1.id, 20);
	memcpy(s.to, tip->id, 20);
	s.tail = 1;
	s.time = xmalloc((w.n + 1) * sizeof(*s.time));
	for (size_t k = 0; k < w.n; k++)
		s.time[k] = w.v[k].time;
	mainline_take_walk(&s, &w, 1);
	walk_result_release(&w);
	return s;
}

static void expect_same(const struct segment *x, const struct segment *y)
{
	assert_memory_equal(x->from, y->from, 20);
	assert_memory_equal(x->to, y->to, 20);
	assert_true(x->tail && y->tail);
	assert_int_equal(x->ncommits, y->ncommits);
	assert_memory_equal(x->ident_oid, y->ident_oid, x->ncommits * sizeof(*x->ident_oid));
	assert_memory_equal(x->ident_key, y->ident_key, x->ncommits * sizeof(*x->ident_key));
	assert_memory_equal(x->time, y->time, x->ncommits * sizeof(*x->time));
	assert_int_equal(x->n, y->n);
	for (size_t k = 0; k < x->n; k++) {
		assert_memory_equal(x->v[k].oid, y->v[k].oid, 20);
		assert_string_equal(x->v[k].facts.subject, y->v[k].facts.subject);
		assert_int_equal(x->v[k].facts.nrefs, y->v[k].facts.nrefs);
		assert_string_equal(x->v[k].facts.refs[0].id, y->v[k].facts.refs[0].id);
	}
}

static void test_extended_is_whole(void **state)
{
	struct segment old = whole(&ma), all = whole(&mb), ext;
	const git_oid *order[] = { &a0, &b0, &a1, &m1, &b1, &ma, &n1, &mb };

	(void)state;
	assert_int_equal(old.ncommits, 4);
	assert_int_equal(old.n, 1);	/* m1 */
	assert_int_equal(all.ncommits, 8);
	for (size_t k = 0; k < 8; k++)	/* (the order worked by hand) */
		assert_memory_equal(all.ident_oid[k], order[k]->id, 8);
	memset(&ext, 0, sizeof(ext));
	assert_int_equal(mainline_extend_tail(repo, &old, mb.id, NULL, &ext), 1);
	expect_same(&ext, &all);
	assert_string_equal(ext.v[0].facts.subject, "m1: fix");
	assert_string_equal(ext.v[1].facts.subject, "b1: fix");
	assert_int_equal(old.n, 0);	/* its facts are ext's */
	segment_release(&ext);
	segment_release(&old);
	segment_release(&all);
}

/* A tip the old one does not reach, the old tip itself or one before it, or an old tail
 * without dates: nothing done, old untouched. */
static void test_not_extended(void **state)
{
	struct segment old = whole(&ma), later = whole(&mb), ext;
	int64_t *time;

	(void)state;
	memset(&ext, 0, sizeof(ext));
	assert_int_equal(mainline_extend_tail(repo, &old, r1.id, NULL, &ext), 0);
	assert_int_equal(mainline_extend_tail(repo, &old, ma.id, NULL, &ext), 0);
	assert_int_equal(mainline_extend_tail(repo, &later, ma.id, NULL, &ext), 0);	/* rewound */
	assert_int_equal(old.n, 1);
	assert_int_equal(later.n, 2);
	assert_null(ext.ident_oid);
	time = old.time;
	old.time = NULL;	/* an older file's tail */
	assert_int_equal(mainline_extend_tail(repo, &old, mb.id, NULL, &ext), 0);
	assert_int_equal(old.n, 1);
	old.time = time;
	segment_release(&old);
	segment_release(&later);
}

/* c1 as a base off the mainline (mainline_alone.h): its own tail read whole at ma, then,
 * at mb, extended (not read again: link -1) into the tail a whole walk reads, commit for
 * commit, with its greatest commit; b0 and b1 are older than ma, so appending them would
 * not do (the run after a merge of an older topic on FRR's and systemd's mainlines). */
static void test_base_tail_extended(void **state)
{
	struct tag_table t;
	struct segcache cache;
	uint8_t base[1][20];
	int todo[1] = { 1 }, ok[1] = { 0 }, link[1] = { 0 };
	struct segment all = whole(&mb), *s;

	(void)state;
	memset(&t, 0, sizeof(t));
	segcache_init(&cache);
	memcpy(base[0], c1.id, 20);
	mainline_alone_fill(repo, &t, ma.id, (const uint8_t (*)[20])base, todo, 1, 0, &cache, NULL,
			    ok, link);
	assert_int_equal(ok[0], 1);
	assert_int_equal(link[0], 1);	/* read whole: c1 a parent of m1 */
	assert_non_null(s = segcache_find_alone_from(&cache, c1.id));
	assert_int_equal(s->ncommits, 4);
	assert_non_null(s->time);
	mainline_alone_fill(repo, &t, mb.id, (const uint8_t (*)[20])base, todo, 1, 0, &cache, NULL,
			    ok, link);
	assert_int_equal(ok[0], 1);
	assert_int_equal(link[0], -1);	/* extended */
	assert_non_null(s = segcache_find_alone_from(&cache, c1.id));
	assert_true(s->alone);
	expect_same(s, &all);
	assert_memory_equal(s->newest_id, mb.id, 20);
	assert_int_equal(s->newest, 1500000000 + 60 * 240);
	segcache_release(&cache);
	segment_release(&all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_extended_is_whole),
		cmocka_unit_test(test_not_extended),
		cmocka_unit_test(test_base_tail_extended),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
