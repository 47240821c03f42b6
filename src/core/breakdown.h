/*
 * breakdown.h — the census per group of commits: per selection channel
 * (channel.h) or per subsystem path (paths.h).
 *
 * A commit may be in several groups (a commit touching two subsystems).
 * Per group: its commits and tagged commits; its fixes are the regression
 * fixes with a target in the group (a fix counts once per group); a fix is
 * same-release for the group when all its targets in the group are in its
 * own release; visible = fixes - same release.  So regressions are charged
 * to the group of the commit that brought them.
 *
 * Path groups are many (every subsystem): their rows are sorted by commits,
 * most first (then by name), and have a total: the same numbers for the
 * commits in any group, each counted once (a commit changing two
 * subsystems, a fix of two of them, once).  Channel rows keep their fixed
 * order and have no total (the channels split the census).  Pure: no
 * libgit2, no I/O.
 */
#ifndef REGTRACE_BREAKDOWN_H
#define REGTRACE_BREAKDOWN_H

#include "core/census.h"

struct group_map {
	char **names;		/* owned */
	size_t n, cap;
	struct u32s *of;	/* per commit: indices into names */
	size_t ncommits;
};

struct breakdown_row {
	const char *name;	/* points into the group map */
	size_t commits, tagged, fixes, same_release, visible;
};

struct breakdown {
	const char *kind;	/* "channel" or "path" */
	struct group_map map;
	struct breakdown_row *rows;	/* one per group: in map order; "path": by
					   commits, most first, then by name */
	size_t n;
	int has_total;		/* "path" */
	struct breakdown_row total;	/* the commits in any group (name "total") */
};

void group_map_init(struct group_map *m, size_t ncommits);
/* The index of the group named name, created (empty) on first use. */
uint32_t group_map_group(struct group_map *m, const char *name);
/* Put commit c in the group named name (created on first use). */
void group_map_add(struct group_map *m, uint32_t c, const char *name);
void group_map_release(struct group_map *m);

/* Takes ownership of map. */
void breakdown_compute(const struct graph *g, const struct census *c, const char *kind,
		       struct group_map *map, struct breakdown *out);
void breakdown_release(struct breakdown *b);

#endif
