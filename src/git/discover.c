/* discover.c — see discover.h. */
#include "git/discover.h"
#include "core/close_tags.h"
#include "core/release.h"
#include "base/error.h"
#include "git/config.h"
#include "git/mainline_read.h"
#include "git/tags.h"
#include "base/oidmap.h"
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

/* r, unless the list has it already (the same BASE..TIP, however it was
 * asked for: `v1.0 v1.0..v1.0.6` is one series, counted once). */
static void push_once(struct range_list *l, struct range r)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].name, r.name)) {
			free(r.name);
			free(r.base);
			free(r.tip);
			return;
		}
	push(l, r);
}

/* The tip discovery gives base, or NULL when it finds no series of base. */
static char *discovered_tip(const struct series_discovery *d, const char *base)
{
	for (size_t i = 0; d && i < d->nfound; i++)
		if (!strcmp(d->found[i].base, base))
			return xstrdup(d->found[i].tip);
	return NULL;
}

/* BASE..(highest BASE.N, by the rules of discovery where they find a
 * series of BASE); 0, or -1 when BASE has no release tags. */
static int expand_base(const struct tag_table *t, const char *arg, const struct pattern *re,
		       const struct series_discovery *d, struct range *out)
{
	struct release_matcher m;
	const char *best = NULL, *base = release_base_name(arg);
	unsigned long top = 0, n;
	char *tip = re ? NULL : discovered_tip(d, base);
	size_t ntags = t->n;
	/* built in: the tags that can be releases, not every tag (release.h) */
	char **cand = re ? NULL : release_candidates(&t->fold, base, &ntags);
	char *const *tags = cand ? cand : t->names;

	if (tip) {
		*out = make_range(arg, tip);
		free(tip);
		free(cand);
		return 0;
	}
	release_matcher_init(&m, base, re, tags, ntags);
	for (size_t i = 0; i < ntags; i++) {
		if (strcmp(tags[i], base) && release_match(&m, tags[i], &n) && (!best || n > top)) {
			best = tags[i];
			top = n;
		}
	}
	release_matcher_release(&m);
	if (best)
		*out = make_range(arg, best);
	free(cand);
	return best ? 0 : -1;
}

static int all_series(const struct series_discovery *d, struct range_list *out, char *err,
		      size_t errlen)
{
	for (size_t i = 0; i < d->nfound; i++)
		push(out, make_range(d->found[i].base, d->found[i].tip));
	if (!d->nfound) {
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

/* Does any argument need discovery (none, or a bare BASE)? */
static int needs_discovery(const char *const *args, size_t nargs)
{
	for (size_t i = 0; i < nargs; i++)
		if (!strstr(args[i], ".."))
			return 1;
	return nargs == 0;
}

int discover_ranges(git_repository *repo, const char *const *args, size_t nargs,
		    const struct pattern *re, struct range_list *out, char *err, size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	struct series_discovery d = { 0 };
	int rc = RT_OK, have = 0;

	memset(out, 0, sizeof(*out));
	if (!t)
		return RT_EFAIL;
	/* only tags naming commits (the table's): one on a tree or blob is no release */
	if (needs_discovery(args, nargs) && !(rc = discover_series(repo, re, &d, err, errlen)))
		have = 1;
	if (!rc && nargs == 0)
		rc = all_series(&d, out, err, errlen);
	for (size_t i = 0; !rc && i < nargs; i++) {
		struct range r = { 0 };

		if (strstr(args[i], ".."))
			r = split_range(args[i]);
		else if (expand_base(t, args[i], re, have ? &d : NULL, &r) < 0) {
			rc = no_releases(t, args[i], err, errlen);
			break;
		}
		push_once(out, r);
	}
	discovery_release(&d);
	return rc;
}

/* Which tag's commit each commit is (the first tag naming it), in map. */
static uint32_t *dense_commits(const struct tag_table *t, struct oidmap *map)
{
	uint32_t *id = xmalloc((t->n + 1) * sizeof(*id));

	oidmap_init(map, t->n);
	for (size_t i = 0; i < t->n; i++) {
		const uint8_t *oid = t->v[i].commit.id;
		if (oidmap_add(map, oid, (uint32_t)i))
			id[i] = (uint32_t)i;
		else
			id[i] = oidmap_get(map, oid);
	}
	return id;
}

/* Walk tip's first-parent line, marking in on[] the tags' commits (positions
 * of map) on it, down to stop (NULL: to the root); 1 if it reached stop. */
static int walk_line(git_repository *repo, const git_oid *tip, const uint8_t *stop,
		     const struct oidmap *map, uint8_t *on)
{
	git_revwalk *w = NULL;
	git_oid oid;
	int reached = 0;

	if (git_revwalk_new(&w, repo) < 0)
		return 0;
	git_revwalk_simplify_first_parent(w);
	if (git_revwalk_push(w, tip) == 0)
		while (!reached && git_revwalk_next(&oid, w) == 0) {
			uint32_t pos = oidmap_get(map, oid.id);
			if (stop && !memcmp(oid.id, stop, 20))
				reached = 1;
			else if (pos != UINT32_MAX)
				on[pos] = 1;
		}
	git_revwalk_free(w);
	return reached;
}

/* Take from the tags cache's line of tip what the walk did not mark: 0, or
 * -1 when it does not know a commit (then nothing is taken). */
static int take_line(const struct tag_table *t, const uint32_t *id, const uint8_t tip[20],
		     uint8_t *on)
{
	for (size_t i = 0; i < t->n; i++)
		if (id[i] == i && !on[i] && tags_line_on(tip, t->v[i].commit.id) < 0)
			return -1;
	for (size_t i = 0; i < t->n; i++)
		if (id[i] == i && !on[i])
			on[i] = (uint8_t)tags_line_on(tip, t->v[i].commit.id);
	return 0;
}

/* Tell the tags cache the line used (each commit once: id[i] == i). */
static void line_seen(const struct tag_table *t, const uint32_t *id, const git_oid *tip,
		      const uint8_t *on)
{
	uint8_t (*commit)[20] = xmalloc((t->n + 1) * sizeof(*commit));
	uint8_t *bit = xmalloc(t->n + 1);
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		if (id[i] == i) {
			memcpy(commit[n], t->v[i].commit.id, 20);
			bit[n++] = on[i];
		}
	tags_line_seen(tip->id, (const uint8_t (*)[20])commit, bit, n);
	free(bit);
	free(commit);
}

/* Mark in on[] the tags' commits (positions of map: id[i] == i) on the
 * first-parent line of the mainline; none when there is no mainline or it
 * cannot be walked (the rule then has no facts: doc/dialects.md).  The
 * tags cache keeps the line (cache/tags.h): the same tip walks nothing, a
 * tip that moved walks down to the tip it kept. */
static void mark_first_parent(git_repository *repo, const struct tag_table *t,
			      const uint32_t *id, const struct oidmap *map, uint8_t *on)
{
	char ignored[256];
	char *ref = mainline_default_ref(repo, NULL, ignored, sizeof(ignored));
	git_object *obj = NULL;
	uint8_t old[20];
	git_oid tip;

	if (!ref || git_revparse_single(&obj, repo, ref) < 0)
		goto out;
	git_oid_cpy(&tip, git_object_id(obj));
	if (take_line(t, id, tip.id, on) < 0) {
		int kept = tags_line_tip(old);
		/* (not reaching the tip kept, the walk went to the root) */
		if (walk_line(repo, &tip, kept ? old : NULL, map, on) &&
		    take_line(t, id, old, on) < 0) {
			memset(on, 0, t->n + 1);
			walk_line(repo, &tip, NULL, map, on);
		}
	}
	line_seen(t, id, &tip, on);
out:
	git_object_free(obj);
	free(ref);
}

/* The project's corrections (git/config.h), into p and c. */
static int corrections(git_repository *repo, struct project_config *p,
		       struct discovery_config *c, char *err, size_t errlen)
{
	struct config_words none = { 0 };
	int rc = config_load(repo, &none, p, err, errlen);

	c->add = (const char *const *)p->series_add;
	c->nadd = p->nseries_add;
	c->exclude = (const char *const *)p->series_exclude;
	c->nexclude = p->nseries_exclude;
	return rc;
}

int discover_series(git_repository *repo, const struct pattern *re, struct series_discovery *out,
		    char *err, size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	struct project_config p = { 0 };
	struct discovery_config c = { 0 };
	struct oidmap map;

	memset(out, 0, sizeof(*out));
	if (!t)
		return RT_EFAIL;
	if (corrections(repo, &p, &c, err, errlen)) {
		config_release(&p);
		return RT_EFAIL;
	}
	uint32_t *id = dense_commits(t, &map);
	uint8_t *on = xcalloc(t->n + 1, 1);
	struct tag_fact *f = xmalloc((t->n + 1) * sizeof(*f));
	mark_first_parent(repo, t, id, &map, on);
	for (size_t i = 0; i < t->n; i++) {
		f[i].name = t->v[i].name;
		f[i].commit = id[i];
		f[i].first_parent = on[id[i]];
	}
	release_discover(f, t->n, re, &c, out);
	free(f);
	free(on);
	free(id);
	oidmap_release(&map);
	config_release(&p);
	return RT_OK;
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
