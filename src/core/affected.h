/*
 * affected.h — for one fix, which releases of a series carried the bug it
 * fixes and which release fixed it (`regtrace affected`, doc/affected.md).
 *
 * The rule, per series and per introducing commit (the commit a Fixes:
 * line or a revert of the fix names): a release of the series is affected
 * when some copy of the introducing commit is live in it and no copy of
 * the fix is (when the fix is a revert, no copy of it that comes after that
 * copy in history: applied again after the revert, the bug is back).  Positions: 0 is the series' BASE, 1 + i its release i
 * (release.h order); a commit sits at the position of its release, an
 * unreleased one after every release.  A commit x is live at position p
 * when it sits at or before p and no commit reverting it (a revert or
 * reapply link of the census, census.h) sits at or before p and is itself
 * live there; the BASE's own copy (the introducing commit or the fix being
 * in BASE's history) sits at 0, reverted by the series commits whose
 * revert line names it and matches no commit of the series.  So a revert
 * of a copy of the bug ends an interval (a revert counts as the fix of
 * what it reverts) and a revert of a copy of the fix opens one again.
 *
 * Each run of affected positions is a pair: the release that opened it
 * (the BASE, a copy of the introducing commit, or a revert of the fix) and
 * the one that closed it (a copy of the fix, or a revert of the bug's
 * copy), or none when it is still open at the last release.  The state of
 * the series: not affected (no copy of the introducing commit in any
 * release, not in BASE), fixed before affected (it reached the series but
 * no release carried it without the fix: a preemptive fix, or both in one
 * release), not fixed (the last pair is open), fixed, or unknown (no
 * introducing commit is known).  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_AFFECTED_H
#define REGTRACE_AFFECTED_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"
#include "core/census.h"
#include "core/graph.h"
#include "core/release.h"
#include "core/resolve.h"

#define AFFECTED_NO_COMMIT UINT32_MAX	/* the BASE, or no commit */
#define AFFECTED_OPEN SIZE_MAX		/* a pair not closed: not fixed */

enum affected_state {
	AFFECTED_UNKNOWN,	/* no introducing commit known */
	AFFECTED_NOT_AFFECTED,	/* the bug never reached a release */
	AFFECTED_FIXED_BEFORE,	/* reached, but never carried without the fix */
	AFFECTED_NOT_FIXED,	/* the last pair is open at the tip */
	AFFECTED_FIXED,		/* every pair closed */
};

/* What opened or closed a pair. */
enum affected_why {
	AFFECTED_BY_NONE,	/* still open (a close), or not found */
	AFFECTED_BY_BASE,	/* the introducing commit is in BASE's history */
	AFFECTED_BY_COPY,	/* a copy of the introducing commit (open) or of
				   the fix (close) */
	AFFECTED_BY_REVERT,	/* a revert of the fix's copy (open) or of the
				   bug's copy (close) */
};

struct affected_end {
	size_t pos;		/* 0 BASE, 1 + i release i; AFFECTED_OPEN */
	uint32_t commit;	/* a commit of the series, or AFFECTED_NO_COMMIT */
	enum affected_why why;
};

struct affected_pair {
	struct affected_end from, to;
};

/* The revert and reapply links of one census, by target. */
struct affected_reverts {
	uint32_t (*v)[2];	/* {target, reverting commit}, sorted */
	size_t n;
};

void affected_reverts_build(const struct census *c, struct affected_reverts *out);
void affected_reverts_release(struct affected_reverts *r);

/* The commits of g with a revert line (ascending), where
 * affected_base_reverts looks. */
void affected_reverting(const struct graph *g, struct u32s *out);
/* The series commits whose revert line names one of ids[0..n) (7+ hex
 * digits, either a prefix of the other) and matches no commit of the
 * series (r): reverts of what BASE holds.  reverting: affected_reverting(g). */
void affected_base_reverts(const struct graph *g, const struct resolver *r,
			   const struct u32s *reverting, const char *const *ids, size_t n,
			   struct u32s *out);

/* What is known of one fix and one introducing commit in one series. */
struct affected_input {
	int known;			/* an introducing commit is known */
	struct u32s bug, fix;		/* their copies in the series, ascending */
	int bug_in_base, fix_in_base;	/* in BASE's history */
	int fix_reverts;		/* the fix is a revert of the introducing
					   commit: it covers the copies before it */
	struct u32s bug_base_reverts, fix_base_reverts;	/* affected_base_reverts */
};

struct affected_result {
	enum affected_state state;
	struct affected_pair *pairs;
	size_t npairs;
	uint32_t first_bug, first_fix;	/* the earliest released copies, or
					   AFFECTED_NO_COMMIT */
};

/* The pairs and the state of one series (g, its releases and reverts). */
void affected_compute(const struct graph *g, const struct release_list *rels,
		      const struct affected_reverts *rv, const struct affected_input *in,
		      struct affected_result *out);
void affected_input_release(struct affected_input *in);
void affected_result_release(struct affected_result *r);

/* The position of a commit (1 + its release; unreleased: after them all). */
size_t affected_pos(const struct graph *g, const struct release_list *rels, uint32_t c);

/* The mainline's answer from the first mainline tags holding the
 * introducing commit and the fix (their ranks in version order, -1: none):
 * not affected without the first, not fixed without the second, fixed
 * before affected when the fix's tag is not later, else fixed. */
enum affected_state affected_mainline_state(long bug_rank, long fix_rank);

/* ---- the answer for one fix, over a set of series (load/affected_load.h) ---- */

#define AFFECTED_ID_MAX 40

/* Where an introducing commit comes from. */
enum affected_from {
	AFFECTED_FROM_FIXES,	/* a Fixes: line of the fix */
	AFFECTED_FROM_REVERT,	/* the fix reverts it */
	AFFECTED_FROM_OPTION,	/* --vulnerable */
	AFFECTED_FROM_NONE,	/* none known */
};

/* The ids the copies of one commit are known by: the id as named, its full
 * id, and every id and 40-digit upstream id of the commits they match. */
struct affected_keys {
	char (*v)[AFFECTED_ID_MAX + 1];
	size_t n;
	size_t nroot;		/* v[0..nroot): the ids named, before the copies' */
};

void affected_keys_add(struct affected_keys *k, const char *id);
void affected_keys_release(struct affected_keys *k);

/* One introducing commit of a fix, in every series and on the mainline. */
struct affected_intro {
	enum affected_from from;
	char named[AFFECTED_ID_MAX + 1];	/* as the fix names it; "" for none */
	char id[AFFECTED_ID_MAX + 1];		/* the commit's full id, or "" */
	char *subject;				/* or NULL */
	struct affected_keys keys;
	struct affected_result *r;		/* one per series */
	const char *ml_tag;			/* first mainline tag holding it, or NULL */
	char ml_id[AFFECTED_ID_MAX + 1];	/* ... the commit it holds, or "" */
	enum affected_state ml_state;
};

struct affected_answer {
	char id[AFFECTED_ID_MAX + 1];		/* the fix, full id (or the longest
						   upstream id its copies name) */
	char *subject;
	struct affected_keys keys;
	const char *ml_tag;			/* first mainline tag holding the fix */
	char ml_id[AFFECTED_ID_MAX + 1];	/* ... the commit it holds, or "" */
	struct affected_intro *intro;
	size_t nintro;
	size_t nseries;
};

void affected_answer_release(struct affected_answer *a);

/* How commit c of g was found as a copy of keys: by its own id being one
 * of the ids named (*alias NULL, 1), by its upstream id *alias (its source:
 * g->c[c].upstream, 1), or by its own id as another copy names it (0). */
int affected_found_by(const struct graph *g, uint32_t c, const struct affected_keys *keys,
		      const char **alias);

const char *affected_state_name(enum affected_state s);
const char *affected_why_name(enum affected_why w);

#endif
