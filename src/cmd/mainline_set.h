/*
 * mainline_set.h — the series of a command against the mainline: read the
 * mainline once for every series (git/mainline_read.h, with the mainline
 * cache), then compare each series with it (core/unfixed.h) in parallel.
 * Used by `unfixed` and by `stats --mainline` (the open count).
 */
#ifndef REGTRACE_MAINLINE_SET_H
#define REGTRACE_MAINLINE_SET_H

#include <stddef.h>

#include "cmd/commands.h"
#include "core/series.h"
#include "core/unfixed.h"

/* What `unfixed` found for each of n series: series i's rows u[i] point
 * into the mainline m[i] (shared by the series whose base is a mainline
 * tag; read alone for the others). */
struct unfixed_set {
	struct mainline *shared;
	struct mainline **m;
	struct unfixed *u;
	size_t n;
};

/* The mainline branch: given (--mainline), else the default one
 * (git/mainline_read.h); a name to free, or NULL with err set. */
char *mainline_ref(struct run *run, const char *given, char *err, size_t errlen);

/* Fill out (zeroed) for s[0..n) against mainline ref and set each s[i].open. */
int unfixed_for_set(struct run *run, const char *ref, struct series *s, size_t n,
		    struct unfixed_set *out, char *err, size_t errlen);
void unfixed_set_release(struct unfixed_set *set);

#endif
