/*
 * parallel.h — n independent pieces of work over a few threads, each thread
 * with its own repository handle (libgit2 handles are not shared between
 * threads).
 *
 * parallel_run() calls fn(ctx, repo, i) once for each i in 0..n-1, taking
 * them in increasing order, on thread_count(n) threads (the calling
 * thread is one of them, with a handle of its own too).  When fn returns
 * non-zero no further i is taken, so every i below the first failing one
 * has been run.  A thread whose handle cannot be opened shares the
 * caller's, one call at a time.
 */
#ifndef REGTRACE_PARALLEL_H
#define REGTRACE_PARALLEL_H

#include <stddef.h>
#include <git2.h>

typedef int parallel_fn(void *ctx, git_repository *repo, size_t i);

/* Returns how many threads ran (1 when everything ran in the caller). */
size_t parallel_run(git_repository *repo, size_t n, parallel_fn *fn, void *ctx);
/* The same, taking i in the order of order[0..n-1] (a permutation: the
 * longest pieces first, say, so that no thread is left alone with one at
 * the end).  The promise stays: when fn fails, every i below the failing
 * one not taken yet is run then, in increasing order until one fails, on
 * the calling thread. */
size_t parallel_run_ordered(git_repository *repo, size_t n, const size_t *order,
			    parallel_fn *fn, void *ctx);

/* The threads' handles are kept for the next parallel_run on the same git
 * directory (opening one reads the settings' files again, and its first
 * ref lookup parses packed-refs again); closed here, before the repository
 * they were opened on is closed (a run's end), and whenever a pool runs on
 * another git directory. */
void parallel_close(void);

/* A handle on the git directory dir (git_repository_path()) for a thread
 * of one's own: one kept (above), or opened; NULL when it cannot be.  Give
 * it back when the thread is done (NULL: nothing). */
git_repository *parallel_handle_take(const char *dir);
void parallel_handle_give(const char *dir, git_repository *h);

#endif
