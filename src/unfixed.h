/*
 * unfixed.h — regressions a series still carries: commits of the series
 * that a mainline commit fixes (Fixes: tag) or reverts, where that mainline
 * commit was never backported to the series.
 *
 * A mainline fix counts as backported when some commit of the series names
 * it (its id or an alias matches, as in resolve.h).  A mainline fix that a
 * later mainline commit reverts is not missing.  The series commit reported
 * is the earliest matching copy still live at the tip (not reverted), so a
 * regression the series already reverted is not reported.
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_UNFIXED_H
#define REGTRACE_UNFIXED_H

#include "census.h"
#include "message.h"
#include "resolve.h"

/* A mainline commit that names other commits (Fixes: or revert). */
struct mainline_fix {
	char id[41];
	struct msg_facts facts;	/* only the subject and the references */
	const char *release;	/* first mainline tag containing it, or NULL */
};

/* Where a mainline commit names an id, by the id's first digits. */
struct mainline_ref_at {
	uint32_t head;		/* resolver_head() of the id */
	uint32_t fix, ref;	/* v[fix].facts.refs[ref] */
};

struct mainline {
	struct mainline_fix *v;	/* in history order, parents first */
	size_t n, cap;
	struct mainline_ref_at *index;	/* by head (mainline_index), or NULL */
	size_t nindex;
	char **tags;		/* the names release points at */
	size_t ntags, tags_cap;
};

struct unfixed_row {
	uint32_t commit;		/* the series commit */
	struct u32s missing;		/* indices into mainline.v */
};

struct unfixed {
	struct unfixed_row *v;
	size_t n;
};

void mainline_init(struct mainline *m);
/* Keep the facts of one mainline commit (taking them over) if it names
 * commits, stripped to its subject and the ids it names; release is NULL
 * or a name from mainline_tag(). */
void mainline_add(struct mainline *m, const char id[41], struct msg_facts *facts,
		  const char *release);
/* A copy of a tag name, kept as long as m. */
const char *mainline_tag(struct mainline *m, const char *name);
/* Index the ids the commits of m name, so that unfixed_compute looks at
 * the few that can match a series instead of all (call after the last add). */
void mainline_index(struct mainline *m);
/* Drop what unfixed never reads: aliases, quoted subjects, flags. */
void mainline_strip(struct msg_facts *f);
void mainline_release(struct mainline *m);

/* live: per series commit, 1 if not reverted at the tip (census_live_at_end);
 * the mainline of the series is m->v[from..n) (REF ^BASE, BASE's history
 * being m->v[0..from)). */
void unfixed_compute(const struct graph *g, const struct resolver *r, const uint8_t *live,
		     const struct mainline *m, size_t from, struct unfixed *out);
void unfixed_release(struct unfixed *u);

#endif
