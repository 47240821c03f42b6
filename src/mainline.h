/*
 * mainline.h — the libgit2 side of `unfixed`: find the mainline branch,
 * read its history since BASE, and name the mainline tag that first
 * contains each commit of interest, in one walk.
 */
#ifndef REGTRACE_MAINLINE_H
#define REGTRACE_MAINLINE_H

#include <stddef.h>
#include <git2.h>

#include "unfixed.h"

/* REF as given, else the first of master, main, origin/master, origin/main.
 * Returns a name to free, or NULL with err set. */
char *mainline_default_ref(git_repository *repo, const char *given, char *err, size_t errlen);

/*
 * Read REF ^BASE (walk.h: commit-graph and threads, no cache): keep every
 * commit that names others (mainline_add), each with the first mainline tag
 * that contains it (tags in version order claim their history in turn).
 */
int mainline_read(git_repository *repo, const char *ref, const char *base,
		  struct mainline *out, char *err, size_t errlen);

/* A mainline tag: vX, vX.Y, optionally -rcN.  Order: rcs before the release. */
int mainline_tag_cmp(const char *a, const char *b);
int mainline_is_tag(const char *name);

#endif
