/* breakdown.c — see breakdown.h. */
#include "core/breakdown.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

void group_map_init(struct group_map *m, size_t ncommits)
{
	memset(m, 0, sizeof(*m));
	m->ncommits = ncommits;
	m->of = xcalloc(ncommits + 1, sizeof(struct u32s));
}

uint32_t group_map_group(struct group_map *m, const char *name)
{
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->names[i], name))
			return (uint32_t)i;
	ARRAY_GROW(m->names, m->n, m->cap);
	m->names[m->n] = xstrdup(name);
	return (uint32_t)m->n++;
}

void group_map_add(struct group_map *m, uint32_t c, const char *name)
{
	uint32_t g = group_map_group(m, name);

	if (!u32s_contains(&m->of[c], g))
		u32s_push(&m->of[c], g);
}

void group_map_release(struct group_map *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->names[i]);
	for (size_t i = 0; i < m->ncommits + 1 && m->of; i++)
		u32s_release(&m->of[i]);
	free(m->names);
	free(m->of);
	memset(m, 0, sizeof(*m));
}

/* One fix's links (links[from..to)): charge it to its targets' groups,
 * and to the total once when any target is in a group (state[m->n]). */
static void charge_fix(struct breakdown *b, const struct census *c, size_t from, size_t to,
		       uint8_t *state)
{
	const struct group_map *m = &b->map;

	memset(state, 0, m->n + 1);	/* 0 untouched, 1 same so far, 2 later release */
	for (size_t i = from; i < to; i++) {
		const struct link *l = &c->links[i];
		if (!link_is_regression_fix(l->kind))
			continue;
		const struct u32s *gs = &m->of[l->target];
		for (size_t k = 0; k < gs->n; k++)
			if (state[gs->v[k]] != 2)
				state[gs->v[k]] = l->same_release ? 1 : 2;
		if (gs->n && state[m->n] != 2)
			state[m->n] = l->same_release ? 1 : 2;
	}
	for (size_t g = 0; g < m->n; g++) {
		if (!state[g])
			continue;
		b->rows[g].fixes++;
		b->rows[g].same_release += state[g] == 1;
	}
	if (state[m->n]) {
		b->total.fixes++;
		b->total.same_release += state[m->n] == 1;
	}
}

/* Most commits first, then by name. */
static int by_commits(const void *a, const void *b)
{
	const struct breakdown_row *x = a, *y = b;

	if (x->commits != y->commits)
		return x->commits > y->commits ? -1 : 1;
	return strcmp(x->name, y->name);
}

void breakdown_compute(const struct graph *g, const struct census *c, const char *kind,
		       struct group_map *map, struct breakdown *out)
{
	memset(out, 0, sizeof(*out));
	out->kind = kind;
	out->map = *map;
	memset(map, 0, sizeof(*map));
	out->n = out->map.n;
	out->rows = xcalloc(out->n + 1, sizeof(*out->rows));
	for (size_t k = 0; k < out->n; k++)
		out->rows[k].name = out->map.names[k];
	for (uint32_t i = 0; i < g->n; i++) {
		if (g->c[i].is_merge)
			continue;
		const struct u32s *gs = &out->map.of[i];
		for (size_t k = 0; k < gs->n; k++) {
			out->rows[gs->v[k]].commits++;
			out->rows[gs->v[k]].tagged += g->c[i].facts.fixes_lines > 0;
		}
		if (gs->n) {
			out->total.commits++;
			out->total.tagged += g->c[i].facts.fixes_lines > 0;
		}
	}
	uint8_t *state = xmalloc(out->n + 2);
	for (size_t i = 0; i < c->nlinks;) {
		size_t from = i;
		while (i < c->nlinks && c->links[i].fix == c->links[from].fix)
			i++;
		charge_fix(out, c, from, i, state);
	}
	free(state);
	for (size_t k = 0; k < out->n; k++)
		out->rows[k].visible = census_visible(out->rows[k].fixes, out->rows[k].same_release);
	out->total.name = "total";
	out->total.visible = census_visible(out->total.fixes, out->total.same_release);
	if (!strcmp(kind, "path")) {
		out->has_total = 1;
		if (out->n)
			qsort(out->rows, out->n, sizeof(*out->rows), by_commits);
	}
}

void breakdown_release(struct breakdown *b)
{
	free(b->rows);
	group_map_release(&b->map);
	memset(b, 0, sizeof(*b));
}
