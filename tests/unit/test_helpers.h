/*
 * test_helpers.h — build a series graph in memory for unit tests.
 *
 * Commit k gets the id k in 7 hex digits, padded to 40 with 'e', so the
 * first 7 digits of every id are unique.
 */
#ifndef TEST_HELPERS_H
#define TEST_HELPERS_H

#include <stdio.h>
#include <string.h>

#include "core/census.h"
#include "core/graph.h"
#include "core/release.h"
#include "core/resolve.h"

static inline void th_id(char out[41], size_t k)
{
	snprintf(out, 41, "%07zx", k);
	memset(out + 7, 'e', 33);
	out[40] = '\0';
}

/* Append a commit whose parent is the previous commit (none for the first). */
static inline uint32_t th_add(struct graph *g, const char *msg)
{
	char id[41];
	struct msg_facts f;

	th_id(id, g->n);
	msg_parse(msg, strlen(msg), &f);
	uint32_t i = graph_add(g, id, 0, &f);
	if (i > 0)
		graph_add_parent(g, i, i - 1);
	return i;
}

/* Append a commit with the given parents (-1 ends the list); 2+ is a merge. */
static inline uint32_t th_add_parents(struct graph *g, const char *msg, int p0, int p1)
{
	char id[41];
	struct msg_facts f;

	th_id(id, g->n);
	msg_parse(msg, strlen(msg), &f);
	uint32_t i = graph_add(g, id, p1 >= 0, &f);
	if (p0 >= 0)
		graph_add_parent(g, i, (uint32_t)p0);
	if (p1 >= 0)
		graph_add_parent(g, i, (uint32_t)p1);
	return i;
}

/* Attribute releases and run the census. */
static inline void th_census(struct graph *g, struct release_list *rels, struct census *c)
{
	struct resolver r;

	release_attribute(rels, g);
	resolver_init(&r, g);
	census_compute(g, &r, NULL, -1, c);
	resolver_release(&r);
}

#endif
