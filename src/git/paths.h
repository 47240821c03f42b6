/*
 * paths.h — the subsystems each commit touches: the files it changes
 * against its first parent (tree_diff.h: trees only, never a blob, so a
 * `--filter=blob:none` partial clone has all it needs; names only, no
 * rename detection), each cut to its first DEPTH directories
 * ("drivers/acpi/acpica/nsobject.c" at depth 2: "drivers/acpi"; a file at
 * the top: "(top)").  A root commit is compared with the empty tree.  With
 * a paths cache (cache/paths.h) a commit's directories are read once and
 * kept: a re-run reads no tree.
 */
#ifndef REGTRACE_PATHS_H
#define REGTRACE_PATHS_H

#include <stddef.h>
#include <git2.h>

#include "base/progress.h"
#include "core/breakdown.h"
#include "core/graph.h"
#include "cache/paths.h"

/* out: the groups of g's commits (merges have none).  cache may be NULL;
 * progress (may be NULL) hears of each commit done (the caller announces
 * them). */
int paths_groups(git_repository *repo, const struct graph *g, int depth,
		 struct cache_paths *cache, const struct progress *progress,
		 struct group_map *out, char *err, size_t errlen);

/* The group of one path at depth (pure): writes at most len bytes.  A
 * directory with its trailing '/' gives its files' group. */
void paths_cut(const char *path, int depth, char *out, size_t len);

#endif
