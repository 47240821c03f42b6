/* affected.c — see affected.h. */
#include "core/affected.h"
#include "core/identity.h"

#include <stdlib.h>
#include <string.h>

/* The BASE's own copies of the introducing commit and of the fix. */
#define BUG_BASE (UINT32_MAX - 1)
#define FIX_BASE (UINT32_MAX - 2)
/* A chain of reverts deeper than this reads as not reverted (a bound on
 * the recursion, far above any real history). */
#define REVERT_DEPTH 256

static int cmp_pair(const void *a, const void *b)
{
	const uint32_t *x = a, *y = b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] < y[1] ? -1 : x[1] > y[1];
}

void affected_reverts_build(const struct census *c, struct affected_reverts *out)
{
	out->v = xcalloc(c->nlinks + 1, sizeof(*out->v));
	out->n = 0;
	for (size_t i = 0; i < c->nlinks; i++) {
		const struct link *l = &c->links[i];
		if (l->kind != LINK_REVERT && l->kind != LINK_REAPPLY)
			continue;
		out->v[out->n][0] = l->target;
		out->v[out->n][1] = l->fix;
		out->n++;
	}
	qsort(out->v, out->n, sizeof(*out->v), cmp_pair);
}

void affected_reverts_release(struct affected_reverts *r)
{
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

void affected_reverting(const struct graph *g, struct u32s *out)
{
	for (size_t c = 0; c < g->n; c++)
		if (!g->c[c].is_merge && g->c[c].facts.is_revert)
			u32s_push(out, (uint32_t)c);
}

void affected_base_reverts(const struct graph *g, const struct resolver *r,
			   const struct u32s *reverting, const char *const *ids, size_t n,
			   struct u32s *out)
{
	struct u32s m = { 0 };

	for (size_t i = 0; i < reverting->n; i++) {
		uint32_t c = reverting->v[i];
		const struct msg_facts *f = &g->c[c].facts;
		for (size_t k = 0; k < f->nrefs; k++) {
			int named = 0;
			if (f->refs[k].kind != MSG_REF_REVERT)
				continue;
			for (size_t j = 0; j < n && !named; j++)
				named = identity_same_id(f->refs[k].id, ids[j]);
			if (!named)
				continue;
			resolver_match(r, f->refs[k].id, &m);
			if (!m.n) {
				u32s_push(out, c);
				break;
			}
		}
	}
	u32s_release(&m);
	u32s_sort_unique(out);
}

size_t affected_pos(const struct graph *g, const struct release_list *rels, uint32_t c)
{
	int r = g->c[c].release;

	return r == RELEASE_NONE ? rels->n + 1 : (size_t)r + 1;
}

struct ctx {
	const struct graph *g;
	const struct release_list *rels;
	const struct affected_reverts *rv;
	const struct affected_input *in;
};

static size_t pos_of(const struct ctx *x, uint32_t c)
{
	return c == BUG_BASE || c == FIX_BASE ? 0 : affected_pos(x->g, x->rels, c);
}

/* The commits reverting c: *n of them from the returned place (a pointer
 * into an affected_reverts table, step 2, or into a u32s, step 1). */
static const uint32_t *reverters(const struct ctx *x, uint32_t c, size_t *n, size_t *step)
{
	const struct affected_reverts *rv = x->rv;
	size_t lo = 0, hi = rv->n, first;

	*step = 1;
	if (c == BUG_BASE || c == FIX_BASE) {
		const struct u32s *u = c == BUG_BASE ? &x->in->bug_base_reverts
						     : &x->in->fix_base_reverts;
		*n = u->n;
		return u->v;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (rv->v[mid][0] < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	while (lo < rv->n && rv->v[lo][0] == c)
		lo++;
	*n = lo - first;
	*step = 2;
	return *n ? &rv->v[first][1] : NULL;
}

static int live_at(const struct ctx *x, uint32_t c, size_t p, int depth)
{
	size_t n, step;
	const uint32_t *by;

	if (pos_of(x, c) > p)
		return 0;
	if (depth > REVERT_DEPTH)
		return 1;
	by = reverters(x, c, &n, &step);
	for (size_t i = 0; i < n; i++)
		if (pos_of(x, by[i * step]) <= p && live_at(x, by[i * step], p, depth + 1))
			return 0;
	return 1;
}

static int live(const struct ctx *x, uint32_t c, size_t p)
{
	return live_at(x, c, p, 0);
}

static int any_live(const struct ctx *x, const struct u32s *copies, int in_base,
		    uint32_t base, size_t p)
{
	if (in_base && live(x, base, p))
		return 1;
	for (size_t i = 0; i < copies->n; i++)
		if (live(x, copies->v[i], p))
			return 1;
	return 0;
}

/* Is copy b of the bug, live at p, covered by a copy of the fix live at p?
 * Any copy covers it, unless the fix is a revert: then only one that comes
 * after b in history (a copy applied again after a revert is the bug again). */
static int covered(const struct ctx *x, uint32_t b, size_t p)
{
	const struct affected_input *in = x->in;

	if (!in->fix_reverts)
		return any_live(x, &in->fix, in->fix_in_base, FIX_BASE, p);
	if (b == BUG_BASE && in->fix_in_base && live(x, FIX_BASE, p))
		return 1;
	for (size_t i = 0; i < in->fix.n; i++)
		if ((b == BUG_BASE || in->fix.v[i] > b) && live(x, in->fix.v[i], p))
			return 1;
	return 0;
}

static int affected_at(const struct ctx *x, size_t p)
{
	const struct affected_input *in = x->in;

	if (in->bug_in_base && live(x, BUG_BASE, p) && !covered(x, BUG_BASE, p))
		return 1;
	for (size_t i = 0; i < in->bug.n; i++)
		if (live(x, in->bug.v[i], p) && !covered(x, in->bug.v[i], p))
			return 1;
	return 0;
}

/* The reverter of c that sits at p and is live there, or AFFECTED_NO_COMMIT. */
static uint32_t reverted_by_at(const struct ctx *x, uint32_t c, size_t p)
{
	size_t n, step;
	const uint32_t *by = reverters(x, c, &n, &step);

	for (size_t i = 0; i < n; i++)
		if (pos_of(x, by[i * step]) == p && live(x, by[i * step], p))
			return by[i * step];
	return AFFECTED_NO_COMMIT;
}

/* Of copies (and base, when in_base), the first that is live at p and not
 * at p - 1 (became: 1), or live at p - 1 and not at p (became: 0). */
static uint32_t changed_at(const struct ctx *x, const struct u32s *copies, int in_base,
			   uint32_t base, size_t p, int became)
{
	if (in_base && live(x, base, p) == became && live(x, base, p - 1) != became)
		return base;
	for (size_t i = 0; i < copies->n; i++) {
		uint32_t c = copies->v[i];
		if (live(x, c, p) == became && live(x, c, p - 1) != became)
			return c;
	}
	return AFFECTED_NO_COMMIT;
}

static struct affected_end end_at(size_t p, uint32_t c, enum affected_why why)
{
	struct affected_end e = { p, c, why };

	if (c == BUG_BASE || c == FIX_BASE || c == AFFECTED_NO_COMMIT) {
		e.commit = AFFECTED_NO_COMMIT;
		if (c == AFFECTED_NO_COMMIT)
			e.why = AFFECTED_BY_NONE;
	}
	return e;
}

/* What made position p (> 0) affected when p - 1 was not. */
static struct affected_end opened_at(const struct ctx *x, size_t p)
{
	const struct affected_input *in = x->in;
	uint32_t c = changed_at(x, &in->bug, in->bug_in_base, BUG_BASE, p, 1);

	if (c == BUG_BASE)
		return end_at(p, c, AFFECTED_BY_BASE);
	if (c != AFFECTED_NO_COMMIT)
		return end_at(p, c, AFFECTED_BY_COPY);
	c = changed_at(x, &in->fix, in->fix_in_base, FIX_BASE, p, 0);
	if (c != AFFECTED_NO_COMMIT)
		return end_at(p, reverted_by_at(x, c, p), AFFECTED_BY_REVERT);
	return end_at(p, AFFECTED_NO_COMMIT, AFFECTED_BY_NONE);
}

/* What made position p not affected when p - 1 was. */
static struct affected_end closed_at(const struct ctx *x, size_t p)
{
	const struct affected_input *in = x->in;
	uint32_t c = changed_at(x, &in->fix, in->fix_in_base, FIX_BASE, p, 1);

	if (c != AFFECTED_NO_COMMIT && c != FIX_BASE)
		return end_at(p, c, AFFECTED_BY_COPY);
	c = changed_at(x, &in->bug, in->bug_in_base, BUG_BASE, p, 0);
	if (c != AFFECTED_NO_COMMIT)
		return end_at(p, reverted_by_at(x, c, p), AFFECTED_BY_REVERT);
	return end_at(p, AFFECTED_NO_COMMIT, AFFECTED_BY_NONE);
}

static void push_pair(struct affected_result *out, struct affected_pair p)
{
	out->pairs = xrealloc(out->pairs, (out->npairs + 1) * sizeof(*out->pairs));
	out->pairs[out->npairs++] = p;
}

/* The earliest copy that some release holds, or AFFECTED_NO_COMMIT. */
static uint32_t first_released(const struct ctx *x, const struct u32s *copies)
{
	uint32_t best = AFFECTED_NO_COMMIT;

	for (size_t i = 0; i < copies->n; i++) {
		uint32_t c = copies->v[i];
		if (x->g->c[c].release == RELEASE_NONE)
			continue;
		if (best == AFFECTED_NO_COMMIT || pos_of(x, c) < pos_of(x, best))
			best = c;
	}
	return best;
}

/* The runs of affected positions 0..rels->n, as pairs. */
static void runs(const struct ctx *x, struct affected_result *out)
{
	size_t last = x->rels->n;
	int was = 0;
	struct affected_pair cur = { { 0 }, { 0 } };

	for (size_t p = 0; p <= last; p++) {
		int now = affected_at(x, p);
		if (now && !was)
			cur.from = p ? opened_at(x, p)
				     : end_at(0, BUG_BASE, AFFECTED_BY_BASE);
		if (!now && was) {
			cur.to = closed_at(x, p);
			push_pair(out, cur);
		}
		was = now;
	}
	if (was) {
		cur.to = end_at(AFFECTED_OPEN, AFFECTED_NO_COMMIT, AFFECTED_BY_NONE);
		push_pair(out, cur);
	}
}

void affected_compute(const struct graph *g, const struct release_list *rels,
		      const struct affected_reverts *rv, const struct affected_input *in,
		      struct affected_result *out)
{
	struct ctx x = { g, rels, rv, in };

	memset(out, 0, sizeof(*out));
	out->first_bug = first_released(&x, &in->bug);
	out->first_fix = first_released(&x, &in->fix);
	if (!in->known) {
		out->state = AFFECTED_UNKNOWN;
		return;
	}
	runs(&x, out);
	if (out->npairs)
		out->state = out->pairs[out->npairs - 1].to.pos == AFFECTED_OPEN
			     ? AFFECTED_NOT_FIXED : AFFECTED_FIXED;
	else if (!in->fix_in_base && (in->bug_in_base || out->first_bug != AFFECTED_NO_COMMIT))
		out->state = AFFECTED_FIXED_BEFORE;
	else
		out->state = AFFECTED_NOT_AFFECTED;
}

void affected_input_release(struct affected_input *in)
{
	u32s_release(&in->bug);
	u32s_release(&in->fix);
	u32s_release(&in->bug_base_reverts);
	u32s_release(&in->fix_base_reverts);
}

void affected_result_release(struct affected_result *r)
{
	free(r->pairs);
	r->pairs = NULL;
	r->npairs = 0;
}

enum affected_state affected_mainline_state(long bug_rank, long fix_rank)
{
	if (bug_rank < 0)
		return AFFECTED_NOT_AFFECTED;
	if (fix_rank < 0)
		return AFFECTED_NOT_FIXED;
	return fix_rank <= bug_rank ? AFFECTED_FIXED_BEFORE : AFFECTED_FIXED;
}

const char *affected_state_name(enum affected_state s)
{
	static const char *const names[] = {
		[AFFECTED_UNKNOWN] = "introducing commit unknown",
		[AFFECTED_NOT_AFFECTED] = "not affected",
		[AFFECTED_FIXED_BEFORE] = "fixed before affected",
		[AFFECTED_NOT_FIXED] = "not fixed",
		[AFFECTED_FIXED] = "fixed",
	};
	return names[s];
}

const char *affected_why_name(enum affected_why w)
{
	static const char *const names[] = {
		[AFFECTED_BY_NONE] = "none",
		[AFFECTED_BY_BASE] = "base",
		[AFFECTED_BY_COPY] = "copy",
		[AFFECTED_BY_REVERT] = "revert",
	};
	return names[w];
}

void affected_keys_add(struct affected_keys *k, const char *id)
{
	size_t len = strnlen(id, AFFECTED_ID_MAX + 1);

	if (len < 7 || len > AFFECTED_ID_MAX)
		return;
	for (size_t i = 0; i < k->n; i++)
		if (!strcmp(k->v[i], id))
			return;
	k->v = xrealloc(k->v, (k->n + 1) * sizeof(*k->v));
	memcpy(k->v[k->n], id, len);
	k->v[k->n++][len] = '\0';
}

void affected_keys_release(struct affected_keys *k)
{
	free(k->v);
	k->v = NULL;
	k->n = 0;
}

void affected_answer_release(struct affected_answer *a)
{
	for (size_t i = 0; i < a->nintro; i++) {
		struct affected_intro *in = &a->intro[i];
		for (size_t k = 0; in->r && k < a->nseries; k++)
			affected_result_release(&in->r[k]);
		free(in->r);
		free(in->subject);
		affected_keys_release(&in->keys);
	}
	free(a->intro);
	free(a->subject);
	affected_keys_release(&a->keys);
	memset(a, 0, sizeof(*a));
}

int affected_found_by(const struct graph *g, uint32_t c, const struct affected_keys *keys,
		      const char **alias)
{
	const struct msg_facts *f = &g->c[c].facts;

	*alias = NULL;
	for (size_t k = 0; k < keys->nroot; k++)
		if (identity_same_id(g->c[c].id, keys->v[k]))
			return 1;
	for (size_t a = 0; a < f->naliases; a++)
		for (size_t k = 0; k < keys->n; k++)
			if (strlen(f->aliases[a]) >= 7 && identity_same_id(f->aliases[a], keys->v[k])) {
				*alias = f->aliases[a];
				return 1;
			}
	return 0;
}
