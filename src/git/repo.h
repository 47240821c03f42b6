/*
 * repo.h — the git layer's front: open a repository, and read one range
 * into a history (core/history.h): its commits in history order with their
 * parsed messages (walk.h), and the tags whose commit is among them.
 *
 * The git layer reads; it applies no counting rule (core/analyze.h does).
 * Errors come back as RT_E* (base/error.h) with a one-line message in err;
 * nothing here prints or exits.
 */
#ifndef REGTRACE_REPO_H
#define REGTRACE_REPO_H

#include <stddef.h>
#include <git2.h>

#include "core/history.h"
#include "core/message.h"
#include "git/cache.h"
#include "git/discover.h"

int repo_open(git_repository **out, const char *dir, char *err, size_t errlen);

struct read_options {
	const struct msg_rules *msg_rules;	/* the project's alias patterns, or NULL */
	struct cache *cache;		/* commit facts of earlier runs, or NULL */
	unsigned threads;		/* reader threads per walk; 0: thread_count */
	int paths_depth;		/* > 0: also read the subsystems each commit
					   touches, cut at this depth (--by path) */
};

/* Fill h (history_init'ed) from one range; an empty range is an error, and
 * so is an end that names nothing ("unknown revision 'X'", with the tags
 * that look close: core/close_tags.h). */
int repo_read_range(git_repository *repo, const struct range *rg,
		    const struct read_options *opt, struct history *h, char *err, size_t errlen);

#endif
