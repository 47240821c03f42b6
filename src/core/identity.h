/*
 * identity.h — a commit's upstream identity (doc/dialects.md): the upstream
 * ids its message names (aliases), less those that quote a commit it
 * reverts; for a commit whose message names none, the one the git layer
 * inferred from the mainline (git/infer.h); and what the repository says
 * of ids that name no commit of the series (git/outside.h).
 *
 * The git layer fills the plain data (identity_infer, an outside list);
 * analyze() drops the quoted aliases and hands the list to the census,
 * which resolves a reference (revert or Fixes) to a commit outside the
 * series through that commit's own aliases and counts the ids the
 * repository does not know.
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_IDENTITY_H
#define REGTRACE_IDENTITY_H

#include <stddef.h>
#include <stdint.h>

#include "core/graph.h"
#include "core/message.h"
#include "core/resolve.h"

/* An id named in the series that matches none of its commits. */
struct outside_id {
	char id[MSG_ID_MAX + 1];	/* as named: 7..40 lower-case hex */
	int known;			/* some object of the repository has
					   this prefix */
	char (*aliases)[MSG_ID_MAX + 1];	/* the upstream ids the message
						   of the one commit it names
						   gives, owned */
	size_t naliases;
};

/* Sorted by id once outside_sort() has run; found with outside_find(). */
struct outside {
	struct outside_id *v;
	size_t n, cap;
	uint32_t *slot;		/* 1 + an entry, by a hash of its id (made by
				   outside_sort(); an add drops it), or NULL */
	size_t nslots;		/* a power of two */
};

void outside_init(struct outside *o);
/* Add id (copying aliases); ids added twice are kept once by outside_sort. */
void outside_add(struct outside *o, const char *id, int known,
		 const char (*aliases)[MSG_ID_MAX + 1], size_t naliases);
void outside_sort(struct outside *o);
/* The entry of exactly this id, or NULL (also before outside_sort). */
const struct outside_id *outside_find(const struct outside *o, const char *id);
void outside_release(struct outside *o);

/* Commit c, whose message names no upstream id, copies the mainline commit
 * id (40 hex digits): id becomes its alias, UPSTREAM_INFERRED. */
void identity_infer(struct graph *g, uint32_t c, const char *id);
/* The same when among mainline commits had c's author and subject and id's
 * patch-id alone was c's: the tie it broke is kept (inferred_among). */
void identity_infer_tie(struct graph *g, uint32_t c, const char *id, size_t among);
/* Several mainline commits could be c's upstream: UPSTREAM_AMBIGUOUS. */
void identity_ambiguous(struct graph *g, uint32_t c);

/*
 * The rule of a revert quoting what it reverts: an alias of a revert that
 * names the upstream commit of a commit it reverts describes that commit,
 * not the revert, and is dropped.  The commits a revert reverts are those
 * its revert ids match (resolver r, built with every alias), or, for an id
 * matching none, those the aliases of the commit it names outside the
 * series (o) match; the names of their upstream commits are their aliases,
 * the revert ids and those outside aliases.  A commit left with no written
 * alias becomes UPSTREAM_NONE.  Returns how many aliases were dropped (the
 * caller then builds r again).
 */
size_t identity_drop_quoted(struct graph *g, const struct resolver *r,
			    const struct outside *o);

/*
 * The key under which a commit is looked for on the mainline: a hash of its
 * author's email and its subject, ASCII case and runs of white space folded
 * (author NULL counts as ""): commits with the same author and subject have
 * the same key (others, rarely, too: a key only narrows the search).
 */
uint32_t identity_key(const char *author, const char *subject);

/* 1 when one of two ids (7+ digits) is a prefix of the other. */
int identity_same_id(const char *a, const char *b);

#endif
