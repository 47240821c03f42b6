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
#include <stdint.h>
#include <git2.h>

#include "base/progress.h"
#include "core/history.h"
#include "core/message.h"
#include "cache/commits.h"
#include "git/discover.h"

int repo_open(git_repository **out, const char *dir, char *err, size_t errlen);
/* The commit rev names (a tag through the tags table, without reading an
 * object: tags.h), as a range's end is read: 0, or RT_EFAIL with err set
 * (unknown, ambiguous, not a commit). */
int repo_resolve(git_repository *repo, const char *rev, git_oid *oid, char *err, size_t errlen);

/* The repository's objects directory, to free (NULL when libgit2 cannot say). */
char *repo_objects_dir(git_repository *repo);


struct read_options {
	const struct msg_rules *msg_rules;	/* the project's alias patterns, or NULL */
	struct cache *cache;		/* commit facts of earlier runs, or NULL */
	unsigned threads;		/* reader threads per walk; 0: thread_count */
	int paths_depth;		/* > 0: also read the subsystems each commit
					   touches, cut at this depth (--by path) */
	const struct progress *paths_progress;	/* hears of each commit whose
					   paths are read, or NULL */
};

/* Fill h (history_init'ed) from one range; an empty range is an error, and
 * so is an end that names nothing ("unknown revision 'X'", with the tags
 * that look close: core/close_tags.h). */
int repo_read_range(git_repository *repo, const struct range *rg,
		    const struct read_options *opt, struct history *h, char *err, size_t errlen);

/*
 * The same for several ranges, in two steps: repo_walk_ranges() reads the
 * commits of them all (range_read.h: together, each commit read once), then
 * repo_fill_range() makes each one's history (any thread, one range each).
 * Each range has its own outcome, exactly repo_read_range()'s.
 */
struct range_reading {
	const struct range *rg;
	int rc;			/* of the walk (or of resolving the names) */
	char err[1024];
	int resolved;		/* base and tip are set */
	git_oid base, tip;
	void *walk;		/* struct walk_result, or NULL */
};
void repo_walk_ranges(git_repository *repo, struct range_reading *v, size_t n,
		      const struct read_options *opt);
/* Whether the commit cache holds range r as it is, to be read from it with
 * no walk (r's names are resolved now; repo_walk_ranges() does it again):
 * for the caller's order of work, not its outcome. */
int repo_range_cached(git_repository *repo, struct range_reading *r,
		      const struct read_options *opt);
int repo_fill_range(git_repository *repo, struct range_reading *r,
		    const struct read_options *opt, struct history *h, char *err, size_t errlen);
/* The commits repo_walk_ranges() found (merges included). */
size_t range_reading_commits(const struct range_reading *r);
/* Those of them read from the repository, not from the commit cache. */
size_t range_reading_fresh(const struct range_reading *r);
void range_reading_release(struct range_reading *r);

#endif
