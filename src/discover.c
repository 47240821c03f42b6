/* discover.c — see discover.h. */
#include "discover.h"
#include "release.h"
#include "repo.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *make_range(const char *base, const char *tip)
{
	size_t n = strlen(base) + strlen(tip) + 3;
	char *r = xmalloc(n);

	snprintf(r, n, "%s..%s", base, tip);
	return r;
}

static void push(struct range_list *l, char *range)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(char *));
	l->v[l->n++] = range;
}

/* BASE..(highest BASE.N), or NULL when BASE has no release tags. */
static char *expand_base(const git_strarray *tags, const char *arg, const regex_t *re)
{
	struct release_matcher m;
	const char *best = NULL, *base = release_base_name(arg);
	unsigned long top = 0, n;

	release_matcher_init(&m, base, re, tags->strings, tags->count);
	for (size_t i = 0; i < tags->count; i++) {
		if (strcmp(tags->strings[i], base) && release_match(&m, tags->strings[i], &n) &&
		    (!best || n > top)) {
			best = tags->strings[i];
			top = n;
		}
	}
	release_matcher_release(&m);
	return best ? make_range(arg, best) : NULL;
}

static int all_series(const git_strarray *tags, const regex_t *re, struct range_list *out,
		      char *err, size_t errlen)
{
	struct series_name *s;
	size_t n;

	release_find_series(tags->strings, tags->count, re, &s, &n);
	for (size_t i = 0; i < n; i++)
		push(out, make_range(s[i].base, s[i].tip));
	release_series_names_free(s, n);
	if (!n) {
		snprintf(err, errlen, "no stable series found: no tag BASE has tags BASE.N");
		return REPO_EFAIL;
	}
	return REPO_OK;
}

/*
 * Keep (first, in order) the tags that name a commit, through annotated
 * tags: a tag on a tree or a blob is no release (README "Releases") and must
 * not be picked as a series' tip.  Returns how many; the others stay after
 * them, so tags->count is unchanged for git_strarray_dispose.
 */
static size_t commit_tags(git_repository *repo, git_strarray *tags)
{
	size_t k = 0;

	for (size_t i = 0; i < tags->count; i++) {
		char *name = tags->strings[i], *ref = xmalloc(strlen(name) + 11);
		git_reference *r = NULL;
		git_object *c = NULL;
		sprintf(ref, "refs/tags/%s", name);
		int ok = git_reference_lookup(&r, repo, ref) == 0 &&
			 git_reference_peel(&c, r, GIT_OBJECT_COMMIT) == 0;
		git_object_free(c);
		git_reference_free(r);
		free(ref);
		if (ok) {
			tags->strings[i] = tags->strings[k];
			tags->strings[k++] = name;
		}
	}
	return k;
}

int discover_ranges(git_repository *repo, const char *const *args, size_t nargs,
		    const regex_t *re, struct range_list *out, char *err, size_t errlen)
{
	git_strarray tags = { 0 };
	int rc = REPO_OK;
	size_t all;

	memset(out, 0, sizeof(*out));
	if (git_tag_list(&tags, repo) < 0) {
		snprintf(err, errlen, "cannot list tags: %s", git_error_last() ?
			 git_error_last()->message : "unknown error");
		return REPO_EFAIL;
	}
	all = tags.count;
	tags.count = commit_tags(repo, &tags);
	if (nargs == 0)
		rc = all_series(&tags, re, out, err, errlen);
	for (size_t i = 0; !rc && i < nargs; i++) {
		char *r = strstr(args[i], "..") ? xstrdup(args[i])
						: expand_base(&tags, args[i], re);
		if (!r) {
			snprintf(err, errlen, "'%s' is neither BASE..TIP nor a tag with release tags",
				 args[i]);
			rc = REPO_EFAIL;
			break;
		}
		push(out, r);
	}
	tags.count = all;
	git_strarray_dispose(&tags);
	return rc;
}

void range_list_release(struct range_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
