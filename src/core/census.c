/*
 * census.c — the rules of doc/rules.md "Which commit a reference means" and
 * "Kinds of link", then the numbers of "What each number means".
 *
 * Commits are visited in history order, so when a commit's references are
 * resolved every revert in its history is already known: that is what
 * "live" needs.
 */
#include "core/census.h"
#include "base/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* One question of is_live(): a reverting commit still to look at. */
struct live_frame {
	uint32_t c, next;	/* the commit, the index of its next revert */
};

enum { LIVE_UNSEEN, LIVE_PENDING, LIVE_YES, LIVE_NO };

struct ctx {
	struct graph *g;
	struct resolver *r;
	const struct outside *o;	/* or NULL */
	struct census *out;
	struct u32s *reverted_by;	/* per commit: the commits reverting it */
	struct u32s match, keep;	/* scratch */
	size_t seq;
	int until;			/* release index, or -1: count all */
	struct census_trace *trace;	/* census_trace(): what is decided, or NULL */
	struct ref_trace *cur;		/* the reference being resolved, when tracing */
	uint32_t *live_stamp;		/* is_live(): per commit, the question it was */
	unsigned char *live_state;	/* last decided in, and what (LIVE_*) */
	uint32_t live_question;
	struct live_frame *stack;
	size_t stack_cap;
	uint32_t *class_mark;		/* per class (a commit index): the mark it was */
	uint32_t mark;			/* given last (class_marks()) */
};

/* Is commit c in a release no later than until? */
static int in_until(const struct graph *g, uint32_t c, int until)
{
	return g->c[c].release != RELEASE_NONE && g->c[c].release <= until;
}

enum outcome { RES_IGNORED, RES_OUTSIDE, RES_TARGET, RES_PREEMPTIVE, RES_AMBIGUOUS };

const char *link_kind_name(enum link_kind k)
{
	static const char *const names[] = {
		"fix", "revert", "reapply", "duplicate", "preemptive", "ambiguous", "mention",
	};
	return names[k];
}

int link_is_regression_fix(enum link_kind k)
{
	return k == LINK_FIX || k == LINK_REVERT;
}

const char *census_rule_name(enum census_rule r)
{
	static const char *const names[RULE_COUNT] = {
		[RULE_SELF] = "dropped self-match",
		[RULE_OUTSIDE] = "outside",
		[RULE_ANCESTOR] = "ancestor filter",
		[RULE_SUBJECT] = "quoted subject",
		[RULE_AMBIGUOUS] = "ambiguous",
		[RULE_PREEMPTIVE] = "preemptive",
		[RULE_LIVE_COPY] = "earliest live copy",
		[RULE_REVERTED_COPY] = "latest reverted copy",
		[RULE_ONE_LINK] = "one link per target",
		[RULE_DUPLICATE] = "duplicate",
		[RULE_THROUGH] = "upstream ids of the named commit",
		[RULE_REVERT_SUBJECT] = "reverted subject",
	};
	return names[r];
}

/* Tracing (census_trace): a rule applied to the current reference, and the
 * n commits v it left in the running. */
static void step(struct ctx *x, enum census_rule rule, const uint32_t *v, size_t n)
{
	struct ref_trace *t = x->cur;

	if (!t)
		return;
	t->steps = xrealloc(t->steps, (t->nsteps + 1) * sizeof(*t->steps));
	t->steps[t->nsteps] = (struct census_step){ .rule = rule };
	for (size_t i = 0; i < n; i++)
		u32s_push(&t->steps[t->nsteps].kept, v[i]);
	t->nsteps++;
}

/* A new stamp in *last for the per-commit array *marks (n commits, made on
 * first use): no commit carries it yet.  When the counter wraps, every mark
 * is cleared first. */
static uint32_t next_stamp(size_t n, uint32_t **marks, uint32_t *last)
{
	if (!*marks)
		*marks = xcalloc(n + 1, sizeof(**marks));
	if (++*last == 0) {
		memset(*marks, 0, (n + 1) * sizeof(**marks));
		*last = 1;
	}
	return *last;
}

/* A new question for is_live(): every commit's state unseen again. */
static uint32_t live_question(struct ctx *x)
{
	if (!x->live_state)
		x->live_state = xcalloc(x->g->n + 1, 1);
	return next_stamp(x->g->n, &x->live_stamp, &x->live_question);
}

static int live_state(const struct ctx *x, uint32_t c, uint32_t q)
{
	return x->live_stamp[c] == q ? x->live_state[c] : LIVE_UNSEEN;
}

static void live_push(struct ctx *x, size_t *n, uint32_t c, uint32_t q)
{
	ARRAY_GROW(x->stack, *n, x->stack_cap);
	x->stack[(*n)++] = (struct live_frame){ c, 0 };
	x->live_stamp[c] = q;
	x->live_state[c] = LIVE_PENDING;
}

/*
 * A copy is live at f unless a revert of it that is itself live at f is an
 * ancestor of f.  Reverts point back in history, so the question ends; it
 * is answered without recursion, each commit once (a chain of any length,
 * reverts of reverts of ..., costs its length, never a wrong answer).
 */
static int is_live(struct ctx *x, uint32_t copy, uint32_t f)
{
	uint32_t q = live_question(x);
	size_t n = 0;

	live_push(x, &n, copy, q);
	while (n) {
		uint32_t c = x->stack[n - 1].c, r = 0;
		const struct u32s *rv = &x->reverted_by[c];
		int st = LIVE_UNSEEN;
		while (x->stack[n - 1].next < rv->n) {
			r = rv->v[x->stack[n - 1].next];
			if (!graph_is_ancestor(x->g, r, f)) {
				x->stack[n - 1].next++;
				continue;
			}
			if ((st = live_state(x, r, q)) == LIVE_UNSEEN)
				break;		/* decided first, then looked at again */
			x->stack[n - 1].next++;
			if (st == LIVE_YES)
				break;		/* a live revert: c is not live */
		}
		if (st == LIVE_UNSEEN && x->stack[n - 1].next < rv->n) {
			live_push(x, &n, r, q);
			continue;
		}
		x->live_state[c] = st == LIVE_YES ? LIVE_NO : LIVE_YES;
		n--;
	}
	return x->live_state[copy] == LIVE_YES;
}

static void live_release(struct ctx *x)
{
	free(x->live_stamp);
	free(x->live_state);
	free(x->stack);
	free(x->class_mark);
}

/* A new mark for a set of classes (x->class_mark; a class is a commit). */
static uint32_t class_marks(struct ctx *x)
{
	return next_stamp(x->g->n, &x->class_mark, &x->mark);
}

/* x->keep = the distinct classes of x->match, in order of first member:
 * each match looked at once (a class is found by its mark, not by a scan). */
static void classes_of_match(struct ctx *x)
{
	uint32_t in = class_marks(x);

	x->keep.n = 0;
	for (size_t i = 0; i < x->match.n; i++) {
		uint32_t c = resolver_class(x->r, x->match.v[i]);
		if (x->class_mark[c] != in) {
			x->class_mark[c] = in;
			u32s_push(&x->keep, c);
		}
	}
}

/* Keep the classes with a matching copy of that subject (subject given) or
 * with a matching copy that is an ancestor of f (subject NULL); if none
 * passes and keep_all_if_none, leave the list as it was. */
static void filter_classes(struct ctx *x, uint32_t f, const char *subject,
			   int keep_all_if_none)
{
	uint32_t pass = class_marks(x);
	size_t k = 0;

	/* each match looked at once: its class passes when one of its own does */
	for (size_t i = 0; i < x->match.n; i++) {
		uint32_t m = x->match.v[i], c = resolver_class(x->r, m);
		if (x->class_mark[c] == pass)
			continue;
		if (subject ? msg_subject_equal(x->g->c[m].facts.subject, subject)
			    : graph_is_ancestor(x->g, m, f))
			x->class_mark[c] = pass;
	}
	for (size_t i = 0; i < x->keep.n; i++)
		if (x->class_mark[x->keep.v[i]] == pass)
			x->keep.v[k++] = x->keep.v[i];
	if (k || !keep_all_if_none)
		x->keep.n = k;
}

/* Drop from x->match the commits whose class is not in x->keep. */
static void restrict_match(struct ctx *x)
{
	uint32_t in = class_marks(x);
	size_t k = 0;

	for (size_t i = 0; i < x->keep.n; i++)
		x->class_mark[x->keep.v[i]] = in;
	for (size_t i = 0; i < x->match.n; i++)
		if (x->class_mark[resolver_class(x->r, x->match.v[i])] == in)
			x->match.v[k++] = x->match.v[i];
	x->match.n = k;
}

/*
 * Among the matching copies of one upstream commit: the earliest ancestor
 * of f live at f; else the latest ancestor; else none (preemptive).
 */
static enum outcome pick_copy(struct ctx *x, uint32_t f, uint32_t *target)
{
	int64_t latest = -1;

	for (size_t i = 0; i < x->match.n; i++) {
		uint32_t c = x->match.v[i];
		if (!graph_is_ancestor(x->g, c, f))
			continue;
		if (is_live(x, c, f)) {
			*target = c;
			step(x, RULE_LIVE_COPY, target, 1);
			return RES_TARGET;
		}
		latest = c;
	}
	if (latest < 0) {
		*target = x->match.v[0];
		step(x, RULE_PREEMPTIVE, target, 1);
		return RES_PREEMPTIVE;
	}
	*target = (uint32_t)latest;
	step(x, RULE_REVERTED_COPY, target, 1);
	return RES_TARGET;
}

/* Tracing: each of the n commits v, an ancestor of f? live at f? */
static void see_copies(struct ctx *x, uint32_t f, const uint32_t *v, size_t n,
		       struct copy_seen **out, size_t *nout)
{
	*out = xcalloc(n + 1, sizeof(**out));
	for (*nout = 0; *nout < n; (*nout)++) {
		uint32_t c = v[*nout];
		int anc = graph_is_ancestor(x->g, c, f);
		(*out)[*nout] = (struct copy_seen){ c, anc, anc && is_live(x, c, f) };
	}
}

/* Resolve one reference of f; on RES_AMBIGUOUS the candidates are x->match. */
static enum outcome resolve_ref(struct ctx *x, uint32_t f, const struct msg_ref *ref,
				uint32_t *target)
{
	size_t k = 0;

	resolver_match(x->r, ref->id, &x->match);
	if (x->cur)
		for (size_t i = 0; i < x->match.n; i++)
			u32s_push(&x->cur->matched, x->match.v[i]);
	for (size_t i = 0; i < x->match.n; i++)
		if (x->match.v[i] != f)
			x->match.v[k++] = x->match.v[i];
	if (k < x->match.n)
		step(x, RULE_SELF, x->match.v, k);
	if (k == 0) {
		if (!x->match.n)
			step(x, RULE_OUTSIDE, NULL, 0);
		return x->match.n ? RES_IGNORED : RES_OUTSIDE;
	}
	if (x->match.n > RESOLVER_MATCH_MAX) {	/* too many to weigh (resolve.h) */
		x->match.n = k < RESOLVER_MATCH_MAX ? k : RESOLVER_MATCH_MAX;
		step(x, RULE_AMBIGUOUS, x->match.v, x->match.n);
		return RES_AMBIGUOUS;
	}
	x->match.n = k;
	classes_of_match(x);
	if (x->cur)
		x->cur->nupstream = x->keep.n;
	if (x->keep.n > 1) {
		filter_classes(x, f, NULL, 0);
		if (x->keep.n == 0) {
			*target = x->match.v[0];
			step(x, RULE_ANCESTOR, NULL, 0);
			step(x, RULE_PREEMPTIVE, target, 1);
			return RES_PREEMPTIVE;
		}
		restrict_match(x);
		step(x, RULE_ANCESTOR, x->match.v, x->match.n);
	}
	if (x->keep.n > 1 && ref->subject) {
		filter_classes(x, f, ref->subject, 1);
		restrict_match(x);
		step(x, RULE_SUBJECT, x->match.v, x->match.n);
	}
	if (x->keep.n > 1) {
		step(x, RULE_AMBIGUOUS, x->match.v, x->match.n);
		return RES_AMBIGUOUS;
	}
	if (x->cur)
		see_copies(x, f, x->match.v, x->match.n, &x->cur->copies, &x->cur->ncopies);
	return pick_copy(x, f, target);
}

static size_t release_rank(const struct graph *g, uint32_t c)
{
	return g->c[c].release == RELEASE_NONE ? SIZE_MAX : (size_t)g->c[c].release;
}

static struct link *add_link(struct ctx *x, enum link_kind kind, uint32_t f,
			     uint32_t target)
{
	struct census *c = x->out;

	ARRAY_GROW(c->links, c->nlinks, c->links_cap);
	struct link *l = &c->links[c->nlinks++];
	memset(l, 0, sizeof(*l));
	l->kind = kind;
	l->fix = f;
	l->target = target;
	l->seq = x->seq++;
	l->rank = release_rank(x->g, f);
	if (target != LINK_NO_TARGET)
		l->same_release = x->g->c[f].release == x->g->c[target].release;
	return l;
}

static int is_revert_kind(enum link_kind k)
{
	return k == LINK_REVERT || k == LINK_REAPPLY;
}

/*
 * Record a link of f to target, once: a revert-line link replaces a
 * Fixes-line link to the same target.  first: f's first link.
 */
static int record_target(struct ctx *x, size_t first, uint32_t f, uint32_t target,
			 enum link_kind kind)
{
	for (size_t i = first; i < x->out->nlinks; i++) {
		struct link *l = &x->out->links[i];
		if (l->target != target || l->kind == LINK_PREEMPTIVE ||
		    l->kind == LINK_DUPLICATE)
			continue;
		if (is_revert_kind(kind) && l->kind == LINK_FIX) {
			l->kind = kind;
			u32s_push(&x->reverted_by[target], f);
		}
		return 0;
	}
	add_link(x, kind, f, target);
	if (is_revert_kind(kind))
		u32s_push(&x->reverted_by[target], f);
	return 1;
}

static int same_candidates(const struct u32s *a, const struct u32s *b)
{
	return a->n == b->n && !memcmp(a->v, b->v, a->n * sizeof(uint32_t));
}

static int record_ambiguous(struct ctx *x, size_t first, uint32_t f)
{
	for (size_t i = first; i < x->out->nlinks; i++)
		if (x->out->links[i].kind == LINK_AMBIGUOUS &&
		    same_candidates(&x->out->links[i].candidates, &x->match))
			return 0;
	struct link *l = add_link(x, LINK_AMBIGUOUS, f, LINK_NO_TARGET);
	for (size_t i = 0; i < x->match.n; i++)
		u32s_push(&l->candidates, x->match.v[i]);
	return 1;
}

static int record_preemptive(struct ctx *x, size_t first, uint32_t f, uint32_t target)
{
	for (size_t i = first; i < x->out->nlinks; i++)
		if (x->out->links[i].kind == LINK_PREEMPTIVE &&
		    x->out->links[i].target == target)
			return 0;
	add_link(x, LINK_PREEMPTIVE, f, target);
	return 1;
}

/* Tracing: the link the current reference made (new) or joined. */
static void note_link(struct ctx *x, enum link_kind kind, uint32_t target, int made)
{
	if (!x->cur)
		return;
	x->cur->linked = 1;
	x->cur->kind = kind;
	x->cur->target = target;
	x->cur->joined = !made;
	if (kind == LINK_AMBIGUOUS)
		for (size_t i = 0; i < x->match.n; i++)
			u32s_push(&x->cur->candidates, x->match.v[i]);
	if (!made)
		step(x, RULE_ONE_LINK, &target, target != LINK_NO_TARGET);
}

/* Tracing: forget what resolving through an upstream id that gave nothing
 * added (its steps from the nsteps-th). */
static void trace_rewind(struct ctx *x, size_t nsteps)
{
	struct ref_trace *t = x->cur;

	for (; t && t->nsteps > nsteps; t->nsteps--)
		u32s_release(&t->steps[t->nsteps - 1].kept);
}

/*
 * A reference (Fixes or revert) whose id matches no commit of the series
 * but names a commit of the repository: resolved through that commit's own
 * upstream ids, the first that gives an answer (doc/dialects.md "A fix of a
 * commit outside the series").  Tracing: a RULE_THROUGH step names that id
 * and its matches; what the reference itself matched stays as it was.
 */
static enum outcome resolve_outside(struct ctx *x, uint32_t f, const struct msg_ref *ref,
				    uint32_t *target)
{
	const struct outside_id *e = outside_find(x->o, ref->id);
	struct msg_ref via = *ref;
	struct ref_trace *t = x->cur;
	size_t matched = t ? t->matched.n : 0, nup = t ? t->nupstream : 0;

	for (size_t a = 0; e && a < e->naliases; a++) {
		size_t nsteps = t ? t->nsteps : 0;
		memcpy(via.id, e->aliases[a], MSG_ID_MAX + 1);
		if (t) {
			resolver_match(x->r, via.id, &x->match);
			step(x, RULE_THROUGH, x->match.v, x->match.n);
			memcpy(t->steps[t->nsteps - 1].via, via.id, MSG_ID_MAX + 1);
		}
		enum outcome res = resolve_ref(x, f, &via, target);
		if (t) {
			t->matched.n = matched;	/* the reference's own matches */
			t->nupstream = nup;
		}
		if (res != RES_OUTSIDE && res != RES_IGNORED)
			return res;
		trace_rewind(x, nsteps);
	}
	return RES_OUTSIDE;
}

static void count_outside(struct ctx *x, const struct msg_ref *ref)
{
	const struct outside_id *e = outside_find(x->o, ref->id);

	x->out->fixes_outside++;
	if (e && !e->known)
		x->out->fixes_outside_mainline++;
}

/* The kind of a revert link to t: a revert of a revert (a revert line, or
 * a subject 'Revert "S"') reapplies. */
static enum link_kind revert_kind(const struct graph *g, uint32_t t)
{
	const struct msg_facts *f = &g->c[t].facts;

	return f->is_revert || msg_is_revert_subject(f->subject) ? LINK_REAPPLY : LINK_REVERT;
}

/* Keep in x->match only the latest: those no other of them descends from. */
static void keep_latest(struct ctx *x)
{
	size_t k = 0;

	for (size_t i = 0; i < x->match.n; i++) {
		size_t j = i + 1;
		while (j < x->match.n && !graph_is_ancestor(x->g, x->match.v[i], x->match.v[j]))
			j++;
		if (j == x->match.n)
			x->match.v[k++] = x->match.v[i];
	}
	x->match.n = k;
}

/*
 * A revert that names no reverted id (doc/rules.md "Reverts by subject"): a
 * commit whose subject reads 'Revert "S"' and whose message has no revert
 * line reverts the latest earlier commit of the series with subject S (an
 * ancestor of f, live at f; subjects equal as msg_subject_equal has them):
 * the one the others are ancestors of.  Several latest ones (on branches
 * merged since) that are copies of several upstream commits: ambiguous.
 */
static void visit_subject_revert(struct ctx *x, uint32_t f, size_t first)
{
	const struct msg_facts *facts = &x->g->c[f].facts;
	char *subject = facts->is_revert ? NULL : msg_revert_subject(facts->subject);

	if (!subject)
		return;
	x->match.n = 0;
	for (uint32_t c = 0; c < f; c++) {
		const struct graph_commit *gc = &x->g->c[c];
		if (!gc->is_merge && msg_subject_equal(gc->facts.subject, subject) &&
		    graph_is_ancestor(x->g, c, f) && is_live(x, c, f))
			u32s_push(&x->match, c);
	}
	free(subject);
	if (x->trace) {
		x->trace->by_subject = 1;
		x->cur = &x->trace->subject_ref;
		for (size_t i = 0; i < x->match.n; i++)
			u32s_push(&x->cur->matched, x->match.v[i]);
	}
	keep_latest(x);
	step(x, RULE_REVERT_SUBJECT, x->match.v, x->match.n);
	if (x->match.n) {
		classes_of_match(x);
		if (x->cur)
			x->cur->nupstream = x->keep.n;
	}
	if (x->match.n && x->keep.n > 1) {
		step(x, RULE_AMBIGUOUS, x->match.v, x->match.n);
		note_link(x, LINK_AMBIGUOUS, LINK_NO_TARGET, record_ambiguous(x, first, f));
	} else if (x->match.n) {
		uint32_t t = x->match.v[x->match.n - 1];	/* the latest */
		enum link_kind kind = revert_kind(x->g, t);
		note_link(x, kind, t, record_target(x, first, f, t, kind));
	}
	x->cur = NULL;
}

/* Does f name id in a rule's line: an alias, or a Fixes or revert id? */
static int counted_id(const struct msg_facts *facts, const char *id)
{
	for (size_t a = 0; a < facts->naliases; a++)
		if (!strcmp(facts->aliases[a], id))
			return 1;
	for (size_t i = 0; i < facts->nrefs; i++)
		if (facts->refs[i].kind != MSG_REF_MENTION && !strcmp(facts->refs[i].id, id))
			return 1;
	return 0;
}

/* Does f link to t already (from its first link on), or mention it? */
static int linked_to(const struct ctx *x, size_t first, size_t first_mention, uint32_t t)
{
	for (size_t i = first; i < x->out->nlinks; i++)
		if (x->out->links[i].target == t || u32s_contains(&x->out->links[i].candidates, t))
			return 1;
	for (size_t i = first_mention; i < x->out->nmention_links; i++)
		if (x->out->mention_links[i].target == t)
			return 1;
	return 0;
}

/*
 * Mentions (doc/rules.md "Mentions"): an id of f's prose that names a
 * commit of the series (directly or through its upstream ids: the rules of
 * "Which commit a reference means" give the one target) but that no rule
 * counted: not an id of a rule's line, not a target f links already.  A
 * mention is no claim: a link apart, never counted.
 */
static void visit_mentions(struct ctx *x, uint32_t f, size_t first)
{
	const struct msg_facts *facts = &x->g->c[f].facts;
	size_t first_mention = x->out->nmention_links;

	for (size_t i = 0; i < facts->nrefs; i++) {
		const struct msg_ref *ref = &facts->refs[i];
		uint32_t t = LINK_NO_TARGET;
		if (ref->kind != MSG_REF_MENTION || counted_id(facts, ref->id))
			continue;
		x->cur = x->trace ? &x->trace->refs[i] : NULL;
		if (resolve_ref(x, f, ref, &t) != RES_TARGET || linked_to(x, first, first_mention, t))
			continue;
		ARRAY_GROW(x->out->mention_links, x->out->nmention_links, x->out->mention_links_cap);
		struct link *l = &x->out->mention_links[x->out->nmention_links++];
		*l = (struct link){ .kind = LINK_MENTION, .fix = f, .target = t,
				    .seq = x->seq++, .rank = release_rank(x->g, f),
				    .same_release = x->g->c[f].release == x->g->c[t].release };
		note_link(x, LINK_MENTION, t, 1);
	}
	x->cur = NULL;
}

static void visit_refs(struct ctx *x, uint32_t f)
{
	const struct msg_facts *facts = &x->g->c[f].facts;
	size_t first = x->out->nlinks;

	for (size_t i = 0; i < facts->nrefs; i++) {
		const struct msg_ref *ref = &facts->refs[i];
		uint32_t t = LINK_NO_TARGET;
		enum link_kind kind;
		if (ref->kind == MSG_REF_MENTION)
			continue;	/* after every rule: visit_mentions() */
		x->cur = x->trace ? &x->trace->refs[i] : NULL;
		enum outcome res = resolve_ref(x, f, ref, &t);
		if (res == RES_OUTSIDE)
			res = resolve_outside(x, f, ref, &t);
		switch (res) {
		case RES_IGNORED:
			break;
		case RES_OUTSIDE:
			count_outside(x, ref);
			break;
		case RES_AMBIGUOUS:
			note_link(x, LINK_AMBIGUOUS, t, record_ambiguous(x, first, f));
			break;
		case RES_PREEMPTIVE:
			note_link(x, LINK_PREEMPTIVE, t, record_preemptive(x, first, f, t));
			break;
		case RES_TARGET:
			kind = ref->kind == MSG_REF_FIXES ? LINK_FIX : revert_kind(x->g, t);
			note_link(x, kind, t, record_target(x, first, f, t, kind));
			break;
		}
	}
	x->cur = NULL;
	visit_subject_revert(x, f, first);
	visit_mentions(x, f, first);
}

/* The earliest copy matching alias a that is an ancestor of f and live
 * there, or LINK_NO_TARGET. */
static uint32_t live_earlier_copy(struct ctx *x, uint32_t f, const char *a)
{
	resolver_match(x->r, a, &x->match);
	for (size_t i = 0; i < x->match.n; i++) {
		uint32_t c = x->match.v[i];
		if (c != f && graph_is_ancestor(x->g, c, f) && is_live(x, c, f))
			return c;
	}
	return LINK_NO_TARGET;
}

/* Alias a of f names a commit of the repository whose own upstream ids
 * include another alias of f: a copy of that upstream commit, not one of
 * its own (a backport of a backport). */
static int names_copy_of_other(const struct ctx *x, const struct msg_facts *facts, size_t a)
{
	const struct outside_id *e = outside_find(x->o, facts->aliases[a]);

	for (size_t k = 0; e && k < e->naliases; k++)
		for (size_t b = 0; b < facts->naliases; b++)
			if (b != a && identity_same_id(e->aliases[k], facts->aliases[b]))
				return 1;
	return 0;
}

/*
 * A second backport of its upstream commits while an earlier copy is live:
 * every upstream commit f names needs a live earlier copy (a squashed
 * backport sharing one of several is no second backport); the target is
 * the earliest of those copies.
 */
static void visit_copies(struct ctx *x, uint32_t f)
{
	const struct msg_facts *facts = &x->g->c[f].facts;
	uint32_t best = LINK_NO_TARGET;

	for (size_t a = 0; a < facts->naliases; a++) {
		uint32_t c = live_earlier_copy(x, f, facts->aliases[a]);
		if (c == LINK_NO_TARGET && names_copy_of_other(x, facts, a))
			continue;
		if (c == LINK_NO_TARGET) {	/* an upstream commit of its own */
			best = LINK_NO_TARGET;
			break;
		}
		if (c < best)
			best = c;
	}
	if (best != LINK_NO_TARGET)
		add_link(x, LINK_DUPLICATE, f, best);
	if (x->trace)
		x->trace->duplicate_of = best;
}

/* Tracing: per alias of f, the other commits sharing it (as visit_copies
 * reads them). */
static void see_aliases(struct ctx *x, uint32_t f)
{
	const struct msg_facts *facts = &x->g->c[f].facts;
	struct census_trace *t = x->trace;

	t->naliases = facts->naliases;
	t->copies = xcalloc(facts->naliases + 1, sizeof(*t->copies));
	t->ncopies = xcalloc(facts->naliases + 1, sizeof(*t->ncopies));
	for (size_t a = 0; a < facts->naliases; a++) {
		size_t k = 0;
		resolver_match(x->r, facts->aliases[a], &x->match);
		for (size_t i = 0; i < x->match.n; i++)
			if (x->match.v[i] != f)
				x->match.v[k++] = x->match.v[i];
		see_copies(x, f, x->match.v, k, &t->copies[a], &t->ncopies[a]);
	}
}

static int cmp_link(const void *pa, const void *pb)
{
	const struct link *a = pa, *b = pb;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->fix != b->fix)
		return a->fix < b->fix ? -1 : 1;
	return (a->seq > b->seq) - (a->seq < b->seq);
}

/* Does this link count under the options (--introduced-until)? */
static int counts(const struct ctx *x, const struct link *l)
{
	if (!link_is_regression_fix(l->kind))
		return 0;
	return x->until < 0 || in_until(x->g, l->target, x->until);
}

/* Per-fix flags, then the totals.  Links are still grouped by fix. */
static void count(struct ctx *x)
{
	struct census *c = x->out;
	struct u32s targets = { 0 };

	for (size_t i = 0; i < c->nlinks;) {
		uint32_t f = c->links[i].fix;
		uint8_t flags = CENSUS_SAME;
		for (; i < c->nlinks && c->links[i].fix == f; i++) {
			const struct link *l = &c->links[i];
			c->duplicates += l->kind == LINK_DUPLICATE;
			c->reapplies += l->kind == LINK_REAPPLY;
			c->ambiguous += l->kind == LINK_AMBIGUOUS;
			c->preemptive += l->kind == LINK_PREEMPTIVE;
			if (!counts(x, l))
				continue;
			flags |= CENSUS_FIX;
			if (l->kind == LINK_REVERT)
				flags |= CENSUS_REVERT;
			if (!l->same_release)
				flags &= (uint8_t)~CENSUS_SAME;
			c->pairs++;
			u32s_push(&targets, l->target);
		}
		if (!(flags & CENSUS_FIX))
			continue;
		c->flags[f] = flags;
		c->fixes++;
		c->reverts += !!(flags & CENSUS_REVERT);
		c->same_release += !!(flags & CENSUS_SAME);
		c->reported += !(flags & CENSUS_SAME) && x->g->c[f].facts.reported;
	}
	c->visible = census_visible(c->fixes, c->same_release);
	u32s_sort_unique(&targets);
	c->regressions = targets.n;
	u32s_release(&targets);
}

/* The commit's upstream identity, counted. */
static void count_upstream(struct census *out, const struct graph_commit *c)
{
	out->with_upstream += c->upstream == UPSTREAM_MESSAGE;
	out->inferred_upstream += c->upstream == UPSTREAM_INFERRED;
	out->ambiguous_upstream += c->upstream == UPSTREAM_AMBIGUOUS;
	out->without_upstream += c->upstream == UPSTREAM_NONE || c->upstream == UPSTREAM_AMBIGUOUS;
}

void census_compute(struct graph *g, struct resolver *r, const struct outside *o, int until,
		    struct census *out)
{
	struct ctx x = { .g = g, .r = r, .o = o, .out = out, .until = until };

	memset(out, 0, sizeof(*out));
	out->flags = xcalloc(g->n + 1, 1);
	x.reverted_by = xcalloc(g->n + 1, sizeof(struct u32s));
	for (uint32_t f = 0; f < g->n; f++) {
		const struct graph_commit *c = &g->c[f];
		if (c->is_merge)
			continue;
		if (until < 0 || in_until(g, f, until)) {
			out->commits++;
			out->tagged += c->facts.fixes_lines > 0;
			out->nonsha_fixes_lines += c->facts.nonsha_fixes_lines;
			count_upstream(out, c);
		}
		visit_refs(&x, f);
		visit_copies(&x, f);
	}
	/* links are grouped by fix already (history order); count, then sort */
	count(&x);
	if (out->nlinks)
		qsort(out->links, out->nlinks, sizeof(*out->links), cmp_link);
	out->mentions = out->nmention_links;
	if (out->nmention_links)
		qsort(out->mention_links, out->nmention_links, sizeof(*out->mention_links), cmp_link);
	for (size_t i = 0; i < g->n + 1; i++)
		u32s_release(&x.reverted_by[i]);
	free(x.reverted_by);
	u32s_release(&x.match);
	u32s_release(&x.keep);
	live_release(&x);
}

void census_show_mentions(struct census *c)
{
	for (size_t i = 0; i < c->nmention_links; i++) {
		ARRAY_GROW(c->links, c->nlinks, c->links_cap);
		c->links[c->nlinks++] = c->mention_links[i];
	}
	c->nmention_links = 0;
	if (c->nlinks)
		qsort(c->links, c->nlinks, sizeof(*c->links), cmp_link);
}

void census_release(struct census *c)
{
	for (size_t i = 0; i < c->nlinks; i++)
		u32s_release(&c->links[i].candidates);
	free(c->links);
	free(c->mention_links);
	free(c->flags);
	memset(c, 0, sizeof(*c));
}

/*
 * Visiting f again needs the reverts of its history: those census_compute
 * had found by then are the revert and reapply links of c whose fix is an
 * ancestor of f (is_live reads no other), so all of c's will do.
 */
void census_trace(struct graph *g, struct resolver *r, const struct outside *o,
		  const struct census *c, uint32_t f, struct census_trace *out)
{
	struct census scratch = { 0 };
	struct ctx x = { .g = g, .r = r, .o = o, .out = &scratch, .until = -1, .trace = out };

	memset(out, 0, sizeof(*out));
	out->commit = f;
	out->duplicate_of = LINK_NO_TARGET;
	out->subject_ref.target = LINK_NO_TARGET;
	if (g->c[f].is_merge)
		return;
	out->nrefs = g->c[f].facts.nrefs;
	out->refs = xcalloc(out->nrefs + 1, sizeof(*out->refs));
	for (size_t i = 0; i < out->nrefs; i++)
		out->refs[i].target = LINK_NO_TARGET;
	x.reverted_by = xcalloc(g->n + 1, sizeof(struct u32s));
	for (size_t i = 0; i < c->nlinks; i++)
		if (is_revert_kind(c->links[i].kind))
			u32s_push(&x.reverted_by[c->links[i].target], c->links[i].fix);
	visit_refs(&x, f);
	visit_copies(&x, f);
	see_aliases(&x, f);
	/* a Fixes: link that a revert line took over is of the revert's kind */
	for (size_t i = 0; i < out->nrefs; i++)
		for (size_t k = 0; k < scratch.nlinks && out->refs[i].linked; k++)
			if (scratch.links[k].target == out->refs[i].target &&
			    out->refs[i].kind == LINK_FIX && is_revert_kind(scratch.links[k].kind))
				out->refs[i].kind = scratch.links[k].kind;
	for (size_t i = 0; i < g->n + 1; i++)
		u32s_release(&x.reverted_by[i]);
	free(x.reverted_by);
	u32s_release(&x.match);
	u32s_release(&x.keep);
	live_release(&x);
	census_release(&scratch);
}

static void ref_trace_release(struct ref_trace *rt)
{
	for (size_t k = 0; k < rt->nsteps; k++)
		u32s_release(&rt->steps[k].kept);
	free(rt->steps);
	free(rt->copies);
	u32s_release(&rt->matched);
	u32s_release(&rt->candidates);
}

void census_trace_release(struct census_trace *t)
{
	for (size_t i = 0; i < t->nrefs; i++)
		ref_trace_release(&t->refs[i]);
	free(t->refs);
	ref_trace_release(&t->subject_ref);
	for (size_t a = 0; a < t->naliases; a++)
		free(t->copies[a]);
	free(t->copies);
	free(t->ncopies);
	memset(t, 0, sizeof(*t));
}

/* Reverts point back in history: decide from the newest commit down. */
void census_live_at_end(const struct graph *g, const struct census *c, uint8_t *live)
{
	struct u32s *by = xcalloc(g->n + 1, sizeof(struct u32s));

	for (size_t i = 0; i < c->nlinks; i++)
		if (is_revert_kind(c->links[i].kind))
			u32s_push(&by[c->links[i].target], c->links[i].fix);
	for (size_t i = g->n; i-- > 0;) {
		live[i] = 1;
		for (size_t k = 0; k < by[i].n; k++)
			if (by[i].v[k] > i && live[by[i].v[k]])
				live[i] = 0;
	}
	for (size_t i = 0; i < g->n + 1; i++)
		u32s_release(&by[i]);
	free(by);
}

int census_mostly_blind(const struct census *k)
{
	return k->commits && (k->with_upstream + k->inferred_upstream) * 2 < k->commits;
}
