/* paths.c — see paths.h. */
#include "git/paths.h"
#include "base/error.h"
#include "base/util.h"
#include "git/commit_parse.h"
#include "git/replace.h"
#include "git/tree_diff.h"

#include <stdio.h>
#include <string.h>

void paths_cut(const char *path, int depth, char *out, size_t len)
{
	const char *end = path, *slash;
	int d = 0;

	while (d < depth && (slash = strchr(end, '/'))) {
		end = slash + 1;
		d++;
	}
	if (!d) {
		snprintf(out, len, "(top)");
		return;
	}
	snprintf(out, len, "%.*s", (int)(end - path - 1), path);
}

/* Trees through the object database (tree_diff.h's source). */
static int read_tree(void *ctx, const uint8_t oid20[20], const uint8_t **data, size_t *len,
		     void **handle)
{
	git_odb_object *obj;
	git_oid oid;

	memcpy(oid.id, oid20, 20);
	if (git_odb_read(&obj, ctx, &oid) < 0)
		return -1;
	if (git_odb_object_type(obj) != GIT_OBJECT_TREE) {
		git_odb_object_free(obj);
		git_error_set_str(GIT_ERROR_INVALID, "not a tree");
		return -1;
	}
	*data = git_odb_object_data(obj);
	*len = git_odb_object_size(obj);
	*handle = obj;
	return 0;
}

static void release_tree(void *ctx, void *handle)
{
	(void)ctx;
	git_odb_object_free(handle);
}

/* A commit's tree and first parent (parent NULL when it has none); 0 or -1. */
static int commit_tree(git_odb *odb, const uint8_t oid20[20], uint8_t tree[20],
		       uint8_t parent[20], int *has_parent)
{
	git_odb_object *obj;
	struct raw_commit rc;
	git_oid oid;
	int r = -1;

	memcpy(oid.id, oid20, 20);
	if (git_odb_read(&obj, odb, &oid) < 0)
		return -1;
	const char *buf = git_odb_object_data(obj);
	size_t len = git_odb_object_size(obj);
	if (git_odb_object_type(obj) == GIT_OBJECT_COMMIT && commit_parse(buf, len, &rc) == 0 &&
	    commit_hex_to_oid(buf + 5, tree) == 0) {
		*has_parent = rc.nparents > 0;
		if (rc.nparents)
			memcpy(parent, rc.parents[0], 20);
		r = 0;
	} else {
		git_error_set_str(GIT_ERROR_INVALID, "not a commit");
	}
	git_odb_object_free(obj);
	return r;
}

/* The object whose content stands for commit oid (replace.h). */
static const uint8_t *content_of(const struct replace_map *rm, const uint8_t oid[20])
{
	const struct replacement *r = replace_find(rm, oid);

	return r ? r->to : oid;
}

/* The directories commit oid changes against its first parent, both read as
 * the walk reads them: a replaced commit is its replacement, a grafted one
 * has the graft's parents. */
static int commit_dirs(git_odb *odb, const struct replace_map *rm, const uint8_t oid[20],
		       struct tree_dirs *dirs)
{
	struct tree_source src = { read_tree, release_tree, odb };
	const struct replacement *r = replace_find(rm, oid);
	uint8_t tree[20], parent[20], ptree[20], unused[20];
	int has_parent, grand;

	if (commit_tree(odb, content_of(rm, oid), tree, parent, &has_parent) < 0)
		return -1;
	if (r && r->graft) {
		has_parent = r->nparents > 0;
		if (has_parent)
			memcpy(parent, r->parents[0], 20);
	}
	if (has_parent && commit_tree(odb, content_of(rm, parent), ptree, unused, &grand) < 0)
		return -1;
	return tree_diff_dirs(&src, has_parent ? ptree : NULL, tree, dirs);
}

struct grouping {
	struct group_map *map;
	uint32_t commit;
	int depth;
	struct replace_map replace;	/* as the walk (replace.h) */
};

static void group_dir(void *ctx, const char *dir)
{
	struct grouping *x = ctx;
	char group[1024];

	paths_cut(dir, x->depth, group, sizeof(group));
	group_map_add(x->map, x->commit, group);
}

int paths_groups(git_repository *repo, const struct graph *g, int depth,
		 struct cache_paths *cache, const struct progress *progress,
		 struct group_map *out, char *err, size_t errlen)
{
	struct grouping x = { out, 0, depth, { 0 } };
	git_odb *odb;
	uint8_t oid[20];
	int rc = RT_OK;

	group_map_init(out, g->n);
	if (git_repository_odb(&odb, repo) < 0)
		return rt_fail(err, errlen, RT_EFAIL, "cannot open the object database: %s",
			       git_error_last() ? git_error_last()->message : "unknown error");
	if ((rc = replace_load(repo, &x.replace, err, errlen))) {
		git_odb_free(odb);
		return rc;
	}
	for (uint32_t i = 0; i < g->n && !rc; i++) {
		progress_done(progress, 1);
		if (g->c[i].is_merge)
			continue;
		x.commit = i;
		commit_hex_to_oid(g->c[i].id, oid);
		int replaced = replace_find(&x.replace, oid) != NULL;
		if (cache && !replaced && cache_paths_get(cache, oid, group_dir, &x))
			continue;
		struct tree_dirs dirs = { 0 };
		if (commit_dirs(odb, &x.replace, oid, &dirs) < 0) {
			const git_error *e = git_error_last();
			rc = rt_fail(err, errlen, RT_EFAIL, "cannot read the files of %s: %s",
				     g->c[i].id, e && e->message ? e->message : "unknown error");
		} else {
			for (size_t k = 0; k < dirs.n; k++)
				group_dir(&x, dirs.v[k]);
			if (cache && !replaced)
				cache_paths_put(cache, oid, (const char *const *)dirs.v, dirs.n);
		}
		tree_dirs_release(&dirs);
	}
	replace_release(&x.replace);
	git_odb_free(odb);
	return rc;
}
