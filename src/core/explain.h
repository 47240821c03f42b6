/*
 * explain.h — why one commit counts as it does (`regtrace explain`): its
 * upstream ids and where each came from, every reference of its message
 * with the rules that decided it (census.h: census_trace, the census's own
 * functions run again for this commit), and the links from and to it.
 *
 * The rule names are census_rule_name()'s, the words of README "Counting
 * rules" (tests/unit/test_explain.c checks that the docs use each).
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_EXPLAIN_H
#define REGTRACE_EXPLAIN_H

#include "core/census.h"
#include "core/message.h"
#include "core/series.h"

struct explanation {
	uint32_t commit;
	struct census_trace trace;
	struct msg_where where;	/* the line of each alias and reference; none
				   (0 and 0) when the message was not read */
	struct u32s from;	/* indices of s->census.links: the links it makes */
	struct u32s to;		/* the links pointing at it (target or candidate) */
};

/*
 * Explain commit c of s.  where: msg_parse_where's lines for c's message
 * (taken over; each alias and reference finds its line by its id), or NULL.
 */
void explain_commit(struct series *s, uint32_t c, struct msg_where *where,
		    struct explanation *out);
void explanation_release(struct explanation *e);

/* Where upstream id a of c came from: "message" (a line of the message) or
 * "inferred" (from the mainline: core/identity.h). */
const char *explain_alias_source(const struct series *s, uint32_t c, size_t a);

/* The commit of s whose id is hex (40 digits), or -1. */
int64_t explain_find(const struct series *s, const char *hex);

#endif
