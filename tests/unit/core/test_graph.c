/* Unit tests for graph.c's graph_is_ancestor(): on histories with merges,
 * its answers (the tree of first parents, else a search) equal the ones
 * of a plain closure of the parents, for every pair. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/graph.h"
#include "test_helpers.h"

/* A history of n commits: commit c > 0 has a first parent among the last
 * few (or none, now and then: a second root), and now and then a second
 * parent further back (a merge of a topic forked long before). */
static void build(struct graph *g, uint32_t n, unsigned seed)
{
	char id[41];
	struct msg_facts f;

	graph_init(g);
	srand(seed);
	for (uint32_t c = 0; c < n; c++) {
		int merge = c > 2 && rand() % 5 == 0;
		th_id(id, c);
		msg_parse("x", 1, &f);
		graph_add(g, id, merge, &f);
		if (c == 0 || rand() % 17 == 0)
			continue;
		graph_add_parent(g, c, c - 1 - (uint32_t)rand() % (c < 3 ? c : 3));
		if (merge)
			graph_add_parent(g, c, (uint32_t)rand() % (c - 1));
	}
}

/* reach[b * n + a]: a is an ancestor of b (parents first in index order). */
static uint8_t *closure(const struct graph *g)
{
	size_t n = g->n;
	uint8_t *reach = calloc(n * n, 1);

	for (size_t b = 0; b < n; b++)
		for (uint32_t i = 0; i < g->c[b].nparents; i++) {
			size_t p = g->c[b].parents[i];
			reach[b * n + p] = 1;
			for (size_t a = 0; a < p; a++)
				reach[b * n + a] |= reach[p * n + a];
		}
	return reach;
}

static void test_ancestors_as_the_closure(void **state)
{
	(void)state;
	for (unsigned seed = 1; seed <= 20; seed++) {
		struct graph g;
		build(&g, 150, seed);
		uint8_t *reach = closure(&g);
		size_t yes = 0;
		for (uint32_t b = 0; b < g.n; b++)
			for (uint32_t a = 0; a < g.n; a++) {
				int want = a < b && reach[(size_t)b * g.n + a];
				assert_int_equal(graph_is_ancestor(&g, a, b), want);
				yes += (size_t)want;
			}
		assert_true(yes > 0 && yes < (size_t)g.n * g.n / 2);
		free(reach);
		graph_release(&g);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ancestors_as_the_closure),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
