/* Unit tests for walk_options.take, .take_end and .no_parents (walk.h): each range's
 * result handed over as soon as it is made, ranges in order, the same commits in the same
 * order as the results the walk returns without it; a range that is the end of the
 * longest one's order handed to take_end, never one that is not; no parents' positions
 * when none are asked for.  A bare repository made with libgit2: c0 <- c1 <- c2 <- c3,
 * one commit a minute; x, a child of c0 half a minute after it; t (mg), the merge of c2
 * and x, a minute after c3. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>

#include "git/walk.h"
#include "test_repo.h"

static char dir[] = "/tmp/regtrace-walk-take.XXXXXX";
static struct test_repo tr;
static git_repository *repo;
static git_oid c[4], x, mg;

static int setup(void **state)
{
	(void)state;
	if (tr_open(&tr, dir))
		return -1;
	repo = tr.repo;
	for (int i = 0; i < 4; i++) {
		char msg[32];
		snprintf(msg, sizeof(msg), "c%d\n", i);
		if (tr_commit(&tr, &c[i], 1500000000 + 60 * i, msg, i ? &c[i - 1] : NULL, NULL))
			return -1;
	}
	return tr_commit(&tr, &x, 1500000000 + 30, "x\n", &c[0], NULL) ||
	       tr_commit(&tr, &mg, 1500000000 + 240, "t\n", &c[2], &x);
}

static int teardown(void **state)
{
	(void)state;
	return tr_remove(&tr);
}

/* What take saw: per range, in the order handed over. */
struct seen {
	size_t r[8], n[8], nparents[8];
	uint8_t first[8][20];
	int parents_null[8];
	uint8_t ids[8][4][20];	/* the first 4 commits of each, in order */
	size_t calls;
	size_t end_r[8], end_lead[8], end_n[8];	/* take_end's */
	uint32_t end_hidden[8];
	size_t ends;
};

static void release_facts(struct walk_result *w)
{
	for (size_t k = 0; k < w->n; k++) {
		if (w->v[k].facts)
			msg_facts_release(w->v[k].facts);
		free(w->v[k].facts);
		free(w->v[k].meta);
		w->v[k].facts = NULL;
		w->v[k].meta = NULL;
	}
}

static void take(void *ctx, size_t r, struct walk_result *w)
{
	struct seen *s = ctx;
	size_t i = s->calls++;

	s->r[i] = r;
	s->n[i] = w->n;
	s->nparents[i] = w->n ? w->v[w->n - 1].nparents : 0;
	s->parents_null[i] = w->n && !w->v[w->n - 1].parents;
	if (w->n)
		memcpy(s->first[i], w->v[0].oid, 20);
	for (size_t k = 0; k < w->n && k < 4; k++)
		memcpy(s->ids[i][k], w->v[k].oid, 20);
	release_facts(w);
	walk_result_release(w);
}

static void take_end(void *ctx, size_t r, size_t lead, size_t n, uint32_t hidden_parents)
{
	struct seen *s = ctx;
	size_t i = s->ends++;

	s->end_r[i] = r;
	s->end_lead[i] = lead;
	s->end_n[i] = n;
	s->end_hidden[i] = hidden_parents;
}

/* c3 ^c0, c3 ^c1, c3 ^c2: 3, 2 and 1 commits, the oldest first. */
static void walk3(struct walk_options *o, struct walk_result *outs)
{
	struct walk_spec specs[3] = { { &c[3], &c[0], 1 }, { &c[3], &c[1], 1 },
				      { &c[3], &c[2], 1 } };
	char err[256];

	assert_int_equal(walk_ranges(repo, specs, 3, o, outs, err, sizeof(err)), 0);
}

static void test_taken_in_order(void **state)
{
	struct seen s = { 0 };
	struct walk_options o = { .take = take, .take_ctx = &s };
	struct walk_result outs[3], plain[3];

	(void)state;
	memset(outs, 0, sizeof(outs));
	walk3(&o, outs);
	assert_int_equal(s.calls, 3);
	for (size_t r = 0; r < 3; r++) {
		assert_int_equal(s.r[r], r);
		assert_int_equal(s.n[r], 3 - r);
		assert_memory_equal(s.first[r], c[r + 1].id, 20);	/* the oldest first */
		assert_int_equal(s.nparents[r], r < 2 ? 1 : 0);	/* c3's parent c2 in range */
		assert_false(s.parents_null[r]);
		assert_int_equal(outs[r].n, 0);		/* taken */
		assert_null(outs[r].v);
	}
	memset(plain, 0, sizeof(plain));
	walk3(&(struct walk_options){ 0 }, plain);	/* the same without take */
	for (size_t r = 0; r < 3; r++) {
		assert_int_equal(plain[r].n, s.n[r]);
		assert_memory_equal(plain[r].v[0].oid, s.first[r], 20);
		release_facts(&plain[r]);
		walk_result_release(&plain[r]);
	}
}

/* Nested ranges: the longest made and taken first, the others its ends. */
static void test_ends_of_the_lead(void **state)
{
	struct seen s = { 0 };
	struct walk_options o = { .take = take, .take_end = take_end, .take_ctx = &s };
	struct walk_result outs[3];

	(void)state;
	memset(outs, 0, sizeof(outs));
	walk3(&o, outs);
	assert_int_equal(s.calls, 1);
	assert_int_equal(s.r[0], 0);
	assert_int_equal(s.n[0], 3);
	assert_int_equal(s.ends, 2);
	for (size_t e = 0; e < 2; e++) {
		assert_int_equal(s.end_r[e], e + 1);
		assert_int_equal(s.end_lead[e], 0);
		assert_int_equal(s.end_n[e], 2 - e);
		assert_int_equal(s.end_hidden[e], 1);	/* c1, c2: a parent of c2, c3 */
	}
}

/*
 * t ^c0 = {x, c1, c2, t}, in history order x (c0 + 30 s), c1, c2, t: the
 * longest.  t ^x = {c1, c2, t}, its last three: an end.  t ^c1 = {x, c2, t}
 * is as many as its last three but not the same commits: made, and in its
 * own order (x, c2, t), as a walk of it alone gives.
 */
static void test_not_an_end(void **state)
{
	struct walk_spec specs[3] = { { &mg, &c[1], 1 }, { &mg, &c[0], 1 }, { &mg, &x, 1 } };
	struct seen s = { 0 };
	struct walk_options o = { .take = take, .take_end = take_end, .take_ctx = &s };
	struct walk_result outs[3], plain[3];
	char err[256];

	(void)state;
	memset(outs, 0, sizeof(outs));
	assert_int_equal(walk_ranges(repo, specs, 3, &o, outs, err, sizeof(err)), 0);
	assert_int_equal(s.calls, 2);
	assert_int_equal(s.r[0], 1);	/* the lead first */
	assert_int_equal(s.n[0], 4);
	assert_memory_equal(s.ids[0][0], x.id, 20);
	assert_memory_equal(s.ids[0][1], c[1].id, 20);
	assert_int_equal(s.r[1], 0);	/* then t ^c1, made */
	assert_int_equal(s.n[1], 3);
	assert_memory_equal(s.ids[1][0], x.id, 20);
	assert_memory_equal(s.ids[1][1], c[2].id, 20);
	assert_memory_equal(s.ids[1][2], mg.id, 20);
	assert_int_equal(s.ends, 1);
	assert_int_equal(s.end_r[0], 2);
	assert_int_equal(s.end_lead[0], 1);
	assert_int_equal(s.end_n[0], 3);
	assert_int_equal(s.end_hidden[0], 1);	/* x: a parent of t */
	memset(plain, 0, sizeof(plain));	/* each as a walk without take gives it */
	assert_int_equal(walk_ranges(repo, specs, 3, &(struct walk_options){ 0 }, plain, err,
				     sizeof(err)), 0);
	for (size_t k = 0; k < 3; k++)
		assert_memory_equal(plain[0].v[k].oid, s.ids[1][k], 20);
	assert_int_equal(plain[2].n, 3);
	for (size_t k = 0; k < 3; k++)	/* the end: the lead's last three */
		assert_memory_equal(plain[2].v[k].oid, plain[1].v[1 + k].oid, 20);
	assert_int_equal(plain[2].hidden_parents, 1);
	for (size_t r = 0; r < 3; r++) {
		release_facts(&plain[r]);
		walk_result_release(&plain[r]);
	}
}

static void test_no_parents(void **state)
{
	struct seen s = { 0 };
	struct walk_options o = { .take = take, .take_ctx = &s, .no_parents = 1 };
	struct walk_result outs[3];

	(void)state;
	memset(outs, 0, sizeof(outs));
	walk3(&o, outs);
	assert_int_equal(s.calls, 3);
	for (size_t r = 0; r < 3; r++) {
		assert_int_equal(s.n[r], 3 - r);
		assert_int_equal(s.nparents[r], 0);
		assert_true(s.parents_null[r]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_taken_in_order),
		cmocka_unit_test(test_ends_of_the_lead),
		cmocka_unit_test(test_not_an_end),
		cmocka_unit_test(test_no_parents),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
