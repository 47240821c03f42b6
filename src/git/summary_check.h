/*
 * summary_check.h — the repository's side of a series' summary
 * (core/summary.h): the key it is kept under, and the digest of the tags
 * its releases were read from.  load/series_set.c keeps and reuses
 * summaries with them (doc/caches.md, "Summaries").
 */
#ifndef REGTRACE_SUMMARY_CHECK_H
#define REGTRACE_SUMMARY_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

#include "base/pattern.h"
#include "git/discover.h"
#include "git/tags.h"

/* The key of range rg's summary in a run whose settings give run (the
 * command layer's digest of the program, its words and environment and
 * the repository's settings: cmd/replay.h): a digest of run, the range's
 * three names and the commits its two ends name now.  0, or -1 when an end
 * names no commit. */
int summary_key(git_repository *repo, const uint8_t run[20], const struct range *rg,
		uint8_t key[20]);

/*
 * What a series' releases and base date are read from (core/analyze.c,
 * git/repo.c), as a digest into out: the tags on its commits ids[0..n)
 * and on its base's (name, commit, date: annotated tags' tagger date), the
 * base's own tag, and the names its release rule chooses among (with a
 * project pattern re: every tag's; else release_candidates()').  A tag
 * added, moved or removed among these gives another digest.  0, or -1
 * when it could not be made (then nothing is kept or reused).
 */
int summary_tags(const struct tag_table *t, const char *base, const struct pattern *re,
		 const uint8_t (*ids)[20], size_t n, uint8_t out[20]);

#endif
