/* release.c — see release.h. */
#include "release.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

const char *release_base_name(const char *base)
{
	if (!strncmp(base, "refs/tags/", 10))
		return base + 10;
	if (!strncmp(base, "tags/", 5))
		return base + 5;
	return base;
}

int release_number(const char *base, const char *tag, unsigned long *n)
{
	size_t bl = strlen(base);
	const char *p;
	unsigned long v = 0;

	if (!bl || strncmp(tag, base, bl) || tag[bl] != '.')
		return 0;
	p = tag + bl + 1;
	if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] != '\0'))
		return 0;
	for (; *p; p++) {
		if (*p < '0' || *p > '9')
			return 0;
		if (v > (ULONG_MAX - 9) / 10)
			return 0;
		v = v * 10 + (unsigned long)(*p - '0');
	}
	*n = v;
	return 1;
}

void release_list_init(struct release_list *l)
{
	memset(l, 0, sizeof(*l));
}

void release_list_add(struct release_list *l, const char *name,
		      unsigned long number, uint32_t commit)
{
	ARRAY_GROW(l->r, l->n, l->cap);
	l->r[l->n].name = xstrdup(name);
	l->r[l->n].number = number;
	l->r[l->n].commit = commit;
	l->n++;
}

void release_list_release(struct release_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->r[i].name);
	free(l->r);
	memset(l, 0, sizeof(*l));
}

static int cmp_release(const void *pa, const void *pb)
{
	const struct release *a = pa, *b = pb;

	if (a->number != b->number)
		return a->number < b->number ? -1 : 1;
	return strcmp(a->name, b->name);
}

/*
 * Releases in ascending order each claim the unclaimed part of their
 * history.  A claimed commit's whole history is claimed already (by a
 * release no higher), so the search stops there: each commit is visited
 * once over all releases.
 */
void release_attribute(struct release_list *l, struct graph *g)
{
	uint32_t *stack = xmalloc((g->n + 1) * sizeof(uint32_t));

	if (l->n)
		qsort(l->r, l->n, sizeof(*l->r), cmp_release);
	for (size_t i = 0; i < g->n; i++)
		g->c[i].release = RELEASE_NONE;
	for (size_t r = 0; r < l->n; r++) {
		uint32_t top = 0, start = l->r[r].commit;
		if (start >= g->n || g->c[start].release != RELEASE_NONE)
			continue;
		g->c[start].release = (int)r;
		stack[top++] = start;
		while (top) {
			const struct graph_commit *c = &g->c[stack[--top]];
			for (uint32_t k = 0; k < c->nparents; k++) {
				uint32_t p = c->parents[k];
				if (g->c[p].release != RELEASE_NONE)
					continue;
				g->c[p].release = (int)r;
				stack[top++] = p;
			}
		}
	}
	free(stack);
}

const char *release_name(const struct release_list *l, int release)
{
	if (release < 0 || (size_t)release >= l->n)
		return "unreleased";
	return l->r[release].name;
}
