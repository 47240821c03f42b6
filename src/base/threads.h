/*
 * threads.h — how many threads a piece of work may use.
 *
 * A base primitive: includes nothing of regtrace.
 */
#ifndef REGTRACE_THREADS_H
#define REGTRACE_THREADS_H

#include <stddef.h>

#define THREADS_MAX 8

/* Threads worth starting for n independent pieces of work: the online
 * cores (REGTRACE_THREADS overrides), at most n and THREADS_MAX. */
size_t thread_count(size_t n);

#endif
