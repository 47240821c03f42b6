/*
 * analyze.h — the counting rules' one entry point: a history (history.h)
 * in, a complete analysed series (series.h) out.
 *
 * analyze() finds the releases among the range's tags (release.h),
 * attributes every commit to the first release containing it, drops the
 * aliases of reverts that quote what they revert (identity.h), resolves
 * every reference (resolve.h), counts (census.h), groups (saga.h), and
 * computes the timeline, the lifetimes and, when asked, the census per
 * channel or path (breakdown.h).
 * It takes the history over (h is left empty); what it fills is read-only
 * for everything downstream: renderers format it, nothing else computes.
 * Pure: no libgit2, no I/O.  Errors: RT_EFAIL with a one-line message.
 */
#ifndef REGTRACE_ANALYZE_H
#define REGTRACE_ANALYZE_H

#include <stddef.h>

#include "base/pattern.h"
#include "core/channel.h"
#include "core/history.h"
#include "core/series.h"

struct rules {
	const struct pattern *series_re;	/* the project's series pattern, or NULL */
	const char *introduced_until;	/* a release name, or NULL */
	const char *by;			/* "channel", "path" (the history has its
					   paths) or NULL: the census per group */
	const struct channel_rules *channels;	/* how channels are read (channel.h),
						   kept in the series; NULL: the Linux
						   rules */
};

/* s must be zeroed; release it with series_release_all() either way. */
int analyze(struct history *h, const struct rules *r, struct series *s, char *err,
	    size_t errlen);

void series_release_all(struct series *s);

/* `fixes --mentions`: s's mention links listed among its links, in their
 * order, each with its lifetime (series_lifetime); every number stays as
 * analyze() counted it. */
void analyze_show_mentions(struct series *s);

#endif
