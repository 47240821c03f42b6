/*
 * mainline_dates.h — when each upstream commit entered the mainline (export
 * --mainline): the committer dates of the commits of REF ^BASE (BASE the
 * oldest of the series' bases: the mainline history `unfixed` reads) whose
 * ids are asked for.  One walk of commit headers (walk.h), no messages.
 */
#ifndef REGTRACE_MAINLINE_DATES_H
#define REGTRACE_MAINLINE_DATES_H

#include <stddef.h>
#include <git2.h>

#include "core/upstream_dates.h"

/* d: the ids asked for (upstream_ids_of); their dates are set, the others
 * stay -1.  Errors: RT_EFAIL with a one-line message in err. */
int mainline_dates_read(git_repository *repo, const char *ref, const char *const *bases,
			size_t nbases, struct upstream_dates *d, char *err, size_t errlen);

#endif
