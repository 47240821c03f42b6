/*
 * mainline_read.h — the libgit2 side of `unfixed`: find the mainline branch,
 * read its history since BASE, and name the mainline tag that first
 * contains each commit of interest, in one walk.
 */
#ifndef REGTRACE_MAINLINE_READ_H
#define REGTRACE_MAINLINE_READ_H

#include <stddef.h>
#include <git2.h>

#include "base/progress.h"
#include "cache/commits.h"
#include "cache/mainline.h"
#include "core/mainline.h"

struct infer_note;

/* What every walk of the mainline is given besides the repository: the
 * commit cache (or NULL), only looked into for the dates and parents of the
 * commits a walk paints (walk_options.peek: the ranges' walks painted much
 * the same history below the same tags; no facts are taken from it, they
 * were read with the project's alias patterns, the mainline's are read
 * without, and nothing is added to it); and where the commits the upstream
 * inference will ask for go as they are read (git/infer.h), or NULL. */
struct mainline_walks {
	const struct cache *peek;
	const struct infer_note *note;
};

/* REF as given, else the first of master, main, origin/master, origin/main,
 * else the repository's default branch (a bare repository's HEAD, as a
 * mirror has it: redis's "unstable", Apache httpd's "trunk"; else the one
 * origin/HEAD names).  Returns a name to free, or NULL with err set. */
char *mainline_default_ref(git_repository *repo, const char *given, char *err, size_t errlen);

/* Whether mainline_default_ref found ref (not given) as the default branch,
 * which may be any branch (dpdk-stable's "default", a README): a caller
 * checks that it shares history with the series before using it. */
int mainline_ref_guessed(const char *ref);

/* 1 when REF and BASE share history, 0 when they have none (no merge base)
 * or only a root commit (a mainline unrelated to the series: dpdk-stable's
 * "default", a README on the repository's first commit), or -1 with err set
 * when either names no commit. */
int mainline_shares_history(git_repository *repo, const char *ref, const char *base,
			    char *err, size_t errlen);

/*
 * Read REF ^BASE (walk.h: commit-graph and threads; base NULL: all of REF's
 * history): keep every commit that names others (mainline_add), each with
 * the first mainline tag that contains it (tags in version order claim
 * their history in turn), and the identity key of every commit whose key
 * out->want holds (mainline_add_ident); *ncommits is how many commits the
 * range has.  mw (or NULL): what its walk is given (above).
 */
int mainline_read(git_repository *repo, const char *ref, const char *base,
		  const struct mainline_walks *mw, struct mainline *out, size_t *ncommits, char *err,
		  size_t errlen);

/* Where one base's mainline starts in a mainline read for several. */
struct mainline_from {
	size_t fix;		/* in out->v; SIZE_MAX: no place (read it alone) */
	size_t ident;		/* in out->ident_* */
	size_t commits;		/* how many commits REF ^BASE has */
	int alone;		/* its mainline is alone[i] (fix SIZE_MAX) */
	int borrowed;		/* alone, and held by alone[lender] from fix and
				   ident on (without labels: its tail is the end
				   of lender's); alone[i] is left empty */
	size_t lender;
};

/*
 * The same for several bases at once, reading REF ^(the earliest base) once:
 * the mainline is cut at its tags (vX.Y[-rcN], in version order) into
 * segments TAG ^PREVIOUS TAG, plus REF ^LAST TAG, read in parallel; with a
 * mainline cache (cache/mainline.h: loaded; NULL for none), the segments it holds
 * are taken from it and the others added to it and saved (its segments'
 * facts are moved into out: it serves one call).  from[i] says where base
 * i's mainline starts in out (unfixed.h; the identities of the keys
 * out->want holds), with from[i].fix SIZE_MAX when base i is no mainline
 * tag or the tags are no chain (each an ancestor of the next, the last of
 * REF).  Such a base's mainline REF ^BASE goes into alone[i] (initialised by
 * the caller, its want set; alone NULL: none) with from[i].alone set and
 * from[i].commits its length: all read in one walk and kept in the cache
 * as tails (mainline_alone.h); when from[i].alone is clear, read that base
 * alone with mainline_read().  Without labels, a base whose tail is the end
 * of the longest tail (segment_ends: the same commits, in the same order: a mainline
 * without merges from before the bases) is not taken into alone[i] but
 * borrowed: from[i].borrowed, its mainline alone[from[i].lender]'s from
 * from[i].fix and from[i].ident on, what alone[i] would have held (33
 * copies of Open vSwitch's mainline, built and indexed each, become one).  Without labels, a mainline in alone[] may
 * name no release for its commits (only their identities are then read:
 * mainline_alone.h); the chain's always do.  mw: as mainline_read's.
 * progress (may be NULL) hears of the segments to read and of each one read.
 */
int mainline_read_set(git_repository *repo, const char *ref, const char *const *bases,
		      size_t nbases, int labels, struct segcache *cache, const struct mainline_walks *mw,
		      struct mainline *out, struct mainline *const *alone,
		      struct mainline_from *from, const struct progress *progress, char *err,
		      size_t errlen);

/* A mainline tag: vX, vX.Y, optionally -rcN.  Order: rcs before the release. */
int mainline_tag_cmp(const char *a, const char *b);
int mainline_is_tag(const char *name);

#endif
