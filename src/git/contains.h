/*
 * contains.h — which history holds a commit, for `affected`
 * (load/affected_load.h): the full id an abbreviated one names, whether a
 * commit is in a revision's history, and the first mainline tag
 * (vX, vX.Y, optionally -rcN: mainline_read.h) whose history holds it.
 *
 * The mainline tags are taken in version order, each taken to hold the
 * history of the tags before it (as on a mainline, where each release
 * descends from the previous one).  An ancestry check (libgit2's
 * git_graph_descendant_of: the commit-graph when there is one, else a walk
 * by dates) costs the commits between the two, so the search starts at the
 * first tag dated at or after the commit and steps from there to the
 * first tag holding it: a few checks, each over a short stretch of history,
 * where a search by halves would walk most of a long mainline.
 */
#ifndef REGTRACE_CONTAINS_H
#define REGTRACE_CONTAINS_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

struct contains_tags {
	const char **name;	/* borrowed from the run's tag table (tags.h) */
	git_oid *commit;
	int64_t *date;		/* the tag's date (tags.h) */
	size_t n;
};

/* The full id of the commit id (4 to 40 hex digits) names: 0; 1 when no
 * object has that prefix or it is no commit; 2 when several objects do. */
int contains_full_id(git_repository *repo, const char *id, char hex[41]);

/* 1 when commit hex is rev's commit or one of its ancestors, else 0 (also
 * when either cannot be read). */
int contains_in(git_repository *repo, const git_oid *rev, const char *hex);

/* The mainline tags of repo, in version order; 0, or RT_EFAIL with err. */
int contains_tags_load(git_repository *repo, struct contains_tags *out, char *err,
		       size_t errlen);
void contains_tags_release(struct contains_tags *t);

/* The rank of the first tag of t whose history holds hex, or -1. */
long contains_first_tag(git_repository *repo, const struct contains_tags *t, const char *hex);

/* The rank of the tag named name in t, or -1. */
long contains_tag_rank(const struct contains_tags *t, const char *name);

#endif
