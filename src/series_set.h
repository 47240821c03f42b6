/*
 * series_set.h — every range a command names, loaded before anything is
 * written, so that an error never leaves half an output.
 *
 * series_set_load() turns the arguments into ranges (discover.h: none =
 * every series of the repository, a bare BASE = BASE..its highest BASE.N)
 * and reads each through repo_load_series(), showing a progress line on a
 * terminal once loading has taken a second.  Errors as in repo.h; the set
 * must be released with series_set_release() either way.
 */
#ifndef REGTRACE_SERIES_SET_H
#define REGTRACE_SERIES_SET_H

#include <stddef.h>
#include <git2.h>

#include "cli.h"
#include "discover.h"
#include "repo.h"
#include "series.h"

struct series_set {
	struct range_list ranges;
	struct series *s;	/* ranges.n of them */
	size_t n;		/* how many are loaded */
};

int series_set_load(git_repository *repo, const char *const *args, size_t nargs,
		    const struct load_options *opt, struct series_set *set,
		    char *err, size_t errlen);
void series_set_release(struct series_set *set);

/* The load options a command line asks for (with the project's config). */
void series_set_options(const struct cli *c, struct load_options *opt);

#endif
