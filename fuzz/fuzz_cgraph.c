/*
 * fuzz_cgraph.c — libFuzzer harness for src/git/cgraph.c (git's commit-graph file,
 * read by the walk for parents and dates).
 *
 * The input is one commit-graph file; it is also added a second time as a
 * layer above the first (a split chain).  Checked: an accepted file gives, at
 * every position (up to 4096), an id, and cgraph_find of that id either
 * misses or finds a position with the same id (that position itself when
 * cgraph_positions_exact says so); cgraph_commit either fails or
 * gives nparents <= all_parents, nparents <= CGRAPH_MAX_PARENTS (256), parents inside the graph.
 */
#include <stdint.h>
#include <string.h>

#include "git/cgraph.h"
#include "fuzz_common.h"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif

static void check_graph(const struct cgraph *g)
{
	struct cgraph_commit c;
	uint32_t n = g->total < 4096 ? g->total : 4096;
	int exact = cgraph_positions_exact(g);

	for (uint32_t pos = 0; pos < n; pos++) {
		const uint8_t *oid = cgraph_oid(g, pos);
		CHECK(oid != NULL, "no id at %u of %u", pos, g->total);
		int64_t f = cgraph_find(g, oid);
		CHECK(f < 0 || (f < g->total && !memcmp(cgraph_oid(g, (uint32_t)f), oid, 20)),
		      "find gives %lld for position %u", (long long)f, pos);
		CHECK(!exact || f == pos, "positions exact, but find gives %lld for %u",
		      (long long)f, pos);
		if (cgraph_commit(g, pos, &c) < 0)
			continue;
		CHECK(c.nparents <= c.all_parents && c.nparents <= CGRAPH_MAX_PARENTS, "%u of %u parents",
		      c.nparents, c.all_parents);
		for (unsigned k = 0; k < c.nparents; k++)
			CHECK(c.parents[k] < g->total, "parent %u outside", c.parents[k]);
	}
	CHECK(cgraph_oid(g, g->total) == NULL, "an id past the end");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cgraph g;

	cgraph_init(&g);
	if (cgraph_add_layer(&g, data, size) < 0) {
		CHECK(g.nlayers == 0 && g.total == 0, "a rejected file left a layer");
		return 0;
	}
	check_graph(&g);
	if (cgraph_add_layer(&g, data, size) == 0) {
		CHECK(g.nlayers == 2, "layers");
		check_graph(&g);
	}
	return 0;
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
