/*
 * series_set.h — every range a request names, read and analysed before
 * anything is written, so that an error never leaves half an output.
 *
 * series_set_load() turns the request's ranges into ranges
 * (git/discover.h: none = every series of the repository, a bare BASE =
 * BASE..its highest BASE.N) and reads them (git/repo.h: those the range
 * cache lacks in a few groups of consecutive ranges, one walk each, several
 * groups at once: git/ranges_read.h), reporting how far it got through
 * the source's phases (source.h); then reads the mainline once
 * (mainline_set.h) when the request needs it or, when it infers, some
 * commit names no upstream commit and a mainline branch is there; then, per
 * range, infers upstream ids (git/infer.h), asks the repository about ids
 * outside the range (git/outside.h) and analyses it (core/analyze.h).
 * Errors as in base/error.h; the set must be released with
 * series_set_release() or series_set_end() either way.
 */
#ifndef REGTRACE_SERIES_SET_H
#define REGTRACE_SERIES_SET_H

#include <stddef.h>

#include "core/series.h"
#include "git/discover.h"
#include "load/mainline_set.h"
#include "load/request.h"
#include "load/source.h"

struct series_set {
	struct range_list ranges;
	struct series *s;	/* ranges.n of them */
	size_t n;		/* how many are loaded */
	struct mainline_set *ml;	/* the mainline read, or NULL */
	int open_counted;	/* each s[i].open was set as it was analysed */
	struct shared shared;	/* commits several of s hold (each s[i].share) */
	struct series_skips skipped;	/* a whole-repository run's series left
					   out (each also said to the source) */
};

/* The ranges of rq, read from src and analysed; a range with no release
 * tags is a warning to src (source.h), and so is, with rq->warn_blind, a
 * series of which fewer than half of the commits have an upstream id. */
int series_set_load(const struct load_request *rq, const struct load_source *src,
		    struct series_set *set, char *err, size_t errlen);
void series_set_release(struct series_set *set);
/* The warning of the series of s[0..n) of which fewer than half of the
 * commits have an upstream id: one line for one (with its counts) or for
 * several (naming the first few), none for none.  series_set_load() says
 * it of every series with rq->warn_blind; a command that shows one series
 * of several (explain) says it of that one. */
void series_set_warn_blind(const struct load_source *src, const struct series *s, size_t n);
/* At the end of a command: what the set holds is left to the process's
 * exit (base/at_exit.h), not freed. */
void series_set_end(struct series_set *set);

#endif
