/*
 * mainline.c — see mainline.h.  Tag attribution walks the mainline tags in
 * version order, each one's history minus the previous tag's, stopping once
 * every wanted commit has its tag: one walk of the history at most.
 */
#include "mainline.h"
#include "repo.h"
#include "walk.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *git_msg(void)
{
	const git_error *e = git_error_last();

	return e && e->message ? e->message : "unknown libgit2 error";
}

char *mainline_default_ref(git_repository *repo, const char *given, char *err, size_t errlen)
{
	static const char *const names[] = { "master", "main", "origin/master", "origin/main" };
	git_object *obj = NULL;

	if (given)
		return xstrdup(given);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (git_revparse_single(&obj, repo, names[i]) == 0) {
			git_object_free(obj);
			return xstrdup(names[i]);
		}
	}
	snprintf(err, errlen, "no mainline branch (master, main, origin/master, origin/main): "
		 "name one with --mainline REF");
	return NULL;
}

static int oid_of(git_repository *repo, const char *rev, git_oid *oid, char *err, size_t errlen)
{
	git_object *obj = NULL, *c = NULL;
	int rc = REPO_OK;

	if (git_revparse_single(&obj, repo, rev) < 0 ||
	    git_object_peel(&c, obj, GIT_OBJECT_COMMIT) < 0) {
		snprintf(err, errlen, "unknown revision '%s'", rev);
		rc = REPO_EFAIL;
	} else {
		git_oid_cpy(oid, git_object_id(c));
	}
	git_object_free(c);
	git_object_free(obj);
	return rc;
}

/* vX[.Y][-rcN] -> numbers; rc 0 stands for the release itself (last). */
static int parse_tag(const char *s, unsigned long *x, unsigned long *y, unsigned long *rc)
{
	char *end;

	if (s[0] != 'v' || s[1] < '0' || s[1] > '9')
		return 0;
	*x = strtoul(s + 1, &end, 10);
	*y = 0;
	*rc = ULONG_MAX;
	if (*end == '.') {
		if (end[1] < '0' || end[1] > '9')
			return 0;
		*y = strtoul(end + 1, &end, 10);
	}
	if (!strncmp(end, "-rc", 3) && end[3] >= '0' && end[3] <= '9')
		*rc = strtoul(end + 3, &end, 10);
	return *end == '\0';
}

int mainline_is_tag(const char *name)
{
	unsigned long x, y, rc;

	return parse_tag(name, &x, &y, &rc);
}

int mainline_tag_cmp(const char *a, const char *b)
{
	unsigned long ax, ay, arc, bx, by, brc;

	parse_tag(a, &ax, &ay, &arc);
	parse_tag(b, &bx, &by, &brc);
	if (ax != bx)
		return ax < bx ? -1 : 1;
	if (ay != by)
		return ay < by ? -1 : 1;
	if (arc != brc)
		return arc < brc ? -1 : 1;
	return 0;
}

static int cmp_tag_ptr(const void *a, const void *b)
{
	return mainline_tag_cmp(*(char *const *)a, *(char *const *)b);
}

struct pos_oid {
	uint8_t oid[20];
	uint32_t pos;
};

static int cmp_pos_oid(const void *a, const void *b)
{
	return memcmp(a, b, 20);
}

/* The mainline tags whose commit is in the walk, in version order. */
static size_t tags_in_walk(git_repository *repo, const struct walk_result *w,
			   const git_strarray *names, const char **tag, uint32_t *at)
{
	struct pos_oid *idx = xmalloc((w->n + 1) * sizeof(*idx)), key;
	const char **sorted = xmalloc((names->count + 1) * sizeof(char *));
	size_t n = 0, k = 0;

	for (size_t i = 0; i < w->n; i++) {
		memcpy(idx[i].oid, w->v[i].oid, 20);
		idx[i].pos = (uint32_t)i;
	}
	qsort(idx, w->n, sizeof(*idx), cmp_pos_oid);
	for (size_t i = 0; i < names->count; i++)
		if (mainline_is_tag(names->strings[i]))
			sorted[n++] = names->strings[i];
	if (n)
		qsort(sorted, n, sizeof(char *), cmp_tag_ptr);
	for (size_t i = 0; i < n; i++) {
		git_object *obj = NULL, *c = NULL;
		char ref[1100];
		snprintf(ref, sizeof(ref), "refs/tags/%s", sorted[i]);
		if (git_revparse_single(&obj, repo, ref) == 0 &&
		    git_object_peel(&c, obj, GIT_OBJECT_COMMIT) == 0) {
			memcpy(key.oid, git_object_id(c)->id, 20);
			struct pos_oid *hit = bsearch(&key, idx, w->n, sizeof(*idx), cmp_pos_oid);
			if (hit) {
				tag[k] = sorted[i];
				at[k++] = hit->pos;
			}
		}
		git_object_free(c);
		git_object_free(obj);
	}
	free(sorted);
	free(idx);
	return k;
}

/*
 * Tags in version order each claim the unclaimed part of their history
 * (as release.c does for a series): each commit is visited once.
 */
static int32_t *attribute(const struct walk_result *w, const uint32_t *at, size_t ntags)
{
	int32_t *rel = xmalloc((w->n + 1) * sizeof(int32_t));
	uint32_t *stack = xmalloc((w->n + 1) * sizeof(uint32_t));

	for (size_t i = 0; i < w->n; i++)
		rel[i] = -1;
	for (size_t t = 0; t < ntags; t++) {
		size_t top = 0;
		if (rel[at[t]] >= 0)
			continue;
		rel[at[t]] = (int32_t)t;
		stack[top++] = at[t];
		while (top) {
			const struct walk_commit *c = &w->v[stack[--top]];
			for (uint32_t k = 0; k < c->nparents; k++)
				if (rel[c->parents[k]] < 0) {
					rel[c->parents[k]] = (int32_t)t;
					stack[top++] = c->parents[k];
				}
		}
	}
	free(stack);
	return rel;
}

int mainline_read(git_repository *repo, const char *ref, const char *base,
		  struct mainline *out, char *err, size_t errlen)
{
	struct walk_result w;
	git_strarray names = { 0 };
	git_oid tip, hide;
	char hex[41];
	int rc;

	if ((rc = oid_of(repo, ref, &tip, err, errlen)) ||
	    (rc = oid_of(repo, base, &hide, err, errlen)) ||
	    (rc = walk_range(repo, &hide, &tip, NULL, &w, err, errlen)))
		return rc;
	if (git_tag_list(&names, repo) < 0) {
		walk_result_release(&w);
		snprintf(err, errlen, "cannot list tags: %s", git_msg());
		return REPO_EFAIL;
	}
	const char **tag = xmalloc((names.count + 1) * sizeof(char *));
	uint32_t *at = xmalloc((names.count + 1) * sizeof(uint32_t));
	int32_t *rel = attribute(&w, at, tags_in_walk(repo, &w, &names, tag, at));
	for (size_t i = 0; i < w.n; i++) {
		git_oid oid;
		size_t before = out->n;
		memcpy(oid.id, w.v[i].oid, 20);
		git_oid_tostr(hex, sizeof(hex), &oid);
		mainline_add(out, hex, w.v[i].facts);
		free(w.v[i].facts);
		w.v[i].facts = NULL;
		if (out->n > before && rel[i] >= 0)
			out->v[before].release = xstrdup(tag[rel[i]]);
	}
	free(rel);
	free(at);
	free(tag);
	git_strarray_dispose(&names);
	walk_result_release(&w);
	return REPO_OK;
}
