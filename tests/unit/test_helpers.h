/*
 * test_helpers.h — build a series graph in memory for unit tests.
 *
 * Commit k gets the id k in 7 hex digits, padded to 40 with 'e', so the
 * first 7 digits of every id are unique.
 *
 * struct th_fx is the cmocka fixture of the census tests (test_census,
 * test_explain, test_identity): th_setup and th_teardown as a test's setup
 * and teardown, th_msg to format a message into its buffer.
 */
#ifndef TEST_HELPERS_H
#define TEST_HELPERS_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/census.h"
#include "core/graph.h"
#include "core/identity.h"
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

/* A graph, its releases, ids outside it, its census, the resolver and the
 * trace of one commit (each released by th_teardown whether used or not),
 * and a buffer for th_msg. */
struct th_fx {
	struct graph g;
	struct release_list rels;
	struct outside o;
	struct census c;
	struct resolver r;
	struct census_trace t;
	char buf[4096];
};

static inline int th_setup(void **state)
{
	struct th_fx *x = calloc(1, sizeof(*x));
	graph_init(&x->g);
	release_list_init(&x->rels);
	outside_init(&x->o);
	*state = x;
	return 0;
}

static inline int th_teardown(void **state)
{
	struct th_fx *x = *state;
	census_trace_release(&x->t);
	census_release(&x->c);
	resolver_release(&x->r);
	outside_release(&x->o);
	release_list_release(&x->rels);
	graph_release(&x->g);
	free(x);
	return 0;
}

/* The message fmt formats to, in x's buffer (the next call overwrites it). */
static inline const char *th_msg(struct th_fx *x, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(x->buf, sizeof(x->buf), fmt, ap);
	va_end(ap);
	return x->buf;
}

#endif
