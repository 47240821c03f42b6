/*
 * report.h — the HTML report: one self-contained page for any number of
 * analysed series.
 *
 * Under its title the page says where it came from (struct report_about,
 * <p id="about">).  The page needs nothing from outside: styles inline, charts as inline SVG
 * (svg.h), the reader's own fonts, one inline script (sorting and filtering
 * the tables of class "sortable"; the page is complete without it) and a
 * Content-Security-Policy that forbids loading anything and allows only
 * that script, by its hash (doc/age.md "In the report").  It holds:
 *   <table id="summary">            one row per series, the columns of
 *                                   `stats` (data-series="NAME" per row);
 *   <section id="not-counted">      only when skipped has series: each
 *                                   series a whole-repository run left
 *                                   out, as <li data-series="NAME">, with
 *                                   its reason;
 *   <svg id="chart-rates">          low and high rate per series (bars);
 *   <svg id="chart-timeline">       cumulative visible regressions by date,
 *                                   one line per series;
 *   <svg id="chart-age">            low rate against age in days, one line
 *                                   per series;
 *   <svg id="chart-lifetime">       histogram of the lifetimes in days of
 *                                   visible regressions, all series together;
 *   <section id="offenders">        worst offenders (core/offenders.h):
 *     <table id="worst-upstream">, <table id="worst-lifetime">, and
 *     <table id="worst-subsystems"> or, without path breakdowns,
 *     <p id="worst-subsystems-none">;
 *   <section class="series">        per series, with
 *     <table class="details" data-series="NAME">  every link of `fixes`,
 *                                   one <tr class="link" data-kind="KIND">
 *                                   each, commits as <td class="fix"> and
 *                                   <td class="target"> (data-id = full id).
 * Every string from the repository is HTML-escaped.  commit_url is a valid
 * template (html.h) for commit links, or NULL for no links.  The output
 * depends only on its inputs (no clock: the day is the caller's), so two
 * runs give the same bytes.
 * Returns 0, or -1 if the stream reported an error.
 */
#ifndef REGTRACE_REPORT_H
#define REGTRACE_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "core/series.h"

/* Where the page came from, said under its title (all may be NULL or 0):
 * the repository's name (in the <title> too) and path, the day it was
 * made (YYYY-MM-DD), the options that shaped it ("--mainline master") and
 * each pattern in effect ("fixes: RE"); fixes_patterns: 1 when some fixes
 * pattern is in effect (the header's words then name it beside Fixes:). */
struct report_about {
	const char *name, *path, *date;
	const char *const *options;
	size_t noptions;
	const char *const *patterns;
	size_t npatterns;
	int fixes_patterns;
};

int render_report_html(FILE *out, const struct series *s, size_t n,
		       const struct series_skips *skipped, const struct report_about *about,
		       const char *commit_url);

#endif
