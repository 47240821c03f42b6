/*
 * mainline_tags.h — the first tag that holds a mainline commit that no
 * mainline tag names.  The mainline's reader (mainline_read.h) names each
 * commit by the first mainline tag (vX.Y[-rcN]) in the mainline's own
 * history that holds it, or by the bases of a chain of series; a project
 * that tags its releases on branches of their own (Open vSwitch: v3.4.0
 * on branch-3.4, after it left the mainline) got "no tag yet" for commits
 * that `git tag --contains` shows in v3.4.0.  For such a commit, every tag
 * that reads as a version (a digit first, after an optional "v") and comes
 * after the floor is tried in version order (a pre-release before its
 * release: v3.4.0-rc1, v3.4.0) until one holds it.  Asked only for the
 * commits an output shows (a missing fix of `unfixed`), a few.
 */
#ifndef REGTRACE_MAINLINE_TAGS_H
#define REGTRACE_MAINLINE_TAGS_H

#include <stddef.h>
#include <git2.h>

#include "core/mainline.h"

/* When m->v[i] has no release: the first tag after base (a tag name, or
 * NULL) and after every tag m names that holds it, if any.  0, or RT_EFAIL
 * with err set. */
int mainline_name_untagged(git_repository *repo, struct mainline *m, size_t i,
			   const char *base, char *err, size_t errlen);

/* Version order of two tag names, a pre-release (NAME-...) before NAME. */
int mainline_tags_cmp(const char *a, const char *b);

#endif
