/* parallel.c — see parallel.h. */
#include "git/parallel.h"
#include "base/error.h"
#include "base/threads.h"
#include "base/util.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct pool {
	git_repository *repo;	/* the caller's */
	size_t n, next;
	const size_t *order;	/* the order to take them in, or NULL: 0..n-1 */
	uint8_t *taken;		/* per i, with an order */
	size_t failed;		/* the least i that failed, or SIZE_MAX */
	parallel_fn *fn;
	void *ctx;
	pthread_mutex_t lock;	/* next, taken, failed, and the caller's handle
				   when shared */
};

/* The next i, or SIZE_MAX when none is left. */
static size_t take(struct pool *p)
{
	size_t i = SIZE_MAX;

	pthread_mutex_lock(&p->lock);
	if (p->next < p->n) {
		i = p->order ? p->order[p->next] : p->next;
		p->next++;
		if (p->taken)
			p->taken[i] = 1;
	}
	pthread_mutex_unlock(&p->lock);
	return i;
}

/* i failed: nothing more is taken. */
static void stop(struct pool *p, size_t i)
{
	pthread_mutex_lock(&p->lock);
	p->next = p->n;
	if (i < p->failed)
		p->failed = i;
	pthread_mutex_unlock(&p->lock);
}

static int call_shared(struct pool *p, size_t i)
{
	int rc;

	pthread_mutex_lock(&p->lock);
	rc = p->fn(p->ctx, p->repo, i);
	pthread_mutex_unlock(&p->lock);
	return rc;
}

/* The handles of the threads of earlier pools, kept for the next ones on the
 * same git directory (parallel_close). */
static struct {
	pthread_mutex_t lock;
	char *dir;
	git_repository *idle[THREADS_MAX];
	size_t n;
} kept = { PTHREAD_MUTEX_INITIALIZER, NULL, { NULL }, 0 };

static void close_idle(void)
{
	while (kept.n)
		git_repository_free(kept.idle[--kept.n]);
	free(kept.dir);
	kept.dir = NULL;
}

/* (parallel.h) */
git_repository *parallel_handle_take(const char *dir)
{
	git_repository *r = NULL;

	pthread_mutex_lock(&kept.lock);
	if (kept.n && !strcmp(kept.dir, dir))
		r = kept.idle[--kept.n];
	pthread_mutex_unlock(&kept.lock);
	/* git's environment followed as repo_open follows it (repo.h) */
	if (!r && git_repository_open_ext(&r, dir, GIT_REPOSITORY_OPEN_FROM_ENV, NULL) < 0)
		r = NULL;
	return r;
}

void parallel_handle_give(const char *dir, git_repository *r)
{
	if (!r)
		return;
	pthread_mutex_lock(&kept.lock);
	if (!kept.dir || strcmp(kept.dir, dir)) {
		close_idle();
		kept.dir = xstrdup(dir);
	}
	if (kept.n < THREADS_MAX) {
		kept.idle[kept.n++] = r;
		r = NULL;
	}
	pthread_mutex_unlock(&kept.lock);
	git_repository_free(r);	/* (when THREADS_MAX are kept already) */
}

void parallel_close(void)
{
	pthread_mutex_lock(&kept.lock);
	close_idle();
	pthread_mutex_unlock(&kept.lock);
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	const char *dir = git_repository_path(p->repo);
	git_repository *own = parallel_handle_take(dir);
	size_t i;

	while ((i = take(p)) != SIZE_MAX)
		if (own ? p->fn(p->ctx, own, i) : call_shared(p, i))
			stop(p, i);
	parallel_handle_give(dir, own);
	return NULL;
}

/* Taken in another order and one failed: those below it not taken yet, in
 * increasing order until one fails (parallel.h's promise). */
static void run_below_failed(struct pool *p)
{
	for (size_t i = 0; p->order && i < p->failed && i < p->n; i++)
		if (!p->taken[i] && p->fn(p->ctx, p->repo, i))
			break;
}

size_t parallel_run_ordered(git_repository *repo, size_t n, const size_t *order,
			    parallel_fn *fn, void *ctx)
{
	struct pool p = { repo, n, 0, order, order ? xcalloc(n + 1, 1) : NULL, SIZE_MAX,
			  fn, ctx, PTHREAD_MUTEX_INITIALIZER };
	size_t nt = thread_count(n), started = 0;
	pthread_t tid[THREADS_MAX];
	size_t i;

	for (size_t t = 1; t < nt; t++)
		started += thread_start(&tid[started], worker, &p) == 0;
	if (!started) {		/* all in this thread, with its own handle */
		while ((i = take(&p)) != SIZE_MAX)
			if (fn(ctx, repo, i)) {
				stop(&p, i);
				break;
			}
	} else {
		worker(&p);
		for (size_t t = 0; t < started; t++)
			pthread_join(tid[t], NULL);
	}
	run_below_failed(&p);
	free(p.taken);
	return started + 1;
}

size_t parallel_run(git_repository *repo, size_t n, parallel_fn *fn, void *ctx)
{
	return parallel_run_ordered(repo, n, NULL, fn, ctx);
}
