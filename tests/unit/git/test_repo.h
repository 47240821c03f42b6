/*
 * test_repo.h — a small bare repository made with libgit2 for the git
 * layer's unit tests: its commits written one by one, each with the empty
 * tree, author and committer "A <a@example.org>" at a date of the test's
 * choosing.
 *
 * tr_open() makes the directory from a mkdtemp() template (changed in
 * place), the repository and its empty tree; tr_commit() writes a commit of
 * zero, one or two parents; tr_remove() frees the repository and removes
 * the directory.  Each returns 0, or -1 when libgit2 or the system failed
 * (a cmocka setup returns it as is).
 */
#ifndef TEST_REPO_H
#define TEST_REPO_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <git2.h>

struct test_repo {
	git_repository *repo;
	git_oid tree;		/* the empty tree */
	const char *dir;	/* the template given to tr_open, made unique */
};

static inline int tr_open(struct test_repo *t, char *dir_template)
{
	git_treebuilder *tb;
	int rc;

	t->repo = NULL;
	t->dir = dir_template;
	git_libgit2_init();
	if (!mkdtemp(dir_template) || git_repository_init(&t->repo, dir_template, 1) < 0 ||
	    git_treebuilder_new(&tb, t->repo, NULL) < 0)
		return -1;
	rc = git_treebuilder_write(&t->tree, tb) < 0 ? -1 : 0;
	git_treebuilder_free(tb);
	return rc;
}

/* *out: a commit dated `when` (seconds since the epoch) with message msg
 * and parents p1 and p2 (NULL: not there; p2 only after p1). */
static inline int tr_commit(struct test_repo *t, git_oid *out, int64_t when, const char *msg,
			    const git_oid *p1, const git_oid *p2)
{
	git_signature *sig;
	git_commit *parents[2] = { NULL, NULL };
	git_tree *tree = NULL;
	size_t n = 0;
	int rc = -1;

	if (git_signature_new(&sig, "A", "a@example.org", when, 0) < 0)
		return -1;
	if (git_tree_lookup(&tree, t->repo, &t->tree) == 0 &&
	    (!p1 || git_commit_lookup(&parents[n++], t->repo, p1) == 0) &&
	    (!p1 || !p2 || git_commit_lookup(&parents[n++], t->repo, p2) == 0))
		rc = git_commit_create(out, t->repo, NULL, sig, sig, NULL, msg, tree, n,
				       (const git_commit **)parents) < 0 ? -1 : 0;
	git_commit_free(parents[0]);
	git_commit_free(parents[1]);
	git_tree_free(tree);
	git_signature_free(sig);
	return rc;
}

static inline int tr_remove(struct test_repo *t)
{
	char cmd[300];

	git_repository_free(t->repo);
	t->repo = NULL;
	git_libgit2_shutdown();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", t->dir);
	return system(cmd) ? -1 : 0;
}

#endif
