/* saga.c — see saga.h. */
#include "core/saga.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

static uint32_t find(uint32_t *p, uint32_t x)
{
	while (p[x] != x) {
		p[x] = p[p[x]];
		x = p[x];
	}
	return x;
}

static void join(uint32_t *p, uint32_t a, uint32_t b)
{
	p[find(p, a)] = find(p, b);
}

const char *saga_role_name(enum saga_role r)
{
	static const char *const names[] = {
		"commit", "backport", "preemptive", "fix", "duplicate", "revert", "reapply",
	};
	return names[r];
}

static enum saga_role link_role(enum link_kind k)
{
	switch (k) {
	case LINK_FIX: return ROLE_FIX;
	case LINK_REVERT: return ROLE_REVERT;
	case LINK_REAPPLY: return ROLE_REAPPLY;
	case LINK_DUPLICATE: return ROLE_DUPLICATE;
	case LINK_PREEMPTIVE: return ROLE_PREEMPTIVE;
	case LINK_AMBIGUOUS: case LINK_MENTION: break;
	}
	return ROLE_COMMIT;
}

/* Each commit's strongest role (enum order); notable: it reverts,
 * reapplies or duplicates. */
static void roles_of(const struct graph *g, const struct census *c, enum saga_role *role,
		     uint8_t *notable)
{
	for (uint32_t i = 0; i < g->n; i++)
		role[i] = g->c[i].facts.naliases ? ROLE_BACKPORT : ROLE_COMMIT;
	for (size_t i = 0; i < c->nlinks; i++) {
		const struct link *l = &c->links[i];
		if (l->kind == LINK_AMBIGUOUS)
			continue;
		enum saga_role r = link_role(l->kind);
		if (r > role[l->fix])
			role[l->fix] = r;
		if (l->kind == LINK_REVERT || l->kind == LINK_REAPPLY || l->kind == LINK_DUPLICATE)
			notable[l->fix] = 1;
	}
}

static int cmp_saga(const void *pa, const void *pb)
{
	const struct saga *a = pa, *b = pb;

	if (a->commits.n != b->commits.n)
		return a->commits.n > b->commits.n ? -1 : 1;
	return (a->commits.v[0] > b->commits.v[0]) - (a->commits.v[0] < b->commits.v[0]);
}

/* Union copies of one upstream commit, and the two ends of every link. */
static uint32_t *group(const struct graph *g, const struct census *c, struct resolver *r)
{
	uint32_t *p = xmalloc((g->n + 1) * sizeof(uint32_t));

	for (uint32_t i = 0; i < g->n; i++)
		p[i] = i;
	for (uint32_t i = 0; i < g->n; i++)
		if (!g->c[i].is_merge)
			join(p, i, resolver_class(r, i));
	for (size_t i = 0; i < c->nlinks; i++)
		if (c->links[i].target != LINK_NO_TARGET)
			join(p, c->links[i].fix, c->links[i].target);
	return p;
}

void sagas_compute(const struct graph *g, const struct census *c, struct resolver *r,
		   struct sagas *out)
{
	uint32_t *p = group(g, c, r);
	uint32_t *size = xcalloc(g->n + 1, sizeof(uint32_t));
	uint32_t *saga_of = xmalloc((g->n + 1) * sizeof(uint32_t));
	uint8_t *notable = xcalloc(g->n + 1, 1);
	enum saga_role *role = xmalloc((g->n + 1) * sizeof(*role));

	memset(out, 0, sizeof(*out));
	roles_of(g, c, role, notable);
	for (uint32_t i = 0; i < g->n; i++) {
		uint32_t root = find(p, i);
		size[root]++;
		notable[root] |= notable[i];
		saga_of[i] = UINT32_MAX;
	}
	for (uint32_t i = 0; i < g->n; i++) {
		uint32_t root = find(p, i);
		if (size[root] < 3 && !(size[root] > 1 && notable[root]))
			continue;
		if (saga_of[root] == UINT32_MAX) {
			out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
			memset(&out->v[out->n], 0, sizeof(*out->v));
			out->v[out->n].roles = xmalloc(size[root] * sizeof(enum saga_role));
			saga_of[root] = (uint32_t)out->n++;
		}
		struct saga *s = &out->v[saga_of[root]];
		s->roles[s->commits.n] = role[i];
		u32s_push(&s->commits, i);
	}
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_saga);
	free(saga_of);
	free(p);
	free(size);
	free(notable);
	free(role);
}

void sagas_release(struct sagas *s)
{
	for (size_t i = 0; i < s->n; i++) {
		u32s_release(&s->v[i].commits);
		free(s->v[i].roles);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}
