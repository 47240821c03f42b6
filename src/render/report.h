/*
 * report.h — the HTML report: one self-contained page for any number of
 * analysed series.
 *
 * The page needs nothing from outside: no script at all, styles inline,
 * charts as inline SVG (svg.h), the reader's own fonts, and a
 * Content-Security-Policy that forbids loading anything.  It holds:
 *   <table id="summary">            one row per series, the columns of
 *                                   `stats` (data-series="NAME" per row);
 *   <svg id="chart-rates">          low and high rate per series (bars);
 *   <svg id="chart-timeline">       cumulative visible regressions at each
 *                                   release, one line per series;
 *   <svg id="chart-lifetime">       histogram of regression lifetimes in
 *                                   days, all series together;
 *   <section class="series">        per series, with
 *     <table class="details" data-series="NAME">  every link of `fixes`,
 *                                   one <tr class="link" data-kind="KIND">
 *                                   each, commits as <td class="fix"> and
 *                                   <td class="target"> (data-id = full id).
 * Every string from the repository is HTML-escaped.  commit_url is a valid
 * template (html.h) for commit links, or NULL for no links.  The output
 * depends only on its inputs (no clock), so two runs give the same bytes.
 * Returns 0, or -1 if the stream reported an error.
 */
#ifndef REGTRACE_REPORT_H
#define REGTRACE_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "core/series.h"

int render_report_html(FILE *out, const struct series *s, size_t n, const char *commit_url);

#endif
