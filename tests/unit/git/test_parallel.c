/* Unit tests for parallel_run_ordered (parallel.h): the pieces taken in the order
 * given, each once; and its promise when a piece fails: no piece is taken after
 * it, but every piece below the least failing one is run, in increasing order, so
 * that the first failure in index order is the same whatever the order and the
 * threads.  One thread (REGTRACE_THREADS=1) makes the order of calls exact; two
 * check the promise with real threads.  A bare repository made with libgit2. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>

#include "git/parallel.h"

#define N 6

static char dir[] = "/tmp/regtrace-parallel.XXXXXX";
static git_repository *repo;

struct calls {
	pthread_mutex_t lock;
	size_t seq[4 * N], n;	/* the pieces in the order they were called */
	int times[N];
	int fails[N];		/* 1: this piece fails */
};

static int piece(void *ctx, git_repository *r, size_t i)
{
	struct calls *c = ctx;

	assert_non_null(r);
	pthread_mutex_lock(&c->lock);
	c->seq[c->n++] = i;
	c->times[i]++;
	pthread_mutex_unlock(&c->lock);
	return c->fails[i];
}

static void calls_init(struct calls *c)
{
	memset(c, 0, sizeof(*c));
	pthread_mutex_init(&c->lock, NULL);
}

static int setup(void **state)
{
	(void)state;
	git_libgit2_init();
	if (!mkdtemp(dir) || git_repository_init(&repo, dir, 1) < 0)
		return -1;
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	parallel_close();
	git_repository_free(repo);
	git_libgit2_shutdown();
	unsetenv("REGTRACE_THREADS");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static const size_t reversed[N] = { 5, 4, 3, 2, 1, 0 };

/* One thread, the pieces of fails failing (a list ending at N): the pieces
 * called are exactly want[0..nwant), in that order. */
static void expect_calls(const size_t *order, const size_t *fails, const size_t *want,
			 size_t nwant)
{
	struct calls c;

	setenv("REGTRACE_THREADS", "1", 1);
	calls_init(&c);
	for (; *fails < N; fails++)
		c.fails[*fails] = 1;
	parallel_run_ordered(repo, N, order, piece, &c);
	assert_int_equal(c.n, nwant);
	for (size_t k = 0; k < c.n; k++)
		assert_int_equal(c.seq[k], want[k]);
}

static const size_t none[] = { N };

/* Exactly the order given, each piece once. */
static void test_order(void **state)
{
	const size_t order[N] = { 3, 5, 0, 4, 1, 2 };

	(void)state;
	expect_calls(order, none, order, N);
}

/* The order reversed, piece 2 failing: 5, 4, 3, 2, then 0 and 1, which are
 * below it, in increasing order. */
static void test_failure_runs_those_below(void **state)
{
	const size_t fails[] = { 2, N }, want[] = { 5, 4, 3, 2, 0, 1 };

	(void)state;
	expect_calls(reversed, fails, want, 6);
}

/* Pieces 4 and 1 failing: 5, 4 (fails), then 0, 1 (fails): 2 and 3 never
 * run (nothing below the least failure is left out). */
static void test_failure_below_stops(void **state)
{
	const size_t fails[] = { 4, 1, N }, want[] = { 5, 4, 0, 1 };

	(void)state;
	expect_calls(reversed, fails, want, 4);
}

/* 1, 0, 3, 2, 5, 4 with piece 2 failing: 1, 0, 3, 2, and nothing more: 4 and
 * 5, above the failure, are not run after it. */
static void test_nothing_above_failure(void **state)
{
	const size_t order[N] = { 1, 0, 3, 2, 5, 4 }, fails[] = { 2, N };

	(void)state;
	expect_calls(order, fails, order, 4);
}

/* Without an order: 0..n-1, as parallel_run. */
static void test_no_order(void **state)
{
	const size_t fails[] = { 3, N }, want[] = { 0, 1, 2, 3 };

	(void)state;
	expect_calls(NULL, fails, want, 4);
}

/* Two threads: every piece once with no failure; with piece 3 failing, every
 * piece below 3 ran, each at most once, whatever the threads did. */
static void test_two_threads(void **state)
{
	struct calls c;

	(void)state;
	setenv("REGTRACE_THREADS", "2", 1);
	for (int round = 0; round < 50; round++) {
		calls_init(&c);
		parallel_run_ordered(repo, N, reversed, piece, &c);
		for (size_t i = 0; i < N; i++)
			assert_int_equal(c.times[i], 1);
		calls_init(&c);
		c.fails[3] = 1;
		parallel_run_ordered(repo, N, reversed, piece, &c);
		for (size_t i = 0; i < N; i++)
			assert_true(c.times[i] == (i <= 3 ? 1 : c.times[i]) && c.times[i] <= 1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_failure_runs_those_below),
		cmocka_unit_test(test_failure_below_stops),
		cmocka_unit_test(test_nothing_above_failure),
		cmocka_unit_test(test_two_threads),
		cmocka_unit_test(test_no_order),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
