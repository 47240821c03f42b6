/* paths.c — see paths.h. */
#include "git/paths.h"
#include "base/error.h"
#include "base/threads.h"

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
};

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
	if (git_oid_fromstr(&oid, hex) < 0 || git_commit_lookup(&c, repo, &oid) < 0 ||
	    git_commit_tree(&t, c) < 0)
		goto out;
	if (git_commit_parentcount(c) &&
	    (git_commit_parent(&p, c, 0) < 0 || git_commit_tree(&pt, p) < 0))
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
	struct cb_ctx x = { out, 0, depth };

	group_map_init(out, g->n);
	for (uint32_t i = 0; i < g->n; i++) {
		if (g->c[i].is_merge)
			continue;
		x.commit = i;
		if (commit_paths(repo, g->c[i].id, &x) < 0) {
			const git_error *e = git_error_last();
			snprintf(err, errlen, "cannot read the files of %s: %s", g->c[i].id,
				 e && e->message ? e->message : "unknown error");
			return RT_EFAIL;
		}
	}
	return RT_OK;
}
