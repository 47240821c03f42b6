/*
 * cgraph_files.h — the repository's commit-graph (cgraph.h) found, mapped
 * and loaded, as git finds it: objects/info/commit-graph, else the split
 * form (objects/info/commit-graphs/commit-graph-chain lists the layers,
 * base first).  A file is used only when its checksum holds
 * (cgraph_trust.h); any doubt about the single file or any layer of the
 * chain and there is no commit-graph (cg without layers): the caller reads
 * the objects.  A FIFO is never waited on.  REGTRACE_NO_COMMIT_GRAPH set to
 * anything loads none.  No libgit2: files are mapped read-only (mmap).
 */
#ifndef REGTRACE_CGRAPH_FILES_H
#define REGTRACE_CGRAPH_FILES_H

#include <stddef.h>

#include "git/cgraph.h"

struct cgraph_files {
	struct cgraph cg;		/* no layers: walk without it */
	const char *gitdir;		/* where cgraph_trust.h remembers its checks */
	struct { void *p; size_t len; } maps[CGRAPH_MAX_LAYERS];
	int nmaps;
};

/* Load the commit-graph of the git directory commondir (with its final
 * '/'; borrowed while f is loaded).  f needs no initialisation. */
void cgraph_files_load(struct cgraph_files *f, const char *commondir);
/* Unmap every file: f has no layers after, and may be loaded again.  Also
 * for a zeroed f never loaded. */
void cgraph_files_unload(struct cgraph_files *f);

#endif
