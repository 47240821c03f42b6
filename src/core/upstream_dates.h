/*
 * upstream_dates.h — the dates of upstream commits in the mainline (the
 * export's commit_aliases.mainline_date): commit ids (40 hex digits) with
 * their committer date, sorted by id.  The git layer fills it
 * (git/mainline_dates.h); pure data and look-up: no libgit2, no I/O.
 */
#ifndef REGTRACE_UPSTREAM_DATES_H
#define REGTRACE_UPSTREAM_DATES_H

#include <stddef.h>
#include <stdint.h>

#include "core/series.h"

struct upstream_dates {
	char (*id)[41];
	int64_t *date;
	size_t n, cap;
};

/* The 40-digit upstream ids that the n series name, sorted, each once. */
void upstream_ids_of(const struct series *s, size_t n, struct upstream_dates *out);
/* The index of id, or -1 when it is not there. */
long upstream_dates_find(const struct upstream_dates *d, const char *id);
/* The date of id, or -1 when it is not there or unknown. */
int64_t upstream_date_of(const struct upstream_dates *d, const char *id);
/* Keep only the ids whose date is known (date >= 0), in order. */
void upstream_dates_prune(struct upstream_dates *d);
void upstream_dates_release(struct upstream_dates *d);

#endif
