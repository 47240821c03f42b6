/*
 * series.h — one analysed range: its commits, releases and census.
 *
 * What core/analyze.h fills (everything but `open` and `age`, which
 * commands asking for them add: stats --mainline, --at-age, --projected)
 * and the renderers read, never change.
 */
#ifndef REGTRACE_SERIES_H
#define REGTRACE_SERIES_H

#include "core/breakdown.h"
#include "core/census.h"
#include "core/channel.h"
#include "core/resolve.h"
#include "core/graph.h"
#include "core/identity.h"
#include "core/lifetime.h"
#include "core/release.h"
#include "core/saga.h"
#include "core/shared.h"
#include "core/timeline.h"

#include <string.h>

struct age_row;		/* core/age.h */

struct series {
	char *name;		/* the RANGE as given, cleaned for output */
	char *base, *tip;	/* the two ends of the range, as given */
	int64_t base_date;	/* BASE's date: its tag's (tagger, else commit), else its commit's */
	long open;		/* commits with unbackported mainline fixes; -1: not computed */
	char *label;		/* for tables: TIP without its "v" when TIP is a
				   release of BASE ("4.19.102"), else the RANGE */
	struct graph g;
	struct release_list rels;
	struct census census;
	struct sagas sagas;
	struct timeline timeline;	/* the census at each release */
	struct lifetime *life;		/* per census link: its lifetime */
	struct lifetime_summary lifetimes;	/* over the links with one */
	struct breakdown *by;	/* stats, report, export --by, or NULL */
	struct age_row *age;	/* stats --at-age, --projected (core/age.h), or NULL */
	struct resolver r;	/* ids and aliases of g, kept for unfixed */
	struct outside outside;	/* ids of the repository outside g (identity.h) */
	struct channel_rules channels;	/* how each commit's channel is read
					   (channel.h; the names borrowed) */
	struct series_share share;	/* commits other series of the run hold
					   too (shared.h); zeroed: none */
};

/* A series a whole-repository run found but could not read or count, and
 * why (load/series_set.h): outputs name it beside the series counted. */
struct series_skip {
	char *name, *base, *tip;	/* the range, as discovery named it */
	char *why;			/* the error, one line */
};

struct series_skips {
	struct series_skip *v;
	size_t n;
};

/* The first 40-hex alias of a commit: its upstream id, or NULL (where it
 * comes from: g.c[c].upstream). */
static inline const char *series_upstream(const struct series *s, uint32_t c)
{
	const struct msg_facts *f = &s->g.c[c].facts;

	for (size_t i = 0; i < f->naliases; i++)
		if (strnlen(f->aliases[i], MSG_ID_MAX + 1) == MSG_ID_MAX)
			return f->aliases[i];
	return NULL;
}

/* The lifetime of a link of s->census (analyze() computed them all). */
static inline struct lifetime series_lifetime(const struct series *s, const struct link *l)
{
	return s->life[l - s->census.links];
}

static inline const char *series_release(const struct series *s, uint32_t c)
{
	return release_name(&s->rels, s->g.c[c].release);
}

#endif
