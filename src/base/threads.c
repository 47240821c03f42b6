/* threads.c — see threads.h. */
#include "base/threads.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

size_t thread_count(size_t n)
{
	const char *env = getenv("REGTRACE_THREADS");
	long t = env ? atol(env) : sysconf(_SC_NPROCESSORS_ONLN);

	if (t < 1)
		t = 1;
	if (t > THREADS_MAX)
		t = THREADS_MAX;
	return (size_t)t < n ? (size_t)t : (n ? n : 1);
}

int thread_start(pthread_t *tid, void *(*fn)(void *), void *arg)
{
	return pthread_create(tid, NULL, fn, arg);
}

struct each {
	size_t n, next;
	threads_fn *fn;
	void *ctx;
	pthread_mutex_t lock;	/* next */
};

/* The next i, or SIZE_MAX when none is left. */
static size_t take(struct each *e)
{
	size_t i;

	pthread_mutex_lock(&e->lock);
	i = e->next < e->n ? e->next++ : SIZE_MAX;
	pthread_mutex_unlock(&e->lock);
	return i;
}

static void *worker(void *arg)
{
	struct each *e = arg;
	size_t i;

	while ((i = take(e)) != SIZE_MAX)
		e->fn(e->ctx, i);
	return NULL;
}

void threads_each(size_t n, threads_fn *fn, void *ctx)
{
	struct each e = { n, 0, fn, ctx, PTHREAD_MUTEX_INITIALIZER };
	size_t nt = thread_count(n), started = 0;
	pthread_t tid[THREADS_MAX];

	for (size_t t = 1; t < nt; t++)
		started += thread_start(&tid[started], worker, &e) == 0;
	worker(&e);
	for (size_t t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
}
