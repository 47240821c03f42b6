/* graph.c — see graph.h. */
#include "core/graph.h"
#include "base/codec.h"
#include "base/util.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

void graph_init(struct graph *g)
{
	memset(g, 0, sizeof(*g));
}

void graph_release(struct graph *g)
{
	for (size_t i = 0; i < g->n; i++) {
		free(g->c[i].parents);
		msg_facts_release(&g->c[i].facts);
		free(g->c[i].meta.author);
	}
	free(g->c);
	free(g->mark);
	free(g->stack);
	free(g->tin);
	free(g->tout);
	memset(g, 0, sizeof(*g));
}

uint32_t graph_add(struct graph *g, const char id[41], int is_merge,
		   struct msg_facts *facts)
{
	ARRAY_GROW(g->c, g->n, g->cap);
	struct graph_commit *c = &g->c[g->n];
	memset(c, 0, sizeof(*c));
	memcpy(c->id, id, 41);
	c->id[40] = '\0';
	c->is_merge = is_merge;
	c->release = RELEASE_NONE;
	c->facts = *facts;
	c->upstream = facts->naliases ? UPSTREAM_MESSAGE : UPSTREAM_NONE;
	memset(facts, 0, sizeof(*facts));
	g->has_merges |= is_merge;
	return (uint32_t)g->n++;
}

int graph_add_parent(struct graph *g, uint32_t child, uint32_t parent)
{
	if (parent >= child || child >= g->n)
		return -1;
	struct graph_commit *c = &g->c[child];
	c->parents = xrealloc(c->parents, (c->nparents + 1) * sizeof(uint32_t));
	c->parents[c->nparents++] = parent;
	return 0;
}

/* base/codec.h's FNV-1a of s[0..len) with ASCII letters folded to lower case. */
static uint64_t email_hash(const char *s, size_t len)
{
	uint64_t h = CODEC_FNV_INIT;

	for (size_t i = 0; i < len; i++) {
		uint8_t c = (uint8_t)s[i];
		c = c >= 'A' && c <= 'Z' ? (uint8_t)(c + 32) : c;
		h = codec_fnv(&c, 1, h);
	}
	return h;
}

/* An email in the form graph_author_make keeps a long one in (a cache's
 * copy): at most GRAPH_EMAIL_KEEP cleaned bytes (fewer when a character or
 * a control did not fit), '#', 16 lower-case hex digits. */
static int email_kept(const char *s, size_t len)
{
	if (len < 17 || len > GRAPH_AUTHOR_MAX || s[len - 17] != '#')
		return 0;
	for (size_t i = len - 16; i < len; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

char *graph_author_make(const char *name, size_t nlen, const char *email, size_t elen)
{
	char n[GRAPH_AUTHOR_MAX + 1], e[GRAPH_AUTHOR_MAX + 1];
	size_t a = msg_clean_into(n, name, nlen, GRAPH_AUTHOR_MAX);
	/* cleaned, it fits (cleaning may lengthen it: U+FFFD for a bad byte), or it
	 * is the kept form already (read back from a cache): as it is */
	size_t b = msg_clean_into(e, email, elen, GRAPH_AUTHOR_MAX);
	int hash = b > GRAPH_EMAIL_KEEP && !email_kept(e, b);

	if (hash) {	/* the first bytes, and the rest of it as a hash */
		b = msg_clean_into(e, email, elen, GRAPH_EMAIL_KEEP);
		snprintf(e + b, sizeof(e) - b, "#%016llx",
			 (unsigned long long)email_hash(email, elen));
		b += 17;
	}
	char *out = xmalloc(a + b + 2);

	memcpy(out, n, a + 1);
	memcpy(out + a + 1, e, b + 1);
	return out;
}

const char *graph_author_name(const struct graph_commit *c)
{
	return c->meta.author ? c->meta.author : "";
}

const char *graph_author_email_of(const char *author)
{
	return author ? author + strlen(author) + 1 : "";
}

const char *graph_author_email(const struct graph_commit *c)
{
	return graph_author_email_of(c->meta.author);
}

size_t graph_count_commits(const struct graph *g)
{
	size_t n = 0;

	for (size_t i = 0; i < g->n; i++)
		n += !g->c[i].is_merge;
	return n;
}

/*
 * The tree that links each commit to its first parent in the graph (a
 * parent always has a smaller index), numbered depth first: a commit is
 * entered (tin) before and left (tout) after everything under it, so a is
 * b's ancestor in the tree, hence in the graph, when [tin, tout] of a
 * holds b's.
 */
static void number_tree(struct graph *g)
{
	uint32_t n = (uint32_t)g->n, t = 0;
	uint32_t *first = xcalloc((size_t)n + 2, sizeof(uint32_t));
	uint32_t *kids = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *stack = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *next;

	for (uint32_t c = 0; c < n; c++)
		if (g->c[c].nparents)
			first[g->c[c].parents[0] + 2]++;
	for (uint32_t c = 0; c < n; c++)
		first[c + 2] += first[c + 1];
	for (uint32_t c = 0; c < n; c++)	/* (first[p + 1]: where p's next goes) */
		if (g->c[c].nparents)
			kids[first[g->c[c].parents[0] + 1]++] = c;
	/* first[p]..first[p + 1]: p's children; next[p]: the next one to enter */
	next = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	memcpy(next, first, ((size_t)n + 1) * sizeof(uint32_t));
	g->tin = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	g->tout = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	for (uint32_t r = 0; r < n; r++) {
		if (g->c[r].nparents)
			continue;
		size_t top = 0;
		stack[top++] = r;
		g->tin[r] = t++;
		while (top) {
			uint32_t u = stack[top - 1];
			if (next[u] < first[u + 1]) {
				uint32_t v = kids[next[u]++];
				g->tin[v] = t++;
				stack[top++] = v;
			} else {
				g->tout[u] = t++;
				top--;
			}
		}
	}
	g->ntree = n;
	free(next);
	free(first);
	free(kids);
	free(stack);
}

/*
 * A tree of first parents answers most questions at once (a fix and what
 * it fixes on the same line); else a depth-first search from b through
 * parents, never below index a: every ancestor of a commit has a smaller
 * index, so nothing under a can lead to it.  A linear series needs no
 * search at all.
 */
int graph_is_ancestor(struct graph *g, uint32_t a, uint32_t b)
{
	if (a >= b || b >= g->n)
		return 0;
	if (!g->has_merges)
		return 1;
	if (!g->tin)
		number_tree(g);
	if (b < g->ntree && g->tin[a] <= g->tin[b] && g->tout[b] <= g->tout[a])
		return 1;
	if (!g->mark) {
		g->mark = xcalloc(g->n, sizeof(uint32_t));
		g->stack = xmalloc(g->n * sizeof(uint32_t));
	}
	if (++g->epoch == 0) {
		memset(g->mark, 0, g->n * sizeof(uint32_t));
		g->epoch = 1;
	}
	size_t top = 0;
	g->stack[top++] = b;
	g->mark[b] = g->epoch;
	while (top) {
		const struct graph_commit *c = &g->c[g->stack[--top]];
		for (uint32_t i = 0; i < c->nparents; i++) {
			uint32_t p = c->parents[i];
			if (p == a)
				return 1;
			if (p < a || g->mark[p] == g->epoch)
				continue;
			g->mark[p] = g->epoch;
			g->stack[top++] = p;
		}
	}
	return 0;
}
