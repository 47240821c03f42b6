/* topo.c — see topo.h.  Kahn's algorithm with a min-heap of ready commits. */
#include "git/topo.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

struct ready {
	const struct topo_node *v;
	uint32_t *h;
	size_t n;
};

static int before(const struct topo_node *v, uint32_t a, uint32_t b)
{
	if (v[a].time != v[b].time)
		return v[a].time < v[b].time;
	return memcmp(v[a].oid, v[b].oid, 20) < 0;
}

static void push(struct ready *r, uint32_t x)
{
	size_t i = r->n++;

	while (i && before(r->v, x, r->h[(i - 1) / 2])) {
		r->h[i] = r->h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	r->h[i] = x;
}

static uint32_t pop(struct ready *r)
{
	uint32_t top = r->h[0], x = r->h[--r->n];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= r->n)
			break;
		if (c + 1 < r->n && before(r->v, r->h[c + 1], r->h[c]))
			c++;
		if (!before(r->v, r->h[c], x))
			break;
		r->h[i] = r->h[c];
		i = c;
	}
	if (r->n)
		r->h[i] = x;
	return top;
}

size_t topo_sort(const struct topo_node *v, size_t n, uint32_t *order)
{
	uint32_t *pending = xcalloc(n + 1, sizeof(uint32_t));
	size_t *first = xcalloc(n + 2, sizeof(size_t)), nedges = 0, done = 0;
	struct ready r = { v, xmalloc((n + 1) * sizeof(uint32_t)), 0 };

	/* children of each commit, as one array cut by first[] */
	for (size_t i = 0; i < n; i++)
		for (uint32_t k = 0; k < v[i].nparents; k++)
			first[v[i].parents[k] + 1]++;
	for (size_t i = 0; i < n; i++)
		first[i + 1] += first[i];
	nedges = first[n];
	uint32_t *children = xmalloc((nedges + 1) * sizeof(uint32_t));
	size_t *fill = xmalloc((n + 1) * sizeof(size_t));
	memcpy(fill, first, n * sizeof(size_t));
	for (size_t i = 0; i < n; i++) {
		pending[i] = v[i].nparents;
		for (uint32_t k = 0; k < v[i].nparents; k++)
			children[fill[v[i].parents[k]]++] = (uint32_t)i;
		if (!pending[i])
			push(&r, (uint32_t)i);
	}
	while (r.n) {
		uint32_t i = pop(&r);
		order[done++] = i;
		for (size_t k = first[i]; k < first[i + 1]; k++)
			if (--pending[children[k]] == 0)
				push(&r, children[k]);
	}
	free(fill);
	free(children);
	free(first);
	free(pending);
	free(r.h);
	return done;
}
