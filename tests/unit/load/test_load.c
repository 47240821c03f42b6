/* Unit tests for the load layer without the command line: the read plan (git/read_plan.h, pure) and a
 * series set loaded with a request built by hand from a small repository made with libgit2
 * in a temporary directory, through a source with hooks of the test's own (source.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>

#include "base/error.h"
#include "git/tags.h"
#include "git/read_plan.h"
#include "load/series_set.h"

/* ---- the read plan ---------------------------------------------------------------------- */

/* Six ranges, 1 and 4 cached, two threads: the four to walk in two groups of two, in their
 * order, then each cached one alone. */
static void test_plan_walks_first(void **state)
{
	const int cached[6] = { 0, 1, 0, 0, 1, 0 };
	const size_t order[6] = { 0, 2, 3, 5, 1, 4 }, first[5] = { 0, 2, 4, 5, 6 };
	struct read_plan p;

	(void)state;
	setenv("REGTRACE_THREADS", "2", 1);
	read_plan_make(cached, 6, &p);
	assert_int_equal(p.groups, 4);
	assert_int_equal(p.walked, 2);
	assert_memory_equal(p.order, order, sizeof(order));
	assert_memory_equal(p.first, first, sizeof(first));
	read_plan_release(&p);
}

/* Everything cached: no walk, one group per range; nothing at all: no group. */
static void test_plan_all_cached_and_none(void **state)
{
	const int cached[3] = { 1, 1, 1 };
	struct read_plan p;

	(void)state;
	setenv("REGTRACE_THREADS", "4", 1);
	read_plan_make(cached, 3, &p);
	assert_int_equal(p.groups, 3);
	assert_int_equal(p.walked, 0);
	for (size_t g = 0; g <= 3; g++)
		assert_int_equal(p.first[g], g);
	read_plan_release(&p);
	read_plan_make(cached, 0, &p);
	assert_int_equal(p.groups, 0);
	assert_int_equal(p.first[0], 0);
	read_plan_release(&p);
}

/* More threads than ranges to walk: one group each. */
static void test_plan_threads_capped(void **state)
{
	const int cached[2] = { 0, 0 };
	struct read_plan p;

	(void)state;
	setenv("REGTRACE_THREADS", "8", 1);
	read_plan_make(cached, 2, &p);
	assert_int_equal(p.walked, 2);
	assert_int_equal(p.first[1], 1);
	assert_int_equal(p.first[2], 2);
	read_plan_release(&p);
}

/* ---- a series set from a repository -------------------------------------------------------- */

struct fixture {
	char dir[64];
	git_repository *repo;
	git_oid tree;
	int64_t when;
};

/* A commit on HEAD with message msg, its id in out. */
static void commit(struct fixture *f, const char *msg, git_oid *out)
{
	git_signature *sig;
	git_tree *tree;
	git_commit *parent = NULL;
	git_oid head;
	const git_commit *parents[1];

	assert_int_equal(git_signature_new(&sig, "A U Thor", "a@example.org", f->when, 0), 0);
	f->when += 86400;
	assert_int_equal(git_tree_lookup(&tree, f->repo, &f->tree), 0);
	if (git_reference_name_to_id(&head, f->repo, "HEAD") == 0)
		assert_int_equal(git_commit_lookup(&parent, f->repo, &head), 0);
	parents[0] = parent;
	assert_int_equal(git_commit_create(out, f->repo, "HEAD", sig, sig, NULL, msg, tree,
					   parent ? 1 : 0, parents), 0);
	git_commit_free(parent);
	git_tree_free(tree);
	git_signature_free(sig);
}

static void tag(struct fixture *f, const char *name, const git_oid *id)
{
	git_object *o;
	git_oid ignored;

	assert_int_equal(git_object_lookup(&o, f->repo, id, GIT_OBJECT_COMMIT), 0);
	assert_int_equal(git_tag_create_lightweight(&ignored, f->repo, name, o, 0), 0);
	git_object_free(o);
}

/*
 * v1.0 (start) -- "fix a"     -- v1.0.1 -- Revert "fix a" -- v1.0.2 -- "more" (end)
 *                 (upstream id)             (reverts it)
 */
static int setup_repo(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	git_treebuilder *tb;
	git_oid a, b, c, d;
	char msg[256];

	git_libgit2_init();
	snprintf(f->dir, sizeof(f->dir), "/tmp/test_load.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	assert_int_equal(git_repository_init(&f->repo, f->dir, 0), 0);
	assert_int_equal(git_treebuilder_new(&tb, f->repo, NULL), 0);
	assert_int_equal(git_treebuilder_write(&f->tree, tb), 0);
	git_treebuilder_free(tb);
	f->when = 1500000000;
	commit(f, "init\n", &a);
	commit(f, "fix a\n\ncommit 1234567890abcdef1234567890abcdef12345678 upstream.\n", &b);
	snprintf(msg, sizeof(msg), "Revert \"fix a\"\n\nThis reverts commit %s.\n",
		 git_oid_tostr_s(&b));
	commit(f, msg, &c);
	commit(f, "more\n", &d);
	tag(f, "v1.0", &a);
	tag(f, "start", &a);
	tag(f, "v1.0.1", &b);
	tag(f, "v1.0.2", &c);
	tag(f, "end", &d);
	*state = f;
	return 0;
}

static int teardown_repo(void **state)
{
	struct fixture *f = *state;
	char cmd[128];

	tags_forget();
	git_repository_free(f->repo);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	assert_int_equal(system(cmd), 0);
	free(f);
	git_libgit2_shutdown();
	return 0;
}

/* What the hooks heard. */
struct heard {
	char warnings[4][1024];
	size_t nwarnings, begun, ended;
};

static void warn(void *ctx, const char *text)
{
	struct heard *h = ctx;

	if (h->nwarnings < 4)
		snprintf(h->warnings[h->nwarnings], sizeof(h->warnings[0]), "%s", text);
	h->nwarnings++;
}

static const struct progress *phase_begin(void *ctx, const char *what, const char *unit,
					  size_t total)
{
	struct heard *h = ctx;

	(void)what, (void)unit, (void)total;
	assert_int_equal(h->begun, h->ended);	/* phases never nest */
	h->begun++;
	return NULL;
}

static void phase_end(void *ctx)
{
	((struct heard *)ctx)->ended++;
}

static const struct load_hooks hooks = { .warn = warn, .phase_begin = phase_begin,
					 .phase_end = phase_end };

/* One range by hand: read, its releases found, its revert counted; no warning. */
static void test_load_one_range(void **state)
{
	struct fixture *f = *state;
	const char *ranges[] = { "v1.0..v1.0.2" };
	struct load_request rq = { .ranges = ranges, .nranges = 1 };
	struct heard h = { 0 };
	struct load_source src = { f->repo, NULL, NULL, &hooks, &h };
	struct series_set set;
	char err[1024] = "";

	assert_int_equal(series_set_load(&rq, &src, &set, err, sizeof(err)), RT_OK);
	assert_int_equal(set.n, 1);
	assert_null(set.ml);
	assert_int_equal(set.s[0].census.commits, 2);
	assert_int_equal(set.s[0].census.reverts, 1);
	assert_int_equal(set.s[0].census.with_upstream, 1);
	assert_int_equal(set.s[0].rels.n, 2);
	assert_int_equal(h.nwarnings, 0);
	assert_true(h.begun >= 2);	/* reading, counting */
	assert_int_equal(h.begun, h.ended);
	series_set_release(&set);
}

/* A range with no release tags: a warning to the source, worded by the load layer; a series
 * mostly without upstream ids warns only when the request asks. */
static void test_load_warnings(void **state)
{
	struct fixture *f = *state;
	const char *ranges[] = { "v1.0.2..end" };
	struct load_request rq = { .ranges = ranges, .nranges = 1 };
	struct heard h = { 0 };
	struct load_source src = { f->repo, NULL, NULL, &hooks, &h };
	struct series_set set;
	char err[1024] = "";

	assert_int_equal(series_set_load(&rq, &src, &set, err, sizeof(err)), RT_OK);
	assert_int_equal(h.nwarnings, 1);
	assert_non_null(strstr(h.warnings[0], "no release tags in v1.0.2..end"));
	series_set_release(&set);
	rq.warn_blind = 1;
	h.nwarnings = 0;
	assert_int_equal(series_set_load(&rq, &src, &set, err, sizeof(err)), RT_OK);
	assert_int_equal(h.nwarnings, 2);
	assert_non_null(strstr(h.warnings[1], "0 of 1 commits (0.0%) have an upstream"));
	series_set_release(&set);
}

/* A request that needs the mainline fails without one; a source without hooks is enough. */
static void test_load_needs_mainline(void **state)
{
	struct fixture *f = *state;
	const char *ranges[] = { "v1.0..v1.0.2" };
	struct load_request rq = { .ranges = ranges, .nranges = 1, .needs_mainline = 1,
				   .mainline = "no-such-branch" };
	struct load_source src = { f->repo, NULL, NULL, NULL, NULL };
	struct series_set set;
	char err[1024] = "";

	assert_int_equal(series_set_load(&rq, &src, &set, err, sizeof(err)), RT_EFAIL);
	assert_non_null(strstr(err, "no-such-branch"));
	series_set_release(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan_walks_first),
		cmocka_unit_test(test_plan_all_cached_and_none),
		cmocka_unit_test(test_plan_threads_capped),
		cmocka_unit_test(test_load_one_range),
		cmocka_unit_test(test_load_warnings),
		cmocka_unit_test(test_load_needs_mainline),
	};

	return cmocka_run_group_tests(tests, setup_repo, teardown_repo);
}
