/*
 * repo.c — reads a range through libgit2 into the pure model (graph,
 * releases), then runs the census.  The only file besides main that
 * includes git2.h.
 */
#include "repo.h"
#include "resolve.h"
#include "tags.h"
#include "walk.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fail(char *err, size_t errlen, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return code;
}

int repo_open(git_repository **out, const char *dir, char *err, size_t errlen)
{
	if (git_repository_open_ext(out, dir, 0, NULL) < 0)
		return fail(err, errlen, REPO_EFAIL, "not a git repository: %s", dir);
	return REPO_OK;
}

size_t repo_thread_count(size_t n)
{
	const char *env = getenv("REGTRACE_THREADS");
	long t = env ? atol(env) : sysconf(_SC_NPROCESSORS_ONLN);

	if (t < 1)
		t = 1;
	if (t > REPO_MAX_THREADS)
		t = REPO_MAX_THREADS;
	return (size_t)t < n ? (size_t)t : (n ? n : 1);
}

static int resolve_rev(git_repository *repo, const char *rev, git_oid *oid,
		       char *err, size_t errlen)
{
	git_object *obj = NULL, *commit = NULL;
	int rc = REPO_OK;

	if (git_revparse_single(&obj, repo, rev) < 0) {
		rc = fail(err, errlen, REPO_EFAIL, "unknown revision '%s'", rev);
		goto out;
	}
	if (git_object_peel(&commit, obj, GIT_OBJECT_COMMIT) < 0) {
		rc = fail(err, errlen, REPO_EFAIL, "'%s' does not name a commit", rev);
		goto out;
	}
	git_oid_cpy(oid, git_object_id(commit));
out:
	git_object_free(commit);
	git_object_free(obj);
	return rc;
}

static int split_range(const char *range, char **base, char **tip, char *err,
		       size_t errlen)
{
	const char *dots = strstr(range, "..");

	if (!dots || dots == range || !dots[2] || dots[2] == '.' || strstr(dots + 2, ".."))
		return fail(err, errlen, REPO_EUSAGE,
			    "malformed range '%s' (expected BASE..TIP)", range);
	*base = xstrndup(range, (size_t)(dots - range));
	*tip = xstrdup(dots + 2);
	return REPO_OK;
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

/* The range through walk.h, into the graph (history order). */
static int walk(git_repository *repo, const git_oid *base, const git_oid *tip,
		const struct load_options *opt, struct graph *g, char *err, size_t errlen)
{
	struct walk_options wo = { opt ? opt->msg_rules : NULL, opt ? opt->cache : NULL,
				   opt ? opt->threads : 0 };
	struct walk_result w;
	char hex[41];
	git_oid oid;
	int rc = walk_range(repo, base, tip, &wo, &w, err, errlen);

	for (size_t i = 0; i < w.n; i++) {
		memcpy(oid.id, w.v[i].oid, 20);
		git_oid_tostr(hex, sizeof(hex), &oid);
		graph_add(g, hex, w.v[i].all_parents > 1, w.v[i].facts);
		free(w.v[i].facts);
		for (uint32_t k = 0; k < w.v[i].nparents; k++)
			graph_add_parent(g, (uint32_t)i, w.v[i].parents[k]);
	}
	walk_result_release(&w);
	if (rc && git_repository_is_shallow(repo) == 1)
		snprintf(err + strlen(err), errlen - strlen(err),
			 " (the repository is shallow: fetch its full history)");
	return rc;
}

static struct pair *index_ids(const struct graph *g)
{
	struct pair *pairs = xmalloc((g->n + 1) * sizeof(*pairs));

	for (uint32_t i = 0; i < g->n; i++) {
		git_oid_fromstr(&pairs[i].oid, g->c[i].id);
		pairs[i].idx = i;
	}
	qsort(pairs, g->n, sizeof(*pairs), cmp_pair);
	return pairs;
}

/* "4.19.102" for v4.19..v4.19.102 (TIP one of the releases found); the
 * range otherwise. */
static char *series_label(const char *range, const struct release_list *rels, const char *tip)
{
	const char *t = release_base_name(tip);

	if (release_find(rels, t) < 0)
		return xstrdup(range);
	if (t[0] == 'v' && t[1] >= '0' && t[1] <= '9')
		t++;
	return msg_clean_text(t, strlen(t), 4096);
}

/* The releases (release.h) whose commit is in the range. */
static int find_releases(git_repository *repo, const char *base, const char *tip,
			 const regex_t *re, const struct pair *pairs, struct series *s,
			 char *err, size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	struct release_matcher m;
	unsigned long n;

	if (!t)
		return REPO_EFAIL;
	release_matcher_init(&m, release_base_name(base), re, t->names, t->n);
	for (size_t i = 0; i < t->n; i++) {
		if (!release_match(&m, t->v[i].name, &n))
			continue;
		int64_t idx = id_lookup(pairs, s->g.n, &t->v[i].commit);
		if (idx >= 0) {
			release_list_add(&s->rels, t->v[i].name, n, (uint32_t)idx);
			s->rels.r[s->rels.n - 1].date = t->v[i].date;
		}
	}
	release_matcher_release(&m);
	s->label = series_label(s->name, &s->rels, tip);
	return REPO_OK;
}

static int until_index(const struct series *s, const struct load_options *opt,
		       int *until, char *err, size_t errlen)
{
	*until = -1;
	if (!opt || !opt->introduced_until)
		return REPO_OK;
	*until = release_find(&s->rels, opt->introduced_until);
	if (*until < 0)
		return fail(err, errlen, REPO_EFAIL, "'%s' is not a release of %s",
			    opt->introduced_until, s->name);
	return REPO_OK;
}

int repo_load_series(git_repository *repo, const char *range,
		     const struct load_options *opt, struct series *s,
		     char *err, size_t errlen)
{
	char *base = NULL, *tip = NULL;
	git_oid base_oid, tip_oid;
	struct pair *pairs = NULL;
	int rc, until;

	graph_init(&s->g);
	release_list_init(&s->rels);
	s->name = msg_clean_text(range, strlen(range), 4096);
	s->open = -1;
	if ((rc = split_range(range, &base, &tip, err, errlen)) ||
	    (rc = resolve_rev(repo, base, &base_oid, err, errlen)) ||
	    (rc = resolve_rev(repo, tip, &tip_oid, err, errlen)) ||
	    (rc = walk(repo, &base_oid, &tip_oid, opt, &s->g, err, errlen)))
		goto out;
	s->base = xstrdup(base);
	s->tip = xstrdup(tip);
	if (graph_count_commits(&s->g) == 0) {
		rc = fail(err, errlen, REPO_EFAIL, "empty range '%s': no commits in %s that are not in %s",
			  range, tip, base);
		goto out;
	}
	pairs = index_ids(&s->g);
	if ((rc = find_releases(repo, base, tip, opt ? opt->series_re : NULL, pairs, s, err,
				errlen)))
		goto out;
	release_attribute(&s->rels, &s->g);
	if ((rc = until_index(s, opt, &until, err, errlen)))
		goto out;
	resolver_init(&s->r, &s->g);
	census_compute(&s->g, &s->r, until, &s->census);
	sagas_compute(&s->g, &s->census, &s->r, &s->sagas);
out:
	free(pairs);
	free(base);
	free(tip);
	return rc;
}

void series_release_all(struct series *s)
{
	sagas_release(&s->sagas);
	resolver_release(&s->r);
	if (s->by)
		breakdown_release(s->by);
	free(s->by);
	census_release(&s->census);
	release_list_release(&s->rels);
	graph_release(&s->g);
	free(s->name);
	free(s->label);
	free(s->base);
	free(s->tip);
	memset(s, 0, sizeof(*s));
}
