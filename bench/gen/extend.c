/*
 * bench/gen/extend.c — --extend E: the plan of one more release of the
 * newest series.
 */
#include "gen.h"

/*
 * --extend E: one more release of series si, of E commits (the last one the
 * "Linux X.Y.N" release commit), planned after everything else, from its own
 * random stream, so the base history (plan, ids, stream) stays exactly what it
 * is without --extend.  The mainline is already complete: every mainline
 * Fixes: and revert has its target (finish_mainline), so the new release
 * only chooses among existing commits, and keeps the invariants of
 * bench/README.md:
 *
 *   untagged / tagged backports: the same pool as plan_series (pool_ok: not
 *     taken, not forbidden, no release, revert or revert target; a tagged one
 *     only if its target is not in the series, which is then forbidden);
 *   regression fix: the backport of the one mainline fix of a live copy that
 *     is the only copy of its upstream commit and no planted role's target yet
 *     (these are the series' `unfixed` commits whose fix is in the pool);
 *   Greg revert: of such a copy (by stable id);
 *   duplicate: a second copy of such a copy's untagged upstream commit;
 *   reapply: of a Greg revert not reapplied yet.
 *
 * No mainline revert is taken (an upstream revert would need a mainline revert
 * with no target yet; there is none left).  The planted numbers of the
 * extended range are then evaluate()'s, over the whole extended series.
 */
static uint16_t *ncopies;	/* per mainline commit: copies in the series being extended */

static int ext_target_ok(struct series *s, uint32_t j)
{
	struct sc *c = &s->sc[j];

	return c->kind == SC_BACKPORT && !c->used && ncopies[c->up] == 1 &&
	       !(mflags[c->up] & F_REVERT);
}

/* A random element of the candidates in [from, s->n) passing ok, or -1. */
static int64_t ext_pick(struct planner *p, uint32_t from,
			int (*ok)(struct planner *, uint32_t), struct vec *tmpv)
{
	tmpv->n = 0;
	for (uint32_t j = from; j < p->s->n; j++)
		if (ok(p, j))
			vec_push(tmpv, j);
	if (!tmpv->n)
		return -1;
	return tmpv->v[rbelow(&p->r, (uint32_t)tmpv->n)];
}

static int ok_ext_regfix(struct planner *p, uint32_t j)
{
	struct series *s = p->s;
	int32_t m;

	if (!ext_target_ok(s, j) || (m = fixer_of[s->sc[j].up]) < 0)
		return 0;
	return (uint32_t)m <= p->fk && pool_ok(p, (uint32_t)m);
}

static int ok_ext_grevert(struct planner *p, uint32_t j)
{
	return ext_target_ok(p->s, j);
}

static int ok_ext_dup(struct planner *p, uint32_t j)
{
	return ext_target_ok(p->s, j) && !(mflags[p->s->sc[j].up] & F_TAGGED);
}

static int ok_ext_reapply(struct planner *p, uint32_t j)
{
	return p->s->sc[j].kind == SC_GREVERT && !p->s->sc[j].used;
}

static struct vec ext_tmp;

static int try_ext_role(struct planner *p, int role, uint32_t first)
{
	struct series *s = p->s;
	int same = runif(&p->r) < 1.0 / 3.0;
	int64_t j = -1;

	/* --merges: the new release's topic has only backports from the pool
	 * (nothing before it is in its history); the other roles wait. */
	if (p->topic && role != R_UNTAGGED && role != R_TAGOUT)
		return 0;
	switch (role) {
	case R_UNTAGGED:
		if (!try_untagged(p))
			return 0;
		ncopies[s->sc[s->n - 1].up]++;
		return 1;
	case R_TAGOUT:
		if (!try_tagout(p))
			return 0;
		ncopies[s->sc[s->n - 1].up]++;
		return 1;
	case R_REGFIX:
	case R_GREVERT: {
		int (*ok)(struct planner *, uint32_t) = role == R_REGFIX ? ok_ext_regfix : ok_ext_grevert;
		if (same)
			j = ext_pick(p, first, ok, &ext_tmp);
		if (j < 0)
			j = ext_pick(p, 0, ok, &ext_tmp);
		if (j < 0)
			return 0;
		s->sc[j].used = 1;
		if (role == R_REGFIX) {
			uint32_t m = (uint32_t)fixer_of[s->sc[j].up];
			add_backport(p, m, 1);
			ncopies[m]++;
		} else {
			add_sc(p, SC_GREVERT)->rev = (int32_t)j;
		}
		p->same_planned += (uint32_t)j >= first;
		return 1;
	}
	case R_DUP:
		if ((j = ext_pick(p, 0, ok_ext_dup, &ext_tmp)) < 0)
			return 0;
		s->sc[j].used = 1;
		add_backport(p, s->sc[j].up, 0);
		ncopies[s->sc[j].up]++;
		return 1;
	case R_REAPPLY:
		if ((j = ext_pick(p, 0, ok_ext_reapply, &ext_tmp)) < 0)
			return 0;
		s->sc[j].used = 1;
		add_sc(p, SC_REAPPLY)->rev = (int32_t)j;
		return 1;
	}
	return 0;
}

void plan_extension(int si, uint32_t E)
{
	struct series *s = &S[si];
	struct planner p = { .s = s, .si = si };
	uint32_t first = s->n, slots = E - 1;

	for (uint32_t m = 1; m < N; m++)
		if ((mflags[m] & F_TAGGED) && mtarget[m] < 0)
			die("internal: mainline commit %u has Fixes: without a target", m);
	p.r = stream(SALT_EXT, (uint64_t)si);
	p.k = s->releases + 1;
	p.fk = s->b + (uint32_t)((uint64_t)WINDOW_RELEASES * I * p.k / cfg.releases);
	if (p.fk >= N)
		p.fk = N - 1;
	s->sc = xrealloc(s->sc, (size_t)(s->n + E) * sizeof(*s->sc));
	s->cap = s->n + E;
	s->ext_first = first;
	ncopies = xcalloc(N, sizeof(*ncopies));
	for (uint32_t j = 0; j < s->n; j++)
		if (s->sc[j].kind == SC_BACKPORT)
			ncopies[s->sc[j].up]++;

	/* The series' own proportions; at least 3 regression fixes and a revert. */
	long nfix = lround_pos(s->fixfrac * E);
	if (nfix < 4)
		nfix = 4;
	long cnt[R_NROLES] = { 0 };
	cnt[R_GREVERT] = lround_pos(nfix / 6.0) ? lround_pos(nfix / 6.0) : 1;
	cnt[R_REGFIX] = nfix - cnt[R_GREVERT];
	cnt[R_DUP] = lround_pos(0.002 * E) ? lround_pos(0.002 * E) : 1;
	cnt[R_REAPPLY] = lround_pos(0.001 * E) ? lround_pos(0.001 * E) : 1;
	cnt[R_TAGOUT] = lround_pos(s->tagfrac * E) - cnt[R_REGFIX];
	long rest = (long)slots;
	for (int k = 1; k < R_NROLES; k++)
		rest -= cnt[k];
	if (rest < 0 || cnt[R_TAGOUT] < 0)
		die("--extend %u: too small for its roles", E);
	cnt[R_UNTAGGED] = rest;
	uint8_t *roles = shuffled_roles(cnt, slots, &p.r);
	size_t at = 0;
	/* --merges: a tenth of the new release (3 commits at least) comes on a
	 * topic forked before the base, from a third of the way in. */
	uint32_t tstart = slots / 3, tlen = E / 10 < 3 ? 3 : E / 10;
	if (tlen > slots - tstart)
		tlen = slots - tstart;
	/* As plan_series: a role that cannot be placed is tried again later. */
	for (at = 0; at < slots; at++) {
		int role = roles[at], ok = 0;
		if (cfg.merges && at == tstart)
			start_topic(&p, s->ext_fork, tlen);
		for (int q = R_NROLES - 1; q > 0 && !ok; q--)
			if (p.pending[q] && try_ext_role(&p, q, first)) {
				p.pending[q]--;
				p.done[q]++;
				if (role != R_UNTAGGED)
					p.pending[role]++;
				ok = 1;
			}
		if (!ok && try_ext_role(&p, role, first)) {
			p.done[role]++;
			ok = 1;
		}
		if (!ok) {
			if (role != R_UNTAGGED)
				p.pending[role]++;
			if (try_ext_role(&p, R_UNTAGGED, first))
				p.done[R_UNTAGGED]++;
			else if (try_ext_role(&p, R_TAGOUT, first))
				p.done[R_TAGOUT]++;
			else
				die("%s: mainline window exhausted in the extension", s->base);
		}
		topic_step(&p);
	}
	add_sc(&p, SC_RELEASE);
	s->releases = p.k;
	if (s->n != first + E + (cfg.merges ? 1 : 0))
		die("internal: extension of %u commits, wanted %u", s->n - first, E);
	for (int k = 1; k < R_NROLES; k++)
		if (p.pending[k])
			fprintf(stderr, "bench-gen: extension: %ld planned role-%d commits could not be placed\n",
				p.pending[k], k);
	fprintf(stderr, "bench-gen: extension %s.%u: %u commits: untagged %ld tagged-outside %ld "
		"regression-fixes %ld greg-reverts %ld (same release %ld) duplicates %ld reapplies %ld\n",
		s->base, p.k, E, p.done[R_UNTAGGED], p.done[R_TAGOUT], p.done[R_REGFIX],
		p.done[R_GREVERT], p.same_planned, p.done[R_DUP], p.done[R_REAPPLY]);
	if (!p.done[R_REGFIX] || !p.done[R_GREVERT])
		die("extension: no regression fix or no revert could be placed");
	free(roles);
	free(ncopies);
	free(p.elig.v);
	free(p.elig_cur.v);
	free(p.elig_topic.v);
	free(p.greverts_topic.v);
	free(ext_tmp.v);
}
