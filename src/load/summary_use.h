/*
 * summary_use.h — the series of a `stats` run that did not change since a
 * run that kept their summaries (core/summary.h, cache/summaries.h): found
 * before the ranges are read, checked again once the mainline is, and made
 * for the others as each is counted.  series_set.c's part of them.
 *
 * A summary holds for a range when, in this order:
 *   1. its key is the one kept: the same program, command line,
 *      environment and settings (cmd/replay.h: replay_summary_key), the
 *      same range, its two ends the same commits (so the same commits);
 *   2. the tags its releases and base date come from are the same
 *      (git/summary_check.h);
 *   3. after the mainline is read: the inference reads the same branch,
 *      and the mainline commits that share a key with its commits are the
 *      same ones (core/summary.h: matches), the only candidates the
 *      inference has;
 *   4. the repository says the same of every id its messages name outside
 *      it (git/outside.h: outside_ask_again).
 * Any other input is one of these or fixed by them: the commits' messages
 * and authors by their ids, a tie's patches by the candidates' ids.  A
 * series whose counts left a tie unsettled (a partial clone's missing
 * objects) is not kept: the objects may come.  What fails 3 or 4 is read
 * and counted as if there were no summary.
 */
#ifndef REGTRACE_SUMMARY_USE_H
#define REGTRACE_SUMMARY_USE_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

#include "base/pattern.h"
#include "base/util.h"
#include "cache/summaries.h"
#include "core/history.h"
#include "core/message.h"
#include "core/summary.h"
#include "git/discover.h"
#include "git/outside.h"
#include "load/mainline_set.h"

/* Steps 1 and 2 for each of the n ranges: kept[i] the summary found, or
 * NULL; keys[i] each range's key (filled for every range; a range whose
 * key cannot be made gets none: have[i] 0). */
void summary_use_find(git_repository *repo, struct summaries *sums, const uint8_t run[20],
		      const struct range *r, size_t n, const struct pattern *re,
		      const struct summary **kept, uint8_t (*keys)[20], uint8_t *have);

/* Steps 3 and 4 for kept series i (ml: the mainline read, or NULL): 1 when
 * it still holds, 0 when not, -1 with err set when asking failed. */
int summary_use_holds(git_repository *repo, const struct msg_rules *rules,
		      struct outside_db *db, const struct mainline_set *ml, size_t i,
		      const struct summary *sm, char *err, size_t errlen);

/* What a summary needs of a range's history before it is counted (the
 * keys looked for, sorted and distinct; what the repository said of the
 * ids outside it; whether a tie was left unsettled). */
struct summary_parts {
	uint32_t *keys;
	size_t nkeys;
	struct outside asks;
	int unsettled;
};

/* Take them from h after the ids outside it were asked (outside.h), with
 * the keys infer_wanted gave before the inference: keys (taken over, left
 * empty). */
void summary_use_parts(struct history *h, struct u32s *keys, struct summary_parts *out);
void summary_use_parts_release(struct summary_parts *p);

/* Series i, counted (s), kept under key in sums with p: nothing when a tie
 * was left unsettled or the tags' digest cannot be made. */
void summary_use_keep(struct summaries *sums, const uint8_t key[20], const struct series *s,
		      struct summary_parts *p, const struct mainline_set *ml, size_t i,
		      const struct pattern *re);

#endif
