/* discover.c — see discover.h. */
#include "git/discover.h"
#include "core/series_hint.h"
#include "core/close_tags.h"
#include "core/release.h"
#include "base/error.h"
#include "git/config.h"
#include "git/mainline_read.h"
#include "git/pack_prefetch.h"
#include "git/pack_set.h"
#include "git/tags.h"
#include "git/cgraph_files.h"
#include "git/commit_parse.h"
#include "git/replace.h"
#include "git/walk_memo.h"
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

/* Every series discovery found; none is an error, with the pattern to try
 * when the tags number releases with '_' (core/series_hint.h). */
static int all_series(const struct tag_table *t, const struct series_discovery *d,
		      const struct pattern *re, struct range_list *out, char *err,
		      size_t errlen)
{
	char hint[512] = "";

	for (size_t i = 0; i < d->nfound; i++)
		push(out, make_range(d->found[i].base, d->found[i].tip));
	if (!d->nfound) {
		if (!re)
			series_hint(hint, sizeof(hint), t->names, t->n);
		snprintf(err, errlen, "no stable series found: no tag BASE has tags BASE.N "
			 "(regtrace series shows what was rejected; releases named otherwise, "
			 "as release-2.1.12-stable, need --series-pattern RE)%s", hint);
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
		rc = all_series(t, &d, re, out, err, errlen);
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

/* A line being collected: the heads of its commits. */
struct line {
	uint8_t (*head)[8];
	size_t n, cap;
};

/* Commit oid's first parent from the commit-graph (cgraph_files.h): 1 with
 * *first and *has set, or 0 when the graph does not hold it (or lists more
 * than 256 parents: the object says). */
static int line_from_graph(const struct cgraph *g, const git_oid *oid, git_oid *first, int *has)
{
	struct cgraph_commit c;
	int64_t pos = g->nlayers ? cgraph_find(g, oid->id) : -1;

	if (pos < 0 || cgraph_commit(g, (uint32_t)pos, &c) < 0 || c.nparents != c.all_parents)
		return 0;
	if ((*has = c.nparents > 0))
		memcpy(first->id, cgraph_oid(g, c.parents[0]), 20);
	return 1;
}

/* Objects the line's walk inflates before the packs' reader starts
 * (pack_prefetch.h): a line that ends sooner (a tip moved by a release, the
 * rest of the line kept: cache/tags.h) starts no thread. */
#define LINE_PREFETCH_AFTER 1024

/* Commit oid's first parent from the walk memo (the packs' reader put it
 * there: pack_prefetch.h): as line_from_graph. */
static int line_from_memo(const char *gitdir, const git_oid *oid, git_oid *first, int *has)
{
	uint8_t parents[COMMIT_MAX_PARENTS][20];
	unsigned all, np;
	int64_t time;

	if (!walk_memo_get(gitdir, oid->id, &time, &all, parents, &np) || np != all)
		return 0;
	if ((*has = np > 0))
		memcpy(first->id, parents[0], 20);
	return 1;
}

/* Read commit oid into *first (its first parent) and *has (whether it has
 * one): 1, or 0 when it cannot be read as a commit.  From the commit-graph
 * when it holds the commit (nothing inflated: the walks that follow read
 * the messages on several threads), or the walk memo when the packs' reader
 * met it first (memo: one was started); else the object is read (*inflated
 * counts them) and kept in the walk memo, whole: the mainline's walks that
 * follow read most of these commits again (Open vSwitch: the line is
 * 19,000 of them, a fifth of a cold run's instructions when each was
 * inflated twice). */
static int read_line_commit(git_odb *odb, const char *gitdir, const struct cgraph *graph,
			    const git_oid *oid, git_oid *first, int *has, int memo, size_t *inflated)
{
	git_odb_object *obj = NULL;
	struct raw_commit rc;
	int ok;

	if (line_from_graph(graph, oid, first, has))
		return 1;
	if (memo && line_from_memo(gitdir, oid, first, has))
		return 1;
	++*inflated;
	size_t len;
	char *bytes = pack_set_read_commit(gitdir, oid->id, &len);	/* (the same bytes) */
	if (!bytes && git_odb_read(&obj, odb, oid) < 0)
		return 0;
	const char *data = bytes ? bytes : git_odb_object_data(obj);
	len = bytes ? len : git_odb_object_size(obj);
	ok = (bytes || git_odb_object_type(obj) == GIT_OBJECT_COMMIT) &&
	     commit_parse(data, len, &rc) == 0 && rc.nparents == rc.all_parents;
	if (ok) {
		*has = rc.nparents > 0;
		if (*has)
			memcpy(first->id, rc.parents[0], 20);
		if (bytes)	/* (given: rc points into them no more) */
			walk_memo_give(gitdir, oid->id, rc.time, rc.all_parents,
				       (const uint8_t (*)[20])rc.parents, rc.nparents, &bytes, len);
		else
			walk_memo_put(gitdir, oid->id, rc.time, rc.all_parents,
				      (const uint8_t (*)[20])rc.parents, rc.nparents, data, len);
	}
	free(bytes);
	git_odb_object_free(obj);
	return ok;
}

/* A line that comes back to a commit (Brent's method: a commit kept, and
 * replaced after 1, 2, 4, ... steps, is met again once the steps exceed
 * the cycle's length). */
struct cycle {
	uint8_t kept[20];
	size_t steps, power;
};

static void cycle_step(struct cycle *c, const uint8_t id[20])
{
	if (c->steps++ == 0 || c->steps == c->power) {
		memcpy(c->kept, id, 20);
		c->power *= 2;
		c->steps = 1;
	}
}

static int cycle_met(const struct cycle *c, const uint8_t id[20])
{
	return c->steps && !memcmp(c->kept, id, 20);
}

/* Walk tip's first-parent line, marking in on[] the tags' commits (positions
 * of map) on it and adding each commit's head to l, down to stop (NULL: to
 * the root); 1 if it reached stop (not added).  As libgit2's first-parent
 * revwalk, a commit is on the line only when it and its first parent can be
 * read: the line ends before one whose parent is missing (a shallow or
 * damaged history; damage that makes the line come back to a commit ends
 * it there too).  The commit-graph is used as the walks use it: not
 * when the repository replaces or grafts commits (replace.h), and only
 * where its checksum holds.  Once LINE_PREFETCH_AFTER objects were
 * inflated, a thread reads the packs' commits oldest first into the walk
 * memo (pack_prefetch.h), for this walk and the series' walks after it. */
static int walk_line(git_repository *repo, const git_oid *tip, const uint8_t *stop,
		     const struct oidmap *map, uint8_t *on, struct line *l)
{
	const char *gitdir = git_repository_commondir(repo);
	struct cgraph_files graph = { 0 };
	struct replace_map rm = { 0 };
	char ignored[256];
	git_odb *odb = NULL;
	git_oid cur = *tip, next;
	int reached = 0, has = 0, next_has = 0;
	size_t inflated = 0;
	int prefetch = 0;
	struct cycle cycle = { .power = 1 };

	cgraph_init(&graph.cg);
	if (replace_load(repo, &rm, ignored, sizeof(ignored)) == RT_OK && !rm.n)
		cgraph_files_load(&graph, gitdir);
	replace_release(&rm);
	if (git_repository_odb(&odb, repo) < 0 ||
	    !read_line_commit(odb, gitdir, &graph.cg, &cur, &next, &has, 0, &inflated)) {
		git_odb_free(odb);
		cgraph_files_unload(&graph);
		return 0;
	}
	for (;;) {
		git_oid after = { { 0 } };
		if (inflated == LINE_PREFETCH_AFTER && !prefetch)
			prefetch = pack_prefetch_start(gitdir);	/* (series_set.c stops it) */
		if (has && !read_line_commit(odb, gitdir, &graph.cg, &next, &after, &next_has,
					     prefetch, &inflated))
			break;	/* (its parent unreadable: not on the line) */
		if (stop && !memcmp(cur.id, stop, 20)) {
			reached = 1;
			break;
		}
		uint32_t pos = oidmap_get(map, cur.id);
		if (pos != UINT32_MAX)
			on[pos] = 1;
		ARRAY_GROW(l->head, l->n, l->cap);
		memcpy(l->head[l->n++], cur.id, 8);
		if (!has)
			break;
		cycle_step(&cycle, cur.id);
		cur = next;
		next = after;
		has = next_has;
		if (cycle_met(&cycle, cur.id))
			break;	/* (only damage makes a cycle: the line ends) */
	}
	git_odb_free(odb);
	cgraph_files_unload(&graph);
	return reached;
}

/* The tags' commits (id[i] == i) the line of tip knows, from the tags
 * cache: 0, or -1 when it holds no line of tip. */
static int take_line(const struct tag_table *t, const uint32_t *id, const uint8_t tip[20],
		     uint8_t *on)
{
	for (size_t i = 0; i < t->n; i++) {
		if (id[i] != i || on[i])
			continue;
		int known = tags_line_on(tip, t->v[i].commit.id);
		if (known < 0)
			return -1;
		on[i] = (uint8_t)known;
	}
	return 0;
}

/* Mark in on[] the tags' commits (positions of map: id[i] == i) on the
 * first-parent line of the mainline; none when there is no mainline or it
 * cannot be walked (the rule then has no facts: doc/dialects.md).  The
 * tags cache keeps the line (cache/tags.h): the same tip walks nothing; a
 * tip that moved walks its line down to the tip kept, the rest of the line
 * being the kept one's; a tip kept that is not on the new line, or none,
 * walks it whole. */
static void mark_first_parent(git_repository *repo, const struct tag_table *t,
			      const uint32_t *id, const struct oidmap *map, uint8_t *on)
{
	char ignored[256];
	char *ref = mainline_default_ref(repo, NULL, ignored, sizeof(ignored));
	git_object *obj = NULL;
	struct line l = { 0 };
	uint8_t old[20];
	git_oid tip;

	if (!ref || git_revparse_single(&obj, repo, ref) < 0)
		goto out;
	git_oid_cpy(&tip, git_object_id(obj));
	if (take_line(t, id, tip.id, on) == 0)
		goto out;	/* the line kept is this tip's */
	memset(on, 0, t->n + 1);
	int has_old = tags_line_tip(old);
	if (walk_line(repo, &tip, has_old ? old : NULL, map, on, &l)) {
		take_line(t, id, old, on);	/* (the line below old is old's) */
		tags_line_extend(tip.id, l.head, l.n);
	} else {
		tags_line_seen(tip.id, l.head, l.n);
	}
	l.head = NULL;
out:
	free(l.head);
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
