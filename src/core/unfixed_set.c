/* unfixed_set.c — see unfixed_set.h. */
#include "core/unfixed_set.h"
#include "base/threads.h"
#include "base/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Series s's rows against ml. */
static void compute_one(struct series *s, const struct unfixed_against *ml, struct unfixed *u)
{
	uint8_t *live = xmalloc(s->g.n + 1);

	census_live_at_end(&s->g, &s->census, live);
	unfixed_compute(&s->g, &s->r, live, ml->m, ml->from, u);
	s->open = (long)u->n;
	free(live);
}

struct computing {
	struct series *s;
	const struct unfixed_against *ml;
	struct unfixed *u;
};

static void compute_at(void *ctx, size_t i)
{
	struct computing *c = ctx;

	compute_one(&c->s[i], &c->ml[i], &c->u[i]);
}

void unfixed_for_set(struct series *s, size_t n, const struct unfixed_against *ml,
		     struct unfixed_set *out)
{
	struct computing c = { s, ml, NULL };

	out->n = n;
	out->u = c.u = xcalloc(n + 1, sizeof(*out->u));
	threads_each(n, compute_at, &c);	/* every series at once */
}

void unfixed_count_open(struct series *s, const struct unfixed_against *ml)
{
	struct unfixed u = { 0 };

	compute_one(s, ml, &u);
	unfixed_release(&u);
}

void unfixed_set_release(struct unfixed_set *set)
{
	for (size_t i = 0; set->u && i < set->n; i++)
		unfixed_release(&set->u[i]);
	free(set->u);
	memset(set, 0, sizeof(*set));
}
