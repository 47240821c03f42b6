/*
 * bench/gen/stable.c — the plan of each stable series: release sizes, the
 * role of each backport, topics (--merges), and the targets of the mainline
 * Fixes: and reverts no series planned.
 */
#include "gen.h"

const int series_base_r[NSERIES] = { 34, 39, 45, 51, 56 }; /* v4.14 v4.19 v5.4 v5.10 v5.15 */
struct series S[NSERIES];

void vec_push(struct vec *v, uint32_t x)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 64;
		v->v = xrealloc(v->v, v->cap * sizeof(*v->v));
	}
	v->v[v->n++] = x;
}

static int usable_target(uint32_t x)
{
	return !(mflags[x] & (F_RELEASE | F_REVERT)) && fixer_of[x] < 0;
}

static void assign_fix(uint32_t m, uint32_t x)
{
	mtarget[m] = (int32_t)x;
	fixer_of[x] = (int32_t)m;
}

/* Is some series (other than skip) backporting x? */
static int taken_anywhere(uint32_t x, int skip)
{
	for (int s = 0; s < NSERIES; s++)
		if (s != skip && S[s].taken && S[s].taken[x])
			return 1;
	return 0;
}

/* A random element of v, biased to recent ones, not yet used; -1 if none. */
static int64_t pick_elig(struct series *s, struct vec *v, uint64_t *r, int untagged_only)
{
	for (int tries = 0; tries < 40 && v->n; tries++) {
		double u = runif(r);
		size_t k = v->n - 1 - (size_t)((double)v->n * u * u * u);
		if (k >= v->n)
			k = v->n - 1;
		uint32_t j = v->v[k];
		if (s->sc[j].used) {
			v->v[k] = v->v[--v->n];
			continue;
		}
		if (untagged_only && (mflags[s->sc[j].up] & F_TAGGED))
			continue;
		return j;
	}
	return -1;
}

/* cnt[k] slots of each role k (slots in all), in a random order drawn from r. */
uint8_t *shuffled_roles(const long *cnt, size_t slots, uint64_t *r)
{
	uint8_t *roles = xcalloc(slots, 1);
	size_t at = 0;

	for (int k = 0; k < R_NROLES; k++)
		for (long j = 0; j < cnt[k]; j++)
			roles[at++] = (uint8_t)k;
	for (size_t j = slots; j > 1; j--) {
		size_t q = rbelow(r, (uint32_t)j);
		uint8_t t = roles[j - 1];
		roles[j - 1] = roles[q];
		roles[q] = t;
	}
	return roles;
}

struct sc *add_sc(struct planner *p, uint8_t kind)
{
	struct series *s = p->s;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->sc = xrealloc(s->sc, (size_t)s->cap * sizeof(*s->sc));
	}
	struct sc *c = &s->sc[s->n++];
	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->rel = (uint16_t)p->k;
	c->rev = -1;
	c->topic = (uint16_t)p->topic;
	return c;
}

void add_backport(struct planner *p, uint32_t m, int eligible)
{
	struct sc *c = add_sc(p, SC_BACKPORT);

	c->up = m;
	c->form = runif(&p->r) < 0.8 ? 0 : 1;
	p->s->taken[m] = 1;
	if (eligible)
		vec_push(p->topic ? &p->elig_topic : &p->elig_cur, p->s->n - 1);
}

/* Where targets in the history of the next commit are drawn from: the
 * current release's copies (same) or the earlier releases'; on a topic,
 * the topic's. */
static struct vec *targets(struct planner *p, int same)
{
	return p->topic ? &p->elig_topic : same ? &p->elig_cur : &p->elig;
}

/* --merges: the next n commits are a topic forked from mainline commit fork. */
void start_topic(struct planner *p, uint32_t fork, uint32_t n)
{
	struct series *s = p->s;

	if (!s->ntp)
		s->ntp = 1;
	s->tp = xrealloc(s->tp, (size_t)(s->ntp + 1) * sizeof(*s->tp));
	if (s->ntp >= 65535)
		die("too many topics");
	s->tp[s->ntp] = (struct stopic){ fork, s->n, 0 };
	p->topic = s->ntp++;
	p->topic_left = n;
	p->elig_topic.n = p->greverts_topic.n = 0;
}

/* After each commit: the topic's merge when its last commit is planned. */
void topic_step(struct planner *p)
{
	if (!p->topic || --p->topic_left)
		return;
	uint32_t t = p->topic;
	p->topic = 0;
	add_sc(p, SC_MERGE)->rev = (int32_t)t;
	p->s->tp[t].merge = p->s->n - 1;
	for (size_t j = 0; j < p->elig_topic.n; j++)
		vec_push(&p->elig_cur, p->elig_topic.v[j]);
	for (size_t j = 0; j < p->greverts_topic.n; j++)
		vec_push(&p->greverts, p->greverts_topic.v[j]);
}

int pool_ok(struct planner *p, uint32_t m)
{
	return !p->s->taken[m] && !p->s->forbid[m] && !(mflags[m] & (F_RELEASE | F_REVERT | F_REVTGT));
}

/* Scan for a mainline commit passing ok(), starting recent-biased in (b, fk]. */
static int64_t scan_pool(struct planner *p, int (*ok)(struct planner *, uint32_t))
{
	uint32_t lo = p->s->b + 1, hi = p->fk;
	double u = runif(&p->r);
	uint32_t start = hi - (uint32_t)((double)(hi - lo) * u * u);

	for (uint32_t m = start; m <= hi; m++)
		if (ok(p, m))
			return m;
	for (uint32_t m = start; m-- > lo;)
		if (ok(p, m))
			return m;
	return -1;
}

static int ok_untagged(struct planner *p, uint32_t m)
{
	return pool_ok(p, m) && !(mflags[m] & F_TAGGED);
}

static int ok_tagout(struct planner *p, uint32_t m)
{
	if (!pool_ok(p, m) || !(mflags[m] & F_TAGGED))
		return 0;
	if (mtarget[m] >= 0 && p->s->taken[mtarget[m]])
		return 0;	/* would be an unplanned regression fix */
	return 1;
}

int try_untagged(struct planner *p)
{
	int64_t m = scan_pool(p, ok_untagged);

	if (m < 0)
		return 0;
	add_backport(p, (uint32_t)m, 1);
	return 1;
}

int try_tagout(struct planner *p)
{
	struct series *s = p->s;
	int64_t m = scan_pool(p, ok_tagout);

	if (m < 0)
		return 0;
	if (mtarget[m] < 0) {
		/* Choose what it fixes: mostly a commit older than the base. */
		int64_t x = -1;
		if (runif(&p->r) < 0.35 && (uint32_t)m > s->b + 2) {
			uint32_t c = s->b + 1 + rbelow(&p->r, (uint32_t)m - s->b - 1);
			for (uint32_t t = c; t < (uint32_t)m && x < 0; t++)
				if (usable_target(t) && !s->taken[t] && !taken_anywhere(t, -1))
					x = t;
		}
		if (x < 0) {
			uint32_t span = s->b > 6 * I ? 6 * I : s->b - 1;
			uint32_t c = s->b - 1 - rbelow(&p->r, span);
			for (uint32_t t = c; t >= 1 && x < 0; t--)
				if (usable_target(t))
					x = t;
		}
		if (x < 0)
			return 0;
		assign_fix((uint32_t)m, (uint32_t)x);
	}
	if ((uint32_t)mtarget[m] > s->b)
		s->forbid[mtarget[m]] = 1;
	add_backport(p, (uint32_t)m, 1);
	return 1;
}

/* A regression fix: the backport of a mainline fix of an earlier copy. */
static int try_regfix(struct planner *p, int same)
{
	struct series *s = p->s;

	for (int tries = 0; tries < 8; tries++) {
		struct vec *v = targets(p, same);
		int64_t j = pick_elig(s, v, &p->r, 0);
		if (j < 0)
			return 0;
		uint32_t u = s->sc[j].up;
		int64_t m = -1;
		if (fixer_of[u] >= 0) {
			/* Its one mainline fix already exists: take it if we can. */
			m = fixer_of[u];
			if ((uint32_t)m > p->fk || !pool_ok(p, (uint32_t)m))
				m = -1;
		} else if (u + 1 <= p->fk) {
			uint32_t span = p->fk - u;
			uint32_t lim = span < 2 * I ? span : 2 * I;
			uint32_t start = u + 1 + rbelow(&p->r, lim);
			for (uint32_t k = 0; k < span && m < 0; k++) {
				uint32_t t = u + 1 + (start - u - 1 + k) % span;
				if ((mflags[t] & F_TAGGED) && mtarget[t] < 0 && pool_ok(p, t))
					m = t;
			}
			if (m >= 0)
				assign_fix((uint32_t)m, u);
		}
		if (m < 0)
			continue;
		s->sc[j].used = 1;
		add_backport(p, (uint32_t)m, 1);
		p->same_planned += same || p->topic;
		return 1;
	}
	return 0;
}

static int try_grevert(struct planner *p, int same)
{
	int64_t j = pick_elig(p->s, targets(p, same), &p->r, 0);

	if (j < 0)
		return 0;
	p->s->sc[j].used = 1;
	struct sc *c = add_sc(p, SC_GREVERT);
	c->rev = (int32_t)j;
	vec_push(p->topic ? &p->greverts_topic : &p->greverts, p->s->n - 1);
	p->same_planned += same || p->topic;
	return 1;
}

/* The backport of a mainline revert of an earlier copy. */
static int try_uprevert(struct planner *p, int same)
{
	struct series *s = p->s;

	for (int tries = 0; tries < 8; tries++) {
		int64_t j = pick_elig(s, targets(p, same), &p->r, 1);
		if (j < 0)
			return 0;
		uint32_t u = s->sc[j].up;
		if (taken_anywhere(u, p->si))
			continue;	/* keep `unfixed` unambiguous in the other series */
		int64_t m = -1;
		for (uint32_t t = u + 1; t <= p->fk && m < 0; t++)
			if ((mflags[t] & F_REVERT) && mtarget[t] < 0 && !s->taken[t] && !s->forbid[t])
				m = t;
		if (m < 0)
			continue;
		mtarget[m] = (int32_t)u;
		mflags[u] |= F_REVTGT;
		s->sc[j].used = 1;
		add_backport(p, (uint32_t)m, 0);
		p->same_planned += same || p->topic;
		return 1;
	}
	return 0;
}

static int try_dup(struct planner *p)
{
	struct vec *v = runif(&p->r) < 0.5 ? &p->elig_cur : &p->elig;
	int64_t j = pick_elig(p->s, p->topic ? &p->elig_topic : v, &p->r, 1);

	if (j < 0)
		return 0;
	p->s->sc[j].used = 1;
	add_backport(p, p->s->sc[j].up, 0);
	return 1;
}

static int try_reapply(struct planner *p)
{
	struct vec *gv = p->topic ? &p->greverts_topic : &p->greverts;

	while (gv->n) {
		uint32_t k = rbelow(&p->r, (uint32_t)gv->n);
		uint32_t g = gv->v[k];
		gv->v[k] = gv->v[--gv->n];
		if (p->s->sc[g].used)
			continue;
		p->s->sc[g].used = 1;
		struct sc *c = add_sc(p, SC_REAPPLY);
		c->rev = (int32_t)g;
		return 1;
	}
	return 0;
}

/*
 * --merges, on a topic: the backport of the one mainline fix of a copy
 * outside the topic (the branch, or an earlier topic), so in no history the
 * fix has: its reference is preemptive.  The copy must be the only one of
 * its upstream commit and no planted role's target, and is none afterwards.
 */
static int try_preempt(struct planner *p)
{
	struct series *s = p->s;

	if (!p->topic)
		return 0;
	for (int tries = 0; tries < 8; tries++) {
		int64_t j = pick_elig(s, runif(&p->r) < 0.5 ? &p->elig_cur : &p->elig, &p->r, 0);
		if (j < 0)
			return 0;
		uint32_t u = s->sc[j].up;
		int64_t m = -1;
		if (fixer_of[u] >= 0) {
			m = fixer_of[u];
			if ((uint32_t)m > p->fk || !pool_ok(p, (uint32_t)m))
				m = -1;
		} else {
			for (uint32_t t = u + 1; t <= p->fk && m < 0; t++)
				if ((mflags[t] & F_TAGGED) && mtarget[t] < 0 && pool_ok(p, t))
					m = t;
			if (m >= 0)
				assign_fix((uint32_t)m, u);
		}
		if (m < 0)
			continue;
		s->sc[j].used = 1;
		add_backport(p, (uint32_t)m, 0);
		return 1;
	}
	return 0;
}

static int try_role(struct planner *p, int role)
{
	int same = runif(&p->r) < 1.0 / 3.0;

	switch (role) {
	case R_UNTAGGED: return try_untagged(p);
	case R_TAGOUT: return try_tagout(p);
	case R_REGFIX: return try_regfix(p, same) || try_regfix(p, !same);
	case R_GREVERT: return try_grevert(p, same) || try_grevert(p, !same);
	case R_UPREVERT: return try_uprevert(p, same) || try_uprevert(p, !same);
	case R_DUP: return try_dup(p);
	case R_REAPPLY: return try_reapply(p);
	case R_PREEMPT: return try_preempt(p);
	}
	return 0;
}

long lround_pos(double x)
{
	return x <= 0 ? 0 : (long)(x + 0.5);
}

/* Release sizes: `slots` backports spread unevenly over R releases. */
static uint32_t *release_sizes(struct planner *p, uint32_t R, uint32_t slots)
{
	double *w = xcalloc(R, sizeof(double)), sum = 0;
	for (uint32_t k = 0; k < R; k++)
		sum += (w[k] = 0.4 + 1.2 * runif(&p->r) + (k < R / 20 ? 1.5 : 0));
	uint32_t *size = xcalloc(R, sizeof(uint32_t));
	double acc = 0;
	uint32_t prev = 0;
	for (uint32_t k = 0; k < R; k++) {
		acc += w[k];
		uint32_t upto = k == R - 1 ? slots : (uint32_t)(acc / sum * slots);
		size[k] = upto - prev;
		prev = upto;
	}
	free(w);
	return size;
}

/* The role of each of the `slots` backports of a series of C commits, in
 * proportion (README of bench: the seed article's numbers), shuffled. */
static uint8_t *series_roles(struct planner *p, uint32_t C, uint32_t slots)
{
	struct series *s = p->s;
	double tagfrac = 0.42 + 0.16 * runif(&p->r);
	double fixfrac = 0.03 + 0.02 * runif(&p->r);
	s->tagfrac = tagfrac;
	s->fixfrac = fixfrac;
	long nfix = lround_pos(fixfrac * C);
	long nrev = lround_pos(nfix / 6.0);
	long nup = nrev / 8;
	long cnt[R_NROLES] = { 0 };
	cnt[R_UPREVERT] = nup;
	cnt[R_GREVERT] = nrev - nup;
	cnt[R_REGFIX] = nfix - nrev;
	cnt[R_DUP] = lround_pos(0.002 * C) ? lround_pos(0.002 * C) : 1;
	cnt[R_REAPPLY] = lround_pos(0.001 * C) ? lround_pos(0.001 * C) : 1;
	cnt[R_TAGOUT] = lround_pos(tagfrac * C) - cnt[R_REGFIX];
	if (cfg.merges)
		cnt[R_PREEMPT] = lround_pos(0.002 * C) ? lround_pos(0.002 * C) : 1;
	long rest = (long)slots;
	for (int k = 1; k < R_NROLES; k++)
		rest -= cnt[k];
	if (rest < 0)
		die("series too small for its roles");
	cnt[R_UNTAGGED] = rest;
	return shuffled_roles(cnt, slots, &p->r);
}

/* --merges: about 8% of the commits come on topics of 3-22 commits, each
 * within one release (`left` commits left in it), forked 1/20 to 2 mainline
 * releases before the base. */
static void maybe_start_topic(struct planner *p, uint64_t *tr, uint32_t left)
{
	if (!cfg.merges || p->topic || left < 3 || runif(tr) >= 0.007)
		return;
	uint32_t len = 3 + rbelow(tr, 20), back = I / 20 + rbelow(tr, 2 * I);
	if (len > left)
		len = left;
	uint32_t f = fp_at_or_before(p->s->b - back);
	fork_uses[f]++;
	start_topic(p, f, len);
}

/* One backport of the plan, drawn as `role`: a role that could not be placed
 * earlier goes first (and `role` waits in its place), then `role` itself,
 * else an untagged or tagged-outside backport (and `role` waits). */
static void place_role(struct planner *p, int role)
{
	for (int q = R_NROLES - 1; q > 0; q--)
		if (p->pending[q] && try_role(p, q)) {
			p->pending[q]--;
			p->done[q]++;
			if (role != R_UNTAGGED)
				p->pending[role]++;
			return;
		}
	if (try_role(p, role)) {
		p->done[role]++;
		return;
	}
	if (role != R_UNTAGGED)
		p->pending[role]++;
	if (try_untagged(p))
		p->done[R_UNTAGGED]++;
	else if (try_tagout(p))
		p->done[R_TAGOUT]++;
	else
		die("%s: mainline window exhausted at release %u", p->s->base, p->k);
}

/* A few mainline fixes of backported commits that the series never takes:
 * how many were planted. */
static long plant_unfixed(struct planner *p, uint32_t C)
{
	struct series *s = p->s;
	long want_unfixed = lround_pos(0.01 * C), planted = 0;
	for (long tries = 0; planted < want_unfixed && tries < 50 * want_unfixed; tries++) {
		uint32_t j = rbelow(&p->r, s->n);
		struct sc *c = &s->sc[j];
		if (c->kind != SC_BACKPORT || c->used || fixer_of[c->up] >= 0 ||
		    (mflags[c->up] & (F_REVERT | F_RELEASE)))
			continue;
		uint32_t hi = c->up + 3 * I < N ? c->up + 3 * I : N - 1;
		uint32_t start = c->up + 1 + rbelow(&p->r, hi - c->up);
		for (uint32_t t = start; t <= hi; t++)
			if ((mflags[t] & F_TAGGED) && mtarget[t] < 0 && !s->taken[t]) {
				assign_fix(t, c->up);
				planted++;
				break;
			}
	}
	return planted;
}

void plan_series(int si)
{
	struct series *s = &S[si];
	struct planner p = { .s = s, .si = si };
	uint32_t C = cfg.series_commits, R = cfg.releases, slots = C - R;

	p.r = stream(SALT_PLAN, (uint64_t)si);
	s->cap = cfg.merges ? C + C / 3 + 16 : C;
	s->sc = xcalloc(s->cap, sizeof(*s->sc));
	s->taken = xcalloc(N, 1);
	s->forbid = xcalloc(N, 1);
	uint32_t *size = release_sizes(&p, R, slots);
	s->releases = R;
	uint8_t *roles = series_roles(&p, C, slots);
	size_t at = 0;
	uint64_t tr = stream(SALT_STOPIC, (uint64_t)si);	/* --merges: the topics */
	uint32_t W = WINDOW_RELEASES * I;

	for (p.k = 1; p.k <= R; p.k++) {
		p.fk = s->b + (uint32_t)((uint64_t)W * p.k / R);
		p.elig_cur.n = 0;
		for (uint32_t j = 0; j < size[p.k - 1]; j++, at++) {
			maybe_start_topic(&p, &tr, size[p.k - 1] - j);
			place_role(&p, roles[at]);
			topic_step(&p);
		}
		add_sc(&p, SC_RELEASE);
		for (size_t j = 0; j < p.elig_cur.n; j++)
			vec_push(&p.elig, p.elig_cur.v[j]);
	}
	if (s->n != C + (s->ntp ? s->ntp - 1 : 0))
		die("internal: planned %u commits, wanted %u", s->n, C);
	for (int k = 1; k < R_NROLES; k++)
		if (p.pending[k])
			fprintf(stderr, "bench-gen: %s: %ld planned role-%d commits could not be placed\n",
				s->base, p.pending[k], k);
	long planted = plant_unfixed(&p, C);

	s->want.commits = C;
	s->want.fixes = p.done[R_REGFIX] + p.done[R_GREVERT] + p.done[R_UPREVERT];
	s->want.reverts = p.done[R_GREVERT] + p.done[R_UPREVERT];
	s->want.tagged = p.done[R_REGFIX] + p.done[R_TAGOUT] + p.done[R_PREEMPT];
	s->want.same_release = p.same_planned;
	s->want.duplicates = p.done[R_DUP];
	s->want.reapplies = p.done[R_REAPPLY];
	s->want.preemptive = p.done[R_PREEMPT];
	s->want.unfixed = planted;
	free(size);
	free(roles);
	free(p.elig.v);
	free(p.elig_cur.v);
	free(p.greverts.v);
	free(p.elig_topic.v);
	free(p.greverts_topic.v);
}

/* Targets of the mainline Fixes: and reverts no series planned. */
void finish_mainline(void)
{
	uint64_t r = stream(SALT_FINAL, 0);

	for (uint32_t i = 1; i < N; i++) {
		if (mtarget[i] >= 0 || !(mflags[i] & (F_TAGGED | F_REVERT)))
			continue;
		int revert = (mflags[i] & F_REVERT) != 0;
		int64_t x = -1;
		for (int tries = 0; tries < 64 && x < 0; tries++) {
			uint32_t t;
			if (revert || runif(&r) < 0.6) {
				uint32_t span = i - 1 < 2 * I ? i - 1 : 2 * I;
				t = i - 1 - rbelow(&r, span);
			} else {
				t = 1 + rbelow(&r, i - 1);
			}
			if (t == 0 || t >= i || !usable_target(t) || taken_anywhere(t, -1))
				continue;
			if (revert && (mflags[t] & (F_TAGGED | F_NONSHA | F_REVTGT)))
				continue;
			x = t;
		}
		if (x < 0) {
			/* Give up on this one: drop its tag. */
			mflags[i] &= (uint8_t)~(F_TAGGED | F_REVERT);
			continue;
		}
		if (revert) {
			mtarget[i] = (int32_t)x;
			mflags[x] |= F_REVTGT;
		} else {
			assign_fix(i, (uint32_t)x);
		}
	}
}
