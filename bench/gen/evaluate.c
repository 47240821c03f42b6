/*
 * bench/gen/evaluate.c — the planted numbers: each series counted by
 * README.md's rules.
 */
#include "gen.h"

/*
 * README.md's rules, specialised to this history: linear series, every
 * reference a full 40-hex id or a prefix of 12+ digits that is unique among
 * all commit ids, aliases all 40 hex.  So a reference to mainline commit X
 * matches exactly the series copies of X, and a reference to a stable
 * commit matches exactly that commit.
 */
struct evalx {
	struct series *s;
	int32_t *copy_head, *copy_next;		/* per mainline X: copies in history order */
	int32_t *rv_head, *rv_next;		/* per stable commit: commits reverting it */
	uint8_t *is_revert;			/* has a revert reference */
};

/*
 * Is plan entry x a proper ancestor of f (f >= s->n: the tip)?  Parents come
 * before children in the plan.  A linear series: x < f.  With --merges'
 * topics: on the branch, everything before (a merged topic included); on a
 * topic, only its own earlier commits (it forked before the base).
 */
static int anc(const struct series *s, uint32_t x, uint32_t f)
{
	if (x >= f)
		return 0;
	if (f >= s->n)
		return 1;
	uint32_t tx = s->sc[x].topic, tf = s->sc[f].topic;
	if (tx == tf)
		return 1;
	return tx && !tf && s->tp[tx].merge < f;
}

static int live(struct evalx *e, uint32_t c, uint32_t f)
{
	for (int32_t v = e->rv_head[c]; v >= 0; v = e->rv_next[v])
		if (anc(e->s, (uint32_t)v, f) && live(e, (uint32_t)v, f))
			return 0;
	return 1;
}

/* Target of a reference to mainline commit x from commit f, -1 outside, -2 preemptive. */
static int64_t resolve_x(struct evalx *e, uint32_t x, uint32_t f)
{
	int64_t latest = -1;
	int any = 0;

	for (int32_t c = e->copy_head[x]; c >= 0; c = e->copy_next[c]) {
		if ((uint32_t)c == f)
			continue;
		any = 1;
		if (!anc(e->s, (uint32_t)c, f))
			continue;
		if (live(e, (uint32_t)c, f))
			return c;
		latest = c;
	}
	return !any ? -1 : latest >= 0 ? latest : -2;
}

/* e's lists for series s: the copies of each mainline commit in history
 * order, and no revert yet. */
static void evalx_init(struct evalx *e, struct series *s)
{
	uint32_t n = s->n;

	e->s = s;
	e->copy_head = xcalloc(N, sizeof(int32_t));
	memset(e->copy_head, 0xff, N * sizeof(int32_t));
	e->copy_next = xcalloc(n, sizeof(int32_t));
	e->rv_head = xcalloc(n, sizeof(int32_t));
	e->rv_next = xcalloc(n, sizeof(int32_t));
	e->is_revert = xcalloc(n, 1);
	memset(e->rv_head, 0xff, n * sizeof(int32_t));
	memset(e->rv_next, 0xff, n * sizeof(int32_t));
	int32_t *tail = xcalloc(N, sizeof(int32_t));
	for (uint32_t i = 0; i < n; i++) {
		e->copy_next[i] = -1;
		if (s->sc[i].kind != SC_BACKPORT)
			continue;
		uint32_t x = s->sc[i].up;
		if (e->copy_head[x] < 0)
			e->copy_head[x] = (int32_t)i;
		else
			e->copy_next[tail[x]] = (int32_t)i;
		tail[x] = (int32_t)i;
	}
	free(tail);
}

static void evalx_release(struct evalx *e)
{
	free(e->copy_head);
	free(e->copy_next);
	free(e->rv_head);
	free(e->rv_next);
	free(e->is_revert);
}

/* The references of backport i: what its Fixes: and its revert reference
 * resolve to (-3: no such reference); counts the duplicates, the tagged and
 * the Fixes: lines without an id. */
static void backport_refs(struct evalx *e, uint32_t i, int64_t *fix_t, int64_t *rev_t)
{
	struct series *s = e->s;
	struct counts *g = &s->got;
	uint32_t m = s->sc[i].up;

	/* duplicate: an earlier copy live here */
	for (int32_t d = e->copy_head[m]; d >= 0 && (uint32_t)d < i; d = e->copy_next[d])
		if (anc(s, (uint32_t)d, i) && live(e, (uint32_t)d, i)) {
			g->duplicates++;
			break;
		}
	if (mflags[m] & F_NONSHA)
		g->nonsha_fixes_lines++;
	if (mflags[m] & F_TAGGED) {
		g->tagged++;
		*fix_t = resolve_x(e, (uint32_t)mtarget[m], i);
	}
	if (mflags[m] & F_REVERT) {
		e->is_revert[i] = 1;
		*rev_t = resolve_x(e, (uint32_t)mtarget[m], i);
	}
}

/* Commit i of the series by README's rules: its references resolved, its
 * links counted, its targets marked in is_target. */
static void evaluate_commit(struct evalx *e, uint32_t i, uint8_t *is_target)
{
	struct series *s = e->s;
	struct counts *g = &s->got;
	struct sc *c = &s->sc[i];
	int64_t fix_t = -3, rev_t = -3;	/* -3: no such reference */

	if (c->kind == SC_MERGE)
		return;	/* not counted, not read */
	g->commits++;
	if (c->kind == SC_BACKPORT) {
		backport_refs(e, i, &fix_t, &rev_t);
	} else if (c->kind == SC_GREVERT || c->kind == SC_REAPPLY) {
		e->is_revert[i] = 1;
		/* full id of an earlier commit: matches it alone */
		rev_t = anc(s, (uint32_t)c->rev, i) ? c->rev : -2;
	}
	g->fixes_outside += (fix_t == -1) + (rev_t == -1);
	g->preemptive += (fix_t == -2) + (rev_t == -2);
	if (fix_t >= 0 && fix_t == rev_t)
		fix_t = -3;	/* one link, of the revert kind */
	int nlinks = 0, nrevert = 0, same = 1;
	if (fix_t >= 0) {
		nlinks++;
		same &= s->sc[fix_t].rel == c->rel;
		is_target[fix_t] = 1;
	}
	if (rev_t >= 0) {
		if (e->is_revert[rev_t]) {
			g->reapplies++;
		} else {
			nlinks++, nrevert++;
			same &= s->sc[rev_t].rel == c->rel;
			is_target[rev_t] = 1;
		}
		e->rv_next[i] = e->rv_head[rev_t];
		e->rv_head[rev_t] = (int32_t)i;
	}
	if (!nlinks)
		return;
	g->fixes++;
	g->pairs += nlinks;
	g->reverts += nrevert > 0;
	g->same_release += same;
	if (c->topic) {
		s->fixes_on_topics++;
	} else if ((fix_t >= 0 && s->sc[fix_t].topic) ||
		   (rev_t >= 0 && !e->is_revert[rev_t] && s->sc[rev_t].topic)) {
		s->fixes_of_topics++;
		s->same_of_topics += same;
	}
}

void evaluate(struct series *s)
{
	struct evalx e;
	struct counts *g = &s->got;
	uint32_t n = s->n;
	uint8_t *is_target = xcalloc(n, 1);

	memset(g, 0, sizeof(*g));
	s->fixes_on_topics = s->fixes_of_topics = s->same_of_topics = 0;
	evalx_init(&e, s);
	for (uint32_t i = 0; i < n; i++)
		evaluate_commit(&e, i, is_target);
	for (uint32_t i = 0; i < n; i++)
		g->regressions += is_target[i];
	g->visible = g->fixes - g->same_release;

	/* unfixed: upstream commits with a copy live at the tip whose one mainline
	 * fix (Fixes: naming them) is not backported here. */
	uint8_t *seen = xcalloc(N, 1);
	for (uint32_t i = 0; i < n; i++) {
		struct sc *c = &s->sc[i];
		if (c->kind != SC_BACKPORT || seen[c->up] || fixer_of[c->up] < 0)
			continue;
		if (!live(&e, i, n))
			continue;	/* a later copy may be live: checked at that copy */
		seen[c->up] = 1;
		g->unfixed += !s->taken[fixer_of[c->up]];
	}
	free(seen);
	free(is_target);
	evalx_release(&e);
}
