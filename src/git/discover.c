/* discover.c — see discover.h. */
#include "git/discover.h"
#include "core/close_tags.h"
#include "core/release.h"
#include "base/error.h"
#include "git/tags.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct range make_range(const char *base, const char *tip)
{
	size_t n = strlen(base) + strlen(tip) + 3;
	struct range r = { xmalloc(n), xstrdup(base), xstrdup(tip) };

	snprintf(r.name, n, "%s..%s", base, tip);
	return r;
}

/* A range as written: BASE..TIP with neither end empty nor a third dot
 * ("a...b"), else kept with no ends, for the reader to refuse in turn. */
static struct range split_range(const char *text)
{
	const char *dots = strstr(text, "..");
	struct range r = { xstrdup(text), NULL, NULL };

	if (!dots || dots == text || !dots[2] || dots[2] == '.' || strstr(dots + 2, ".."))
		return r;
	r.base = xstrndup(text, (size_t)(dots - text));
	r.tip = xstrdup(dots + 2);
	return r;
}

static void push(struct range_list *l, struct range r)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = r;
}

/* The tip series discovery gives base (release.h: no snapshot, no release
 * that is a base of its own), or NULL when it finds no series of base. */
static char *discovered_tip(const git_strarray *tags, const char *base)
{
	struct series_name *s;
	size_t n;
	char *tip = NULL;

	release_find_series(tags->strings, tags->count, NULL, &s, &n);
	for (size_t i = 0; i < n && !tip; i++)
		if (!strcmp(s[i].base, base))
			tip = xstrdup(s[i].tip);
	release_series_names_free(s, n);
	return tip;
}

/* BASE..(highest BASE.N, by the rules of discovery where they find a
 * series of BASE); 0, or -1 when BASE has no release tags. */
static int expand_base(const git_strarray *tags, const char *arg, const regex_t *re,
		       struct range *out)
{
	struct release_matcher m;
	const char *best = NULL, *base = release_base_name(arg);
	unsigned long top = 0, n;
	char *tip = re ? NULL : discovered_tip(tags, base);

	if (tip) {
		*out = make_range(arg, tip);
		free(tip);
		return 0;
	}
	release_matcher_init(&m, base, re, tags->strings, tags->count);
	for (size_t i = 0; i < tags->count; i++) {
		if (strcmp(tags->strings[i], base) && release_match(&m, tags->strings[i], &n) &&
		    (!best || n > top)) {
			best = tags->strings[i];
			top = n;
		}
	}
	release_matcher_release(&m);
	if (!best)
		return -1;
	*out = make_range(arg, best);
	return 0;
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
		return RT_EFAIL;
	}
	return RT_OK;
}

/* Why a bare BASE names no range: no such tag (with the tags that look
 * close, core/close_tags.h), or a tag with no release tags. */
static int no_releases(const struct tag_table *t, const char *arg, char *err, size_t errlen)
{
	const char *base = release_base_name(arg);
	char hint[512];

	if (tags_find(t, base))
		return rt_fail(err, errlen, RT_EFAIL,
			       "'%s' is neither BASE..TIP nor a tag with release tags", arg);
	close_tags_hint(hint, sizeof(hint), base, t->names, t->n);
	return rt_fail(err, errlen, RT_EFAIL, "no tag '%s'%s", arg, hint);
}

int discover_ranges(git_repository *repo, const char *const *args, size_t nargs,
		    const regex_t *re, struct range_list *out, char *err, size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	int rc = RT_OK;

	memset(out, 0, sizeof(*out));
	if (!t)
		return RT_EFAIL;
	/* only tags naming commits: one on a tree or blob is no release */
	git_strarray tags = { t->names, t->n };
	if (nargs == 0)
		rc = all_series(&tags, re, out, err, errlen);
	for (size_t i = 0; !rc && i < nargs; i++) {
		struct range r = { 0 };

		if (strstr(args[i], ".."))
			r = split_range(args[i]);
		else if (expand_base(&tags, args[i], re, &r) < 0) {
			rc = no_releases(t, args[i], err, errlen);
			break;
		}
		push(out, r);
	}
	return rc;
}

void range_list_release(struct range_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].name);
		free(l->v[i].base);
		free(l->v[i].tip);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}
