/*
 * paths.h — the subsystems each commit touches: the files it changes
 * against its first parent (a tree diff through libgit2, names only, no
 * rename detection), each cut to its first DEPTH directories
 * ("drivers/acpi/acpica/nsobject.c" at depth 2: "drivers/acpi"; a file at
 * the top: "(top)").  A root commit is compared with the empty tree.
 */
#ifndef REGTRACE_PATHS_H
#define REGTRACE_PATHS_H

#include <stddef.h>
#include <git2.h>

#include "core/breakdown.h"
#include "core/graph.h"

int paths_groups(git_repository *repo, const struct graph *g, int depth,
		 struct group_map *out, char *err, size_t errlen);

/* The group of one path at depth (pure): writes at most len bytes. */
void paths_cut(const char *path, int depth, char *out, size_t len);

#endif
