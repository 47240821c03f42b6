/* contains.c — see contains.h. */
#include "git/contains.h"
#include "base/error.h"
#include "base/util.h"
#include "git/mainline_read.h"
#include "git/tags.h"

#include <stdlib.h>
#include <string.h>

int contains_full_id(git_repository *repo, const char *id, char hex[41])
{
	size_t len = strlen(id);
	git_object *obj = NULL;
	git_oid oid;
	int rc;

	if (len < 4 || len > 40 || git_oid_fromstrn(&oid, id, len) < 0)
		return 1;
	rc = git_object_lookup_prefix(&obj, repo, &oid, len, GIT_OBJECT_ANY);
	if (rc == GIT_EAMBIGUOUS)
		return 2;
	if (rc < 0 || git_object_type(obj) != GIT_OBJECT_COMMIT) {
		git_object_free(obj);
		return 1;
	}
	git_oid_tostr(hex, 41, git_object_id(obj));
	git_object_free(obj);
	return 0;
}

static int contains_oid(git_repository *repo, const git_oid *rev, const git_oid *c)
{
	return git_oid_equal(rev, c) || git_graph_descendant_of(repo, rev, c) == 1;
}

int contains_in(git_repository *repo, const git_oid *rev, const char *hex)
{
	git_oid c;

	if (git_oid_fromstr(&c, hex) < 0)
		return 0;
	return contains_oid(repo, rev, &c);
}

static int cmp_name(const void *a, const void *b)
{
	return mainline_tag_cmp(*(const char *const *)a, *(const char *const *)b);
}

int contains_tags_load(git_repository *repo, struct contains_tags *out, char *err,
		       size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);

	memset(out, 0, sizeof(*out));
	if (!t)
		return RT_EFAIL;
	out->name = xcalloc(t->n + 1, sizeof(*out->name));
	out->commit = xcalloc(t->n + 1, sizeof(*out->commit));
	out->date = xcalloc(t->n + 1, sizeof(*out->date));
	out->seg = xcalloc(t->n + 1, sizeof(*out->seg));
	for (size_t i = 0; i < t->n; i++)
		if (mainline_is_tag(t->v[i].name))
			out->name[out->n++] = t->v[i].name;
	qsort(out->name, out->n, sizeof(*out->name), cmp_name);
	for (size_t i = 0; i < out->n; i++) {
		const struct tag_info *ti = tags_find(t, out->name[i]);
		out->commit[i] = ti->commit;
		out->date[i] = ti->date;
	}
	return RT_OK;
}

void contains_tags_release(struct contains_tags *t)
{
	free(t->name);
	for (size_t i = 0; t->seg && i < t->n; i++)
		free(t->seg[i].v);
	free(t->seg);
	free(t->commit);
	free(t->date);
	memset(t, 0, sizeof(*t));
}

/* How many segments near the dated one are looked at before halving. */
#define STEPS 8

/* The first tag holding c among t[lo..hi), by halves. */
static long by_halves(git_repository *repo, const struct contains_tags *t, const git_oid *c,
		      size_t lo, size_t hi)
{
	size_t end = hi;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (contains_oid(repo, &t->commit[mid], c))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo < end ? (long)lo : -1;
}

static int cmp_oid(const void *a, const void *b)
{
	return git_oid_cmp(a, b);
}

/* Walk segment i (tag i ^ tag i - 1, i > 0) once. */
static void walk_segment(git_repository *repo, struct contains_tags *t, size_t i)
{
	struct contains_segment *sg = &t->seg[i];
	git_revwalk *w = NULL;
	size_t cap = 64;
	git_oid oid;

	sg->v = xmalloc(cap * sizeof(*sg->v));
	sg->n = 0;
	if (git_revwalk_new(&w, repo) < 0 || git_revwalk_push(w, &t->commit[i]) < 0 ||
	    git_revwalk_hide(w, &t->commit[i - 1]) < 0) {
		git_revwalk_free(w);
		return;
	}
	while (git_revwalk_next(&oid, w) == 0) {
		if (sg->n == cap)
			sg->v = xrealloc(sg->v, (cap *= 2) * sizeof(*sg->v));
		sg->v[sg->n++] = oid;
	}
	git_revwalk_free(w);
	qsort(sg->v, sg->n, sizeof(*sg->v), cmp_oid);
}

/* Is c in segment i (tag 0: its whole history)? */
static int in_segment(git_repository *repo, struct contains_tags *t, size_t i, const git_oid *c)
{
	if (i == 0)
		return contains_oid(repo, &t->commit[0], c);
	if (!t->seg[i].v)
		walk_segment(repo, t, i);
	return bsearch(c, t->seg[i].v, t->seg[i].n, sizeof(git_oid), cmp_oid) != NULL;
}

long contains_first_tag(git_repository *repo, struct contains_tags *t, const char *hex)
{
	git_commit *commit;
	int64_t when;
	size_t i = 0;
	git_oid c;

	if (!t->n || git_oid_fromstr(&c, hex) < 0 || git_commit_lookup(&commit, repo, &c) < 0)
		return -1;
	when = (int64_t)git_commit_time(commit);
	git_commit_free(commit);
	while (i + 1 < t->n && t->date[i] < when)
		i++;
	/* the dated segment, then on (merged later), back (skew), on, ... */
	for (size_t k = 0; k < STEPS; k++) {
		size_t step = (k + 1) / 2;
		if (k % 2 == 0 ? i + step >= t->n : step > i)
			continue;
		size_t at = k % 2 == 0 ? i + step : i - step;
		if (in_segment(repo, t, at, &c))
			return (long)at;
	}
	return by_halves(repo, t, &c, 0, t->n);
}

long contains_tag_rank(const struct contains_tags *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->name[i], name))
			return (long)i;
	return -1;
}
