/*
 * infer.h — an upstream id for each commit of a range whose message names
 * none (doc/dialects.md, "Upstream identity when the message names none"):
 * the mainline commit with the same author email and the same subject
 * (ASCII case and white space folded); when several have them, the one
 * whose patch has the same patch-id (git_diff_patchid); when none or
 * several of those, the commit is left without one (identity_ambiguous).
 * A mainline commit that is itself a commit of the range is no candidate.
 *
 * The mainline is the identities m->ident_*[from..] (mainline.h: only the
 * keys asked for are there, so each candidate is read to check its author
 * and subject).  What is found goes into h's graph (identity_infer).
 * A tie whose patches cannot be compared because a tree or blob is absent
 * (a partial clone; nothing is fetched) leaves the commit ambiguous and is
 * counted in h->ties_unread: never an error.
 * cache (NULL: none) gives the candidates and patch-ids read before and
 * keeps those read now (cache/infer.h): the same answers, without reading.
 * Errors: RT_EFAIL with a one-line message (a patch unreadable otherwise).
 */
#ifndef REGTRACE_INFER_H
#define REGTRACE_INFER_H

#include <stddef.h>
#include <stdint.h>
#include <git2.h>

#include "cache/infer.h"
#include "core/history.h"
#include "core/mainline.h"

int infer_upstream(git_repository *repo, struct infercache *cache, struct history *h,
		   const struct mainline *m, size_t from, char *err, size_t errlen);

/* The identity keys of the commits of h that infer_upstream would look
 * for, kept in h for infer_upstream (h->ident_keys; the others' 0): once
 * a range, on any thread (a range's reader makes them, several at once). */
void infer_keys(struct history *h);
/* Those keys appended to *keys (grown with ARRAY_GROW): infer_keys' when it
 * ran on h since its commits last changed, else made here. */
void infer_wanted(struct history *h, uint32_t **keys, size_t *n, size_t *cap);

/* The candidates infer_upstream will ask cache for, kept as the mainline's
 * walks read them (walk_options.note, from any thread): a commit whose
 * identity key is one of want (mainline.h: want, nwant, want_bits) goes
 * into cache with its email and subject, so that infer_upstream finds it
 * there instead of reading it again by the first 8 bytes of its id (a
 * cold run on git/git: 10,000 objects, each a look-up by prefix). */
struct infer_note {
	struct infercache *cache;
	const struct mainline *want;
};
void infer_note(void *ctx, const uint8_t oid[20], const struct msg_facts *f,
		const struct commit_meta *m, uint32_t key);

#endif
