/* Unit tests for census_trace() and explain.c: each rule of README "Which
 * commit a reference means" recorded by the name the docs give it, on graphs
 * built in memory; and every rule name printed is one the docs use. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <cmocka.h>

#include "test_helpers.h"
#include "core/explain.h"

#define UP_A "4abb951b73ff0a8a979113ef185651aa3c8da19b"
#define UP_B "c5781ffbbd4f742a58263458145fe7f0ac01d9e0"

/* The census of the graph, then the trace of commit f. */
static void trace(struct th_fx *x, uint32_t f)
{
	if (!x->r.cls) {
		release_attribute(&x->rels, &x->g);
		resolver_init(&x->r, &x->g);
		census_compute(&x->g, &x->r, NULL, -1, &x->c);
	}
	census_trace_release(&x->t);
	census_trace(&x->g, &x->r, NULL, &x->c, f, &x->t);
}

static void assert_step(const struct ref_trace *rt, size_t k, enum census_rule rule,
			size_t nkept)
{
	assert_true(k < rt->nsteps);
	assert_string_equal(census_rule_name(rt->steps[k].rule), census_rule_name(rule));
	assert_int_equal(rt->steps[k].kept.n, nkept);
}

/* The ACPICA tangle: the earliest live copy, and the duplicate. */
static void test_acpica(void **state)
{
	struct th_fx *x = *state;
	uint32_t bp1 = th_add(&x->g, "ACPICA: add region\n\ncommit " UP_A " upstream.\n");
	uint32_t rv = th_add(&x->g, th_msg(x, "Revert \"ACPICA: add region\"\n\nThis reverts commit %s "
					   "which is\ncommit " UP_A " upstream.\n", x->g.c[bp1].id));
	uint32_t bp2 = th_add(&x->g, "ACPICA: add region\n\ncommit " UP_A " upstream.\n");
	uint32_t fix = th_add(&x->g, "ACPICA: remove node\n\ncommit " UP_B " upstream.\n\n"
			      "Fixes: 4abb951b73ff (\"ACPICA: add region\")\n");
	uint32_t dup = th_add(&x->g, "ACPICA: add region\n\ncommit " UP_A " upstream.\n");

	trace(x, fix);
	assert_int_equal(x->t.nrefs, 1);
	const struct ref_trace *rt = &x->t.refs[0];
	assert_int_equal(rt->matched.n, 3);	/* bp1 bp2 dup */
	assert_int_equal(rt->nupstream, 1);	/* copies of one upstream commit: no filter */
	assert_int_equal(rt->nsteps, 1);
	assert_step(rt, 0, RULE_LIVE_COPY, 1);
	assert_int_equal(rt->steps[0].kept.v[0], bp2);
	assert_int_equal(rt->ncopies, 3);
	assert_true(rt->copies[0].ancestor && !rt->copies[0].live);	/* bp1, reverted by rv */
	assert_true(rt->copies[1].ancestor && rt->copies[1].live);	/* bp2 */
	assert_false(rt->copies[2].ancestor);				/* dup comes later */
	assert_true(rt->linked && !rt->joined);
	assert_int_equal(rt->kind, LINK_FIX);
	assert_int_equal(rt->target, bp2);
	assert_int_equal(x->t.duplicate_of, LINK_NO_TARGET);

	trace(x, rv);
	assert_step(&x->t.refs[0], 0, RULE_LIVE_COPY, 1);
	assert_int_equal(x->t.refs[0].kind, LINK_REVERT);
	assert_int_equal(x->t.naliases, 0);	/* the "commit ... upstream." line continues the revert */

	trace(x, dup);
	assert_int_equal(x->t.nrefs, 0);
	assert_int_equal(x->t.duplicate_of, bp2);
	assert_int_equal(x->t.naliases, 1);
	assert_int_equal(x->t.ncopies[0], 2);	/* bp1 (reverted) and bp2, not dup itself */
	assert_false(x->t.copies[0][0].live);
	assert_true(x->t.copies[0][1].live);

	trace(x, bp2);	/* bp1 is reverted at bp2: no duplicate */
	assert_int_equal(x->t.duplicate_of, LINK_NO_TARGET);
	assert_int_equal(x->t.ncopies[0], 2);
}

/* A reference matching only the commit itself; one matching nothing. */
static void test_self_and_outside(void **state)
{
	struct th_fx *x = *state;
	uint32_t s = th_add(&x->g, "self\n\ncommit " UP_B " upstream.\n\nFixes: c5781ffbbd4f\n"
			    "Fixes: deadbeef0\n");

	trace(x, s);
	assert_int_equal(x->t.nrefs, 2);
	assert_int_equal(x->t.refs[0].matched.n, 1);
	assert_int_equal(x->t.refs[0].nsteps, 1);
	assert_step(&x->t.refs[0], 0, RULE_SELF, 0);
	assert_false(x->t.refs[0].linked);
	assert_int_equal(x->t.refs[1].matched.n, 0);
	assert_step(&x->t.refs[1], 0, RULE_OUTSIDE, 0);
	assert_false(x->t.refs[1].linked);
}

/* Two upstream commits share the 7 digits: the ancestor filter, then the
 * quoted subject; with neither settling it, ambiguous. */
static void test_filters(void **state)
{
	struct th_fx *x = *state;
	uint32_t a = th_add(&x->g, "alpha thing\n\ncommit 1234567aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa upstream.\n");
	uint32_t b = th_add(&x->g, "beta thing\n\ncommit 1234567bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb upstream.\n");
	uint32_t f1 = th_add(&x->g, "fix one\n\nFixes: 1234567 (\"Beta  THING\")\n");
	uint32_t f2 = th_add(&x->g, "fix two\n\nFixes: 1234567 (\"gamma\")\n");

	trace(x, f1);
	const struct ref_trace *rt = &x->t.refs[0];
	assert_int_equal(rt->nupstream, 2);
	assert_int_equal(rt->nsteps, 3);
	assert_step(rt, 0, RULE_ANCESTOR, 2);	/* both are ancestors */
	assert_step(rt, 1, RULE_SUBJECT, 1);	/* only b has the subject */
	assert_int_equal(rt->steps[1].kept.v[0], b);
	assert_step(rt, 2, RULE_LIVE_COPY, 1);
	assert_int_equal(rt->target, b);

	trace(x, f2);
	rt = &x->t.refs[0];
	assert_int_equal(rt->nsteps, 3);
	assert_step(rt, 1, RULE_SUBJECT, 2);	/* none has "gamma": all kept */
	assert_step(rt, 2, RULE_AMBIGUOUS, 2);
	assert_int_equal(rt->kind, LINK_AMBIGUOUS);
	assert_int_equal(rt->target, LINK_NO_TARGET);
	assert_int_equal(rt->candidates.n, 2);
	assert_int_equal(rt->candidates.v[0], a);
}

/* The ancestor filter leaves nothing: preemptive. */
static void test_preemptive(void **state)
{
	struct th_fx *x = *state;
	uint32_t f = th_add(&x->g, "early fix\n\nFixes: 1234567\n");
	uint32_t a = th_add(&x->g, "alpha\n\ncommit 1234567aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa upstream.\n");
	th_add(&x->g, "beta\n\ncommit 1234567bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb upstream.\n");

	trace(x, f);
	const struct ref_trace *rt = &x->t.refs[0];
	assert_int_equal(rt->nsteps, 2);
	assert_step(rt, 0, RULE_ANCESTOR, 0);
	assert_step(rt, 1, RULE_PREEMPTIVE, 1);
	assert_int_equal(rt->kind, LINK_PREEMPTIVE);
	assert_int_equal(rt->target, a);	/* the row names the earliest match */
}

/* A revert line and a Fixes: line naming one target: one link, of the
 * revert's kind; every copy reverted: the latest reverted copy. */
static void test_one_link_and_reverted_copy(void **state)
{
	struct th_fx *x = *state;
	uint32_t a1 = th_add(&x->g, "a\n\ncommit " UP_A " upstream.\n");
	uint32_t r1 = th_add(&x->g, th_msg(x, "Revert \"a\"\n\nThis reverts commit %.12s.\n", x->g.c[a1].id));
	uint32_t f = th_add(&x->g, th_msg(x, "Revert \"a\"\n\nFixes: %.12s\nThis reverts commit %.12s.\n",
				          x->g.c[a1].id, x->g.c[a1].id));
	uint32_t g = th_add(&x->g, "g\n\nFixes: 4abb951b73ff\n");

	trace(x, f);	/* a1 is reverted by r1 at f: the latest reverted copy, a1 */
	assert_int_equal(x->t.nrefs, 2);
	assert_step(&x->t.refs[0], 0, RULE_REVERTED_COPY, 1);
	assert_int_equal(x->t.refs[0].kind, LINK_REVERT);	/* taken over by the revert line */
	assert_false(x->t.refs[0].joined);
	assert_true(x->t.refs[1].joined);
	assert_int_equal(x->t.refs[1].nsteps, 2);
	assert_step(&x->t.refs[1], 1, RULE_ONE_LINK, 1);
	assert_int_equal(x->t.refs[1].target, a1);

	trace(x, g);	/* r1 and f both revert a1 */
	assert_step(&x->t.refs[0], 0, RULE_REVERTED_COPY, 1);
	assert_int_equal(x->t.refs[0].target, a1);
	(void)r1;
}

/* explain_commit: the links from and to a commit. */
static void test_explain_links(void **state)
{
	struct th_fx *x = *state;
	struct series s = { 0 };
	struct explanation e;
	uint32_t a = th_add(&x->g, "a\n\ncommit " UP_A " upstream.\n");
	uint32_t f = th_add(&x->g, "f\n\nFixes: 4abb951b73ff\n");

	s.g = x->g;
	graph_init(&x->g);
	resolver_init(&s.r, &s.g);
	census_compute(&s.g, &s.r, NULL, -1, &s.census);
	explain_commit(&s, a, NULL, &e);
	assert_int_equal(e.from.n, 0);
	assert_int_equal(e.to.n, 1);
	assert_int_equal(s.census.links[e.to.v[0]].fix, f);
	assert_int_equal(e.where.naliases, 0);
	explanation_release(&e);
	assert_int_equal(explain_find(&s, s.g.c[f].id), f);
	assert_int_equal(explain_find(&s, UP_A), -1);
	assert_string_equal(explain_alias_source(&s, a, 0), "message");
	census_release(&s.census);
	resolver_release(&s.r);
	graph_release(&s.g);
}

/* Text with every run of white space read as one space (names wrap). */
static char *read_folded(const char *path)
{
	FILE *f = fopen(path, "r");
	size_t n = 0, cap = 1 << 16;
	char *s = malloc(cap);
	int ch, space = 0;

	if (!f) {
		free(s);
		return NULL;
	}
	while ((ch = fgetc(f)) != EOF) {
		if (n + 2 >= cap)
			s = realloc(s, cap *= 2);
		if (ch == ' ' || ch == '\n' || ch == '\t') {
			space = 1;
			continue;
		}
		if (space && n)
			s[n++] = ' ';
		space = 0;
		s[n++] = (char)ch;
	}
	s[n] = '\0';
	fclose(f);
	return s;
}

/* "*name*" or "`name`" in text. */
static int names(const char *text, const char *name)
{
	char a[128], b[128];

	snprintf(a, sizeof(a), "*%s*", name);
	snprintf(b, sizeof(b), "`%s`", name);
	return strstr(text, a) || strstr(text, b);
}

/* Every rule name explain prints is one the counting rules use (README.md or
 * the other pages of doc/), and explain's page lists it. */
static void test_rule_names_documented(void **state)
{
	(void)state;
	char *own = read_folded("doc/explain-regressions.md"), *rules[64];
	size_t nrules = 0;
	DIR *d = opendir("doc");
	struct dirent *de;

	assert_non_null(own);	/* run from the top of the tree (make unit) */
	assert_non_null(d);
	rules[nrules++] = read_folded("README.md");
	while ((de = readdir(d)) && nrules < 64) {
		char path[512];
		size_t len = strlen(de->d_name);
		if (len < 4 || strcmp(de->d_name + len - 3, ".md") ||
		    !strcmp(de->d_name, "explain-regressions.md"))
			continue;
		snprintf(path, sizeof(path), "doc/%s", de->d_name);
		rules[nrules++] = read_folded(path);
	}
	closedir(d);
	for (int r = 0; r < RULE_COUNT; r++) {
		const char *name = census_rule_name((enum census_rule)r);
		int found = 0;
		for (size_t i = 0; i < nrules && !found; i++)
			found = rules[i] && names(rules[i], name);
		if (!found)
			fail_msg("rule '%s' is named in no counting rules (README.md, doc/*.md)", name);
		if (!names(own, name))
			fail_msg("rule '%s' is not listed in doc/explain-regressions.md", name);
	}
	for (size_t i = 0; i < nrules; i++)
		free(rules[i]);
	free(own);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_acpica, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_self_and_outside, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_filters, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_preemptive, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_one_link_and_reverted_copy, th_setup, th_teardown),
		cmocka_unit_test_setup_teardown(test_explain_links, th_setup, th_teardown),
		cmocka_unit_test(test_rule_names_documented),
	};
	return cmocka_run_group_tests_name("explain", tests, NULL, NULL);
}
