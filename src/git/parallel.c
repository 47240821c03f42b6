/* parallel.c — see parallel.h. */
#include "git/parallel.h"
#include "base/error.h"
#include "base/threads.h"

#include <pthread.h>
#include <stdint.h>

struct pool {
	git_repository *repo;	/* the caller's */
	size_t n, next;
	parallel_fn *fn;
	void *ctx;
	pthread_mutex_t lock;	/* next, and the caller's handle when shared */
};

/* The next i, or SIZE_MAX when none is left. */
static size_t take(struct pool *p)
{
	size_t i;

	pthread_mutex_lock(&p->lock);
	i = p->next < p->n ? p->next++ : SIZE_MAX;
	pthread_mutex_unlock(&p->lock);
	return i;
}

static void stop(struct pool *p)
{
	pthread_mutex_lock(&p->lock);
	p->next = p->n;
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

static void *worker(void *arg)
{
	struct pool *p = arg;
	git_repository *own = NULL;
	size_t i;

	/* git's environment followed as repo_open follows it (repo.h) */
	if (git_repository_open_ext(&own, git_repository_path(p->repo),
				    GIT_REPOSITORY_OPEN_FROM_ENV, NULL) < 0)
		own = NULL;
	while ((i = take(p)) != SIZE_MAX)
		if (own ? p->fn(p->ctx, own, i) : call_shared(p, i))
			stop(p);
	git_repository_free(own);
	return NULL;
}

size_t parallel_run(git_repository *repo, size_t n, parallel_fn *fn, void *ctx)
{
	struct pool p = { repo, n, 0, fn, ctx, PTHREAD_MUTEX_INITIALIZER };
	size_t nt = thread_count(n), started = 0;
	pthread_t tid[THREADS_MAX];
	size_t i;

	for (size_t t = 1; t < nt; t++)
		started += thread_start(&tid[started], worker, &p) == 0;
	if (!started) {		/* all in this thread, with its own handle */
		while ((i = take(&p)) != SIZE_MAX)
			if (fn(ctx, repo, i))
				break;
		return 1;
	}
	worker(&p);
	for (size_t t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	return started + 1;
}
