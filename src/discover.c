/* discover.c — see discover.h. */
#include "discover.h"
#include "release.h"
#include "repo.h"
#include "tags.h"
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

int discover_ranges(git_repository *repo, const char *const *args, size_t nargs,
		    const regex_t *re, struct range_list *out, char *err, size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	int rc = REPO_OK;

	memset(out, 0, sizeof(*out));
	if (!t)
		return REPO_EFAIL;
	/* only tags naming commits: one on a tree or blob is no release */
	git_strarray tags = { t->names, t->n };
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
	return rc;
}

void range_list_release(struct range_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
