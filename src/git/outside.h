/*
 * outside.h — what the repository says of the ids a range's messages name
 * that match none of its commits (core/identity.h, doc/dialects.md):
 *   - every revert id and Fixes id matching no commit: whether some object
 *     of the repository has that prefix (an id it does not know counts in
 *     fixes_outside_mainline);
 *   - a revert id naming one commit of the repository, and an alias of a
 *     commit with several aliases that matches no other commit: that
 *     commit's own upstream ids (its message read with the project's
 *     rules), through which the census resolves the revert and tells a
 *     backport of a backport from a squashed backport.
 * Fills h->outside (sorted), and leaves h->resolver (core/history.h) built
 * for analyze(), which would build the same.  Read after the upstream ids are inferred
 * (infer.h), so that inferred ids count as matches.  Errors: RT_EFAIL
 * with a one-line message (an unreadable object database).
 */
#ifndef REGTRACE_OUTSIDE_H
#define REGTRACE_OUTSIDE_H

#include <stddef.h>
#include <git2.h>

#include "core/history.h"
#include "core/message.h"

int outside_read(git_repository *repo, const struct msg_rules *rules, struct history *h,
		 char *err, size_t errlen);

#endif
