/* explain.c — see explain.h. */
#include "core/explain.h"
#include "base/util.h"

#include <string.h>

const char *explain_alias_source(const struct series *s, uint32_t c, size_t a)
{
	const struct graph_commit *gc = &s->g.c[c];

	/* an inferred id is the one alias of a commit whose message names none */
	return gc->upstream == UPSTREAM_INFERRED && a + 1 == gc->facts.naliases ? "inferred"
										    : "message";
}

int64_t explain_find(const struct series *s, const char *hex)
{
	for (size_t i = 0; i < s->g.n; i++)
		if (!strcmp(s->g.c[i].id, hex))
			return (int64_t)i;
	return -1;
}

static int points_at(const struct link *l, uint32_t c)
{
	return l->target == c || u32s_contains(&l->candidates, c);
}

void explain_commit(struct series *s, uint32_t c, struct msg_where *where,
		    struct explanation *out)
{
	memset(out, 0, sizeof(*out));
	out->commit = c;
	if (where) {	/* found by id: the facts may have changed since */
		out->where = *where;
		memset(where, 0, sizeof(*where));
	}
	census_trace(&s->g, &s->r, &s->outside, &s->census, c, &out->trace);
	for (size_t i = 0; i < s->census.nlinks; i++) {
		const struct link *l = &s->census.links[i];
		if (l->fix == c)
			u32s_push(&out->from, (uint32_t)i);
		if (points_at(l, c))
			u32s_push(&out->to, (uint32_t)i);
	}
}

void explanation_release(struct explanation *e)
{
	census_trace_release(&e->trace);
	msg_where_release(&e->where);
	u32s_release(&e->from);
	u32s_release(&e->to);
	memset(e, 0, sizeof(*e));
}
