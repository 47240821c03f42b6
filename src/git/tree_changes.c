/* tree_changes.c — see tree_changes.h. */
#include "git/tree_changes.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

struct walk {
	git_repository *repo;
	git_odb *odb;
	struct tree_changes *out;
};

static int is_tree(const git_tree_entry *e)
{
	return git_tree_entry_type(e) == GIT_OBJECT_TREE;
}

static char *joined(const char *prefix, const char *name)
{
	size_t p = strlen(prefix), n = strlen(name);
	char *s = xmalloc(p + n + 2);

	memcpy(s, prefix, p);
	s[p] = '/';
	memcpy(s + (p ? p + 1 : 0), name, n + 1);
	return s;
}

/* Is content id absent (a blob whose id changed; a submodule's commit is
 * never in this repository)? */
static int absent(const struct walk *w, const git_tree_entry *e)
{
	return e && git_tree_entry_filemode(e) != GIT_FILEMODE_COMMIT &&
	       !git_odb_exists(w->odb, git_tree_entry_id(e));
}

/* File path differs: old entry a, new entry b (either NULL). */
static int add_file(struct walk *w, const char *path, const git_tree_entry *a,
		    const git_tree_entry *b)
{
	struct tree_change *c;

	if ((!a || !b || !git_oid_equal(git_tree_entry_id(a), git_tree_entry_id(b))) &&
	    (absent(w, a) || absent(w, b)))
		return TREE_CHANGES_MISSING;
	ARRAY_GROW(w->out->c, w->out->n, w->out->cap);
	c = &w->out->c[w->out->n++];
	memset(c, 0, sizeof(*c));
	c->path = xstrdup(path);
	if (a) {
		c->old_mode = (uint32_t)git_tree_entry_filemode(a);
		git_oid_cpy(&c->old_id, git_tree_entry_id(a));
	}
	if (b) {
		c->new_mode = (uint32_t)git_tree_entry_filemode(b);
		git_oid_cpy(&c->new_id, git_tree_entry_id(b));
	}
	return 0;
}

static int walk_trees(struct walk *w, const char *prefix, const git_tree *a, const git_tree *b);

/* Subtree entries a and b (either NULL) at path. */
static int walk_subtrees(struct walk *w, const char *path, const git_tree_entry *a,
			 const git_tree_entry *b)
{
	git_tree *ta = NULL, *tb = NULL;
	int rc = 0;

	if ((a && (rc = git_tree_lookup(&ta, w->repo, git_tree_entry_id(a))) < 0) ||
	    (b && (rc = git_tree_lookup(&tb, w->repo, git_tree_entry_id(b))) < 0))
		rc = rc == GIT_ENOTFOUND ? TREE_CHANGES_MISSING : rc;
	else
		rc = walk_trees(w, path, ta, tb);
	git_tree_free(ta);
	git_tree_free(tb);
	return rc;
}

/* One side's entry e (the other has none by its name and kind). */
static int one_side(struct walk *w, const char *path, const git_tree_entry *e, int old)
{
	if (is_tree(e))
		return walk_subtrees(w, path, old ? e : NULL, old ? NULL : e);
	return add_file(w, path, old ? e : NULL, old ? NULL : e);
}

/* Entries a and b of one name and kind. */
static int both_sides(struct walk *w, const char *path, const git_tree_entry *a,
		      const git_tree_entry *b)
{
	if (git_oid_equal(git_tree_entry_id(a), git_tree_entry_id(b)) &&
	    git_tree_entry_filemode(a) == git_tree_entry_filemode(b))
		return 0;
	if (is_tree(a))
		return walk_subtrees(w, path, a, b);
	return add_file(w, path, a, b);
}

/* Trees a and b (either NULL) under prefix, merged in git's order (a
 * directory sorts as its name and a slash: git_tree_entry_cmp). */
static int walk_trees(struct walk *w, const char *prefix, const git_tree *a, const git_tree *b)
{
	size_t na = a ? git_tree_entrycount(a) : 0, nb = b ? git_tree_entrycount(b) : 0;
	size_t i = 0, j = 0;
	int rc = 0;

	while (!rc && (i < na || j < nb)) {
		const git_tree_entry *x = i < na ? git_tree_entry_byindex(a, i) : NULL;
		const git_tree_entry *y = j < nb ? git_tree_entry_byindex(b, j) : NULL;
		int cmp = !x ? 1 : !y ? -1 : git_tree_entry_cmp(x, y);
		const git_tree_entry *e = cmp <= 0 ? x : y;
		char *path = joined(prefix, git_tree_entry_name(e));
		if (cmp < 0)
			rc = one_side(w, path, x, 1);
		else if (cmp > 0)
			rc = one_side(w, path, y, 0);
		else
			rc = both_sides(w, path, x, y);
		free(path);
		i += cmp <= 0;
		j += cmp >= 0;
	}
	return rc;
}

int tree_changes(git_repository *repo, const git_tree *a, const git_tree *b,
		 struct tree_changes *out)
{
	struct walk w = { repo, NULL, out };
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = git_repository_odb(&w.odb, repo)) < 0)
		return rc;
	rc = walk_trees(&w, "", a, b);
	git_odb_free(w.odb);
	return rc;
}

void tree_changes_release(struct tree_changes *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->c[i].path);
	free(t->c);
	memset(t, 0, sizeof(*t));
}
