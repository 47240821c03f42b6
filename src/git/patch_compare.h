/*
 * patch_compare.h — do two commits' changes have the same patch-id
 * (git_diff_patchid of the diff against the first parent), answered
 * without computing the whole of either patch when they differ.
 *
 * libgit2's patch-id is the sum, over the files of the diff, of a hash of
 * each file's header ("diff --git a/PATH b/PATH", modes) and lines, white
 * space removed.  So a change is kept as its file groups: the deltas whose
 * paths are the same once white space is removed, sorted by that name.
 * Two changes have the same patch-id exactly when they have the same
 * groups and each group has the same patch-id alone (the diff limited to
 * its paths), but for a SHA-1 collision, as git's own patch-id (or paths
 * made to spell another file's header).  A change's files are found by
 * comparing its trees (tree_changes.h, no blob read); groups are compared
 * names first, then one by one, the first that differs ending the
 * comparison; a group whose files have the same paths, modes and blob ids
 * on both sides is the same without being read.  Before any diff, two
 * groups whose line balances differ (core/line_balance.h: the lines the
 * change adds less those it removes) differ, their blobs read but not
 * diffed; only where libgit2's diff takes every file of both for text (no
 * submodule, "diff" attribute unset or set, no NUL in the first 8,000
 * bytes, under 512 MB).  Each blob's line sum is kept in the inference
 * cache for the run (never saved).
 * A group's patch-id, once computed, is kept in its change and in the
 * inference cache (NULL: none), by a key hashed from the commit's id and
 * the group's name, for the next tie or the next run that compares it.
 *
 * Nothing is fetched: a change whose trees or changed blobs are absent (a
 * partial clone) is CHANGE_MISSING when read, whatever it is compared with.
 * Errors: RT_EFAIL with a one-line message naming the commit.
 */
#ifndef REGTRACE_PATCH_COMPARE_H
#define REGTRACE_PATCH_COMPARE_H

#include <stddef.h>
#include <git2.h>

#include "cache/infer.h"

#define CHANGE_MISSING (-1)

struct change_group;

struct change {
	git_oid commit;
	struct change_group *group;
	size_t ngroups;
};

/* Commit's change into c (change_release it, whatever the answer): 0,
 * CHANGE_MISSING or RT_EFAIL. */
int change_read(git_repository *repo, const git_oid *commit, struct change *c, char *err,
		size_t errlen);

/* Do a and b (read) have the same patch-id: *same 1 or 0; returns 0,
 * CHANGE_MISSING or RT_EFAIL. */
int change_same_patch(git_repository *repo, struct infercache *cache, struct change *a,
		      struct change *b, int *same, char *err, size_t errlen);

void change_release(struct change *c);

#endif
