/* timeline.c — see timeline.h. */
#include "core/timeline.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

/* Slot of a commit: its release index, or rels->n for unreleased. */
static size_t slot(const struct graph *g, const struct release_list *rels, uint32_t i)
{
	return g->c[i].release == RELEASE_NONE ? rels->n : (size_t)g->c[i].release;
}

void timeline_compute(const struct graph *g, const struct release_list *rels,
		      const struct census *c, struct timeline *out)
{
	struct timeline_row *per = xcalloc(rels->n + 1, sizeof(*per));

	for (uint32_t i = 0; i < g->n; i++) {
		if (g->c[i].is_merge)
			continue;
		struct timeline_row *r = &per[slot(g, rels, i)];
		uint8_t f = c->flags[i];
		r->commits++;
		r->tagged += g->c[i].facts.fixes_lines > 0;
		r->fixes += !!(f & CENSUS_FIX);
		r->reverts += !!(f & CENSUS_REVERT);
		r->same_release += (f & CENSUS_FIX) && (f & CENSUS_SAME);
	}
	out->n = per[rels->n].commits ? rels->n + 1 : rels->n;
	out->rows = xcalloc(out->n + 1, sizeof(*out->rows));
	for (size_t k = 0; k < out->n; k++) {
		struct timeline_row *r = &out->rows[k];
		if (k)
			*r = out->rows[k - 1];
		r->release = k < rels->n ? (int)k : RELEASE_NONE;
		r->commits += per[k].commits;
		r->tagged += per[k].tagged;
		r->fixes += per[k].fixes;
		r->reverts += per[k].reverts;
		r->same_release += per[k].same_release;
		r->visible = census_visible(r->fixes, r->same_release);
	}
	free(per);
}

void timeline_release(struct timeline *t)
{
	free(t->rows);
	memset(t, 0, sizeof(*t));
}
