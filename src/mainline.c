/*
 * mainline.c — see mainline.h.  Tag attribution walks the mainline tags in
 * version order, each one's history minus the previous tag's, stopping once
 * every wanted commit has its tag: one walk of the history at most.
 */
#include "mainline.h"
#include "repo.h"
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

int mainline_read(git_repository *repo, const char *ref, const char *base,
		  struct mainline *out, char *err, size_t errlen)
{
	git_revwalk *w = NULL;
	git_oid tip, hide, oid;
	int rc, r;

	if ((rc = oid_of(repo, ref, &tip, err, errlen)) ||
	    (rc = oid_of(repo, base, &hide, err, errlen)))
		return rc;
	if (git_revwalk_new(&w, repo) < 0 || git_revwalk_push(w, &tip) < 0 ||
	    git_revwalk_hide(w, &hide) < 0)
		goto fail;
	while ((r = git_revwalk_next(&oid, w)) == 0) {
		git_commit *c = NULL;
		struct msg_facts f;
		char hex[41];
		if (git_commit_lookup(&c, repo, &oid) < 0)
			goto fail;
		const char *msg = git_commit_message_raw(c);
		msg_parse(msg, strlen(msg), &f);
		git_oid_tostr(hex, sizeof(hex), &oid);
		mainline_add(out, hex, &f);
		git_commit_free(c);
	}
	if (r != GIT_ITEROVER)
		goto fail;
	git_revwalk_free(w);
	return REPO_OK;
fail:
	snprintf(err, errlen, "cannot read mainline history %s: %s", ref, git_msg());
	git_revwalk_free(w);
	return REPO_EFAIL;
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

/* Which wanted fix has this id, or -1. want is small: a linear scan. */
static long wanted_index(const struct mainline *m, const struct u32s *want, const char *hex)
{
	for (size_t i = 0; i < want->n; i++)
		if (!m->v[want->v[i]].release && !strcmp(m->v[want->v[i]].id, hex))
			return (long)want->v[i];
	return -1;
}

/* Push refs/tags/NAME's commit (hide it when hide is set); 0 if it has one. */
static int tag_commit(git_repository *repo, git_revwalk *w, const char *name, int hide)
{
	git_object *obj = NULL, *c = NULL;
	char ref[1100];
	int rc = -1;

	snprintf(ref, sizeof(ref), "refs/tags/%s", name);
	if (git_revparse_single(&obj, repo, ref) == 0 &&
	    git_object_peel(&c, obj, GIT_OBJECT_COMMIT) == 0)
		rc = hide ? git_revwalk_hide(w, git_object_id(c))
			  : git_revwalk_push(w, git_object_id(c));
	git_object_free(c);
	git_object_free(obj);
	return rc;
}

/* The commits of tag minus prev get tag as their release (if wanted). */
static int walk_tag(git_repository *repo, struct mainline *m, const struct u32s *want,
		    const char *tag, const char *prev, const git_oid *base, size_t *left)
{
	git_revwalk *w = NULL;
	git_oid oid;
	char hex[41];

	if (git_revwalk_new(&w, repo) < 0)
		return -1;
	if (tag_commit(repo, w, tag, 0) < 0) {
		git_revwalk_free(w);
		return 0;	/* a tag on a tree or blob: no release */
	}
	if (prev)
		tag_commit(repo, w, prev, 1);
	git_revwalk_hide(w, base);
	while (*left && git_revwalk_next(&oid, w) == 0) {
		git_oid_tostr(hex, sizeof(hex), &oid);
		long k = wanted_index(m, want, hex);
		if (k >= 0) {
			m->v[k].release = xstrdup(tag);
			(*left)--;
		}
	}
	git_revwalk_free(w);
	return 0;
}

int mainline_attribute(git_repository *repo, const char *base, struct mainline *m,
		       const struct u32s *want, char *err, size_t errlen)
{
	git_oid base_oid;
	git_strarray names = { 0 };
	char **tags;
	size_t n = 0, left = want->n;
	int rc = REPO_OK;

	if (!left)
		return REPO_OK;
	if ((rc = oid_of(repo, base, &base_oid, err, errlen)))
		return rc;
	if (git_tag_list(&names, repo) < 0) {
		snprintf(err, errlen, "cannot list tags: %s", git_msg());
		return REPO_EFAIL;
	}
	tags = xmalloc((names.count + 1) * sizeof(char *));
	for (size_t i = 0; i < names.count; i++)
		if (mainline_is_tag(names.strings[i]))
			tags[n++] = names.strings[i];
	if (n)
		qsort(tags, n, sizeof(char *), cmp_tag_ptr);
	for (size_t i = 0; i < n && left && !rc; i++)
		if (walk_tag(repo, m, want, tags[i], i ? tags[i - 1] : NULL, &base_oid,
			     &left) < 0) {
			snprintf(err, errlen, "cannot walk mainline tag %s: %s", tags[i], git_msg());
			rc = REPO_EFAIL;
		}
	free(tags);
	git_strarray_dispose(&names);
	return rc;
}
