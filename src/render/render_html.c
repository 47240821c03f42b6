/*
 * render_html.c — the HTML report (report.h): the page, its tables, and the
 * data of its charts (svg.c draws them).
 */
#include "render/report.h"
#include "render/chart.h"
#include "base/version.h"
#include "base/fmt.h"
#include "render/html.h"
#include "core/lifetime.h"
#include "render/render.h"
#include "render/svg.h"
#include "core/timeline.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

#define CELL 64
#define MAX_BINS 20

static const char style[] =
	"body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;"
	"padding:0 1em;color:#222;line-height:1.4}\n"
	"h1{font-size:1.6em}h2{font-size:1.25em;margin-top:2em}\n"
	"table{border-collapse:collapse;margin:1em 0}\n"
	"th,td{border:1px solid #ccc;padding:.3em .6em;vertical-align:top;text-align:left}\n"
	"thead th{background:#f0f0f0}\n"
	"td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}\n"
	"td.lifetime,td.same-release{white-space:nowrap}\n"
	"code{font-family:ui-monospace,monospace;font-size:.95em}\n"
	".release{display:inline-block;background:#eef;border-radius:3px;padding:0 .3em;"
	"font-size:.85em}\n"
	".subject{margin-top:.2em}\n"
	"tr.link.counted td.kind{font-weight:bold}\n"
	"tr.link.other{color:#666}\n"
	"ul.candidates{margin:0;padding-left:1.2em}\n"
	"figure{margin:1.5em 0}figure h3{font-size:1em;margin:0 0 .5em}\n"
	"figcaption{color:#555;font-size:.9em}\n"
	"svg.chart{max-width:100%;height:auto}\n"
	"svg .tick,svg .legend,svg .value,svg .group,svg .axis-label,svg .no-data{fill:#333}\n"
	"p.facts{color:#444}footer{margin-top:3em;color:#666;font-size:.9em}\n";

static void esc(FILE *out, const char *s)
{
	char *e = html_escape(s ? s : "");

	fputs(e, out);
	free(e);
}

static const char *label(const struct series *s)
{
	return s->label ? s->label : s->name;
}

static void head(FILE *out)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"regtrace " REGTRACE_VERSION "\">\n"
	      "<title>regtrace report</title>\n<style>\n", out);
	fputs(style, out);
	fputs("</style>\n</head>\n<body>\n<header>\n<h1>Regressions brought into stable "
	      "series by backports</h1>\n<p>A <em>fix</em> is a commit of a series that "
	      "fixes (<code>Fixes:</code> tag) or reverts another commit of the same "
	      "series; it is <em>visible</em> when some release shipped the commit it "
	      "fixes. Low rate = visible / commits; high rate = visible / commits with a "
	      "<code>Fixes:</code> tag. The counting rules are in regtrace's doc/rules.md.</p>\n"
	      "</header>\n", out);
}

/* ---- summary ---- */


static void num_cell(FILE *out, size_t v)
{
	char buf[CELL];

	fmt_count(buf, sizeof(buf), v);
	fprintf(out, "<td class=\"num\">%s</td>", buf);
}

static void pct_cell(FILE *out, double rate)
{
	char buf[CELL];

	fmt_pct(buf, sizeof(buf), rate);
	fprintf(out, "<td class=\"num\">%s</td>", buf);
}

static void summary_row(FILE *out, const struct series *s, size_t k)
{
	fputs("<tr data-series=\"", out);
	esc(out, s->name);
	fprintf(out, "\"><th scope=\"row\"><a href=\"#series-%zu\">", k + 1);
	esc(out, label(s));
	fputs("</a></th>", out);
	for (size_t j = 0; j < nnumbers; j++) {
		if (!(numbers[j].where & IN_HTML))
			continue;
		if (numbers[j].type == NUM_RATE)
			pct_cell(out, numbers[j].value(s));
		else
			num_cell(out, (size_t)numbers[j].value(s));
	}
	fputs("</tr>\n", out);
}

static void summary(FILE *out, const struct series *s, size_t n)
{
	fputs("<section id=\"summary-section\">\n<h2>Summary</h2>\n<table id=\"summary\">\n"
	      "<thead><tr>", out);
	fputs("<th>Series</th>", out);
	for (size_t k = 0; k < nnumbers; k++)
		if (numbers[k].where & IN_HTML)
			fprintf(out, "<th class=\"num\">%s</th>", numbers[k].head);
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t i = 0; i < n; i++)
		summary_row(out, &s[i], i);
	fputs("</tbody>\n</table>\n</section>\n", out);
}

/* ---- charts ---- */

static void figure_open(FILE *out, const char *heading)
{
	fputs("<figure>\n<h3>", out);
	esc(out, heading);
	fputs("</h3>\n", out);
}

static int figure(FILE *out, const char *caption, int rc)
{
	fputs("<figcaption>", out);
	esc(out, caption);
	fputs("</figcaption>\n</figure>\n", out);
	return rc;
}

static int rates_chart(FILE *out, const struct series *s, size_t n)
{
	static const char *const keys[] = { "Low rate (visible / commits)",
					    "High rate (visible / tagged)" };
	const char **groups = xcalloc(n + 1, sizeof(char *));
	double *v = xcalloc(2 * n + 1, sizeof(double));
	int rc;

	for (size_t i = 0; i < n; i++) {
		groups[i] = label(&s[i]);
		v[2 * i] = number_rate(s[i].census.visible, s[i].census.commits);
		v[2 * i + 1] = number_rate(s[i].census.visible, s[i].census.tagged);
	}
	struct svg_bars b = { "chart-rates", "Low and high regression rate per series",
			      groups, n, keys, 2, v, SVG_PERCENT };
	figure_open(out, "Regression rates");
	rc = svg_hbars(out, &b);
	free(groups);
	free(v);
	return figure(out, "Visible regressions as a share of all commits (low rate) and "
		      "of commits with a Fixes: tag (high rate).", rc);
}

/* One line: (0, 0) at the base, then each release's cumulative visible count. */
struct line_data {
	double *x, *y;
	char **tips;
	size_t n;
};

static void tip(struct line_data *d, double x, double y, const char *name)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s: %.0f visible", name, y);
	d->x[d->n] = x;
	d->y[d->n] = y;
	d->tips[d->n++] = xstrdup(buf);
}

static void line_data(const struct series *s, struct line_data *d)
{
	const struct timeline t = s->timeline;

	d->x = xcalloc(t.n + 2, sizeof(double));
	d->y = xcalloc(t.n + 2, sizeof(double));
	d->tips = xcalloc(t.n + 2, sizeof(char *));
	d->n = 0;
	if (s->rels.n && s->rels.r[0].number > 0)
		tip(d, 0, 0, "base");
	for (size_t k = 0; k < t.n; k++) {
		const struct timeline_row *r = &t.rows[k];
		if (r->release != RELEASE_NONE)
			tip(d, (double)s->rels.r[r->release].number, (double)r->visible,
			    s->rels.r[r->release].name);
	}
}

static void line_data_release(struct line_data *d)
{
	for (size_t k = 0; k < d->n; k++)
		free(d->tips[k]);
	free(d->tips);
	free(d->x);
	free(d->y);
}

static int timeline_chart(FILE *out, const struct series *s, size_t n)
{
	struct line_data *d = xcalloc(n + 1, sizeof(*d));
	struct svg_line *lines = xcalloc(n + 1, sizeof(*lines));
	int rc;

	for (size_t i = 0; i < n; i++) {
		line_data(&s[i], &d[i]);
		lines[i] = (struct svg_line){ label(&s[i]), d[i].x, d[i].y,
					      (const char *const *)d[i].tips, d[i].n };
	}
	struct svg_lines l = { "chart-timeline", "Cumulative visible regressions by release",
			       "release number (N of BASE.N)", "visible regressions", lines, n };
	figure_open(out, "Visible regressions over releases");
	rc = svg_step_lines(out, &l);
	for (size_t i = 0; i < n; i++)
		line_data_release(&d[i]);
	free(d);
	free(lines);
	return figure(out, "Visible regressions found up to each release (fixes counted in "
		      "the release that shipped them; commits in no release are left out).", rc);
}

/* The lifetimes in days of every fix and revert link with a known lifetime. */
static long *lifetimes(const struct series *s, size_t n, size_t *count)
{
	size_t total = 0;

	for (size_t i = 0; i < n; i++)
		total += s[i].census.nlinks;
	long *days = xcalloc(total + 1, sizeof(long));
	*count = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < s[i].census.nlinks; k++) {
			const struct link *l = &s[i].census.links[k];
			struct lifetime t = series_lifetime(&s[i], l);
			if (link_is_regression_fix(l->kind) && t.days >= 0)
				days[(*count)++] = t.days;
		}
	}
	return days;
}

static int lifetime_chart(FILE *out, const struct series *s, size_t n)
{
	size_t count, nbins;
	long *days = lifetimes(s, n, &count), max = 0;
	int rc;

	for (size_t i = 0; i < count; i++)
		max = days[i] > max ? days[i] : max;
	long w = chart_bin_width(max, MAX_BINS);
	size_t *bins = chart_histogram(days, count, w, &nbins);
	struct svg_histogram h = { "chart-lifetime", "Lifetime of regressions in days",
				   "days", bins, nbins, w };
	figure_open(out, "Lifetime of regressions");
	rc = svg_histogram(out, &h);
	free(bins);
	free(days);
	return figure(out, "Days from the release that shipped a regression to the release "
		      "that shipped its fix, all series together.", rc);
}

static int charts(FILE *out, const struct series *s, size_t n)
{
	int rc = 0;

	fputs("<section id=\"charts\">\n<h2>Charts</h2>\n", out);
	rc |= rates_chart(out, s, n);
	rc |= timeline_chart(out, s, n);
	rc |= lifetime_chart(out, s, n);
	fputs("</section>\n", out);
	return rc;
}

/* ---- per series ---- */

static void commit_ref(FILE *out, const struct series *s, uint32_t c, const char *url)
{
	const char *id = s->g.c[c].id;

	if (url) {
		char *href = html_url_expand(url, id);
		fputs("<a class=\"id\" href=\"", out);
		esc(out, href);
		fprintf(out, "\" title=\"%s\"><code>%.12s</code></a>", id, id);
		free(href);
	} else {
		fprintf(out, "<code class=\"id\" title=\"%s\">%.12s</code>", id, id);
	}
	fputs(" <span class=\"release\">", out);
	esc(out, series_release(s, c));
	fputs("</span><div class=\"subject\">", out);
	esc(out, s->g.c[c].facts.subject);
	fputs("</div>", out);
}

static void commit_cell(FILE *out, const struct series *s, const char *cls, uint32_t c,
			const char *url)
{
	fprintf(out, "<td class=\"%s\" data-id=\"%s\">", cls, s->g.c[c].id);
	commit_ref(out, s, c, url);
	fputs("</td>", out);
}

static void candidates_cell(FILE *out, const struct series *s, const struct link *l,
			    const char *url)
{
	fputs("<td class=\"target undecided\">undecided; could be:<ul class=\"candidates\">",
	      out);
	for (size_t k = 0; k < l->candidates.n; k++) {
		fprintf(out, "<li data-id=\"%s\">", s->g.c[l->candidates.v[k]].id);
		commit_ref(out, s, l->candidates.v[k], url);
		fputs("</li>", out);
	}
	fputs("</ul></td>", out);
}

static void lifetime_cell(FILE *out, const struct series *s, const struct link *l)
{
	struct lifetime t = series_lifetime(s, l);

	if (t.releases < 0) {
		fputs("<td class=\"lifetime\">-</td>", out);
		return;
	}
	fprintf(out, "<td class=\"lifetime\" data-releases=\"%ld\" data-days=\"%ld\">"
		"%ld release%s, %ld day%s</td>", t.releases, t.days, t.releases,
		t.releases == 1 ? "" : "s", t.days, t.days == 1 ? "" : "s");
}

static void link_row(FILE *out, const struct series *s, const struct link *l,
		     const char *url)
{
	const char *kind = link_kind_name(l->kind);
	int undecided = l->target == LINK_NO_TARGET;

	fprintf(out, "<tr class=\"link %s\" data-kind=\"%s\"><td class=\"kind\">%s</td>",
		link_is_regression_fix(l->kind) ? "counted" : "other", kind, kind);
	commit_cell(out, s, "fix", l->fix, url);
	if (undecided)
		candidates_cell(out, s, l, url);
	else
		commit_cell(out, s, "target", l->target, url);
	fprintf(out, "<td class=\"same-release\">%s</td>",
		undecided ? "-" : l->same_release ? "yes" : "no");
	lifetime_cell(out, s, l);
	fputs("</tr>\n", out);
}

/* "1 day", "3 days" */
static void count(FILE *out, long n, const char *one, const char *many)
{
	fprintf(out, "%ld %s", n, n == 1 ? one : many);
}

#define COUNT(n, one, many) count(out, (long)(n), one, many)

static void facts(FILE *out, const struct series *s)
{
	const struct census *c = &s->census;
	const struct lifetime_summary sum = s->lifetimes;

	fputs("<p class=\"facts\">", out);
	COUNT(s->rels.n, "release", "releases");
	fputs("; ", out);
	COUNT(c->nlinks, "link", "links");
	fputs(": ", out);
	COUNT(c->pairs, "fix or revert pair", "fix or revert pairs");
	fputs(" (", out);
	COUNT(c->regressions, "regression", "regressions");
	fputs("), ", out);
	COUNT(c->duplicates, "duplicate", "duplicates");
	fputs(", ", out);
	COUNT(c->reapplies, "reapply", "reapplies");
	fprintf(out, ", %zu ambiguous, %zu preemptive; ", c->ambiguous, c->preemptive);
	COUNT(c->fixes_outside, "reference", "references");
	fputs(" outside the series; ", out);
	COUNT(c->nonsha_fixes_lines, "Fixes: line", "Fixes: lines");
	fputs(" without an id.", out);
	if (sum.n) {
		fputs(" Lifetime: median ", out);
		COUNT(sum.median_days, "day", "days");
		fputs(", 90th percentile ", out);
		COUNT(sum.p90_days, "day", "days");
		fputs(".", out);
	}
	fputs("</p>\n", out);
}

static void series_section(FILE *out, const struct series *s, size_t k, const char *url)
{
	fprintf(out, "<section class=\"series\" id=\"series-%zu\" data-series=\"", k + 1);
	esc(out, s->name);
	fputs("\">\n<h2>", out);
	esc(out, s->name);
	fputs("</h2>\n", out);
	facts(out, s);
	fputs("<table class=\"details\" data-series=\"", out);
	esc(out, s->name);
	fputs("\">\n<thead><tr><th>Kind</th><th>Fix, revert or copy</th>"
	      "<th>Target</th><th>Same release</th><th>Lifetime</th></tr></thead>\n"
	      "<tbody>\n", out);
	for (size_t i = 0; i < s->census.nlinks; i++)
		link_row(out, s, &s->census.links[i], url);
	if (!s->census.nlinks)
		fputs("<tr class=\"empty\"><td colspan=\"5\">no links</td></tr>\n", out);
	fputs("</tbody>\n</table>\n</section>\n", out);
}

int render_report_html(FILE *out, const struct series *s, size_t n, const char *commit_url)
{
	int rc;

	head(out);
	summary(out, s, n);
	rc = charts(out, s, n);
	for (size_t i = 0; i < n; i++)
		series_section(out, &s[i], i, commit_url);
	fputs("<footer>Generated by regtrace " REGTRACE_VERSION ".</footer>\n"
	      "</body>\n</html>\n", out);
	return rc < 0 || ferror(out) ? -1 : 0;
}
