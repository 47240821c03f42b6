/* Unit tests for walk_options.take and .no_parents (walk.h): each range's result handed
 * over as soon as it is made, ranges in order, the same commits in the same order as the
 * results the walk returns without it; no parents' positions when none are asked for.
 * A bare repository made with libgit2: c0 <- c1 <- c2 <- c3, one commit a minute. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>

#include "git/walk.h"

static char dir[] = "/tmp/regtrace-walk-take.XXXXXX";
static git_repository *repo;
static git_oid c[4];

static int setup(void **state)
{
	git_oid tree;
	git_treebuilder *tb;
	git_tree *t;

	(void)state;
	git_libgit2_init();
	if (!mkdtemp(dir) || git_repository_init(&repo, dir, 1) < 0 ||
	    git_treebuilder_new(&tb, repo, NULL) < 0 || git_treebuilder_write(&tree, tb) < 0 ||
	    git_tree_lookup(&t, repo, &tree) < 0)
		return -1;
	git_treebuilder_free(tb);
	for (int i = 0; i < 4; i++) {
		git_signature *sig;
		git_commit *parent = NULL;
		char msg[32];
		snprintf(msg, sizeof(msg), "c%d\n", i);
		if (git_signature_new(&sig, "A", "a@example.org", 1500000000 + 60 * i, 0) < 0 ||
		    (i && git_commit_lookup(&parent, repo, &c[i - 1]) < 0) ||
		    git_commit_create_v(&c[i], repo, NULL, sig, sig, NULL, msg, t, i ? 1 : 0,
					parent) < 0)
			return -1;
		git_commit_free(parent);
		git_signature_free(sig);
	}
	git_tree_free(t);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	git_repository_free(repo);
	git_libgit2_shutdown();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* What take saw: per range, in the order handed over. */
struct seen {
	size_t r[8], n[8], nparents[8];
	uint8_t first[8][20];
	int parents_null[8];
	size_t calls;
};

static void release_facts(struct walk_result *w)
{
	for (size_t k = 0; k < w->n; k++) {
		if (w->v[k].facts)
			msg_facts_release(w->v[k].facts);
		free(w->v[k].facts);
		free(w->v[k].meta);
		w->v[k].facts = NULL;
		w->v[k].meta = NULL;
	}
}

static void take(void *ctx, size_t r, struct walk_result *w)
{
	struct seen *s = ctx;
	size_t i = s->calls++;

	s->r[i] = r;
	s->n[i] = w->n;
	s->nparents[i] = w->n ? w->v[w->n - 1].nparents : 0;
	s->parents_null[i] = w->n && !w->v[w->n - 1].parents;
	if (w->n)
		memcpy(s->first[i], w->v[0].oid, 20);
	release_facts(w);
	walk_result_release(w);
}

/* c3 ^c0, c3 ^c1, c3 ^c2: 3, 2 and 1 commits, the oldest first. */
static void walk3(struct walk_options *o, struct walk_result *outs)
{
	struct walk_spec specs[3] = { { &c[3], &c[0], 1 }, { &c[3], &c[1], 1 },
				      { &c[3], &c[2], 1 } };
	char err[256];

	assert_int_equal(walk_ranges(repo, specs, 3, o, outs, err, sizeof(err)), 0);
}

static void test_taken_in_order(void **state)
{
	struct seen s = { 0 };
	struct walk_options o = { .take = take, .take_ctx = &s };
	struct walk_result outs[3], plain[3];

	(void)state;
	memset(outs, 0, sizeof(outs));
	walk3(&o, outs);
	assert_int_equal(s.calls, 3);
	for (size_t r = 0; r < 3; r++) {
		assert_int_equal(s.r[r], r);
		assert_int_equal(s.n[r], 3 - r);
		assert_memory_equal(s.first[r], c[r + 1].id, 20);	/* the oldest first */
		assert_int_equal(s.nparents[r], r < 2 ? 1 : 0);	/* c3's parent c2 in range */
		assert_false(s.parents_null[r]);
		assert_int_equal(outs[r].n, 0);		/* taken */
		assert_null(outs[r].v);
	}
	memset(plain, 0, sizeof(plain));
	walk3(&(struct walk_options){ 0 }, plain);	/* the same without take */
	for (size_t r = 0; r < 3; r++) {
		assert_int_equal(plain[r].n, s.n[r]);
		assert_memory_equal(plain[r].v[0].oid, s.first[r], 20);
		release_facts(&plain[r]);
		walk_result_release(&plain[r]);
	}
}

static void test_no_parents(void **state)
{
	struct seen s = { 0 };
	struct walk_options o = { .take = take, .take_ctx = &s, .no_parents = 1 };
	struct walk_result outs[3];

	(void)state;
	memset(outs, 0, sizeof(outs));
	walk3(&o, outs);
	assert_int_equal(s.calls, 3);
	for (size_t r = 0; r < 3; r++) {
		assert_int_equal(s.n[r], 3 - r);
		assert_int_equal(s.nparents[r], 0);
		assert_true(s.parents_null[r]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_taken_in_order),
		cmocka_unit_test(test_no_parents),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
