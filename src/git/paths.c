/* paths.c — see paths.h. */
#include "git/paths.h"
#include "base/error.h"
#include "base/threads.h"
#include "git/replace.h"

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

struct cb_ctx {
	struct group_map *map;
	uint32_t commit;
	int depth;
	struct replace_map replace;	/* as the walk: a replaced commit's tree is its
					   replacement's, a grafted one's parent the graft's */
};

/* The commit whose content stands for oid (replace.h). */
static int content_of(git_repository *repo, const struct cb_ctx *x, const git_oid *oid,
		      git_commit **out)
{
	const struct replacement *r = replace_find(&x->replace, oid->id);
	git_oid to;

	if (!r)
		return git_commit_lookup(out, repo, oid);
	memcpy(to.id, r->to, 20);
	return git_commit_lookup(out, repo, &to);
}

/* The first parent of oid (its graft's, when grafted), or 0 with *out NULL. */
static int first_parent(git_repository *repo, const struct cb_ctx *x, const git_oid *oid,
			git_commit *c, git_commit **out)
{
	const struct replacement *r = replace_find(&x->replace, oid->id);
	git_oid p;

	*out = NULL;
	if (r && r->graft) {
		if (!r->nparents)
			return 0;
		memcpy(p.id, r->parents[0], 20);
	} else if (!git_commit_parentcount(c)) {
		return 0;
	} else {
		git_oid_cpy(&p, git_commit_parent_id(c, 0));
	}
	return content_of(repo, x, &p, out);
}

static int on_file(const git_diff_delta *d, float progress, void *payload)
{
	struct cb_ctx *x = payload;
	char group[1024];
	const char *path = d->new_file.path ? d->new_file.path : d->old_file.path;

	(void)progress;
	paths_cut(path, x->depth, group, sizeof(group));
	group_map_add(x->map, x->commit, group);
	return 0;
}

static int commit_paths(git_repository *repo, const char *hex, struct cb_ctx *x)
{
	git_oid oid;
	git_commit *c = NULL, *p = NULL;
	git_tree *t = NULL, *pt = NULL;
	git_diff *diff = NULL;
	git_diff_options opt;
	int rc = -1;

	git_diff_options_init(&opt, GIT_DIFF_OPTIONS_VERSION);
	opt.flags = GIT_DIFF_SKIP_BINARY_CHECK;
	if (git_oid_fromstr(&oid, hex) < 0 || content_of(repo, x, &oid, &c) < 0 ||
	    git_commit_tree(&t, c) < 0)
		goto out;
	if (first_parent(repo, x, &oid, c, &p) < 0 || (p && git_commit_tree(&pt, p) < 0))
		goto out;
	if (git_diff_tree_to_tree(&diff, repo, pt, t, &opt) < 0 ||
	    git_diff_foreach(diff, on_file, NULL, NULL, NULL, x) < 0)
		goto out;
	rc = 0;
out:
	git_diff_free(diff);
	git_tree_free(pt);
	git_tree_free(t);
	git_commit_free(p);
	git_commit_free(c);
	return rc;
}

int paths_groups(git_repository *repo, const struct graph *g, int depth,
		 struct group_map *out, char *err, size_t errlen)
{
	struct cb_ctx x = { out, 0, depth, { 0 } };
	int rc;

	group_map_init(out, g->n);
	if ((rc = replace_load(repo, &x.replace, err, errlen)))
		return rc;
	for (uint32_t i = 0; i < g->n; i++) {
		if (g->c[i].is_merge)
			continue;
		x.commit = i;
		if (commit_paths(repo, g->c[i].id, &x) < 0) {
			const git_error *e = git_error_last();
			snprintf(err, errlen, "cannot read the files of %s: %s", g->c[i].id,
				 e && e->message ? e->message : "unknown error");
			replace_release(&x.replace);
			return RT_EFAIL;
		}
	}
	replace_release(&x.replace);
	return RT_OK;
}
