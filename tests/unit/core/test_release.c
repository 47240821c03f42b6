/* Unit tests for release.c: which tags are releases, and attribution. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_helpers.h"
#include "core/release_discover.h"

static void test_release_number(void **state)
{
	(void)state;
	unsigned long n = 0;
	assert_true(release_number("v4.19", "v4.19.1", &n));
	assert_int_equal(n, 1);
	assert_true(release_number("v4.19", "v4.19.102", &n));
	assert_int_equal(n, 102);
	assert_true(release_number("v254", "v254.3", &n));
	assert_int_equal(n, 3);
	assert_true(release_number("v4.19", "v4.19.0", &n));
	assert_int_equal(n, 0);
	assert_false(release_number("v4.19", "v4.19.01", &n));
	assert_false(release_number("v4.19", "v4.19.x", &n));
	assert_false(release_number("v4.19", "v4.19.1-rc1", &n));
	assert_false(release_number("v4.19", "v4.19", &n));
	assert_false(release_number("v4.19", "v4.19.", &n));
	assert_false(release_number("v4.1", "v4.19.1", &n));
	assert_false(release_number("v4.19", "v4.19.99999999999999999999999", &n));
	assert_false(release_number("", ".1", &n));
}

static void test_base_name(void **state)
{
	(void)state;
	assert_string_equal(release_base_name("refs/tags/v4.19"), "v4.19");
	assert_string_equal(release_base_name("tags/v4.19"), "v4.19");
	assert_string_equal(release_base_name("v4.19"), "v4.19");
}

/* Numeric order, two tags on one commit, a merged side branch. */
static void test_attribution(void **state)
{
	(void)state;
	struct graph g;
	struct release_list l;
	graph_init(&g);
	release_list_init(&l);
	uint32_t a = th_add_parents(&g, "a\n", -1, -1);
	uint32_t b = th_add_parents(&g, "b\n", (int)a, -1);
	uint32_t side = th_add_parents(&g, "side\n", (int)a, -1);
	uint32_t c = th_add_parents(&g, "c\n", (int)b, -1);
	uint32_t m = th_add_parents(&g, "merge\n", (int)c, (int)side);
	uint32_t d = th_add_parents(&g, "d\n", (int)m, -1);
	release_list_add(&l, "v1.10", 10, m);
	release_list_add(&l, "v1.2", 2, b);
	release_list_add(&l, "v1.3", 3, c);
	release_list_add(&l, "v1.4", 4, c);
	release_attribute(&l, &g);
	assert_string_equal(l.r[0].name, "v1.2");
	assert_string_equal(l.r[3].name, "v1.10");
	assert_string_equal(release_name(&l, g.c[a].release), "v1.2");
	assert_string_equal(release_name(&l, g.c[b].release), "v1.2");
	assert_string_equal(release_name(&l, g.c[c].release), "v1.3");
	assert_string_equal(release_name(&l, g.c[side].release), "v1.10");
	assert_string_equal(release_name(&l, g.c[m].release), "v1.10");
	assert_int_equal(g.c[d].release, RELEASE_NONE);
	assert_string_equal(release_name(&l, g.c[d].release), "unreleased");
	release_list_release(&l);
	graph_release(&g);
}

static size_t series(char **tags, size_t n, struct series_name **s)
{
	size_t ns;

	release_find_series(tags, n, NULL, s, &ns);
	return ns;
}

/* doc/dialects.md "Series discovery", the four rules. */
static void test_prerelease_base(void **state)
{
	char *tags[] = { "4.9.0", "4.9.0-rc1", "4.9.0-rc1.2", "4.9.1" };
	struct series_name *s;

	(void)state;
	assert_int_equal(series(tags, 4, &s), 1);	/* not 4.9.0-rc1..4.9.0-rc1.2 */
	assert_string_equal(s[0].base, "4.9.0");
	assert_string_equal(s[0].tip, "4.9.1");
	release_series_names_free(s, 1);
	assert_true(release_is_prerelease("4.9.0-rc1"));
	assert_true(release_is_prerelease("v2.0-BETA2"));
	assert_true(release_is_prerelease("1.0pre3"));
	assert_false(release_is_prerelease("v4.19"));
	assert_false(release_is_prerelease("frr-8.4"));
	assert_false(release_is_prerelease("devel-1.0"));	/* letters before the version */
	assert_false(release_is_prerelease("v1.0-precise"));	/* a word, not a mark */
}

static void test_snapshots(void **state)
{
	char *tags[] = { "0.8", "0.8.1", "0.8.2", "0.8.9", "0.8.5000", "0.8.5001",
			 "0.7", "0.7.5000", "0.7.5001" };
	struct series_name *s;

	(void)state;
	assert_int_equal(series(tags, 9, &s), 2);
	assert_string_equal(s[0].base, "0.8");
	assert_string_equal(s[0].tip, "0.8.9");		/* 5000 > 10 * 9 + 100 */
	assert_string_equal(s[1].tip, "0.7.5001");	/* the lowest is never a snapshot
							   (nor 99xx: a beta, issue 25) */
	release_series_names_free(s, 2);
	assert_false(release_is_snapshot(9, 190));
	assert_true(release_is_snapshot(9, 191));
	assert_false(release_is_snapshot(6, 35));	/* missing tags (the demo's v4.19.35) */
	assert_false(release_is_snapshot(336, 337));
	assert_false(release_is_snapshot(ULONG_MAX / 10, ULONG_MAX));
}

static void test_release_that_is_a_base(void **state)
{
	char *tags[] = { "0.9.0", "0.9.1", "0.9.2", "0.9.10", "0.9.10.1", "0.9.10.2" };
	struct series_name *s;

	(void)state;
	assert_int_equal(series(tags, 6, &s), 2);
	assert_string_equal(s[0].base, "0.9.10");
	assert_string_equal(s[0].tip, "0.9.10.2");
	assert_string_equal(s[1].base, "0.9.0");
	assert_string_equal(s[1].tip, "0.9.2");		/* 0.9.10 is a series of its own */
	release_series_names_free(s, 2);
}

static void test_namespaced_tags(void **state)
{
	char *tags[] = { "frr-8.4", "frr-8.4.1", "docker/frr-8.4", "docker/frr-8.4.1",
			 "docker/frr-8.4.2" };
	struct series_name *s;
	struct pattern *re;
	char err[256];
	size_t n;

	(void)state;
	assert_int_equal(series(tags, 5, &s), 1);
	assert_string_equal(s[0].base, "frr-8.4");
	assert_string_equal(s[0].tip, "frr-8.4.1");
	release_series_names_free(s, 1);
	/* a pattern takes what it matches */
	assert_int_equal(pattern_compile(&re, "^(docker/frr-[0-9]+\\.[0-9]+)\\.([0-9]+)$", 2, err,
					 sizeof(err)), 0);
	release_find_series(tags, 5, re, &s, &n);
	assert_int_equal(n, 1);
	assert_string_equal(s[0].base, "docker/frr-8.4");
	assert_string_equal(s[0].tip, "docker/frr-8.4.2");
	release_series_names_free(s, n);
	pattern_free(re);
}

/* ---- issue 25: the rules of discovery with the repository's facts ---------- */

/* Tags with facts: commit i unless given, first-parent when listed. */
static void discover(const char *const *names, size_t n, const uint32_t *commit,
		     const int *fp, const struct discovery_config *cfg, struct series_discovery *d)
{
	struct tag_fact f[32];

	assert_true(n <= 32);
	for (size_t i = 0; i < n; i++) {
		f[i].name = names[i];
		f[i].commit = commit ? commit[i] : (uint32_t)i;
		f[i].first_parent = fp ? fp[i] : 0;
	}
	release_discover(f, n, NULL, cfg, d);
}

static const struct series_rejected *rejected(const struct series_discovery *d, const char *c)
{
	for (size_t i = 0; i < d->nrejected; i++)
		if (!strcmp(d->rejected[i].candidate, c))
			return &d->rejected[i];
	return NULL;
}

static void test_name_rules(void **state)
{
	char p[16];

	(void)state;
	assert_true(release_is_downstream("v239-13"));
	assert_false(release_is_downstream("frr-3.0"));
	assert_false(release_is_downstream("v239"));
	assert_false(release_is_downstream("RELEASE-4.1.0"));
	assert_true(release_is_pre_version("v0.99"));
	assert_true(release_is_pre_version("0.90"));
	assert_false(release_is_pre_version("2.90"));	/* after 1.0: tcpdump-4.99, gcc 2.95 */
	assert_false(release_is_pre_version("tcpdump-4.99"));
	assert_false(release_is_pre_version("v10.99"));
	assert_true(release_is_pre_version("v0.0.99"));
	assert_false(release_is_pre_version("v245"));	/* one number: systemd's v245 */
	assert_false(release_is_pre_version("v4.9"));
	assert_false(release_is_pre_version("v4.199"));
	assert_false(release_is_pre_version("v4.89"));
	assert_true(release_is_beta_number(997));
	assert_true(release_is_beta_number(9997));
	assert_false(release_is_beta_number(99));
	assert_false(release_is_beta_number(325));
	assert_false(release_is_beta_number(989));
	release_prefix("gitgui-0.6.0", p, sizeof(p));
	assert_string_equal(p, "gitgui-");
	release_prefix("v2.30.0", p, sizeof(p));
	assert_string_equal(p, "");
	release_prefix("FRR-3.0.1", p, sizeof(p));
	assert_string_equal(p, "frr-");
}

/* NetworkManager's 0.9.2.0 on 0.9.2's commit; 0.8.1's betas. */
static void test_retag_and_beta(void **state)
{
	const char *t[] = { "0.9.2", "0.9.2.0", "1.0", "1.0.1", "0.8.1", "0.8.1.998" };
	const uint32_t c[] = { 7, 7, 1, 2, 3, 4 };
	struct series_discovery d;

	(void)state;
	discover(t, 6, c, NULL, NULL, &d);
	assert_int_equal(d.nfound, 1);
	assert_string_equal(d.found[0].base, "1.0");
	assert_int_equal(d.found[0].nreleases, 1);
	assert_string_equal(rejected(&d, "0.9.2.0")->rule, RULE_RETAG);
	assert_string_equal(rejected(&d, "0.9.2")->rule, RULE_NO_RELEASE);
	assert_string_equal(rejected(&d, "0.8.1.998")->rule, RULE_BETA);
	discovery_release(&d);
}

/* Xen's RELEASE-4.1.6.1; not when the re-released one is on the mainline
 * (git's v1.4.1.1) or has two releases (NetworkManager's 0.9.10). */
static void test_fix_rerelease(void **state)
{
	const char *t[] = { "R-4.1.0", "R-4.1.1", "R-4.1.2", "R-4.1.2.1" };
	const int fp[] = { 1, 0, 1, 0 };
	struct series_discovery d;
	struct release_matcher m;
	unsigned long n;

	(void)state;
	discover(t, 4, NULL, NULL, NULL, &d);
	assert_int_equal(d.nfound, 1);
	assert_string_equal(d.found[0].tip, "R-4.1.2.1");
	assert_int_equal(d.found[0].nreleases, 3);
	assert_string_equal(rejected(&d, "R-4.1.2..R-4.1.2.1")->rule, RULE_FIX_RERELEASE);
	discovery_release(&d);
	discover(t, 4, NULL, fp, NULL, &d);	/* on the mainline: its own series */
	assert_int_equal(d.nfound, 2);
	assert_string_equal(d.found[0].base, "R-4.1.2");
	assert_string_equal(d.found[1].tip, "R-4.1.1");
	discovery_release(&d);
	/* counting: R-4.1.2.1 is a release numbered 2, of the highest release only */
	release_matcher_init(&m, "R-4.1.0", NULL, (char *const *)t, 4);
	assert_true(release_match(&m, "R-4.1.2.1", &n));
	assert_int_equal(n, 2);
	release_matcher_release(&m);
	const char *t2[] = { "v4.19", "v4.19.1", "v4.19.1.1", "v4.19.2" };
	release_matcher_init(&m, "v4.19", NULL, (char *const *)t2, 4);
	assert_false(release_match(&m, "v4.19.1.1", &n));
	release_matcher_release(&m);
}

/* git's gitgui-* and v0.99; systemd's v239-13; FRR's FRR-3.0.1; LXC's v6.0.0. */
static void test_names(void **state)
{
	const char *t[] = { "v1.0.0", "v1.0.1", "v1.0.2", "v1.0.3", "v1.1.0", "v1.1.1", "v1.1.2",
			    "gitgui-0.6.0", "gitgui-0.6.1", "v0.99", "v0.99.1", "v239-13",
			    "v239-13.1" };
	const char *frr[] = { "frr-3.0", "FRR-3.0.1", "frr-3.0.2" };
	struct series_discovery d;
	unsigned long n;

	(void)state;
	discover(t, 13, NULL, NULL, NULL, &d);
	assert_int_equal(d.nfound, 2);	/* 1 gitgui- release tag * 4 < 5 */
	assert_string_equal(d.found[0].base, "v1.1.0");
	assert_string_equal(d.found[1].base, "v1.0.0");
	assert_string_equal(rejected(&d, "gitgui-0.6.0")->rule, RULE_SUBPROJECT);
	assert_string_equal(rejected(&d, "v0.99")->rule, RULE_PRE_ONE);
	assert_string_equal(rejected(&d, "v239-13")->rule, RULE_DOWNSTREAM);
	discovery_release(&d);
	discover(frr, 3, NULL, NULL, NULL, &d);
	assert_int_equal(d.nfound, 1);
	assert_int_equal(d.found[0].nreleases, 2);
	discovery_release(&d);
	assert_true(release_number("frr-3.0", "FRR-3.0.1", &n));
	/* LXC's v6.0.0 after lxc-5.0.3: a newer naming of the line, kept */
	const char *lxc[] = { "lxc-4.0.0", "lxc-4.0.1", "lxc-4.0.2", "lxc-4.0.3", "lxc-4.0.4",
			      "lxc-5.0.0", "lxc-5.0.1", "lxc-5.0.2", "lxc-5.0.3", "lxc-5.0.4",
			      "lxc-5.0.5", "v6.0.0", "v6.0.1", "v3.9.0", "v3.9.1" };
	/* release tags: 'lxc-' 9, '' 2 (2 * 4 < 9: a minority) */
	discover(lxc, 15, NULL, NULL, NULL, &d);
	assert_int_equal(d.nfound, 3);
	assert_string_equal(d.found[0].base, "v6.0.0");
	assert_string_equal(rejected(&d, "v3.9.0")->rule, RULE_SUBPROJECT);	/* older: not */
	discovery_release(&d);
}

/* A point release as BASE (v4.19.50..v4.19.102): the series' later releases;
 * not when BASE has releases of its own (a retag numbered 0 included), nor
 * for a P without a dot (v2.5 is no point release of "v2"). */
static void test_point_release(void **state)
{
	const char *t[] = { "v4.19", "v4.19.49", "v4.19.50", "v4.19.51", "v4.19.102",
			    "v4.19.50-rc1", "v2.5", "v2.6", "0.8.4", "0.8.4.0", "0.8.5" };
	struct release_matcher m;
	struct tag_index ix;
	unsigned long n;
	size_t k;

	(void)state;
	release_matcher_init(&m, "v4.19.50", NULL, (char *const *)t, 11);
	assert_true(release_match(&m, "v4.19.51", &n));
	assert_int_equal(n, 51);
	assert_true(release_match(&m, "v4.19.102", &n));
	assert_int_equal(n, 102);
	assert_false(release_match(&m, "v4.19.50", &n));	/* the base */
	assert_false(release_match(&m, "v4.19.49", &n));	/* below it */
	assert_false(release_match(&m, "v4.19.50-rc1", &n));
	release_matcher_release(&m);
	release_matcher_init(&m, "v4.19.102", NULL, (char *const *)t, 11);
	assert_false(release_match(&m, "v4.19.51", &n));	/* none above the highest */
	release_matcher_release(&m);
	release_matcher_init(&m, "v2.5", NULL, (char *const *)t, 11);
	assert_false(release_match(&m, "v2.6", &n));
	release_matcher_release(&m);
	release_matcher_init(&m, "0.8.4", NULL, (char *const *)t, 11);
	assert_true(release_match(&m, "0.8.4.0", &n));	/* its own, numbered 0 */
	assert_false(release_match(&m, "0.8.5", &n));
	release_matcher_release(&m);
	/* the candidates a range looks at: the series' tags */
	tag_index_init(&ix, (char *const *)t, 11);
	char **c = release_candidates(&ix, "v4.19.50", &k);
	assert_int_equal(k, 5);	/* v4.19.49 .50 .51 .102 .50-rc1 */
	free(c);
	c = release_candidates(&ix, "v4.19", &k);
	assert_int_equal(k, 5);	/* BASE.N: not widened */
	free(c);
	c = release_candidates(&ix, "0.8.4", &k);
	assert_int_equal(k, 1);	/* 0.8.4.0 */
	free(c);
	tag_index_release(&ix);
}

/* libgit2's v1.6.1..v1.6.5 (no v1.6, no v1.6.0): rejected, said; not for
 * one release alone, betas, nor tags under a '/'; tor's, after its
 * pre-releases, a series from its first release. */
static void test_no_base(void **state)
{
	const char *t[] = { "v1.5.0", "v1.5.1", "v1.6.1", "v1.6.2", "v1.6.3", "v1.7.4",
			    "v1.8.1", "v1.8.998", "docker/8.5.1", "docker/8.5.2" };
	struct series_discovery d;

	(void)state;
	discover(t, 10, NULL, NULL, NULL, &d);
	assert_int_equal(d.nfound, 1);
	assert_string_equal(d.found[0].base, "v1.5.0");
	assert_int_equal(d.nrejected, 1);	/* v1.6 (docker/8.5: no base, under a /) */
	assert_string_equal(rejected(&d, "v1.6")->rule, RULE_NO_BASE);
	assert_string_equal(rejected(&d, "v1.6")->reason,
			    "no tag v1.6 or v1.6.0 before its 3 releases v1.6.1 to v1.6.3: no base "
			    "(regtrace.series v1.6.1..v1.6.3 counts those after the first)");
	assert_null(rejected(&d, "v1.7"));	/* one release */
	assert_null(rejected(&d, "v1.8"));	/* and a beta */
	discovery_release(&d);
	/* tor's: pre-releases before the first release make it the base; not a
	 * pre-release of that release itself (NetworkManager's 0.7.1-rc1) */
	const char *tor[] = { "tor-0.4.7.1-alpha", "tor-0.4.7.6-rc", "tor-0.4.7.7", "tor-0.4.7.8",
			      "tor-0.4.7.13", "0.7.1-rc1", "0.7.1", "0.7.2" };
	struct release_matcher m;
	unsigned long n;
	discover(tor, 8, NULL, NULL, NULL, &d);
	assert_int_equal(d.nfound, 1);
	assert_string_equal(d.found[0].base, "tor-0.4.7.7");
	assert_string_equal(d.found[0].tip, "tor-0.4.7.13");
	assert_int_equal(d.found[0].nreleases, 2);
	assert_int_equal(d.nrejected, 1);
	assert_string_equal(rejected(&d, "0.7")->rule, RULE_NO_BASE);
	discovery_release(&d);
	release_matcher_init(&m, "tor-0.4.7.7", NULL, (char *const *)tor, 8);	/* counting agrees */
	assert_true(release_match(&m, "tor-0.4.7.13", &n));
	assert_int_equal(n, 13);
	assert_false(release_match(&m, "tor-0.4.7.6-rc", &n));
	release_matcher_release(&m);
}

/* PipeWire's 0.3.x and 0.2.90..0.2.97; config corrections. */
static void test_development_and_config(void **state)
{
	const char *t[] = { "0.2.0", "0.2.1", "0.2.90", "0.3.0", "0.3.1", "0.3.2", "1.0.0",
			    "1.0.1" };
	const int fp[] = { 1, 0, 1, 1, 1, 1, 1, 0 };
	const char *add[] = { "0.3.0..0.3.2", "bad" }, *drop[] = { "1.0.0" };
	struct discovery_config cfg = { add, 2, drop, 1 };
	struct series_discovery d;

	(void)state;
	discover(t, 8, NULL, fp, NULL, &d);
	assert_int_equal(d.nfound, 2);
	assert_string_equal(d.found[0].base, "1.0.0");
	assert_string_equal(d.found[1].tip, "0.2.1");
	assert_string_equal(rejected(&d, "0.2.90")->rule, RULE_DEVELOPMENT);
	assert_string_equal(rejected(&d, "0.3.0")->rule, RULE_DEVELOPMENT);
	discovery_release(&d);
	discover(t, 8, NULL, fp, &cfg, &d);
	assert_int_equal(d.nfound, 2);
	assert_string_equal(d.found[0].base, "0.3.0");
	assert_true(d.found[0].by_config);
	assert_int_equal(d.found[0].nreleases, 2);
	assert_string_equal(d.found[1].base, "0.2.0");
	assert_string_equal(rejected(&d, "1.0.0")->rule, RULE_CONFIG);
	assert_string_equal(rejected(&d, "bad")->rule, RULE_CONFIG);
	discovery_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_release_number),
		cmocka_unit_test(test_base_name),
		cmocka_unit_test(test_attribution),
		cmocka_unit_test(test_prerelease_base),
		cmocka_unit_test(test_snapshots),
		cmocka_unit_test(test_release_that_is_a_base),
		cmocka_unit_test(test_namespaced_tags),
		cmocka_unit_test(test_name_rules),
		cmocka_unit_test(test_retag_and_beta),
		cmocka_unit_test(test_fix_rerelease),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_point_release),
		cmocka_unit_test(test_no_base),
		cmocka_unit_test(test_development_and_config),
	};
	return cmocka_run_group_tests_name("release", tests, NULL, NULL);
}
