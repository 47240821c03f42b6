/*
 * tree_changes.h — the files that differ between two trees, found by
 * comparing them entry by entry and entering only the subtrees whose ids
 * differ.  libgit2 1.5's git_diff_tree_to_tree reads every entry of both
 * trees (git/git: 4,400 a diff, 8 M instructions) to find the same files.
 *
 * A file is a path (a blob, a symbolic link or a submodule's commit) whose
 * mode or id differs, or that is on one side only; a subtree on one side
 * only gives each of its files.  A path that is a file on one side and a
 * directory on the other gives the file and the directory's files, as
 * git's diff does.  The files come in the trees' order.
 *
 * Nothing is fetched: when a tree, or the content of a file whose id
 * differs, is absent from the object database (a partial clone), the
 * answer is TREE_CHANGES_MISSING.
 */
#ifndef REGTRACE_TREE_CHANGES_H
#define REGTRACE_TREE_CHANGES_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

#define TREE_CHANGES_MISSING 1

struct tree_change {
	char *path;
	uint32_t old_mode, new_mode;	/* 0 on the side without it */
	git_oid old_id, new_id;		/* zeros on the side without it */
};

struct tree_changes {
	struct tree_change *c;
	size_t n, cap;
};

/* The files that differ between trees a and b (either NULL: empty) into
 * *out (tree_changes_release it, whatever the answer): 0,
 * TREE_CHANGES_MISSING, or a libgit2 error (< 0). */
int tree_changes(git_repository *repo, const git_tree *a, const git_tree *b,
		 struct tree_changes *out);

void tree_changes_release(struct tree_changes *t);

#endif
