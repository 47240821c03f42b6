/*
 * release.h — which tags are releases of a series, and which release each
 * commit belongs to.
 *
 * A release of BASE..TIP is a tag named BASE.N (N decimal, no leading zero)
 * on a commit of the series.  A commit belongs to the lowest-numbered
 * release whose history contains it, else to none ("unreleased").
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_RELEASE_H
#define REGTRACE_RELEASE_H

#include <stddef.h>
#include <stdint.h>

#include "graph.h"

struct release {
	char *name;		/* the tag name, e.g. "v4.19.35" */
	unsigned long number;	/* N */
	uint32_t commit;	/* index in the graph */
};

struct release_list {
	struct release *r;
	size_t n, cap;
};

/*
 * The series prefix for a BASE as written: BASE without "refs/tags/" or
 * "tags/".  Returns a pointer into base.
 */
const char *release_base_name(const char *base);

/* 1 and *n = N if tag is "<base>.<N>", else 0. */
int release_number(const char *base, const char *tag, unsigned long *n);

void release_list_init(struct release_list *l);
void release_list_add(struct release_list *l, const char *name,
		      unsigned long number, uint32_t commit);
void release_list_release(struct release_list *l);

/*
 * Sort the releases by number (then name) and set each commit's release
 * index in g.  Linear in the size of the graph.
 */
void release_attribute(struct release_list *l, struct graph *g);

/* The release's name, or "unreleased" for RELEASE_NONE. */
const char *release_name(const struct release_list *l, int release);

#endif
