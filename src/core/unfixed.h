/*
 * unfixed.h — regressions a series still carries: commits of the series
 * that a mainline commit fixes (Fixes: tag) or reverts, where that mainline
 * commit was never backported to the series.
 *
 * A mainline fix counts as backported when some commit of the series names
 * it (its id or an alias matches, as in resolve.h).  A mainline fix that a
 * later mainline commit reverts is not missing.  The series commit reported
 * is the earliest matching copy still live at the tip (not reverted), so a
 * regression the series already reverted is not reported.
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_UNFIXED_H
#define REGTRACE_UNFIXED_H

#include "core/census.h"
#include "core/mainline.h"
#include "core/message.h"
#include "core/resolve.h"

struct unfixed_row {
	uint32_t commit;		/* the series commit */
	struct u32s missing;		/* indices into mainline.v */
};

struct unfixed {
	struct unfixed_row *v;
	size_t n;
};

/* live: per series commit, 1 if not reverted at the tip (census_live_at_end);
 * the mainline of the series is m->v[from..n) (REF ^BASE, BASE's history
 * being m->v[0..from)). */
void unfixed_compute(const struct graph *g, const struct resolver *r, const uint8_t *live,
		     const struct mainline *m, size_t from, struct unfixed *out);
void unfixed_release(struct unfixed *u);

#endif
