/*
 * regressions.h — the regressions of several series, grouped by the
 * upstream commit that brought them (`regtrace regressions`, the export's
 * `regressions` table).
 *
 * A regression of a series is the target of a fix or revert link
 * (census.h).  Its key is the target's upstream id (its first 40-digit
 * alias), or, when it names none, the target's own id; targets naming none
 * with one author (email) and subject are one row, under the first one's
 * id (the identity inference matches by: identity.h).  One row per key, one
 * entry per series and target: the release that brought it and the first
 * link that fixed it (links in `fixes` order).  Rows: the most series
 * first, then in order of first appearance (series order, history order).
 * With the series' unfixed commits (unfixed.h; NULL when no mainline was
 * read) a row also says which series still carry it: those with an
 * unfixed commit of the same key.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_REGRESSIONS_H
#define REGTRACE_REGRESSIONS_H

#include <stddef.h>
#include <stdint.h>

#include "core/series.h"

struct regression_entry {
	size_t series;		/* index into the series given */
	uint32_t target;	/* the commit that brought it */
	const struct link *link;	/* the first fix or revert of it */
};

struct regression_row {
	const char *upstream;	/* 40 hex digits, or NULL: the target names none */
	const char *key;	/* upstream, else the target's own id */
	struct regression_entry *v;
	size_t n;
	size_t nseries;		/* distinct series among v */
	int carried;		/* 1 or 0; -1: unknown (no mainline read) */
	struct u32s carried_by;	/* indices of the series still carrying it */
};

struct regressions {
	struct regression_row *rows;
	size_t n;
};

/* carried: NULL, or per series the commits with unbackported mainline fixes. */
void regressions_group(const struct series *s, size_t n, const struct u32s *carried,
		       struct regressions *out);
void regressions_release(struct regressions *r);
/* 1 when a release shipped the regression in some series (an entry whose
 * fix is not in the target's own release): it counts among the visible
 * ones, as the report's worst offenders count; 0 when every series fixed
 * it in the release that brought it. */
int regression_row_visible(const struct regression_row *r);

#endif
