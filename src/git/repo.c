/* repo.c — see repo.h. */
#include "git/repo.h"
#include "base/error.h"
#include "base/oidmap.h"
#include "base/util.h"
#include "core/release.h"
#include "core/close_tags.h"
#include "cache/commits.h"
#include "git/paths.h"
#include "git/range_read.h"
#include "git/tags.h"
#include "git/walk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *git_why(void)
{
	const git_error *e = git_error_last();

	if (e && e->klass == GIT_ERROR_NOMEMORY)
		return "out of memory";
	return e && e->message ? e->message : "unknown error";
}

/*
 * Is there a repository at dir that git's ownership check (safe.directory)
 * refused?  libgit2 1.5 says only "config value 'safe.directory' was not
 * found" (GIT_ENOTFOUND), so look again without the check (main is single
 * threaded when the repository is opened).
 */
static int owner_refused(const char *dir)
{
	git_repository *r = NULL;
	int on = 0, found;

	if (git_libgit2_opts(GIT_OPT_GET_OWNER_VALIDATION, &on) < 0 || !on)
		return 0;
	git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
	found = git_repository_open_ext(&r, dir, 0, NULL) == 0;
	git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 1);
	git_repository_free(r);
	return found;
}

/* No repository there: "not a git repository"; refused by git's ownership
 * check: said so, with libgit2's words; anything else (an unreadable config,
 * no memory) in libgit2's words. */
/* GIT_DIR as git reads it: relative to dir (git -C dir), else NULL. */
static char *git_dir_env(const char *dir)
{
	const char *g = getenv("GIT_DIR");
	char *p;

	if (!g || !*g)
		return NULL;
	if (g[0] == '/' || !dir || !strcmp(dir, "."))
		return xstrdup(g);
	p = xmalloc(strlen(dir) + strlen(g) + 2);
	sprintf(p, "%s/%s", dir, g);
	return p;
}

/* git's environment, as git follows it: GIT_DIR (the repository, else
 * found from dir upwards, within GIT_CEILING_DIRECTORIES), GIT_OBJECT_DIRECTORY
 * and GIT_ALTERNATE_OBJECT_DIRECTORIES (libgit2's GIT_REPOSITORY_OPEN_FROM_ENV),
 * GIT_WORK_TREE (where .regtrace is read); GIT_COMMON_DIR, which libgit2
 * cannot follow, is refused. */
static int open_from_env(git_repository **out, const char *dir, char *err, size_t errlen)
{
	const char *common = getenv("GIT_COMMON_DIR"), *wt = getenv("GIT_WORK_TREE");
	char *gd = git_dir_env(dir);
	int rc;

	if (common && *common) {
		free(gd);
		rt_fail(err, errlen, RT_EFAIL, "GIT_COMMON_DIR is set: regtrace cannot follow it "
			"(unset it, or give the worktree with -C)");
		return -1;
	}
	rc = git_repository_open_ext(out, gd ? gd : dir, GIT_REPOSITORY_OPEN_FROM_ENV, NULL);
	if (rc == 0 && gd && (!wt || !*wt) && !git_repository_is_bare(*out))
		rc = git_repository_set_workdir(*out, dir, 0);	/* git: the cwd is the work tree */
	if (rc == 0 && wt && *wt)
		rc = git_repository_set_workdir(*out, wt, 0);
	free(gd);
	return rc;
}

/* What an extension libgit2 1.5 refuses means, after its own words ("" for
 * the others: library.h lists those it reads under). */
static const char *extension_why(const char *why)
{
	if (strstr(why, "extensions.objectformat"))
		return " (a SHA-256 repository: libgit2 1.5 reads SHA-1 repositories only)";
	if (strstr(why, "extensions.refstorage"))
		return " (a reftable repository: libgit2 1.5 reads refs kept as files only)";
	return "";
}

int repo_open(git_repository **out, const char *dir, char *err, size_t errlen)
{
	char why[512];
	int rc;

	err[0] = '\0';
	rc = open_from_env(out, dir, err, errlen);
	if (err[0])
		return RT_EFAIL;

	if (rc == GIT_EOWNER || rc == GIT_ENOTFOUND) {
		snprintf(why, sizeof(why), "%s", git_why());
		if (rc == GIT_EOWNER || owner_refused(dir))
			return rt_fail(err, errlen, RT_EFAIL,
				       "repository %s is not owned by the current user: git and "
				       "libgit2 refuse it (git config safe.directory); libgit2 says: %s",
				       dir, why);
	}
	if (rc == GIT_ENOTFOUND)
		return rt_fail(err, errlen, RT_EFAIL, "not a git repository: %s", dir);
	if (rc < 0) {
		snprintf(why, sizeof(why), "%s", git_why());
		return rt_fail(err, errlen, RT_EFAIL, "cannot open repository %s: %s%s", dir, why,
			       extension_why(why));
	}
	return RT_OK;
}

/* "unknown revision 'REV'", with the tags that look close (core/close_tags.h). */
static int unknown_revision(git_repository *repo, const char *rev, char *err, size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	char hint[512] = "";

	if (t)
		close_tags_hint(hint, sizeof(hint), rev, t->names, t->n);
	return rt_fail(err, errlen, RT_EFAIL, "unknown revision '%s'%s", rev, hint);
}

/* A revision that names nothing is unknown; any other failure is said as it is. */
static int resolve_rev(git_repository *repo, const char *rev, git_oid *oid,
		       char *err, size_t errlen)
{
	git_object *obj = NULL, *commit = NULL;
	int rc = RT_OK, grc;

	if (tags_commit_of(repo, rev, oid))	/* (no object read: tags.h) */
		return RT_OK;
	grc = git_revparse_single(&obj, repo, rev);

	if (grc == GIT_ENOTFOUND || grc == GIT_EINVALIDSPEC) {
		rc = unknown_revision(repo, rev, err, errlen);
		goto out;
	}
	if (grc == GIT_EAMBIGUOUS) {
		rc = rt_fail(err, errlen, RT_EFAIL, "ambiguous revision '%s'", rev);
		goto out;
	}
	if (grc < 0) {
		rc = rt_fail(err, errlen, RT_EFAIL, "cannot read revision '%s': %s", rev, git_why());
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

int repo_resolve(git_repository *repo, const char *rev, git_oid *oid, char *err, size_t errlen)
{
	return resolve_rev(repo, rev, oid, err, errlen);
}

/* BASE's date: its tag's when BASE names a tag of that commit (the tagger's
 * date of an annotated tag, else the commit's: tags.h), else its commit's. */
static int64_t base_date(git_repository *repo, const struct tag_table *t, const char *base,
			 const git_oid *oid)
{
	const struct tag_info *ti = tags_find(t, release_base_name(base));
	git_commit *c = NULL;
	int64_t d = 0;

	if (ti && git_oid_equal(&ti->commit, oid))
		return ti->date;
	if (git_commit_lookup(&c, repo, oid) == 0)
		d = git_commit_time(c);
	git_commit_free(c);
	return d;
}

static int cmp_found_tag(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;	/* (.tag first) */

	return (x > y) - (x < y);
}

/* The tags whose commit is in the range, in the tag table's order. */
static int find_tags(git_repository *repo, const struct walk_result *w, const git_oid *base,
		     struct history *h, char *err, size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	struct found { uint32_t tag, commit; } *f = NULL;
	size_t n = 0, cap = 0, k;

	if (!t)
		return RT_EFAIL;
	h->all_tags = t->names;
	h->nall_tags = t->n;
	h->tag_index = &t->fold;
	h->base_date = base_date(repo, t, h->base, base);
	/* through the table's index by commit: the range's commits, not every tag */
	for (size_t i = 0; i < w->n; i++) {
		const uint32_t *on = tags_on(t, w->v[i].oid, &k);
		for (size_t j = 0; j < k; j++) {
			ARRAY_GROW(f, n, cap);
			f[n++] = (struct found){ on[j], (uint32_t)i };
		}
	}
	if (n)
		qsort(f, n, sizeof(*f), cmp_found_tag);
	h->tags = xmalloc((n + 1) * sizeof(*h->tags));
	for (size_t i = 0; i < n; i++)
		h->tags[h->ntags++] = (struct history_tag){ t->v[f[i].tag].name, f[i].commit,
							    t->v[f[i].tag].date };
	free(f);
	return RT_OK;
}

/* The walk's commits into the graph (history order). */
static void fill_graph(struct walk_result *w, struct graph *g)
{
	char hex[41];

	for (size_t i = 0; i < w->n; i++) {
		id_to_hex(hex, w->v[i].oid);
		uint32_t c = graph_add(g, hex, w->v[i].all_parents > 1, w->v[i].facts);
		free(w->v[i].facts);
		w->v[i].facts = NULL;
		if (w->v[i].meta) {
			g->c[c].meta = *w->v[i].meta;
			free(w->v[i].meta);
			w->v[i].meta = NULL;
		}
		for (uint32_t k = 0; k < w->v[i].nparents; k++)
			graph_add_parent(g, (uint32_t)i, w->v[i].parents[k]);
	}
}

/* The shallow repository's hint after a walk's error. */
static void shallow_hint(git_repository *repo, char *err, size_t errlen)
{
	if (git_repository_is_shallow(repo) == 1)
		snprintf(err + strlen(err), errlen - strlen(err),
			 " (the repository is shallow: fetch its full history)");
}

/* The range's names to commits (errors as repo_read_range gives them). */
static int resolve(git_repository *repo, struct range_reading *r)
{
	const struct range *rg = r->rg;

	if (!rg->base)
		return rt_fail(r->err, sizeof(r->err), RT_EUSAGE,
			       "malformed range '%s' (expected BASE..TIP)", rg->name);
	int rc = resolve_rev(repo, rg->base, &r->base, r->err, sizeof(r->err));
	if (!rc)
		rc = resolve_rev(repo, rg->tip, &r->tip, r->err, sizeof(r->err));
	r->resolved = !rc;
	return rc;
}

int repo_range_cached(git_repository *repo, struct range_reading *r,
		      const struct read_options *opt)
{
	struct cache *c = opt ? opt->cache : NULL;

	return c && resolve(repo, r) == 0 &&
	       cache_ranges_use(&c->ranges, r->base.id, r->tip.id) != NULL;
}

void repo_walk_ranges(git_repository *repo, struct range_reading *v, size_t n,
		      const struct read_options *opt)
{
	struct walk_options wo = { .rules = opt ? opt->msg_rules : NULL,
				   .cache = opt ? opt->cache : NULL, .threads = opt ? opt->threads : 0,
				   .meta = 1 };
	git_oid *bases = xmalloc((n + 1) * sizeof(git_oid)), *tips = xmalloc((n + 1) * sizeof(git_oid));
	struct walk_result *outs = xcalloc(n + 1, sizeof(*outs));
	int *rcs = xcalloc(n + 1, sizeof(int));
	char (*errs)[1024] = xcalloc(n + 1, sizeof(*errs));
	size_t *at = xmalloc((n + 1) * sizeof(size_t)), m = 0;

	for (size_t i = 0; i < n; i++) {
		v[i].walk = NULL;
		if (!v[i].resolved && (v[i].rc = resolve(repo, &v[i])))
			continue;	/* (repo_range_cached() may have resolved it) */
		bases[m] = v[i].base;
		tips[m] = v[i].tip;
		at[m++] = i;
	}
	range_read_set(repo, bases, tips, m, &wo, outs, rcs, errs);
	for (size_t k = 0; k < m; k++) {
		struct range_reading *r = &v[at[k]];
		if ((r->rc = rcs[k])) {
			snprintf(r->err, sizeof(r->err), "%s", errs[k]);
			shallow_hint(repo, r->err, sizeof(r->err));
		}
		r->walk = xmalloc(sizeof(struct walk_result));
		*(struct walk_result *)r->walk = outs[k];
	}
	free(at);
	free(errs);
	free(rcs);
	free(outs);
	free(tips);
	free(bases);
}

int repo_fill_range(git_repository *repo, struct range_reading *r,
		    const struct read_options *opt, struct history *h, char *err, size_t errlen)
{
	struct walk_result *w = r->walk;
	const struct range *rg = r->rg;
	int rc = r->rc;

	h->name = xstrdup(rg->name);
	if (rc) {
		snprintf(err, errlen, "%s", r->err);
		if (!w)
			return rc;
	}
	fill_graph(w, &h->g);
	if (!rc) {
		h->base = xstrdup(rg->base);
		h->tip = xstrdup(rg->tip);
	}
	if (!rc && graph_count_commits(&h->g) == 0)
		rc = rt_fail(err, errlen, RT_EFAIL,
			     "empty range '%s': no commits in %s that are not in %s", rg->name,
			     rg->tip, rg->base);
	if (!rc)
		rc = find_tags(repo, w, &r->base, h, err, errlen);
	if (!rc && opt && opt->paths_depth > 0) {
		h->paths = xcalloc(1, sizeof(*h->paths));
		rc = paths_groups(repo, &h->g, opt->paths_depth,
				  opt->cache ? &opt->cache->paths : NULL, opt->paths_progress,
				  h->paths, err, errlen);
	}
	return rc;
}

size_t range_reading_commits(const struct range_reading *r)
{
	return r->walk ? ((const struct walk_result *)r->walk)->n : 0;
}

size_t range_reading_fresh(const struct range_reading *r)
{
	const struct walk_result *w = r->walk;

	return w && w->n > w->from_cache ? w->n - w->from_cache : 0;
}

void range_reading_release(struct range_reading *r)
{
	struct walk_result *w = r->walk;

	if (w) {
		walk_result_release_all(w);
		free(w);
	}
	r->walk = NULL;
}

int repo_read_range(git_repository *repo, const struct range *rg,
		    const struct read_options *opt, struct history *h, char *err, size_t errlen)
{
	struct range_reading r = { .rg = rg };

	repo_walk_ranges(repo, &r, 1, opt);
	int rc = repo_fill_range(repo, &r, opt, h, err, errlen);
	range_reading_release(&r);
	return rc;
}

char *repo_objects_dir(git_repository *repo)
{
	git_buf dir = { 0 };
	char *path = NULL;

	if (git_repository_item_path(&dir, repo, GIT_REPOSITORY_ITEM_OBJECTS) == 0)
		path = xstrdup(dir.ptr);
	git_buf_dispose(&dir);
	return path;
}
