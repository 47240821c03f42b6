/*
 * repo.h — the libgit2 side: open a repository, read one range into a
 * series (commits in history order, parsed messages, releases attributed,
 * census computed).
 *
 * Errors come back as REPO_E* with a one-line message in err; nothing here
 * prints or exits.
 */
#ifndef REGTRACE_REPO_H
#define REGTRACE_REPO_H

#include <stddef.h>
#include <git2.h>

#include "cache.h"
#include "series.h"

enum { REPO_OK = 0, REPO_EFAIL = 1, REPO_EUSAGE = 2 };

int repo_open(git_repository **out, const char *dir, char *err, size_t errlen);

struct load_options {
	const char *introduced_until;	/* a release name, or NULL */
	const regex_t *series_re;	/* the project's series pattern, or NULL */
	const struct msg_rules *msg_rules;	/* its alias patterns, or NULL */
	struct cache *cache;		/* commit facts of earlier runs, or NULL */
	unsigned threads;		/* reader threads per walk; 0: repo_thread_count */
};

#define REPO_MAX_THREADS 8
/* Threads worth starting for n independent pieces of work: the online
 * cores (REGTRACE_THREADS overrides), at most n and REPO_MAX_THREADS. */
size_t repo_thread_count(size_t n);

/* Fill s (which must be zeroed) from range "BASE..TIP". */
int repo_load_series(git_repository *repo, const char *range,
		     const struct load_options *opt, struct series *s,
		     char *err, size_t errlen);

void series_release_all(struct series *s);

#endif
