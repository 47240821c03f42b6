/*
 * summary.h — what `stats` prints of one series, kept so that a later run
 * in which the series did not change prints it without reading, inferring
 * or counting it again (cache/summaries.h keeps them; load/series_set.c
 * decides when one still holds; doc/caches.md, "Summaries").
 *
 * A summary holds the series' names and base date, its census's counts
 * (not its links), its lifetimes' summary, how many sagas, its releases,
 * and its commits' ids, each with whether it is a merge (what shared.h
 * compares between the series of a run).  And what its counts were made of
 * beyond its own commits, so that a later run can tell whether that
 * changed:
 *   - keys: the identity keys its commits were looked for by (the upstream
 *     inference: git/infer.h), sorted, distinct;
 *   - matches: the mainline commits with one of those keys, from the
 *     series' mainline's start on, as (key, first 8 bytes of the id), key
 *     by key in the mainline's order: the inference's only candidates;
 *   - asks: what the repository said of the ids its messages name outside
 *     it (identity.h, struct outside, as git/outside.h read it);
 *   - tags: a digest of the tags its releases and base date were read from
 *     (git/summary_check.h);
 *   - mainline: the branch the inference read (NULL: none).
 * Pure: no git, no I/O.
 */
#ifndef REGTRACE_SUMMARY_H
#define REGTRACE_SUMMARY_H

#include <stddef.h>
#include <stdint.h>

#include "core/census.h"
#include "core/lifetime.h"
#include "core/mainline.h"
#include "core/series.h"

struct summary_release {
	char *name;
	unsigned long number;
	uint32_t commit;
	int64_t date;
};

struct summary_match {
	uint32_t key;
	uint8_t head[8];
};

struct summary {
	uint8_t key[20];	/* what it is kept under (load/series_set.c) */
	char *name, *base, *tip, *label;
	int64_t base_date;
	struct census counts;	/* the counts only: no links, no flags */
	struct lifetime_summary lifetimes;
	size_t nsagas;
	struct summary_release *rels;
	size_t nrels;
	uint8_t (*ids)[20];	/* the commits, in the series' order */
	uint8_t *merge;		/* per commit: 1 for a merge */
	size_t nids;
	uint32_t *keys;
	size_t nkeys;
	struct summary_match *matches;
	size_t nmatches;
	struct outside asks;	/* sorted */
	uint8_t tags[20];
	char *mainline;
};

/* The census's counts, as a list: their number, and each one's place in
 * struct census (for the cache file: every counter, in this order). */
extern const size_t summary_count_at[];
extern const size_t summary_ncounts;

/* s's own part of a summary into out (zeroed first): names, dates,
 * counts, lifetimes, sagas, releases, ids; the rest is the caller's. */
void summary_take(struct summary *out, const struct series *s);

/* A series that renders as the one summarised (stats' numbers, shared.h's
 * ids; no links, no messages): s zeroed first, released with
 * series_release_all(). */
void summary_series(const struct summary *sm, struct series *s);

/* The matches of keys[0..nkeys) (sorted) in m from `from` on (m indexed),
 * into *out (to free) and *n. */
void summary_matches(const struct mainline *m, size_t from, const uint32_t *keys, size_t nkeys,
		     struct summary_match **out, size_t *n);

/* Are a and b the same lists? */
int summary_same_matches(const struct summary_match *a, size_t na,
			 const struct summary_match *b, size_t nb);
/* Do a and b hold the same ids, each with the same answer and aliases? */
int summary_same_asks(const struct outside *a, const struct outside *b);

void summary_release(struct summary *sm);

#endif
