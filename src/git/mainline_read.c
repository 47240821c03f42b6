/*
 * mainline.c — see mainline.h.  Tag attribution walks the mainline tags in
 * version order, each one's history minus the previous tag's, stopping once
 * every wanted commit has its tag: one walk of the history at most.
 */
#include "git/mainline_read.h"
#include "git/mainline_alone.h"
#include "git/mainline_extend.h"
#include "git/infer.h"
#include "git/lookup.h"
#include "core/release.h"
#include "base/error.h"
#include "core/identity.h"
#include "base/threads.h"
#include "git/walk.h"
#include "git/walk_memo.h"
#include "git/parallel.h"
#include "cache/mainline.h"
#include "git/tags.h"
#include "base/util.h"

#include <limits.h>

#define MAINLINE_GROUPS_PER_THREAD 4	/* segments read in one walk: fewer walks, and
					   a progress line that moves */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const known_names[] = { "master", "main", "origin/master", "origin/main" };

/* The branch the symbolic ref name points at, without prefix (refs/heads/X:
 * X; refs/remotes/origin/X: origin/X), when it names a commit; or NULL. */
static char *branch_of(git_repository *repo, const char *name, const char *prefix,
		       const char *as)
{
	git_reference *ref = NULL;
	git_object *obj = NULL;
	char *out = NULL;
	const char *t;
	size_t len = strlen(prefix);

	if (git_reference_lookup(&ref, repo, name) < 0)
		return NULL;
	if (git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC &&
	    (t = git_reference_symbolic_target(ref)) && !strncmp(t, prefix, len) && t[len]) {
		out = xmalloc(strlen(as) + strlen(t + len) + 1);
		strcpy(out, as);
		strcat(out, t + len);
		if (git_revparse_single(&obj, repo, out) < 0 ||
		    git_object_type(obj) != GIT_OBJECT_COMMIT) {
			free(out);
			out = NULL;
		}
		git_object_free(obj);
	}
	git_reference_free(ref);
	return out;
}

/* Has repo no work tree: bare, or its git directory not a work tree's
 * ".git" (a mirror without a config file, which libgit2 takes for a work
 * tree's whose root is the directory above, as git does not)? */
static int no_work_tree(git_repository *repo)
{
	const char *path = git_repository_path(repo);
	size_t len = strlen(path);

	return git_repository_is_bare(repo) || len < 6 || strcmp(path + len - 6, "/.git/");
}

/* The repository's default branch: HEAD's in a repository with no work
 * tree (a mirror's: the remote's default), else origin/HEAD's; NULL. */
static char *default_branch(git_repository *repo)
{
	if (no_work_tree(repo))
		return branch_of(repo, "HEAD", "refs/heads/", "");
	return branch_of(repo, "refs/remotes/origin/HEAD", "refs/remotes/origin/", "origin/");
}

char *mainline_default_ref(git_repository *repo, const char *given, char *err, size_t errlen)
{
	git_object *obj = NULL;
	char *guess;

	if (given)
		return xstrdup(given);
	for (size_t i = 0; i < sizeof(known_names) / sizeof(known_names[0]); i++) {
		if (git_revparse_single(&obj, repo, known_names[i]) == 0) {
			git_object_free(obj);
			return xstrdup(known_names[i]);
		}
	}
	if ((guess = default_branch(repo)))
		return guess;
	snprintf(err, errlen, "no mainline branch (master, main, origin/master, origin/main, "
		 "or the default branch): name one with --mainline REF");
	return NULL;
}

int mainline_ref_guessed(const char *ref)
{
	for (size_t i = 0; i < sizeof(known_names) / sizeof(known_names[0]); i++)
		if (!strcmp(ref, known_names[i]))
			return 0;
	return 1;
}

static int oid_of(git_repository *repo, const char *rev, git_oid *oid, char *err, size_t errlen)
{
	git_commit *c;
	int rc;

	if (tags_commit_of(repo, rev, oid))	/* (no object read: tags.h) */
		return RT_OK;
	rc = lookup_peel(repo, rev, &c, err, errlen);
	if (!rc)
		git_oid_cpy(oid, git_commit_id(c));
	git_commit_free(c);
	return rc;
}

/* 1 when the merge base mb is a root commit other than base b: all the
 * history REF and BASE share is the project's first commit. */
static int mainline_root_only(git_repository *repo, const git_oid *mb, const git_oid *b)
{
	git_commit *c;
	int root;

	if (git_oid_equal(mb, b) || git_commit_lookup(&c, repo, mb))
		return 0;
	root = git_commit_parentcount(c) == 0;
	git_commit_free(c);
	return root;
}

int mainline_shares_history(git_repository *repo, const char *ref, const char *base,
			    char *err, size_t errlen)
{
	git_oid a, b, mb;
	int rc;

	if (oid_of(repo, ref, &a, err, errlen) || oid_of(repo, base, &b, err, errlen))
		return -1;
	rc = git_merge_base(&mb, repo, &a, &b);
	if (rc == GIT_ENOTFOUND)
		return 0;
	if (rc < 0) {
		const git_error *e = git_error_last();
		snprintf(err, errlen, "cannot compare '%s' with '%s': %s", ref, base,
			 e && e->message ? e->message : "libgit2 error");
		return -1;
	}
	return !mainline_root_only(repo, &mb, &b);
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

struct chain_tag {
	const char *name;
	uint8_t oid[20];
};

/* The mainline tags (tags.h: naming commits), in version order; how many. */
static size_t mainline_tags(const struct tag_table *t, struct chain_tag *out)
{
	const char **sorted = xmalloc((t->n + 1) * sizeof(char *));
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		if (mainline_is_tag(t->v[i].name))
			sorted[n++] = t->v[i].name;
	if (n)
		qsort(sorted, n, sizeof(char *), cmp_tag_ptr);
	for (size_t i = 0; i < n; i++) {
		out[i].name = sorted[i];
		memcpy(out[i].oid, tags_find(t, sorted[i])->commit.id, 20);
	}
	free(sorted);
	return n;
}

/* The mainline tags whose commit is in the walk, in version order. */
static size_t tags_in_walk(const struct tag_table *t, const struct walk_result *w,
			   const char **tag, uint32_t *at)
{
	struct pos_oid *idx = xmalloc((w->n + 1) * sizeof(*idx)), key;
	struct chain_tag *chain = xmalloc((t->n + 1) * sizeof(*chain));
	size_t n = mainline_tags(t, chain), k = 0;

	for (size_t i = 0; i < w->n; i++) {
		memcpy(idx[i].oid, w->v[i].oid, 20);
		idx[i].pos = (uint32_t)i;
	}
	qsort(idx, w->n, sizeof(*idx), cmp_pos_oid);
	for (size_t i = 0; i < n; i++) {
		memcpy(key.oid, chain[i].oid, 20);
		struct pos_oid *hit = bsearch(&key, idx, w->n, sizeof(*idx), cmp_pos_oid);
		if (hit) {
			tag[k] = chain[i].name;
			at[k++] = hit->pos;
		}
	}
	free(chain);
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

/* Keep the facts of the commits that name others, stripped (mainline.h):
 * the walk drops the others as it reads them. */
static int naming_others(struct msg_facts *f)
{
	mainline_strip(f);	/* (mentions dropped: they fix nothing) */
	return f->nrefs != 0;
}

/* The identity key of a commit as read (core/identity.h): its author's
 * email and its subject. */
static uint32_t identity_of(const struct msg_facts *f, const struct commit_meta *m)
{
	return identity_key(graph_author_email_of(m ? m->author : NULL), f->subject);
}

void mainline_drop_meta(struct walk_commit *c)
{
	if (c->meta)
		free(c->meta->author);
	free(c->meta);
	c->meta = NULL;
}

/* Authors: identity keys; only the facts of commits naming others kept. */
struct walk_options mainline_walk_options(const struct mainline_walks *mw)
{
	return (struct walk_options){ .meta = 1, .sift = naming_others, .keyof = identity_of,
				      .skim = 1,	/* (sift keeps no facts naming none) */
				      .peek = mw ? mw->peek : NULL,
				      .note = mw && mw->note ? infer_note : NULL,
				      .note_ctx = mw ? (void *)mw->note : NULL };
}

int mainline_read(git_repository *repo, const char *ref, const char *base,
		  const struct mainline_walks *mw, struct mainline *out, size_t *ncommits, char *err,
		  size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	struct walk_result w;
	git_oid tip, hide;
	char hex[41];
	struct walk_options wo = mainline_walk_options(mw);
	int rc;

	if (!t)
		return RT_EFAIL;
	if ((rc = oid_of(repo, ref, &tip, err, errlen)) ||
	    (base && (rc = oid_of(repo, base, &hide, err, errlen))) ||
	    (rc = walk_range(repo, base ? &hide : NULL, &tip, &wo, &w, err, errlen)))
		return rc;
	const char **tag = xmalloc((t->n + 1) * sizeof(char *));
	uint32_t *at = xmalloc((t->n + 1) * sizeof(uint32_t));
	int32_t *rel = attribute(&w, at, tags_in_walk(t, &w, tag, at));
	const char **kept = xcalloc(t->n + 1, sizeof(char *));
	for (size_t i = 0; i < w.n; i++) {
		const char *release = NULL;
		mainline_add_ident(out, w.v[i].oid, w.v[i].key);
		mainline_drop_meta(&w.v[i]);
		if (!w.v[i].facts)
			continue;	/* names no other commit */
		if (rel[i] >= 0)
			release = kept[rel[i]] ? kept[rel[i]] :
				  (kept[rel[i]] = mainline_tag(out, tag[rel[i]]));
		id_to_hex(hex, w.v[i].oid);
		mainline_add(out, hex, w.v[i].facts, release);
		free(w.v[i].facts);
		w.v[i].facts = NULL;
	}
	*ncommits = w.n;
	free(kept);
	free(rel);
	free(at);
	free(tag);
	walk_result_release(&w);
	return RT_OK;
}

/* ---- every series at once: the mainline cut at its tags ---- */

/* The segments to read: chain[first..] to the next tag, the last to REF. */
struct reading {
	struct segment **seg;	/* per segment: from the cache, or read here */
	struct segment *own;	/* the ones read here */
	size_t n;
	struct load_error { int rc; char msg[512]; } *errs;
	const struct progress *progress;
	const struct mainline_walks *mw;	/* mainline_walk_options' */
};

/* The segments of a joint walk: [first[g], first[g + 1]) for group g. */
struct grouping {
	struct reading *rd;
	size_t *first;
	size_t groups;		/* read at once: one alone reads its messages on
				   several threads (the tail: read_segments) */
};

void mainline_take_times(struct segment *s, const struct walk_result *w)
{
	s->time = xmalloc((w->n + 1) * sizeof(*s->time));
	for (size_t k = 0; k < w->n; k++)
		s->time[k] = w->v[k].time;
}

void mainline_take_walk(struct segment *s, struct walk_result *w, int keep_facts)
{
	s->ident_oid = xmalloc((w->n + 1) * sizeof(*s->ident_oid));
	s->ident_key = xmalloc((w->n + 1) * sizeof(*s->ident_key));
	for (size_t k = 0; k < w->n; k++) {
		memcpy(s->ident_oid[k], w->v[k].oid, 8);
		s->ident_key[k] = w->v[k].key;
		mainline_drop_meta(&w->v[k]);
		if (keep_facts && w->v[k].facts) {
			ARRAY_GROW(s->v, s->n, s->cap);
			memset(&s->v[s->n], 0, sizeof(s->v[s->n]));	/* (its own facts) */
			memcpy(s->v[s->n].oid, w->v[k].oid, 20);
			s->v[s->n++].facts = *w->v[k].facts;
		} else if (w->v[k].facts) {
			msg_facts_release(w->v[k].facts);
		}
		free(w->v[k].facts);
		w->v[k].facts = NULL;
	}
	s->ncommits = (uint32_t)w->n;
}

void mainline_take_fix(struct mainline *out, struct seg_fix *f, const char *release)
{
	char hex[41];

	id_to_hex(hex, f->oid);
	if (f->shared)
		mainline_add_borrowed(out, hex, &f->facts, release);
	else
		mainline_add(out, hex, &f->facts, release);
}

/* Segment i from its walk: every commit's identity, the commits that name
 * others; the chain check. */
static void take_segment(struct reading *rd, size_t i, struct walk_result *w)
{
	struct segment *s = &rd->own[i];

	if (s->tail && !rd->errs[i].rc)
		mainline_take_times(s, w);
	mainline_take_walk(s, w, !rd->errs[i].rc);
	/* a tag that is no ancestor of the next breaks the chain (an empty
	 * range between two commits means the other way round) */
	if (!rd->errs[i].rc && !w->base_is_parent)
		rd->errs[i].rc = -1;
	walk_result_release(w);
}

/* Read group g's segments in one walk (parallel.h; walk.h: each commit is
 * read once, however many of the group's segments walk past it). */
static int read_group(void *ctx, git_repository *repo, size_t g)
{
	struct grouping *x = ctx;
	struct reading *rd = x->rd;
	size_t from = x->first[g], n = x->first[g + 1] - from;
	struct walk_options wo = mainline_walk_options(rd->mw);
	struct walk_spec *specs = xcalloc(n + 1, sizeof(*specs));
	git_oid *ends = xmalloc((2 * n + 1) * sizeof(*ends));
	struct walk_result *outs = xcalloc(n + 1, sizeof(*outs));
	int rc = 0;

	wo.threads = x->groups > 1 ? 1 : 0;	/* (the groups are read in parallel) */

	for (size_t k = 0; k < n; k++) {
		memcpy(ends[2 * k].id, rd->own[from + k].to, 20);
		memcpy(ends[2 * k + 1].id, rd->own[from + k].from, 20);
		specs[k] = (struct walk_spec){ &ends[2 * k], &ends[2 * k + 1], 1 };
	}
	rd->errs[from].rc = walk_ranges(repo, specs, n, &wo, outs, rd->errs[from].msg,
					sizeof(rd->errs[from].msg));
	for (size_t k = 0; k < n; k++) {
		take_segment(rd, from + k, &outs[k]);
		if (rd->errs[from + k].rc && !rc)
			rc = rd->errs[from + k].rc;
	}
	progress_done(rd->progress, n);
	free(outs);
	free(ends);
	free(specs);
	walk_memo_phase_done();
	return rc;
}

/* The segments to read, cut into groups read in parallel: a few per thread,
 * each of consecutive segments (which share most history). */
static size_t cut_groups(size_t n, size_t **first)
{
	size_t groups = thread_count(n) * MAINLINE_GROUPS_PER_THREAD;

	if (groups > n)
		groups = n;
	*first = xmalloc((groups + 1) * sizeof(size_t));
	for (size_t g = 0; g <= groups; g++)
		(*first)[g] = groups ? n * g / groups : 0;
	return groups;
}

/* A chain that broke (and no walk failed): its broken links kept, so that
 * the next run does not walk it again (cache/mainline.h). */
static void keep_broken(struct segcache *cache, const struct reading *sub, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (sub->errs[k].rc > 0)
			return;
	for (size_t k = 0; k < n; k++)
		if (sub->errs[k].rc < 0) {
			struct segment s = { .tail = sub->own[k].tail, .broken = 1 };
			memcpy(s.from, sub->own[k].from, 20);
			memcpy(s.to, sub->own[k].to, 20);
			segcache_add(cache, &s);
		}
}

/* Adding to the cache moves its segments: find rd's all again. */
static void find_again(struct reading *rd, struct segcache *cache)
{
	for (size_t i = 0; i < rd->n; i++)
		if (rd->seg[i] != &rd->own[i])
			rd->seg[i] = segcache_find(cache, rd->own[i].from, rd->own[i].to);
}

/* Read segments todo[0..n) of rd (in parallel) into the cache: 0, -1 when
 * the chain breaks (its broken links kept), or RT_EFAIL with err set
 * (nothing kept). */
static int read_some(git_repository *repo, struct segcache *cache, struct reading *rd,
		     const size_t *todo, size_t n, char *err, size_t errlen)
{
	struct reading sub = { NULL, NULL, 0, NULL, rd->progress, rd->mw };
	struct grouping groups = { &sub, NULL, 0 };
	int rc = 0;

	progress_more(rd->progress, n);
	sub.own = xcalloc(n + 1, sizeof(*sub.own));
	sub.errs = xcalloc(n + 1, sizeof(*sub.errs));
	for (size_t k = 0; k < n; k++)
		sub.own[k] = rd->own[todo[k]];
	groups.groups = cut_groups(n, &groups.first);
	parallel_run(repo, groups.groups, read_group, &groups);
	free(groups.first);
	for (size_t k = 0; k < n && !rc; k++) {
		if ((rc = sub.errs[k].rc) > 0)
			snprintf(err, errlen, "%s", sub.errs[k].msg);
	}
	if (rc < 0)
		keep_broken(cache, &sub, n);
	for (size_t k = 0; k < n; k++) {
		if (!rc)
			segcache_add(cache, &sub.own[k]);
		else
			segment_release(&sub.own[k]);
	}
	free(sub.own);
	free(sub.errs);
	return rc;
}

/* The chain's tail FROM -> TIP is not cached, but one FROM -> OLD was
 * broken (FROM no ancestor of OLD): FROM is no ancestor of TIP either when
 * OLD is an ancestor of TIP and FROM is none of the commits TIP ^OLD (read,
 * a release's few).  Then 1, and the broken link to TIP is kept. */
static int still_broken(git_repository *repo, struct segcache *cache, const struct reading *rd)
{
	const struct segment *tail = &rd->own[rd->n - 1];
	struct segment *old = segcache_find_tail_from(cache, tail->from);
	struct walk_options wo = { .headers_only = 1 };
	struct walk_result w;
	git_oid tip, hide;
	char ignored[256];
	int broken;

	if (!old || !old->broken)
		return 0;
	memcpy(tip.id, tail->to, 20);
	memcpy(hide.id, old->to, 20);
	if (walk_range(repo, &hide, &tip, &wo, &w, ignored, sizeof(ignored)))
		return 0;
	broken = w.n && w.base_is_parent;
	for (size_t k = 0; broken && k < w.n; k++)
		broken = memcmp(w.v[k].oid, tail->from, 20) != 0;
	walk_result_release(&w);
	if (broken) {
		struct segment s = { .tail = 1, .broken = 1 };
		memcpy(s.from, tail->from, 20);
		memcpy(s.to, tail->to, 20);
		segcache_add(cache, &s);	/* (replaces the old one) */
	}
	return broken;
}

/* The chain's tail FROM -> TIP is not cached, but one FROM -> OLD is: 1
 * when it is now, made from that one and the commits TIP ^FROM ^OLD
 * (mainline_extend.h). */
static int extended(git_repository *repo, struct segcache *cache, const struct reading *rd)
{
	const struct segment *tail = &rd->own[rd->n - 1];
	struct segment *old = segcache_find_tail_from(cache, tail->from);
	struct segment ext;

	memset(&ext, 0, sizeof(ext));
	if (!old || !mainline_extend_tail(repo, old, tail->to, rd->mw, &ext))
		return 0;
	segcache_add(cache, &ext);	/* (replaces the old tail) */
	return 1;
}

/* Fill rd->seg: cached segments, the tail extended from the one cached to
 * an older tip (mainline_extend.h), the others read (in parallel); 0, -1
 * when the chain breaks, or RT_EFAIL with err set.  A tail to read is read
 * first, alone: where the last base is off the mainline (a release tagged
 * on its own branch), the chain breaks there, found for the price of the
 * newest segment instead of the whole mainline. */
static int read_segments(git_repository *repo, struct segcache *cache, struct reading *rd,
			 char *err, size_t errlen)
{
	size_t *todo = xmalloc((rd->n + 1) * sizeof(size_t)), ntodo = 0;
	int rc = 0;

	for (size_t i = 0; i < rd->n; i++) {
		struct segment *s = &rd->own[i];
		rd->seg[i] = memcmp(s->from, s->to, 20) ? segcache_find(cache, s->from, s->to) : s;
		if (!rd->seg[i])
			todo[ntodo++] = i;
		else if (rd->seg[i]->broken)
			rc = -1;	/* known: no chain */
	}
	if (!rc && ntodo && todo[ntodo - 1] == rd->n - 1 && extended(repo, cache, rd))
		ntodo--;
	if (!rc && ntodo && todo[ntodo - 1] == rd->n - 1 && still_broken(repo, cache, rd))
		rc = -1;
	if (!rc && ntodo > 1 && todo[ntodo - 1] == rd->n - 1 &&
	    !(rc = read_some(repo, cache, rd, &todo[ntodo - 1], 1, err, errlen)))
		ntodo--;
	if (!rc)
		rc = read_some(repo, cache, rd, todo, ntodo, err, errlen);
	if (!rc)
		find_again(rd, cache);
	free(todo);
	return rc;
}

static int cmp_chain_version(const void *a, const void *b)
{
	return release_version_cmp(((const struct chain_tag *)a)->name,
				   ((const struct chain_tag *)b)->name);
}

/* When no base is a mainline tag (a project whose releases are not named
 * vX.Y: git's v2.42.0, Open vSwitch's v3.4.0), the chain is the bases
 * themselves, in version order, each commit once: if each is an ancestor of
 * the next on the mainline (read_segments checks), the mainline between
 * them is read once and cached, as between Linux's tags; else each base is
 * read alone, as before.  How many. */
static size_t bases_chain(const struct chain_tag *b, size_t nbases, struct chain_tag *out)
{
	size_t n = 0, k = 0;

	for (size_t i = 0; i < nbases; i++)
		if (b[i].name)
			out[n++] = b[i];
	if (n)
		qsort(out, n, sizeof(*out), cmp_chain_version);
	for (size_t i = 0; i < n; i++) {	/* one place per commit */
		int seen = 0;
		for (size_t j = 0; j < k && !seen; j++)
			seen = !memcmp(out[j].oid, out[i].oid, 20);
		if (!seen)
			out[k++] = out[i];
	}
	return k;
}

/* The bases' commits, each resolved once: b[i].name is NULL for a base
 * that names none. */
static void resolve_bases(git_repository *repo, const char *const *bases, size_t nbases,
			  struct chain_tag *b)
{
	char err[256];
	git_oid oid;

	for (size_t i = 0; i < nbases; i++) {
		memset(&oid, 0, sizeof(oid));
		b[i].name = oid_of(repo, bases[i], &oid, err, sizeof(err)) ? NULL : bases[i];
		memcpy(b[i].oid, oid.id, 20);
	}
}

/* Each base's place in the chain (SIZE_MAX: none); the earliest of them. */
static size_t place_bases(const struct chain_tag *b, size_t nbases,
			  const struct chain_tag *chain, size_t nchain, size_t *at)
{
	size_t first = SIZE_MAX;

	for (size_t i = 0; i < nbases; i++) {
		at[i] = SIZE_MAX;
		if (!b[i].name)
			continue;
		for (size_t k = 0; k < nchain && at[i] == SIZE_MAX; k++)
			if (!memcmp(chain[k].oid, b[i].oid, 20))
				at[i] = k;
		if (at[i] < first)
			first = at[i];
	}
	return first;
}

/* Move the segments' commits into out, in chain order (the cache is saved
 * already); start[k] is where segment k begins in out->v, istart[k] in its
 * identities, count[k] the commits from segment k on. */
static void gather(const struct reading *rd, const struct chain_tag *chain, size_t first,
		   struct mainline *out, size_t *start, size_t *istart, size_t *count)
{
	for (size_t k = 0; k < rd->n; k++) {
		struct segment *s = rd->seg[k];
		const char *release = k + 1 < rd->n ? mainline_tag(out, chain[first + k + 1].name)
						    : NULL;
		start[k] = out->n;
		istart[k] = out->nidents;
		mainline_reserve(out, s->n);
		for (size_t i = 0; i < s->n; i++)
			mainline_take_fix(out, &s->v[i], release);
		for (size_t i = 0; out->nwant && s->ident_oid && i < s->ncommits; i++)
			mainline_add_ident(out, s->ident_oid[i], s->ident_key[i]);
	}
	start[rd->n] = out->n;
	istart[rd->n] = out->nidents;
	count[rd->n] = 0;
	for (size_t k = rd->n; k-- > 0;)
		count[k] = count[k + 1] + rd->seg[k]->ncommits;
}

/* The bases the chain does not place, each with its own mainline in the
 * cache (mainline_alone.h); ok[i] when it is there. */
static void fill_alone(git_repository *repo, const struct tag_table *t, const git_oid *tip,
		       const struct chain_tag *b, const size_t *at, size_t nbases, int labels,
		       struct segcache *cache, const struct mainline_walks *mw, int *ok)
{
	uint8_t (*base)[20] = xmalloc((nbases + 1) * sizeof(*base));
	int *todo = xcalloc(nbases + 1, sizeof(int));

	for (size_t i = 0; i < nbases; i++) {
		memcpy(base[i], b[i].oid, 20);
		todo[i] = b[i].name && at[i] == SIZE_MAX;
	}
	mainline_alone_fill(repo, t, tip->id, (const uint8_t (*)[20])base, todo, nbases, labels,
			    cache, mw, ok, NULL);
	free(todo);
	free(base);
}

/*
 * The chain's tail FROM -> TIP, when no run read it yet and FROM is known to
 * be off the first-parent line of TIP (the tags cache's: a release tagged
 * on its own branch, as Open vSwitch's v2.3), is most likely no link: read
 * alone first, it costs a walk of TIP ^FROM, and then each base's mainline
 * is read again in the walk of the bases' own mainlines.  So when FROM is a
 * base, every base's own mainline is read first, in that one walk, which
 * also tells whether FROM is a parent of TIP ^FROM's commits: when it is
 * not, the broken link is kept as read_segments would keep it, and the
 * chain is given up without another walk.  Otherwise (a link after all),
 * the chain is read as usual.  Only the cost differs: the answers are those
 * of each base's own mainline either way (mainline_alone.h).
 */
static void try_alone_first(git_repository *repo, const struct tag_table *t, const git_oid *tip,
			    const struct chain_tag *b, size_t nbases, const struct reading *rd,
			    struct segcache *cache)
{
	const struct segment *tail = &rd->own[rd->n - 1];
	size_t from = SIZE_MAX;

	if (!memcmp(tail->from, tail->to, 20) || segcache_find(cache, tail->from, tail->to) ||
	    tags_line_on(tip->id, tail->from) != 0)
		return;
	for (size_t i = 0; i < nbases && from == SIZE_MAX; i++)
		if (b[i].name && !memcmp(b[i].oid, tail->from, 20))
			from = i;
	if (from == SIZE_MAX)
		return;
	uint8_t (*base)[20] = xmalloc((nbases + 1) * sizeof(*base));
	int *todo = xcalloc(nbases + 1, sizeof(int)), *ok = xcalloc(nbases + 1, sizeof(int));
	int *link = xcalloc(nbases + 1, sizeof(int));
	for (size_t i = 0; i < nbases; i++) {
		memcpy(base[i], b[i].oid, 20);
		todo[i] = b[i].name != NULL;
	}
	/* (ok is not read here: no names needed to tell it) */
	mainline_alone_fill(repo, t, tip->id, (const uint8_t (*)[20])base, todo, nbases, 0, cache,
			    rd->mw, ok, link);
	if (link[from] == 0) {
		struct segment s = { .tail = 1, .broken = 1 };
		memcpy(s.from, tail->from, 20);
		memcpy(s.to, tail->to, 20);
		segcache_add(cache, &s);
	}
	free(link);
	free(ok);
	free(todo);
	free(base);
}

/* Where each placed base's mainline starts in out (gather's places). */
static void place_from(const size_t *at, size_t first, size_t nbases, const size_t *start,
		       const size_t *istart, const size_t *count, struct mainline_from *from)
{
	for (size_t i = 0; i < nbases; i++)
		if (at[i] != SIZE_MAX)
			from[i] = (struct mainline_from){ start[at[i] - first], istart[at[i] - first],
							  count[at[i] - first], 0, 0, 0 };
}

/* The alone bases' mainlines (ok[i]) out of the cache into alone[]: the
 * longest tail's first, then each of the others, or, without labels, a
 * tail that is the end of the longest one borrowed (mainline_read_set). */
static void take_alone(struct segcache *cache, const struct chain_tag *b, size_t nbases,
		       const int *ok, int labels, const git_oid *tip,
		       struct mainline *const *alone, struct mainline_from *from)
{
	const struct segment *l = NULL;
	size_t longest = SIZE_MAX, *fix_at = NULL, *ident_at = NULL;

	for (size_t i = 0; i < nbases && !labels; i++) {
		const struct segment *s = ok[i] ? segcache_find_alone(cache, b[i].oid, tip->id) : NULL;
		if (s && (!l || s->ncommits > l->ncommits)) {
			l = s;
			longest = i;
		}
	}
	if (l) {
		fix_at = xmalloc((l->n + 1) * sizeof(*fix_at));
		ident_at = xmalloc(((size_t)l->ncommits + 1) * sizeof(*ident_at));
		mainline_alone_take(cache, b[longest].oid, tip->id, alone[longest],
				    &from[longest].commits, fix_at, ident_at);
		from[longest].alone = 1;
	}
	for (size_t i = 0; i < nbases; i++) {
		const struct segment *s;
		if (!ok[i] || i == longest)
			continue;
		s = segcache_find_alone(cache, b[i].oid, tip->id);
		if (l && segment_ends(s, l))
			from[i] = (struct mainline_from){ fix_at[l->n - s->n],
							  ident_at[l->ncommits - s->ncommits],
							  s->ncommits, 1, 1, longest };
		else
			mainline_alone_take(cache, b[i].oid, tip->id, alone[i], &from[i].commits,
					    NULL, NULL);
		from[i].alone = 1;
	}
	free(fix_at);
	free(ident_at);
}

/* Move the mainlines out: the chain's into out, the others' into alone[]. */
static void take_all(struct reading *rd, const struct chain_tag *chain, size_t first,
		     const struct chain_tag *b, const size_t *at, size_t nbases, const int *ok,
		     int labels, const git_oid *tip, struct segcache *cache, struct mainline *out,
		     struct mainline *const *alone, struct mainline_from *from)
{
	if (rd->n) {
		size_t *start = xmalloc((rd->n + 1) * 3 * sizeof(size_t));
		size_t *istart = start + rd->n + 1, *count = istart + rd->n + 1;
		gather(rd, chain, first, out, start, istart, count);
		place_from(at, first, nbases, start, istart, count, from);
		free(start);
	}
	if (alone)
		take_alone(cache, b, nbases, ok, labels, tip, alone, from);
}

int mainline_read_set(git_repository *repo, const char *ref, const char *const *bases,
		      size_t nbases, int labels, struct segcache *kept, const struct mainline_walks *mw,
		      struct mainline *out, struct mainline *const *alone,
		      struct mainline_from *from, const struct progress *progress, char *err,
		      size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);
	struct segcache none, *cache = kept ? kept : &none;
	struct reading rd = { .mw = mw };
	struct chain_tag *chain = NULL, *resolved = NULL;
	size_t *at = xmalloc((nbases + 1) * sizeof(size_t)), nchain, first;
	int *ok = xcalloc(nbases + 1, sizeof(int));
	git_oid tip;
	int rc;

	for (size_t i = 0; i < nbases; i++)
		from[i] = (struct mainline_from){ SIZE_MAX, SIZE_MAX, 0, 0, 0, 0 };
	segcache_init(&none);
	if (!t) {
		rc = RT_EFAIL;
		goto out;
	}
	if ((rc = oid_of(repo, ref, &tip, err, errlen)))
		goto out;
	chain = xmalloc((t->n + nbases + 1) * sizeof(*chain));
	nchain = mainline_tags(t, chain);
	resolved = xmalloc((nbases + 1) * sizeof(*resolved));
	resolve_bases(repo, bases, nbases, resolved);
	if ((first = place_bases(resolved, nbases, chain, nchain, at)) == SIZE_MAX) {
		nchain = bases_chain(resolved, nbases, chain);
		first = place_bases(resolved, nbases, chain, nchain, at);
	}
	if (first != SIZE_MAX) {
		rd.n = nchain - first;	/* the tail included */
		rd.progress = progress;
		rd.own = xcalloc(rd.n + 1, sizeof(*rd.own));
		rd.seg = xcalloc(rd.n + 1, sizeof(*rd.seg));
		for (size_t k = 0; k < rd.n; k++) {
			memcpy(rd.own[k].from, chain[first + k].oid, 20);
			memcpy(rd.own[k].to, k + 1 < rd.n ? chain[first + k + 1].oid : tip.id, 20);
			rd.own[k].tail = k + 1 == rd.n;
		}
		if (alone)
			try_alone_first(repo, t, &tip, resolved, nbases, &rd, cache);
		if ((rc = read_segments(repo, cache, &rd, err, errlen)) < 0) {
			rc = RT_OK;	/* no chain: each base has its own mainline */
			for (size_t k = 0; k < rd.n; k++)
				segment_release(&rd.own[k]);
			rd.n = 0;
			for (size_t i = 0; i < nbases; i++)
				at[i] = SIZE_MAX;
		}
	}
	if (rc)
		goto out;
	if (alone) {
		fill_alone(repo, t, &tip, resolved, at, nbases, labels, cache, mw, ok);
		find_again(&rd, cache);
	}
	walk_memo_clear();	/* (the walks that paint history are done: its room
				 * is the save's) */
	if (kept && kept->path)
		segcache_save_soon(kept, kept->path, err, errlen);	/* only costs time */
	err[0] = '\0';
	take_all(&rd, chain, first, resolved, at, nbases, ok, labels, &tip, cache, out, alone,
		 from);
out:
	walk_memo_clear();	/* (the walks that paint history are done) */
	for (size_t k = 0; k < rd.n; k++)
		segment_release(&rd.own[k]);
	free(rd.own);
	free(rd.seg);
	segcache_release(&none);
	free(chain);
	free(resolved);
	free(ok);
	free(at);
	return rc;
}
