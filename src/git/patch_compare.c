/* patch_compare.c — see patch_compare.h. */
#include "git/patch_compare.h"
#include "base/error.h"
#include "base/util.h"
#include "core/line_balance.h"
#include "git/tree_changes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A changed file of a group: what its line balance reads. */
struct group_file {
	size_t path;		/* in the group's path[] */
	uint32_t old_mode, new_mode;
	git_oid old_id, new_id;
};

/* The changed files of one group (patch_compare.h). */
struct change_group {
	char *name;		/* the path, white space removed */
	char **path;		/* the files' paths as they are, each once */
	size_t npaths;
	struct group_file *file;
	size_t nfiles;
	git_oid same;		/* hash of the files' paths, modes and blob ids */
	int state;		/* 0 patch-id not computed, 1 computed, CHANGE_MISSING */
	git_oid pid;		/* the patch-id of the diff limited to path[] */
	int balance_state;	/* 0 not worked out, 1 worked out, -1 not text */
	uint64_t balance;	/* the files' line balance (core/line_balance.h) */
};

/* A changed file, as the groups are made of. */
struct entry {
	char *name;
	char *record;		/* path, modes and ids, for `same` */
	size_t reclen;
	const struct tree_change *d;
};

#define GITLINK_MODE 0160000
/* What libgit2's diff takes for binary, whatever its attributes: a blob of
 * 512 MB or more (git_diff_options.max_size), or with a NUL in its first
 * 8,000 bytes. */
#define BINARY_SIZE ((git_object_size_t)512 * 1024 * 1024)
#define NUL_LOOKED_AT 8000

static int patch_error(const git_oid *commit, char *err, size_t errlen)
{
	char hex[41];

	git_oid_tostr(hex, sizeof(hex), commit);
	return rt_fail(err, errlen, RT_EFAIL,
		       "cannot read the patch of commit %s: %s (--no-infer reads no patch)", hex,
		       git_error_last() ? git_error_last()->message : "unknown error");
}

/* Commit's tree and its first parent's (NULL for a root commit) into *tree
 * and *ptree (to free): 0, CHANGE_MISSING (a tree absent) or RT_EFAIL. */
static int commit_trees(git_repository *repo, const git_oid *commit, git_tree **tree,
			git_tree **ptree, char *err, size_t errlen)
{
	git_commit *c = NULL, *parent = NULL;
	char hex[41];
	int e;

	*tree = *ptree = NULL;
	if (git_commit_lookup(&c, repo, commit) < 0) {
		git_oid_tostr(hex, sizeof(hex), commit);
		return rt_fail(err, errlen, RT_EFAIL, "cannot read commit %s", hex);
	}
	if ((e = git_commit_tree(tree, c)) >= 0 && git_commit_parentcount(c) &&
	    (e = git_commit_parent(&parent, c, 0)) >= 0)
		e = git_commit_tree(ptree, parent);
	git_commit_free(parent);
	git_commit_free(c);
	if (e >= 0)
		return 0;
	git_tree_free(*tree);
	*tree = NULL;
	return e == GIT_ENOTFOUND ? CHANGE_MISSING : patch_error(commit, err, errlen);
}

/* The diff of commit's change against its first parent, limited to the
 * literal paths paths[0..npaths), into *diff (to free): 0, CHANGE_MISSING
 * or RT_EFAIL.  (Its blobs are there: change_read found every changed one
 * before any group is diffed.) */
static int group_diff(git_repository *repo, const git_oid *commit, char **paths, size_t npaths,
		      git_diff **diff, char *err, size_t errlen)
{
	git_diff_options o;
	git_tree *tree, *ptree;
	int rc, e;

	*diff = NULL;
	if ((rc = commit_trees(repo, commit, &tree, &ptree, err, errlen)))
		return rc;
	git_diff_options_init(&o, GIT_DIFF_OPTIONS_VERSION);
	o.pathspec.strings = paths;
	o.pathspec.count = npaths;
	o.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH;
	if ((e = git_diff_tree_to_tree(diff, repo, ptree, tree, &o)) < 0)
		rc = e == GIT_ENOTFOUND ? CHANGE_MISSING : patch_error(commit, err, errlen);
	git_tree_free(ptree);
	git_tree_free(tree);
	return rc;
}

/* p without the white space the patch-id drops (git__isspace). */
static char *stripped(const char *p)
{
	char *s = xmalloc(strlen(p) + 1), *o = s;

	for (; *p; p++)
		if (!strchr(" \t\n\v\f\r", *p))
			*o++ = *p;
	*o = '\0';
	return s;
}

static struct entry entry_of(const struct tree_change *d)
{
	const char *p = d->path;
	char tail[128], ho[41], hn[41];
	size_t lp = strlen(p) + 1, lt;
	struct entry e = { stripped(p), NULL, 0, d };

	git_oid_tostr(ho, sizeof(ho), &d->old_id);
	git_oid_tostr(hn, sizeof(hn), &d->new_id);
	lt = (size_t)snprintf(tail, sizeof(tail), "%o %o %s %s", (unsigned)d->old_mode,
			      (unsigned)d->new_mode, ho, hn) + 1;
	e.reclen = lp + lt;	/* "PATH\0TAIL\0" */
	e.record = xmalloc(e.reclen);
	memcpy(e.record, p, lp);
	memcpy(e.record + lp, tail, lt);
	return e;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	c = memcmp(x->record, y->record, x->reclen < y->reclen ? x->reclen : y->reclen);
	return c ? c : (x->reclen > y->reclen) - (x->reclen < y->reclen);
}

/* p's place in g->path[], added if it is not there. */
static size_t add_path(struct change_group *g, const char *p)
{
	for (size_t i = 0; i < g->npaths; i++)
		if (!strcmp(g->path[i], p))
			return i;
	g->path = xrealloc(g->path, (g->npaths + 1) * sizeof(*g->path));
	g->path[g->npaths] = xstrdup(p);
	return g->npaths++;
}

/* The group of entries e[0..n) (one name); their names taken over. */
static void group_of(struct change_group *g, struct entry *e, size_t n)
{
	size_t len = 0;
	char *all;

	memset(g, 0, sizeof(*g));
	g->name = e[0].name;
	g->file = xmalloc(n * sizeof(*g->file));
	g->nfiles = n;
	for (size_t i = 0; i < n; i++) {
		const struct tree_change *d = e[i].d;
		g->file[i] = (struct group_file){ add_path(g, d->path), d->old_mode, d->new_mode,
						  d->old_id, d->new_id };
		len += e[i].reclen;
		if (i)
			free(e[i].name);
	}
	all = xmalloc(len + 1);
	len = 0;
	for (size_t i = 0; i < n; i++) {
		memcpy(all + len, e[i].record, e[i].reclen);
		len += e[i].reclen;
		free(e[i].record);
	}
	git_odb_hash(&g->same, all, len, GIT_OBJECT_BLOB);
	free(all);
}

/* The files commit changes against its first parent into *t: 0,
 * CHANGE_MISSING or RT_EFAIL. */
static int changed_files(git_repository *repo, const git_oid *commit, struct tree_changes *t,
			 char *err, size_t errlen)
{
	git_tree *tree, *ptree;
	int rc, e;

	memset(t, 0, sizeof(*t));
	if ((rc = commit_trees(repo, commit, &tree, &ptree, err, errlen)))
		return rc;
	e = tree_changes(repo, ptree, tree, t);
	git_tree_free(ptree);
	git_tree_free(tree);
	if (e == TREE_CHANGES_MISSING || e == GIT_ENOTFOUND)
		return CHANGE_MISSING;
	return e < 0 ? patch_error(commit, err, errlen) : 0;
}

int change_read(git_repository *repo, const git_oid *commit, struct change *c, char *err,
		size_t errlen)
{
	struct tree_changes t;
	struct entry *e;
	int rc;

	memset(c, 0, sizeof(*c));
	git_oid_cpy(&c->commit, commit);
	if ((rc = changed_files(repo, commit, &t, err, errlen))) {
		tree_changes_release(&t);
		return rc;
	}
	e = xmalloc((t.n + 1) * sizeof(*e));
	for (size_t i = 0; i < t.n; i++)
		e[i] = entry_of(&t.c[i]);
	if (t.n > 1)
		qsort(e, t.n, sizeof(*e), cmp_entry);
	c->group = xmalloc((t.n + 1) * sizeof(*c->group));
	for (size_t i = 0, j; i < t.n; i = j) {
		for (j = i + 1; j < t.n && !strcmp(e[j].name, e[i].name); j++)
			;
		group_of(&c->group[c->ngroups++], e + i, j - i);
	}
	free(e);
	tree_changes_release(&t);	/* (the entries' paths and ids were copied) */
	return 0;
}

/* The key of group g of change c in the inference cache. */
static void group_key(const struct change *c, const struct change_group *g, git_oid *key)
{
	size_t n = strlen(g->name);
	char *b = xmalloc(20 + n);

	memcpy(b, c->commit.id, 20);
	memcpy(b + 20, g->name, n);
	git_odb_hash(key, b, 20 + n, GIT_OBJECT_BLOB);
	free(b);
}

/* Group g of change c: its patch-id, computed once (and kept in cache);
 * 0, CHANGE_MISSING or RT_EFAIL. */
static int group_pid(git_repository *repo, struct infercache *cache, const struct change *c,
		     struct change_group *g, char *err, size_t errlen)
{
	git_diff *diff = NULL;
	git_oid key;
	int rc, e;

	if (g->state)
		return g->state == 1 ? 0 : g->state;
	if (cache)
		group_key(c, g, &key);
	if (cache && infercache_group(cache, key.id, g->pid.id)) {
		g->state = 1;
		return 0;
	}
	rc = group_diff(repo, &c->commit, g->path, g->npaths, &diff, err, errlen);
	if (!rc && (e = git_diff_patchid(&g->pid, diff, NULL)) < 0)
		rc = e == GIT_ENOTFOUND ? CHANGE_MISSING : patch_error(&c->commit, err, errlen);
	git_diff_free(diff);
	if (rc != RT_EFAIL)
		g->state = rc ? rc : 1;
	if (!rc && cache)
		infercache_add_group(cache, key.id, g->pid.id);
	return rc;
}

/* The sum of blob id's lines (core/line_balance.h) into *sum: 1, or 0 when
 * libgit2's diff may take it for binary or it cannot be read.  The zero id
 * (the side without the file) has no line.  cache (or NULL) keeps it for
 * the run: on git/git 54 blobs were read 106 times (a translation's old
 * side is its previous update's new one, and every series compares them). */
static int blob_lines(git_repository *repo, struct infercache *cache, const git_oid *id,
		      uint64_t *sum)
{
	git_blob *b;
	git_object_size_t n;
	const char *p;
	int text;

	*sum = 0;
	if (git_oid_is_zero(id))
		return 1;
	if (cache && infercache_blob_lines(cache, id->id, sum, &text))
		return text;
	if (git_blob_lookup(&b, repo, id) < 0)
		return 0;	/* (not kept: the patch-id says what is missing) */
	p = git_blob_rawcontent(b);
	n = git_blob_rawsize(b);
	text = n < BINARY_SIZE && !memchr(p, '\0', n < NUL_LOOKED_AT ? (size_t)n : NUL_LOOKED_AT);
	if (text)
		*sum = line_balance_sum(p, (size_t)n);
	git_blob_free(b);
	if (cache)
		infercache_add_blob_lines(cache, id->id, *sum, text);
	return text;
}

/* Is path's diff text by its attributes, as libgit2's diff driver reads
 * them: "diff" unset (then by content) or set (text); unset "-diff",
 * "binary" and a named driver (which its configuration may make binary)
 * are not. */
static int text_by_attributes(git_repository *repo, const char *path)
{
	const char *v;

	if (git_attr_get(&v, repo, 0, path, "diff") < 0)
		return 0;
	return GIT_ATTR_IS_UNSPECIFIED(v) || GIT_ATTR_IS_TRUE(v);
}

/* Group g's line balance, worked out once: balance_state 1, or -1 when a
 * file of it is a submodule's commit, binary to the diff, or unreadable
 * (the patch-id decides then). */
static void group_balance(git_repository *repo, struct infercache *cache, struct change_group *g)
{
	uint64_t balance = 0, o, n;

	if (g->balance_state)
		return;
	g->balance_state = -1;
	for (size_t i = 0; i < g->nfiles; i++) {
		const struct group_file *f = &g->file[i];
		if (f->old_mode == GITLINK_MODE || f->new_mode == GITLINK_MODE ||
		    !text_by_attributes(repo, g->path[f->path]) ||
		    !blob_lines(repo, cache, &f->old_id, &o) ||
		    !blob_lines(repo, cache, &f->new_id, &n))
			return;
		balance += n - o;
	}
	g->balance = balance;
	g->balance_state = 1;
}

/* Do groups x and y (same name, other blobs) surely have other patch-ids:
 * both text and their line balances differ. */
static int lines_differ(git_repository *repo, struct infercache *cache, struct change_group *x,
			struct change_group *y)
{
	group_balance(repo, cache, x);
	if (x->balance_state < 0)
		return 0;
	group_balance(repo, cache, y);
	return y->balance_state > 0 && x->balance != y->balance;
}

int change_same_patch(git_repository *repo, struct infercache *cache, struct change *a,
		      struct change *b, int *same, char *err, size_t errlen)
{
	int rc;

	*same = 0;
	if (a->ngroups != b->ngroups)
		return 0;
	for (size_t i = 0; i < a->ngroups; i++)
		if (strcmp(a->group[i].name, b->group[i].name))
			return 0;
	for (size_t i = 0; i < a->ngroups; i++)	/* no diff where the lines tell */
		if (!git_oid_equal(&a->group[i].same, &b->group[i].same) &&
		    lines_differ(repo, cache, &a->group[i], &b->group[i]))
			return 0;
	for (size_t i = 0; i < a->ngroups; i++) {
		struct change_group *x = &a->group[i], *y = &b->group[i];
		if (git_oid_equal(&x->same, &y->same))
			continue;
		if ((rc = group_pid(repo, cache, a, x, err, errlen)) ||
		    (rc = group_pid(repo, cache, b, y, err, errlen)))
			return rc;
		if (!git_oid_equal(&x->pid, &y->pid))
			return 0;
	}
	*same = 1;
	return 0;
}

void change_release(struct change *c)
{
	for (size_t i = 0; i < c->ngroups; i++) {
		for (size_t k = 0; k < c->group[i].npaths; k++)
			free(c->group[i].path[k]);
		free(c->group[i].path);
		free(c->group[i].file);
		free(c->group[i].name);
	}
	free(c->group);
	memset(c, 0, sizeof(*c));
}
