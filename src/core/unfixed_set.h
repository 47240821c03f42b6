/*
 * unfixed_set.h — `unfixed` over a set of series, each against its own
 * mainline (unfixed.h): what `unfixed`, `stats --mainline`, `regressions
 * --mainline` and `export --mainline` compute once the series and the
 * mainline are loaded.  Several series at once (base/threads.h).
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_UNFIXED_SET_H
#define REGTRACE_UNFIXED_SET_H

#include <stddef.h>

#include "core/mainline.h"
#include "core/series.h"
#include "core/unfixed.h"

/* Where one series is compared: its mainline REF ^BASE is m->v[from..n). */
struct unfixed_against {
	const struct mainline *m;
	size_t from;
};

/* What unfixed found for each of n series. */
struct unfixed_set {
	struct unfixed *u;
	size_t n;
};

/* Fill out (zeroed) for s[0..n), s[i] against ml[i], and set each
 * s[i].open; u[i]'s rows point into ml[i].m. */
void unfixed_for_set(struct series *s, size_t n, const struct unfixed_against *ml,
		     struct unfixed_set *out);
void unfixed_set_release(struct unfixed_set *set);
/* Only s->open, its count against ml (the rows not kept). */
void unfixed_count_open(struct series *s, const struct unfixed_against *ml);

#endif
