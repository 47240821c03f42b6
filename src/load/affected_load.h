/*
 * affected_load.h — `affected`'s answers (core/affected.h) for fixes named
 * by id, over a series set already loaded (series_set.h): the repository
 * is read once for every id, then each id costs a few lookups.
 *
 * An id names the fix: a commit of the repository (any revision git
 * understands; an abbreviated id naming several objects is an error), or
 * an upstream id that some copy in a series names.  The fix's copies in a
 * series are the commits its keys match (resolve.h): its full id, and the
 * ids and 40-digit upstream ids of every commit that matches them in any
 * series.  Its introducing commits are those its message names (each
 * Fixes: line, each revert line), or the one given (--vulnerable), each
 * with keys found the same way.  A series' BASE holds a commit when one of
 * its keys names a commit of the repository in BASE's history: through
 * the first mainline tag holding it when BASE is a mainline tag
 * (git/contains.h), else by an ancestry check.
 */
#ifndef REGTRACE_AFFECTED_LOAD_H
#define REGTRACE_AFFECTED_LOAD_H

#include <stddef.h>

#include "core/affected.h"
#include "git/contains.h"
#include "load/series_set.h"
#include "load/source.h"

/* What every id of one run shares: the set, its bases, the mainline tags. */
struct affected_ctx {
	const struct load_source *src;
	const struct series_set *set;
	git_oid *base;			/* per series: BASE's commit */
	int *base_ok;			/* ... read */
	long *base_rank;		/* ... its rank among the mainline tags, or -1 */
	struct affected_reverts *rv;	/* per series */
	struct u32s *reverting;		/* per series: its commits with a revert line */
	struct contains_tags tags;	/* the mainline tags */
	int mainline;			/* a mainline is shown */
};

/* mainline: whether the mainline row is wanted (a mainline branch exists). */
int affected_ctx_init(struct affected_ctx *x, const struct load_source *src,
		      const struct series_set *set, int mainline, char *err, size_t errlen);
void affected_ctx_release(struct affected_ctx *x);

/* The answer for the fix id names, with vulnerable (or NULL) as its
 * introducing commit.  Errors (RT_EFAIL, one line in err): an id naming
 * nothing, several objects, or no commit. */
int affected_load(struct affected_ctx *x, const char *id, const char *vulnerable,
		  struct affected_answer *out, char *err, size_t errlen);

#endif
