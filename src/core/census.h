/*
 * census.h — the counting rules: links between commits of one series, and
 * the numbers of the report.
 *
 * census_compute() reads a graph whose releases are attributed and whose
 * resolver is built, finds every link (doc/rules.md "Kinds of link"), and counts.
 * Links come out sorted by the fix's release (unreleased last), then history
 * order.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_CENSUS_H
#define REGTRACE_CENSUS_H

#include <stddef.h>
#include <stdint.h>

#include "core/graph.h"
#include "core/identity.h"
#include "core/resolve.h"

enum link_kind {
	LINK_FIX,
	LINK_REVERT,
	LINK_REAPPLY,
	LINK_DUPLICATE,
	LINK_PREEMPTIVE,
	LINK_AMBIGUOUS,
	LINK_MENTION,		/* census.mentions only: an id named in prose */
};

#define LINK_NO_TARGET UINT32_MAX

struct link {
	enum link_kind kind;
	uint32_t fix;		/* the referring commit */
	uint32_t target;	/* LINK_NO_TARGET for ambiguous */
	struct u32s candidates;	/* ambiguous only: the commits it could mean */
	int same_release;	/* fix and target in one release */
	size_t rank;		/* the fix's release, unreleased last: sort key */
	size_t seq;		/* discovery order, for a stable sort */
};

struct census {
	size_t commits, tagged, fixes, reverts, same_release, visible;
	size_t pairs, regressions, duplicates, reapplies, ambiguous, preemptive;
	size_t fixes_outside, nonsha_fixes_lines;
	size_t reported;	/* Visible fixes whose message says someone hit
				   the regression (msg_facts.reported) */
	size_t fixes_outside_mainline;	/* of fixes_outside: ids the repository
					   does not know (identity.h) */
	size_t with_upstream;		/* commits whose message names an upstream id */
	size_t inferred_upstream;	/* ... whose upstream id was inferred */
	size_t ambiguous_upstream;	/* ... for which several mainline commits fit */
	size_t without_upstream;	/* commits - with - inferred (ambiguous included) */
	struct link *links;
	size_t nlinks, links_cap;
	size_t mentions;	/* mention links: ids named in prose that no rule
				   counted (doc/rules.md "Mentions") */
	struct link *mention_links;	/* LINK_MENTION, apart from links: shown
					   on request (census_show_mentions),
					   never counted as fixes */
	size_t nmention_links, mention_links_cap;
	uint8_t *flags;		/* per commit: CENSUS_* bits of a counted fix */
};

#define CENSUS_FIX 1		/* has a counted fix or revert link */
#define CENSUS_REVERT 2		/* ... of which a revert */
#define CENSUS_SAME 4		/* every counted target in its own release */

/* The rule of the visible count, for a series, a release or a group: the
 * regression fixes not in the same release as every target they fix. */
static inline size_t census_visible(size_t fixes, size_t same_release)
{
	return fixes - same_release;
}

const char *link_kind_name(enum link_kind k);
/* 1 for the kinds that count as regression fixes (fix, revert). */
int link_is_regression_fix(enum link_kind k);

/*
 * until: -1 counts everything; a release index counts only commits in
 * releases up to it and links whose target is (--introduced-until).  The
 * links listed are the same either way.  o: what the repository says of
 * ids matching no commit of the series (identity.h), or NULL.
 */
void census_compute(struct graph *g, struct resolver *r, const struct outside *o, int until,
		    struct census *out);
void census_release(struct census *c);
/* Move c's mentions among its links, in the links' order (`fixes
 * --mentions`, through analyze_show_mentions(), which keeps the series'
 * per-link data in step): the numbers stay as they were. */
void census_show_mentions(struct census *c);

/*
 * The rules of README "Which commit a reference means" and "Kinds of link"
 * by the names the docs give them (`explain` prints them).
 */
enum census_rule {
	RULE_SELF,		/* "dropped self-match" */
	RULE_OUTSIDE,		/* "outside" */
	RULE_ANCESTOR,		/* "ancestor filter" */
	RULE_SUBJECT,		/* "quoted subject" */
	RULE_AMBIGUOUS,		/* "ambiguous" */
	RULE_PREEMPTIVE,	/* "preemptive" */
	RULE_LIVE_COPY,		/* "earliest live copy" */
	RULE_REVERTED_COPY,	/* "latest reverted copy" */
	RULE_ONE_LINK,		/* "one link per target" */
	RULE_DUPLICATE,		/* "duplicate" */
	RULE_THROUGH,		/* "upstream ids of the named commit" */
	RULE_REVERT_SUBJECT,	/* "reverted subject" */
	RULE_COUNT
};
const char *census_rule_name(enum census_rule r);

/* A copy the rules looked at: is it an ancestor of the referring commit,
 * and live there? */
struct copy_seen {
	uint32_t commit;
	int ancestor, live;
};

/* One rule applied to a reference, and the matches it left in the running;
 * RULE_THROUGH also names the upstream id it went through (else ""). */
struct census_step {
	enum census_rule rule;
	struct u32s kept;
	char via[MSG_ID_MAX + 1];
};

/* What the rules decided for one reference (msg_facts.refs[i]). */
struct ref_trace {
	struct u32s matched;		/* every commit the id matches, ascending */
	size_t nupstream;		/* upstream commits (classes of copies) among
					   them once the referring commit is dropped */
	struct census_step *steps;	/* the rules applied, in order; the last one */
	size_t nsteps;			/* decided */
	struct copy_seen *copies;	/* the matches left when a copy is picked */
	size_t ncopies;
	int linked;			/* made or joined a link: */
	enum link_kind kind;		/* its kind, as finally recorded */
	uint32_t target;		/* LINK_NO_TARGET when ambiguous */
	struct u32s candidates;		/* ambiguous */
	int joined;			/* the link was an earlier reference's
					   ("one link per target") */
};

/* What the rules decided for one commit: each reference, and whether its
 * upstream ids make it a duplicate. */
struct census_trace {
	uint32_t commit;
	struct ref_trace *refs;		/* one per msg_facts.refs */
	size_t nrefs;
	struct copy_seen **copies;	/* per alias: the other commits sharing it */
	size_t *ncopies;
	size_t naliases;
	uint32_t duplicate_of;		/* the duplicate link's target, or LINK_NO_TARGET */
	int by_subject;			/* a revert by its subject alone: */
	struct ref_trace subject_ref;	/* what the rules decided for it */
};

/*
 * Run the rules for commit f again, as census_compute did (the same
 * functions, with the reverts c found), recording every decision.  c is the
 * census of g, r and o (as census_compute); f a commit of g.  Release out
 * with census_trace_release.
 */
void census_trace(struct graph *g, struct resolver *r, const struct outside *o,
		  const struct census *c, uint32_t f, struct census_trace *out);
void census_trace_release(struct census_trace *t);

/*
 * live[i] = 1 when commit i is not reverted at the tip: no revert or
 * reapply link targets it from a commit that is itself live.
 */
void census_live_at_end(const struct graph *g, const struct census *c, uint8_t *live);

/* 1 when fewer than half of the commits have an upstream id, written or
 * inferred (doc/dialects.md "Saying what could not be seen"): fixes naming
 * mainline commits cannot find most of the series. */
int census_mostly_blind(const struct census *k);

#endif
