/*
 * contains.h — which history holds a commit, for `affected`
 * (load/affected_load.h): the full id an abbreviated one names, whether a
 * commit is in a revision's history, and the first mainline tag
 * (vX, vX.Y, optionally -rcN: mainline_read.h) whose history holds it.
 *
 * The mainline tags are taken in version order, each taken to hold the
 * history of the tags before it (as on a mainline, where each release
 * descends from the previous one): the commits whose first tag is tag i
 * are then its segment, tag i ^ tag i - 1.  A commit's first tag is looked
 * for in the segments near the first tag dated at or after it (the
 * commit's own date; merged later, or skewed, it sits a few segments on),
 * each segment walked once (libgit2's revwalk) and kept for the run, so a
 * batch of ids reads each stretch of the mainline at most once; a commit
 * found in none of them is searched by halves with ancestry checks
 * (git_graph_descendant_of), which walk much more.
 */
#ifndef REGTRACE_CONTAINS_H
#define REGTRACE_CONTAINS_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

struct contains_segment {
	git_oid *v;		/* sorted; NULL: not walked yet */
	size_t n;
};

struct contains_tags {
	const char **name;	/* borrowed from the run's tag table (tags.h) */
	git_oid *commit;
	int64_t *date;		/* the tag's date (tags.h) */
	struct contains_segment *seg;	/* per tag, once walked */
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
long contains_first_tag(git_repository *repo, struct contains_tags *t, const char *hex);

/* The rank of the tag named name in t, or -1. */
long contains_tag_rank(const struct contains_tags *t, const char *name);

#endif
