/* Unit tests for series_hint.c: the --series-pattern suggested for tags that number their
 * releases with '_' (core/series_hint.h): the form whose highest version is the highest, then
 * the one more tags have; its pattern compiles and reads the series and the release of its
 * example; no hint below SERIES_HINT_MIN tags or a twentieth of the tags, nor for dotted,
 * odd or overlong names. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "base/pattern.h"
#include "core/series_hint.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The pattern the hint names, compiled, matching name: its series and release. */
static void check_reads(const char *hint, const char *name, const char *series,
			const char *release)
{
	const char *q = strstr(hint, "--series-pattern '");
	char re[256], err[256];
	struct pattern *p;
	struct pattern_group m[3];

	assert_non_null(q);
	q += strlen("--series-pattern '");
	size_t len = (size_t)(strrchr(q, '\'') - q);
	memcpy(re, q, len);
	re[len] = '\0';
	assert_int_equal(pattern_compile(&p, re, 1, err, sizeof(err)), 0);
	assert_true(pattern_exec(p, name, strlen(name), m, 3));
	assert_int_equal(m[1].eo - m[1].so, (int)strlen(series));
	assert_memory_equal(name + m[1].so, series, strlen(series));
	assert_int_equal(m[2].eo - m[2].so, (int)strlen(release));
	assert_memory_equal(name + m[2].so, release, strlen(release));
	pattern_free(p);
}

/* The hint and what its pattern reads of its example: Squid's two forms, SQUID_3_5_N (more
 * tags, highest 3.5.28) and SQUID_N_M (highest 6.14), give the second, its example the
 * highest of its tags; with three numbers (curl's) the first two name the series, after a
 * prefix ending in '-'. */
static void test_hints(void **state)
{
	static char *squid[] = { "SQUID_3_5_1", "SQUID_3_5_2", "SQUID_3_5_28", "SQUID_3_4_14",
				 "SQUID_6_2", "v6", "SQUID_6_14", "SQUID_6_1", "take00", "v3.5",
				 NULL };
	static char *curl[] = { "curl-8_4_0", "curl-8_5_0", "curl-7_88_1", "curl-8_5_1", NULL };
	static const struct {
		char **names;
		const char *hint, *example, *series, *release;
	} cases[] = {
		{ squid, "; 3 tags as SQUID_6_14 number releases with '_': try "
			 "--series-pattern '^(SQUID_[0-9]+)_([0-9]+)$'",
		  "SQUID_6_14", "SQUID_6", "14" },
		{ curl, "; 4 tags as curl-8_5_1 number releases with '_': try "
			"--series-pattern '^(curl-[0-9]+_[0-9]+)_([0-9]+)$'",
		  "curl-8_5_1", "curl-8_5", "1" },
	};
	char hint[512];

	(void)state;
	for (size_t c = 0; c < N(cases); c++) {
		size_t n = 0;
		while (cases[c].names[n])
			n++;
		series_hint(hint, sizeof(hint), cases[c].names, n);
		assert_string_equal(hint, cases[c].hint);
		check_reads(hint, cases[c].example, cases[c].series, cases[c].release);
	}
}

/* Equal highest versions: the form more tags have. */
static void test_tie_more_tags(void **state)
{
	char *names[] = { "A_2_1", "A_1_1", "B_2_1", "B_1_1", "B_1_2", "A_1_2", "B_1_3" };
	char hint[512];

	(void)state;
	series_hint(hint, sizeof(hint), names, N(names));
	assert_non_null(strstr(hint, "; 4 tags as B_2_1 "));
}

/* No hint: too few tags of a form; dots; a prefix with other characters, or none; one
 * number; a number of ten digits; a name that does not end in a number. */
static void test_no_hint(void **state)
{
	char *few[] = { "R_1_1", "R_1_2", "v1.2.3", "v1.2.4", "v1.2.5" };
	char *odd[] = { "a.b_1_2", "a.b_1_3", "a.b_1_4", "_1_2", "1_2", "12_3", "x/y_1_2",
			"x/y_1_3", "x/y_1_4", "r_1", "r_2", "r_3", "r_1234567890_1",
			"r_1234567890_2", "r_1234567890_3", "a1_2x", "a1_2y", "a1_2z" };
	char hint[512] = "x";

	(void)state;
	series_hint(hint, sizeof(hint), few, N(few));
	assert_string_equal(hint, "");
	series_hint(hint, sizeof(hint), odd, N(odd));
	assert_string_equal(hint, "");
	series_hint(hint, sizeof(hint), NULL, 0);
	assert_string_equal(hint, "");
}

/* A form of three tags among 100 others (fewer than a twentieth: OpenSSH's V_2_1_0 beside
 * its V_9_6_P1 releases) gives none; among 57 it does. */
static void test_small_share(void **state)
{
	static char names[103][16];
	char *v[103], hint[512];

	(void)state;
	for (int i = 0; i < 100; i++) {
		snprintf(names[i], sizeof(names[i]), "V_9_%d_P1", i);
		v[i] = names[i];
	}
	for (int i = 0; i < 3; i++) {
		snprintf(names[100 + i], sizeof(names[0]), "V_2_1_%d", i);
		v[100 + i] = names[100 + i];
	}
	series_hint(hint, sizeof(hint), v, 103);
	assert_string_equal(hint, "");
	series_hint(hint, sizeof(hint), v + 46, 57);	/* 3 of 57: a nineteenth */
	assert_non_null(strstr(hint, "; 3 tags as V_2_1_2 "));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hints),
		cmocka_unit_test(test_tie_more_tags),
		cmocka_unit_test(test_no_hint),
		cmocka_unit_test(test_small_share),
	};
	return cmocka_run_group_tests_name("series_hint", tests, NULL, NULL);
}
