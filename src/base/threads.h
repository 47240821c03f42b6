/*
 * threads.h — how many threads a piece of work may use, and n pieces of
 * pure work (no repository handle: git/parallel.h is for those) run over
 * that many threads.
 *
 * Every thread of regtrace starts through thread_start, which first
 * advises the new thread's heap for huge pages as main's is (heap.h).
 *
 * A base primitive: includes nothing of regtrace's but base.
 */
#ifndef REGTRACE_THREADS_H
#define REGTRACE_THREADS_H

#include <pthread.h>
#include <stddef.h>

#define THREADS_MAX 8

/* Threads worth starting for n independent pieces of work: the online
 * cores (REGTRACE_THREADS overrides), at most n and THREADS_MAX. */
size_t thread_count(size_t n);

/* fn(ctx, i) once for each i in 0..n-1, taken in increasing order, on
 * thread_count(n) threads (the calling thread is one of them; all in it
 * when no thread can be started).  fn must not fail. */
typedef void threads_fn(void *ctx, size_t i);
void threads_each(size_t n, threads_fn *fn, void *ctx);

/* pthread_create(tid, NULL, fn, arg): its result (0: started).  (Threads'
 * heaps are left to the kernel's default: base/heap.h.) */
int thread_start(pthread_t *tid, void *(*fn)(void *), void *arg);

#endif
