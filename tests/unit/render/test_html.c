/* Unit tests for the report's pure helpers: html.c (escaping, link templates), fmt.c
 * (numbers and dates as people read them) and chart.c (axes, bins, scales). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "render/chart.h"
#include "base/fmt.h"
#include "render/html.h"

static void assert_escape(const char *in, const char *want)
{
	char *got = html_escape(in);

	assert_string_equal(got, want);
	free(got);
}

static void test_escape(void **state)
{
	(void)state;
	assert_escape("", "");
	assert_escape("plain text", "plain text");
	assert_escape("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;");
	assert_escape("a & b", "a &amp; b");
	assert_escape("\"double\" 'single'", "&quot;double&quot; &#39;single&#39;");
	assert_escape("&amp;", "&amp;amp;");
	assert_escape("caf\xc3\xa9 \xef\xbf\xbd", "caf\xc3\xa9 \xef\xbf\xbd");
	assert_escape("<<>>", "&lt;&lt;&gt;&gt;");
}

/* --commit-url: a link a browser follows, never one it runs. */
static void test_scheme_ok(void **state)
{
	(void)state;
	assert_true(html_url_scheme_ok("https://git.kernel.org/linus/%s"));
	assert_true(html_url_scheme_ok("HTTP://example.org/%s"));
	assert_true(html_url_scheme_ok("file:///srv/commits/%s.html"));
	assert_true(html_url_scheme_ok("commits/%s.html"));		/* relative */
	assert_true(html_url_scheme_ok("/c/%s"));
	assert_true(html_url_scheme_ok("c/%s?a=b:c"));		/* a colon after the path */
	assert_true(html_url_scheme_ok("%s"));
	assert_false(html_url_scheme_ok("javascript:alert(%s)"));
	assert_false(html_url_scheme_ok("JavaScript:%s"));
	assert_false(html_url_scheme_ok("data:text/html,%s"));
	assert_false(html_url_scheme_ok("vbscript:%s"));
	assert_false(html_url_scheme_ok("httpx://%s"));
	assert_false(html_url_scheme_ok("%s:x"));			/* the id would be the scheme */
}

static void test_template_ok(void **state)
{
	(void)state;
	assert_true(html_url_template_ok("https://example.org/commit/?id=%s"));
	assert_true(html_url_template_ok("%s"));
	assert_true(html_url_template_ok("https://example.org/%s?a=100%%"));
	assert_true(html_url_template_ok("%%%s%%"));
	assert_false(html_url_template_ok(""));
	assert_false(html_url_template_ok("https://example.org/"));
	assert_false(html_url_template_ok("%s/%s"));
	assert_false(html_url_template_ok("%d/%s"));
	assert_false(html_url_template_ok("%s%"));
	assert_false(html_url_template_ok("%S"));
	assert_false(html_url_template_ok("%1$s"));
	assert_false(html_url_template_ok("%%s"));	/* a literal "%s", no id */
	assert_false(html_url_template_ok("https://example.org/%2Fx/%s"));
}

static void assert_expand(const char *tmpl, const char *id, const char *want)
{
	char *got = html_url_expand(tmpl, id);

	assert_string_equal(got, want);
	free(got);
}

static void test_template_expand(void **state)
{
	(void)state;
	assert_expand("https://e.org/?id=%s", "0123abcd", "https://e.org/?id=0123abcd");
	assert_expand("%s", "ab", "ab");
	assert_expand("%%2F%s%%", "ab", "%2Fab%");
	assert_expand("a&b=%s", "ab", "a&b=ab");
}

static void assert_count(size_t v, const char *want)
{
	char buf[32];

	fmt_count(buf, sizeof(buf), v);
	assert_string_equal(buf, want);
}

static void test_fmt(void **state)
{
	char buf[32];

	(void)state;
	assert_count(0, "0");
	assert_count(999, "999");
	assert_count(1000, "1,000");
	assert_count(11758, "11,758");
	assert_count(1234567, "1,234,567");
	fmt_count(buf, 4, 1234567);
	assert_string_equal(buf, "1,2");	/* cut, still NUL-ended */
	fmt_pct(buf, sizeof(buf), -1);
	assert_string_equal(buf, "-");
	fmt_pct(buf, sizeof(buf), 2.0 / 9.0);
	assert_string_equal(buf, "22.2%");
	fmt_pct(buf, sizeof(buf), 1);
	assert_string_equal(buf, "100.0%");
	fmt_pct(buf, sizeof(buf), 0);
	assert_string_equal(buf, "0.0%");
	fmt_date(buf, sizeof(buf), 1500432000);
	assert_string_equal(buf, "2017-07-19");
	fmt_date(buf, sizeof(buf), 0);
	assert_string_equal(buf, "1970-01-01");
	assert_int_equal(fmt_date(buf, sizeof(buf), -86400), 0);
	assert_string_equal(buf, "1969-12-31");
	/* ISO 8601 dates of four-digit years only: 0000-01-01 .. 9999-12-31 */
	assert_int_equal(fmt_date(buf, sizeof(buf), 253402300799), 0);	/* 9999-12-31T23:59:59Z */
	assert_string_equal(buf, "9999-12-31");
	assert_int_equal(fmt_date(buf, sizeof(buf), 253402300800), -1);	/* 10000-01-01 */
	assert_string_equal(buf, "-");
	assert_int_equal(fmt_date(buf, sizeof(buf), -62167219200), 0);	/* 0000-01-01T00:00:00Z */
	assert_string_equal(buf, "0000-01-01");
	assert_int_equal(fmt_date(buf, sizeof(buf), -62167219201), -1);
	assert_int_equal(fmt_date(buf, sizeof(buf), INT64_MAX), -1);
	assert_string_equal(buf, "-");
	assert_int_equal(fmt_date(buf, 10, 0), -1);	/* no room for the whole date */
	assert_string_equal(buf, "-");
}

static void test_nice(void **state)
{
	(void)state;
	assert_float_equal(chart_nice(0), 1, 1e-12);
	assert_float_equal(chart_nice(-3), 1, 1e-12);
	assert_float_equal(chart_nice(1), 1, 1e-12);
	assert_float_equal(chart_nice(1.5), 2, 1e-12);
	assert_float_equal(chart_nice(0.2), 0.2, 1e-12);
	assert_float_equal(chart_nice(0.3), 0.5, 1e-12);
	assert_float_equal(chart_nice(7), 10, 1e-12);
	assert_float_equal(chart_nice(12), 20, 1e-12);
	assert_float_equal(chart_nice(0.0133), 0.02, 1e-12);
	assert_float_equal(chart_nice(5000), 5000, 1e-9);
}

static void assert_axis(double vmax, int integer, double step, double max, int nticks)
{
	struct chart_axis a;

	chart_axis(vmax, 5, integer, &a);
	assert_float_equal(a.step, step, 1e-12);
	assert_float_equal(a.max, max, 1e-12);
	assert_int_equal(a.nticks, nticks);
}

static void test_axis(void **state)
{
	(void)state;
	assert_axis(2.0 / 3.0, 0, 0.2, 0.8, 4);	/* a rate: 0..80% */
	assert_axis(1, 0, 0.2, 1, 5);
	assert_axis(2, 1, 1, 2, 2);		/* counts: whole steps */
	assert_axis(0, 1, 1, 1, 1);		/* nothing: still an axis */
	assert_axis(0, 0, 0.002, 0.01, 5);
	assert_axis(37, 1, 10, 40, 4);
	assert_axis(1000, 1, 200, 1000, 5);
}

static void test_bins(void **state)
{
	size_t n;
	long v[] = { 0, 3, 2 };

	(void)state;
	assert_int_equal(chart_bin_width(0, 20), 1);
	assert_int_equal(chart_bin_width(19, 20), 1);
	assert_int_equal(chart_bin_width(20, 20), 2);
	assert_int_equal(chart_bin_width(100, 20), 7);
	assert_int_equal(chart_bin_width(400, 20), 30);
	assert_int_equal(chart_bin_width(7000, 20), 365);
	assert_int_equal(chart_bin_width(10000, 20), 730);
	assert_true(10000 / chart_bin_width(10000, 20) < 20);
	assert_int_equal(chart_bin_width(-5, 0), 1);

	size_t *c = chart_histogram(v, 3, 1, &n);
	assert_int_equal(n, 4);
	assert_int_equal(c[0], 1);
	assert_int_equal(c[1], 0);
	assert_int_equal(c[2], 1);
	assert_int_equal(c[3], 1);
	free(c);
	c = chart_histogram(v, 3, 2, &n);	/* [0,2) [2,4) */
	assert_int_equal(n, 2);
	assert_int_equal(c[0], 1);
	assert_int_equal(c[1], 2);
	free(c);
	c = chart_histogram(NULL, 0, 7, &n);
	assert_int_equal(n, 1);
	assert_int_equal(c[0], 0);
	free(c);
}

static void test_scale(void **state)
{
	(void)state;
	assert_float_equal(chart_scale(5, 0, 10, 100, 200), 150, 1e-12);
	assert_float_equal(chart_scale(0, 0, 10, 240, 20), 240, 1e-12);	/* inverted */
	assert_float_equal(chart_scale(10, 0, 10, 240, 20), 20, 1e-12);
	assert_float_equal(chart_scale(3, 3, 3, 48, 704), 48, 1e-12);	/* empty domain */
}

/* chart_robust_max: one outlier does not set the scale (issue 12: a rate chart scaled to
 * 250% by one small series). */
static void test_robust_max(void **state)
{
	const double ten[] = { 0.03, 0.04, 0.05, 0.05, 0.06, 0.07, 0.08, 0.09, 0.10, 2.5 };
	const double few[] = { 0.10, 0.20, 2.5 };
	const double plain[] = { 0.03, -1, 0.05 };
	const double zeros[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.4 };
	(void)state;
	/* p90 of 10 values: the 9th, 0.10; 1.5 x 0.10 = 0.15 < 2.5 */
	assert_float_equal(chart_robust_max(ten, 10, 0), 0.15, 1e-12);
	assert_float_equal(chart_robust_max(ten, 10, 1.0), 0.15, 1e-12);
	/* 3 values: p90 is the largest; the ceiling of 100% then caps it */
	assert_float_equal(chart_robust_max(few, 3, 0), 2.5, 1e-12);
	assert_float_equal(chart_robust_max(few, 3, 1.0), 1.0, 1e-12);
	/* nothing to cap; undefined values skipped */
	assert_float_equal(chart_robust_max(plain, 3, 1.0), 0.05, 1e-12);
	/* a p90 of 0 sets no bound */
	assert_float_equal(chart_robust_max(zeros, 10, 1.0), 0.4, 1e-12);
	assert_float_equal(chart_robust_max(plain, 0, 1.0), 0, 1e-12);
}

/* How many labels fit, per unit (days, months, years): the test's own. */
static int room(enum chart_date_unit unit, void *arg)
{
	return ((const int *)arg)[unit];
}

static void test_date_ticks(void **state)
{
	struct chart_date_ticks t;
	char label[32];

	(void)state;
	/* 2017-07-14 02:40 .. 2017-07-24 02:40 UTC, room for 5 day labels: every day gives 10
	 * (07-15 .. 07-24), every 2nd day from the 14th gives 07-16, 18, 20, 22, 24: 5. */
	int five_days[] = { 5, 5, 5 };
	chart_date_ticks(1500000000, 1500000000 + 10 * 86400, room, five_days, &t);
	assert_int_equal(t.unit, CHART_DAYS);
	assert_int_equal(t.step, 2);
	assert_int_equal(t.n, 5);
	assert_int_equal(t.t[0], 1500163200);		/* 2017-07-16 00:00 UTC */
	assert_int_equal(t.t[4], 1500163200 + 8 * 86400);

	/* the same with room for 3 (a phone): every 3rd day from the 14th: 07-17, 20, 23 */
	int three_days[] = { 3, 3, 3 };
	chart_date_ticks(1500000000, 1500000000 + 10 * 86400, room, three_days, &t);
	assert_int_equal(t.unit, CHART_DAYS);
	assert_int_equal(t.step, 3);
	assert_int_equal(t.n, 3);
	assert_int_equal(t.t[0], 1500249600);		/* 2017-07-17 */

	/* 2017-01-15 12:00 .. 2017-12-20, room for 3 day and 6 month labels: every 14 days is
	 * too many, every month 11 (Feb .. Dec), every 2nd month from January: Mar, May, Jul,
	 * Sep, Nov. */
	int months[] = { 3, 6, 6 };
	chart_date_ticks(1484481600, 1513728000, room, months, &t);
	assert_int_equal(t.unit, CHART_MONTHS);
	assert_int_equal(t.step, 2);
	assert_int_equal(t.n, 5);
	assert_int_equal(t.t[0], 1488326400);		/* 2017-03-01 */
	assert_int_equal(t.t[1], 1493596800);		/* 2017-05-01 */
	chart_date_label(label, sizeof(label), t.t[0], t.unit);
	assert_string_equal(label, "2017-03");

	/* 2010-06-01 .. 2026-02-01, room for 4 year labels only: every year 16 (2011 .. 2026),
	 * every 2nd 8, every 5th 2015, 2020, 2025. */
	int years[] = { 0, 0, 4 };
	chart_date_ticks(1275350400, 1769904000, room, years, &t);
	assert_int_equal(t.unit, CHART_YEARS);
	assert_int_equal(t.step, 5);
	assert_int_equal(t.n, 3);
	assert_int_equal(t.t[0], 1420070400);		/* 2015-01-01 */
	assert_int_equal(t.t[2], 1735689600);		/* 2025-01-01 */
	chart_date_label(label, sizeof(label), t.t[2], t.unit);
	assert_string_equal(label, "2025");

	/* 1970 .. 2126 with room for 2: every 10 years gives 16, 20: 8, 50: 1950 is before, 2000,
	 * 2050, 2100: 3, 100: 2000 and 2100. */
	int two[] = { 2, 2, 2 };
	chart_date_ticks(0, 1769904000 + 100LL * 365 * 86400, room, two, &t);
	assert_int_equal(t.unit, CHART_YEARS);
	assert_int_equal(t.step, 100);
	assert_int_equal(t.n, 2);
	assert_int_equal(t.t[0], 946684800);		/* 2000-01-01 */
}

static void test_date_label(void **state)
{
	char b[32];

	(void)state;
	chart_date_label(b, sizeof(b), 1709164800, CHART_DAYS);	/* a leap day */
	assert_string_equal(b, "2024-02-29");
	chart_date_label(b, sizeof(b), 1709164800 + 86399, CHART_MONTHS);
	assert_string_equal(b, "2024-02");
	chart_date_label(b, sizeof(b), -1, CHART_DAYS);		/* before the epoch */
	assert_string_equal(b, "1969-12-31");
	chart_date_label(b, sizeof(b), 0, CHART_YEARS);
	assert_string_equal(b, "1970");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_template_ok),
		cmocka_unit_test(test_scheme_ok),
		cmocka_unit_test(test_template_expand),
		cmocka_unit_test(test_fmt),
		cmocka_unit_test(test_nice),
		cmocka_unit_test(test_axis),
		cmocka_unit_test(test_bins),
		cmocka_unit_test(test_scale),
		cmocka_unit_test(test_robust_max),
		cmocka_unit_test(test_date_ticks),
		cmocka_unit_test(test_date_label),
	};
	return cmocka_run_group_tests_name("html", tests, NULL, NULL);
}
