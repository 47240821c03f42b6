/*
 * replace.h — git's replacements of commits, followed as git follows them:
 *  - refs under refs/replace/ (GIT_REPLACE_REF_BASE moves them), each named
 *    by the id it replaces and naming the replacement (`git replace`,
 *    `git replace --graft`): the commit keeps its id, its date, parents and
 *    message are the replacement's; not followed when GIT_NO_REPLACE_OBJECTS
 *    is set (to anything: --no-replace-objects sets it);
 *  - the deprecated info/grafts file (GIT_GRAFT_FILE moves it): a commit's
 *    parents as listed, followed whatever GIT_NO_REPLACE_OBJECTS says.
 * The walk (walk.h) reads replaced and grafted commits from their objects,
 * never from the commit cache or the commit-graph (git does not use the
 * commit-graph when there are replacements), and does not cache them.
 * A replaced tag, tree or blob is not followed (only commits are read).
 */
#ifndef REGTRACE_REPLACE_H
#define REGTRACE_REPLACE_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

struct replacement {
	uint8_t from[20];
	uint8_t to[20];			/* the object read instead (from itself for a graft) */
	int graft;			/* parents below, not the object's */
	uint8_t (*parents)[20];
	unsigned nparents;
};

struct replace_map {
	struct replacement *v;		/* sorted by from */
	size_t n;
};

/* RT_OK, or RT_EFAIL with a one-line message (a ref or grafts line that
 * cannot be read).  Read once per repository and process (what a run
 * sees does not change under it): later calls get a copy. */
int replace_load(git_repository *repo, struct replace_map *out, char *err, size_t errlen);
const struct replacement *replace_find(const struct replace_map *m, const uint8_t oid[20]);
/* The grafts file replace_load reads: $GIT_GRAFT_FILE, else the common git
 * directory's info/grafts (to free). */
char *replace_grafts_path(git_repository *repo);
void replace_release(struct replace_map *m);

#endif
