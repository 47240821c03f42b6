/*
 * request.h — what a command asks the load layer for (series_set.h): which
 * ranges, how to count them, whether the mainline is read and what is
 * computed against it.  Each command fills one (cmd/request.h builds the
 * common part from the command line and the command table); the load layer
 * never sees the command line.
 */
#ifndef REGTRACE_LOAD_REQUEST_H
#define REGTRACE_LOAD_REQUEST_H

#include <stddef.h>
#include <stdint.h>

#include "core/age.h"

struct load_request {
	const char *const *ranges;	/* as given: none = every series of the
					   repository, a bare BASE = BASE..its
					   highest BASE.N */
	size_t nranges;
	const char *introduced_until;	/* count only up to this release, or NULL */
	const char *by;			/* "channel", "path" or NULL: the census per group */
	int by_depth;			/* "path": the directories kept */
	const char *mainline;		/* the mainline branch, or NULL: the default */
	int needs_mainline;		/* compared with it: read it, or fail */
	int infer;			/* upstream ids inferred from the mainline */
	int count_open;			/* each series' open count, as it is analysed */
	int warn_blind;			/* warn of a series mostly without upstream ids */
	const struct age_spec *at_age;	/* age_set.h: each series at this age, or NULL */
	int projected;			/* age_set.h: projections */
	const uint8_t *summary_run;	/* stats alone (no mainline, no groups, no
					   age, no cut): series that did not change
					   come from their summaries, kept under
					   keys made from these 20 bytes
					   (series_set.h); NULL: none */
};

#endif
