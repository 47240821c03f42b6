/*
 * timeline.h — the census as it stood at each release of a series.
 *
 * Row k counts the commits of releases 0..k (cumulative): commits, tagged
 * commits, regression fixes, reverts, same-release fixes and visible
 * regressions, each fix counted in its own release.  Because a fix's
 * target depends only on its history, row k equals the census of
 * BASE..<release k>.  A last row "unreleased" covers the whole range when
 * some commits are in no release.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_TIMELINE_H
#define REGTRACE_TIMELINE_H

#include "core/census.h"
#include "core/release.h"

struct timeline_row {
	int release;		/* index, or RELEASE_NONE for the last row */
	size_t commits, tagged, fixes, reverts, same_release, visible;
};

struct timeline {
	struct timeline_row *rows;
	size_t n;
};

void timeline_compute(const struct graph *g, const struct release_list *rels,
		      const struct census *c, struct timeline *out);
void timeline_release(struct timeline *t);

#endif
