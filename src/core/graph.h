/*
 * graph.h — the commits of one series, in history order, and ancestry.
 *
 * A graph holds the commits reachable from TIP and not from BASE (merges
 * included, for ancestry and release attribution; census rules skip them).
 * Invariant: commits are stored parents-first (topological order), so an
 * ancestor always has a smaller index, and "history order" is index order.
 * Parents outside the series are dropped.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_GRAPH_H
#define REGTRACE_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "core/message.h"

#define RELEASE_NONE (-1)	/* "unreleased" */

/* Where a commit's upstream identity comes from (core/identity.h). */
enum upstream_source {
	UPSTREAM_NONE,		/* no upstream id */
	UPSTREAM_MESSAGE,	/* its message names one or more (aliases) */
	UPSTREAM_INFERRED,	/* none written; one mainline commit has its
				   author and subject: its last alias */
	UPSTREAM_AMBIGUOUS,	/* none written; several mainline commits have
				   its author and subject, and no single one
				   its patch */
};

/* Who wrote a commit and when (the git layer reads it; unknown: 0 and NULL). */
struct commit_meta {
	int64_t commit_time, author_time;	/* seconds since the epoch, UTC */
	char *author;		/* "name\0email\0", cleaned to printable UTF-8; owned */
};

struct graph_commit {
	char id[41];
	uint32_t *parents;	/* indices, each smaller than this commit's */
	uint32_t nparents;	/* parents inside the series */
	int is_merge;		/* two or more parents in the repository */
	int release;		/* index into the series' releases, or RELEASE_NONE */
	enum upstream_source upstream;	/* MESSAGE when facts has aliases, else
					   NONE, until identity.h says more */
	uint32_t inferred_among;	/* INFERRED: how many mainline commits had
					   its author and subject (more than 1: the
					   patch-id chose) */
	struct msg_facts facts;
	struct commit_meta meta;
};

struct graph {
	struct graph_commit *c;
	size_t n, cap;
	int has_merges;
	uint32_t *mark, epoch;	/* scratch for graph_is_ancestor */
	uint32_t *stack;
	uint32_t *tin, *tout;	/* graph_is_ancestor's tree of first parents:
				   entered, left (for the first ntree commits) */
	uint32_t ntree;
};

void graph_init(struct graph *g);
void graph_release(struct graph *g);

/* Append a commit (taking ownership of facts); returns its index.
 * Parents are attached later with graph_add_parent, in order. */
uint32_t graph_add(struct graph *g, const char id[41], int is_merge,
		   struct msg_facts *facts);
/* Returns 0, or -1 if parent is not older than child (order broken). */
int graph_add_parent(struct graph *g, uint32_t child, uint32_t parent);

/* 1 if a is a proper ancestor of b. */
int graph_is_ancestor(struct graph *g, uint32_t a, uint32_t b);

/* A commit_meta author string of a name and an email (any bytes; each is
 * cleaned and cut at GRAPH_AUTHOR_MAX bytes).  An email longer than
 * GRAPH_EMAIL_KEEP bytes once cleaned keeps its first GRAPH_EMAIL_KEEP and
 * then "#" and 16 hex digits of a hash of the whole email (ASCII case
 * folded), so that two emails that differ anywhere stay different: emails
 * decide which commits are the same change (core/identity.h).  An email
 * already in that form (read back from a cache) is kept as it is. */
#define GRAPH_AUTHOR_MAX 256
#define GRAPH_EMAIL_KEEP (GRAPH_AUTHOR_MAX - 17)
char *graph_author_make(const char *name, size_t nlen, const char *email, size_t elen);
/* The author's name and email of c ("" when unknown). */
const char *graph_author_name(const struct graph_commit *c);
const char *graph_author_email(const struct graph_commit *c);
/* The email of an author string graph_author_make made ("" for NULL). */
const char *graph_author_email_of(const char *author);

/* Non-merge commits. */
size_t graph_count_commits(const struct graph *g);

#endif
