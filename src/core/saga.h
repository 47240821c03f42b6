/*
 * saga.h — groups of commits tied together by links (fix, revert,
 * reapply, duplicate, preemptive) and by being copies of one upstream
 * commit.
 *
 * A saga is such a group of three or more commits, or any group with a
 * revert, reapply or duplicate link.  Members are in history order; sagas
 * come biggest first, then by their first commit.  Ambiguous links join
 * nothing (their target is unknown).  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_SAGA_H
#define REGTRACE_SAGA_H

#include "core/census.h"
#include "core/resolve.h"

enum saga_role {
	ROLE_COMMIT,		/* tied in only as a target, no upstream id */
	ROLE_BACKPORT,		/* a copy of an upstream commit */
	ROLE_PREEMPTIVE,
	ROLE_FIX,
	ROLE_DUPLICATE,
	ROLE_REVERT,
	ROLE_REAPPLY,
};

struct saga {
	struct u32s commits;	/* history order */
	enum saga_role *roles;	/* one per commit */
};

struct sagas {
	struct saga *v;
	size_t n;
};

void sagas_compute(const struct graph *g, const struct census *c, struct resolver *r,
		   struct sagas *out);
void sagas_release(struct sagas *s);
const char *saga_role_name(enum saga_role r);

#endif
