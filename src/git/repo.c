/* repo.c — see repo.h. */
#include "git/repo.h"
#include "base/error.h"
#include "base/util.h"
#include "git/range_read.h"
#include "git/tags.h"
#include "git/walk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int repo_open(git_repository **out, const char *dir, char *err, size_t errlen)
{
	if (git_repository_open_ext(out, dir, 0, NULL) < 0)
		return rt_fail(err, errlen, RT_EFAIL, "not a git repository: %s", dir);
	return RT_OK;
}

static int resolve_rev(git_repository *repo, const char *rev, git_oid *oid,
		       char *err, size_t errlen)
{
	git_object *obj = NULL, *commit = NULL;
	int rc = RT_OK;

	if (git_revparse_single(&obj, repo, rev) < 0) {
		rc = rt_fail(err, errlen, RT_EFAIL, "unknown revision '%s'", rev);
		goto out;
	}
	if (git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		rc = rt_fail(err, errlen, RT_EFAIL, "'%s' does not name a commit", rev);
		goto out;
	}
	git_oid_cpy(oid, git_object_id(commit));
out:
	git_object_free(commit);
	git_object_free(obj);
	return rc;
}

/* Commit ids with their graph index, sorted by id for look-ups. */
struct pair {
	git_oid oid;
	uint32_t idx;
};

static int cmp_pair(const void *a, const void *b)
{
	return git_oid_cmp(&((const struct pair *)a)->oid, &((const struct pair *)b)->oid);
}

static int64_t id_lookup(const struct pair *pairs, size_t n, const git_oid *oid)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = git_oid_cmp(&pairs[mid].oid, oid);
		if (!c)
			return pairs[mid].idx;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* The walk's ids, sorted, to find the tags' commits among them. */
static struct pair *index_ids(const struct walk_result *w)
{
	struct pair *pairs = xmalloc((w->n + 1) * sizeof(*pairs));

	for (size_t i = 0; i < w->n; i++) {
		memcpy(pairs[i].oid.id, w->v[i].oid, 20);
		pairs[i].idx = (uint32_t)i;
	}
	qsort(pairs, w->n, sizeof(*pairs), cmp_pair);
	return pairs;
}

/* The tags whose commit is in the range, in the tag table's order. */
static int find_tags(git_repository *repo, const struct walk_result *w, struct history *h,
		     char *err, size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	struct pair *pairs;

	if (!t)
		return RT_EFAIL;
	h->all_tags = t->names;
	h->nall_tags = t->n;
	pairs = index_ids(w);
	h->tags = xmalloc((t->n + 1) * sizeof(*h->tags));
	for (size_t i = 0; i < t->n; i++) {
		int64_t idx = id_lookup(pairs, w->n, &t->v[i].commit);
		if (idx >= 0)
			h->tags[h->ntags++] = (struct history_tag){ t->v[i].name, (uint32_t)idx,
								    t->v[i].date };
	}
	free(pairs);
	return RT_OK;
}

/* The walk's commits into the graph (history order). */
static void fill_graph(struct walk_result *w, struct graph *g)
{
	char hex[41];
	git_oid oid;

	for (size_t i = 0; i < w->n; i++) {
		memcpy(oid.id, w->v[i].oid, 20);
		git_oid_tostr(hex, sizeof(hex), &oid);
		graph_add(g, hex, w->v[i].all_parents > 1, w->v[i].facts);
		free(w->v[i].facts);
		w->v[i].facts = NULL;
		for (uint32_t k = 0; k < w->v[i].nparents; k++)
			graph_add_parent(g, (uint32_t)i, w->v[i].parents[k]);
	}
}

static int walk(git_repository *repo, const git_oid *base, const git_oid *tip,
		const struct read_options *opt, struct walk_result *w, char *err, size_t errlen)
{
	struct walk_options wo = { .rules = opt ? opt->msg_rules : NULL,
				   .cache = opt ? opt->cache : NULL, .threads = opt ? opt->threads : 0 };
	enum range_way way;
	int rc = range_read(repo, base, tip, &wo, w, &way, err, errlen);

	if (rc && git_repository_is_shallow(repo) == 1)
		snprintf(err + strlen(err), errlen - strlen(err),
			 " (the repository is shallow: fetch its full history)");
	return rc;
}

int repo_read_range(git_repository *repo, const struct range *rg,
		    const struct read_options *opt, struct history *h, char *err, size_t errlen)
{
	struct walk_result w = { 0 };
	git_oid base_oid, tip_oid;
	int rc;

	h->name = xstrdup(rg->name);
	if (!rg->base)
		return rt_fail(err, errlen, RT_EUSAGE,
			       "malformed range '%s' (expected BASE..TIP)", rg->name);
	if ((rc = resolve_rev(repo, rg->base, &base_oid, err, errlen)) ||
	    (rc = resolve_rev(repo, rg->tip, &tip_oid, err, errlen)))
		return rc;
	rc = walk(repo, &base_oid, &tip_oid, opt, &w, err, errlen);
	fill_graph(&w, &h->g);
	if (!rc) {
		h->base = xstrdup(rg->base);
		h->tip = xstrdup(rg->tip);
	}
	if (!rc && graph_count_commits(&h->g) == 0)
		rc = rt_fail(err, errlen, RT_EFAIL,
			     "empty range '%s': no commits in %s that are not in %s", rg->name,
			     rg->tip, rg->base);
	if (!rc)
		rc = find_tags(repo, &w, h, err, errlen);
	walk_result_release(&w);
	return rc;
}
