/*
 * render_html.c — the HTML report (report.h): the page, its tables, and the
 * data of its charts (svg.c draws them).
 */
#include "render/report.h"
#include "render/chart.h"
#include "base/version.h"
#include "base/fmt.h"
#include "render/html.h"
#include "core/age.h"
#include "core/lifetime.h"
#include "core/offenders.h"
#include "render/render.h"
#include "render/svg.h"
#include "core/timeline.h"
#include "core/wilson.h"
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
	"svg.chart{display:block;width:100%;height:auto}svg.chart.wide{max-width:960px}\n"
	"svg.chart.narrow{display:none;max-width:560px}\n"
	"@media (max-width:700px){svg.chart.wide{display:none}svg.chart.narrow{display:block}}\n"
	"div.scroll{overflow-x:auto;max-width:100%}div.scroll>table{margin:.2em 0}\n"
	"#about code{overflow-wrap:anywhere}\n"
	"svg .tick,svg .legend,svg .value,svg .group,svg .axis-label,svg .no-data{fill:#333}\n"
	"p.facts{color:#444}footer{margin-top:3em;color:#666;font-size:.9em}\n"
	"ul.hits{margin:0;padding-left:1.2em}p.note{color:#555}\n"
	"table[data-sortable] th{cursor:pointer}\n"
	"th[aria-sort=ascending]::after{content:\" \\25B2\"}"
	"th[aria-sort=descending]::after{content:\" \\25BC\"}\n"
	"input.filter{display:block;margin:1em 0 -.5em;padding:.2em .4em}\n"
	"span.ci{font-size:.8em;color:#555;white-space:nowrap}td.small{color:#888}\n"
	"input.min-size{width:5em}\n";

/*
 * The page's one script: sorts the tables of class "sortable" by a click
 * (or Enter) on a column head, and puts a filter box above each.  The page
 * is complete without it.  The Content-Security-Policy allows it by its
 * hash, REPORT_SCRIPT_SHA256: base64 of the SHA-256 of these exact bytes
 * (tests/report/check_report.py recomputes it; a browser refuses the
 * script when it differs).
 */
static const char report_script[] =
	"(function () {\n"
	"	function key(td) {\n"
	"		var v = td.getAttribute('data-sort');\n"
	"		if (v === null)\n"
	"			v = td.textContent.trim();\n"
	"		var x = parseFloat(v.replace(/,/g, ''));\n"
	"		return isNaN(x) ? v.toLowerCase() : x;\n"
	"	}\n"
	"	function cmp(a, b) {\n"
	"		if (typeof a !== typeof b) {\n"
	"			a = String(a);\n"
	"			b = String(b);\n"
	"		}\n"
	"		return a < b ? -1 : a > b ? 1 : 0;\n"
	"	}\n"
	"	function sortable(t) {\n"
	"		var body = t.tBodies[0], head = t.tHead && t.tHead.rows[0];\n"
	"		if (!body || !head)\n"
	"			return;\n"
	"		var f = document.createElement('input');\n"
	"		f.type = 'search';\n"
	"		f.className = 'filter';\n"
	"		f.placeholder = 'Filter rows';\n"
	"		f.setAttribute('aria-label', 'Filter the rows of the table below');\n"
	"		var box = t.parentNode.classList.contains('scroll') ? t.parentNode : t;\n"
	"		box.parentNode.insertBefore(f, box);\n"
	"		f.addEventListener('input', function () {\n"
	"			var q = f.value.toLowerCase();\n"
	"			Array.prototype.forEach.call(body.rows, function (r) {\n"
	"				r.hidden = q !== '' && r.textContent.toLowerCase().indexOf(q) < 0;\n"
	"			});\n"
	"		});\n"
	"		Array.prototype.forEach.call(head.cells, function (th, i) {\n"
	"			th.tabIndex = 0;\n"
	"			th.setAttribute('aria-sort', 'none');\n"
	"			function go() {\n"
	"				var up = th.getAttribute('aria-sort') !== 'ascending';\n"
	"				Array.prototype.forEach.call(head.cells, function (h) {\n"
	"					h.setAttribute('aria-sort', 'none');\n"
	"				});\n"
	"				th.setAttribute('aria-sort', up ? 'ascending' : 'descending');\n"
	"				var rows = Array.prototype.slice.call(body.rows);\n"
	"				rows.sort(function (a, b) {\n"
	"					var c = cmp(key(a.cells[i] || a), key(b.cells[i] || b));\n"
	"					return up ? c : -c;\n"
	"				});\n"
	"				rows.forEach(function (r) { body.appendChild(r); });\n"
	"			}\n"
	"			th.addEventListener('click', go);\n"
	"			th.addEventListener('keydown', function (e) {\n"
	"				if (e.key === 'Enter' || e.key === ' ') {\n"
	"					e.preventDefault();\n"
	"					go();\n"
	"				}\n"
	"			});\n"
	"		});\n"
	"		t.setAttribute('data-sortable', 'on');\n"
	"	}\n"
	"	Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), sortable);\n"
	"	function hideSmall(p) {\n"
	"		var id = p.getAttribute('data-chart');\n"
	"		var svgs = [document.getElementById(id), document.getElementById(id + '-narrow')];\n"
	"		if (!svgs[0])\n"
	"			return;\n"
	"		var rows = svgs[0].querySelectorAll('g.row');\n"
	"		var n = document.createElement('input'), note = document.createElement('span');\n"
	"		var l = document.createElement('label');\n"
	"		n.type = 'number';\n"
	"		n.min = '0';\n"
	"		n.className = 'min-size';\n"
	"		n.value = p.getAttribute('data-default');\n"
	"		l.appendChild(document.createTextNode('Hide the series of fewer commits than '));\n"
	"		l.appendChild(n);\n"
	"		p.appendChild(l);\n"
	"		p.appendChild(note);\n"
	"		function apply() {\n"
	"			var min = parseInt(n.value, 10) || 0, hidden = 0;\n"
	"			svgs.forEach(function (svg) {\n"
	"				var shift = 0;\n"
	"				if (!svg)\n"
	"					return;\n"
	"				hidden = 0;\n"
	"				Array.prototype.forEach.call(svg.querySelectorAll('g.row'), function (g) {\n"
	"					var off = parseInt(g.getAttribute('data-size'), 10) < min;\n"
	"					g.style.display = off ? 'none' : '';\n"
	"					g.setAttribute('transform', 'translate(0 ' + -shift + ')');\n"
	"					if (off) {\n"
	"						shift += parseFloat(g.getAttribute('data-height'));\n"
	"						hidden++;\n"
	"					}\n"
	"				});\n"
	"			});\n"
	"			note.textContent = hidden ? ' ' + hidden + ' of ' + rows.length +\n"
	"				' series hidden' : '';\n"
	"		}\n"
	"		n.addEventListener('input', apply);\n"
	"		p.hidden = false;\n"
	"		apply();\n"
	"	}\n"
	"	Array.prototype.forEach.call(document.querySelectorAll('p.hide-small'), hideSmall);\n"
	"})();\n";
#define REPORT_SCRIPT_SHA256 "xTxwF1mtHu/fsgaJQkXkWw+GINNAnwbdrCB5b5jiAow="

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

/* Where the page came from: repository, regtrace, day, options, patterns. */
static void about_line(FILE *out, const struct report_about *a)
{
	fputs("<p id=\"about\">", out);
	if (a->name) {
		fputs("Repository <strong>", out);
		esc(out, a->name);
		fputs("</strong>", out);
		if (a->path) {
			fputs(" (<code>", out);
			esc(out, a->path);
			fputs("</code>)", out);
		}
		fputs("; ", out);
	}
	fputs("regtrace " REGTRACE_VERSION, out);
	if (a->date) {
		fputs(", ", out);
		esc(out, a->date);
	}
	for (size_t i = 0; i < a->noptions; i++) {
		fputs(i ? ", <code>" : "; options <code>", out);
		esc(out, a->options[i]);
		fputs("</code>", out);
	}
	for (size_t i = 0; i < a->npatterns; i++) {
		fputs(i ? ", <code>" : "; patterns <code>", out);
		esc(out, a->patterns[i]);
		fputs("</code>", out);
	}
	fputs(".</p>\n", out);
}

static void head(FILE *out, const struct report_about *a)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'; script-src 'sha256-" REPORT_SCRIPT_SHA256 "'\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"regtrace " REGTRACE_VERSION "\">\n"
	      "<title>regtrace report", out);
	if (a && a->name) {
		fputs(": ", out);
		esc(out, a->name);
	}
	fputs("</title>\n<style>\n", out);
	fputs(style, out);
	fputs("</style>\n</head>\n<body>\n<header>\n<h1>Regressions brought into stable "
	      "series by backports</h1>\n", out);
	if (a)
		about_line(out, a);
	fputs("<p>A <em>fix</em> is a commit of a series that fixes (", out);
	fputs(a && a->fixes_patterns ? "a <code>Fixes:</code> tag or a line of the fixes "
	      "patterns above" : "<code>Fixes:</code> tag", out);
	fputs(") or reverts another commit of the same "
	      "series; it is <em>visible</em> when some release shipped the commit it "
	      "fixes. Low rate = visible / commits; high rate = visible / commits with a "
	      "<code>Fixes:</code> tag. The counting rules: <code>man regtrace</code>, and "
	      "rules.md in regtrace's documentation, " REGTRACE_DOCDIR ".</p>\n"
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

/* A rate of the census: the rate, its 95 % interval under it, grey when
 * drawn from too few commits; sorted by the rate. */
static void rate_cell(FILE *out, const struct number *nb, const struct series *s)
{
	char buf[CELL], lo[CELL], hi[CELL];
	double v = nb->value(s), l, h;
	int small = number_small(nb, s) && v >= 0;

	fmt_pct(buf, sizeof(buf), v);
	fprintf(out, "<td class=\"num%s\" data-sort=\"%.9f\"%s>%s", small ? " small" : "", v,
		small ? " title=\"drawn from fewer than 20 commits: too few to compare\"" : "",
		buf);
	if (number_interval(nb, s, &l, &h)) {
		fmt_pct(lo, sizeof(lo), l);
		fmt_pct(hi, sizeof(hi), h);
		fprintf(out, "<br><span class=\"ci\">%s\xe2\x80\x93%s</span>", lo, hi);
	}
	fputs("</td>", out);
}

static void summary_row(FILE *out, const struct series *s, size_t k)
{
	size_t x, d;

	fputs("<tr data-series=\"", out);
	esc(out, s->name);
	fprintf(out, "\"><th scope=\"row\"><a href=\"#series-%zu\">", k + 1);
	esc(out, label(s));
	fputs("</a></th>", out);
	for (size_t j = 0; j < nnumbers; j++) {
		if (!(numbers[j].where & IN_HTML))
			continue;
		if (numbers[j].type == NUM_RATE && number_parts(&numbers[j], s, &x, &d))
			rate_cell(out, &numbers[j], s);
		else if (numbers[j].type == NUM_RATE)
			pct_cell(out, numbers[j].value(s));
		else
			num_cell(out, (size_t)numbers[j].value(s));
	}
	fputs("</tr>\n", out);
}

/* The series of which fewer than half of the commits have an upstream id,
 * all of them, in one note (the run's warning names the first few). */
static void blind_note(FILE *out, const struct series *s, size_t n)
{
	size_t blind = 0, said = 0;

	for (size_t i = 0; i < n; i++)
		blind += census_mostly_blind(&s[i].census);
	if (!blind)
		return;
	fprintf(out, "<p class=\"note blind\">%zu of %zu series: fewer than half their commits "
		"have an upstream commit id (%% upstream), so fixes naming mainline commits "
		"cannot find them: ", blind, n);
	for (size_t i = 0; i < n; i++)
		if (census_mostly_blind(&s[i].census)) {
			fputs(said++ ? ", " : "", out);
			esc(out, label(&s[i]));
		}
	fputs(". Name the mainline branch (<code>--mainline REF</code>) or the project's "
	      "upstream line (<code>--upstream-pattern RE</code>).</p>\n", out);
}

static void summary(FILE *out, const struct series *s, size_t n)
{
	fputs("<section id=\"summary-section\">\n<h2>Summary</h2>\n"
	      "<div class=\"scroll\"><table id=\"summary\" class=\"sortable\">\n"
	      "<thead><tr>", out);
	fputs("<th>Series</th>", out);
	for (size_t k = 0; k < nnumbers; k++)
		if (numbers[k].where & IN_HTML)
			fprintf(out, "<th class=\"num\">%s</th>", numbers[k].head);
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t i = 0; i < n; i++)
		summary_row(out, &s[i], i);
	fputs("</tbody>\n</table></div>\n", out);
	blind_note(out, s, n);
	fputs("</section>\n", out);
}

/* The series a whole-repository run found but could not count: named with
 * the reason, after the summary, so that no reader takes the page for all. */
static void not_counted(FILE *out, const struct series_skips *k)
{
	if (!k || !k->n)
		return;
	fprintf(out, "<section id=\"not-counted\">\n<h2>Series not counted</h2>\n"
		"<p>%zu series found in the repository could not be read or counted; the "
		"page leaves them out:</p>\n<ul>\n", k->n);
	for (size_t i = 0; i < k->n; i++) {
		fputs("<li data-series=\"", out);
		esc(out, k->v[i].name);
		fputs("\"><b>", out);
		esc(out, k->v[i].name);
		fputs("</b>: ", out);
		esc(out, k->v[i].why);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n</section>\n", out);
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

/* Value i of the rates chart: x of n, its interval and whether it is too
 * small to compare (core/wilson.h). */
static void rate_value(double *v, double *lo, double *hi, unsigned char *faint, size_t i,
		       size_t x, size_t n)
{
	struct wilson w;

	v[i] = number_rate(x, n);
	lo[i] = hi[i] = -1;
	if (wilson_interval(x, n, WILSON_Z95, &w) == 0) {
		lo[i] = w.low;
		hi[i] = w.high;
	}
	faint[i] = n > 0 && n < WILSON_SMALL;
}

static int rates_chart(FILE *out, const struct series *s, size_t n)
{
	static const char *const keys[] = { "Low rate (visible / commits)",
					    "High rate (visible / tagged)" };
	const char **groups = xcalloc(n + 1, sizeof(char *));
	double *v = xcalloc(2 * n + 1, sizeof(double));
	double *lo = xcalloc(2 * n + 1, sizeof(double));
	double *hi = xcalloc(2 * n + 1, sizeof(double));
	unsigned char *faint = xcalloc(2 * n + 1, 1);
	size_t *sizes = xcalloc(n + 1, sizeof(size_t));
	int rc, large = 0;

	for (size_t i = 0; i < n; i++) {
		const struct census *c = &s[i].census;
		large |= c->commits >= WILSON_SMALL;
		groups[i] = label(&s[i]);
		sizes[i] = c->commits;
		rate_value(v, lo, hi, faint, 2 * i, c->visible, c->commits);
		rate_value(v, lo, hi, faint, 2 * i + 1, c->visible, c->tagged);
	}
	struct svg_bars b = { "chart-rates", "Low and high regression rate per series",
			      groups, n, keys, 2, v, SVG_PERCENT,
			      chart_robust_max(v, 2 * n, 1.0), lo, hi, faint, sizes };
	figure_open(out, "Regression rates");
	/* The script's control, at first hiding the series of fewer than 20
	 * commits, unless that would hide them all. */
	fprintf(out, "<p class=\"hide-small\" data-chart=\"chart-rates\" data-default=\"%d\" "
		"hidden></p>\n", large ? WILSON_SMALL : 0);
	rc = svg_hbars(out, &b, SVG_WIDE) | svg_hbars(out, &b, SVG_NARROW);
	free(groups);
	free(v);
	free(lo);
	free(hi);
	free(faint);
	free(sizes);
	return figure(out, "Visible regressions as a share of all commits (low rate) and "
		      "of commits with a Fixes: tag (high rate); the black line across a bar is "
		      "its 95% interval (Wilson's), and a grey bar is drawn from fewer than 20 "
		      "commits (the high rate: tagged commits), too few to compare. The control "
		      "above hides the series of fewer commits than it says: 20 at first, or 0 "
		      "when no series has 20. The scale ends at 1.5 times "
		      "the 90th percentile of the rates, or at 100%, whichever is lower, when a "
		      "rate goes past it: such a bar reaches the edge, is marked with an arrow "
		      "head and shows its value.", rc);
}

/* One line of points with their tooltips. */
struct line_data {
	double *x, *y;
	char **tips;
	size_t n;
};

static void point(struct line_data *d, double x, double y, const char *tip)
{
	d->x[d->n] = x;
	d->y[d->n] = y;
	d->tips[d->n++] = xstrdup(tip);
}

static void line_alloc(struct line_data *d, size_t n)
{
	d->x = xcalloc(n + 2, sizeof(double));
	d->y = xcalloc(n + 2, sizeof(double));
	d->tips = xcalloc(n + 2, sizeof(char *));
	d->n = 0;
}

/* (base's date, 0), then each release's date and cumulative visible count. */
static void line_data(const struct series *s, struct line_data *d)
{
	const struct timeline t = s->timeline;
	char buf[512], date[32];

	line_alloc(d, t.n);
	fmt_date(date, sizeof(date), s->base_date);
	snprintf(buf, sizeof(buf), "%s: base, %s", label(s), date);
	point(d, (double)s->base_date, 0, buf);
	for (size_t k = 0; k < t.n; k++) {
		const struct timeline_row *r = &t.rows[k];
		if (r->release == RELEASE_NONE)
			continue;
		const struct release *rel = &s->rels.r[r->release];
		fmt_date(date, sizeof(date), rel->date);
		snprintf(buf, sizeof(buf), "%s (%s): %zu visible", rel->name, date, r->visible);
		point(d, (double)rel->date, (double)r->visible, buf);
	}
}

/* The low rate at each release (with a commit) against the release's age in days. */
static void age_data(const struct series *s, struct line_data *d)
{
	const struct timeline t = s->timeline;
	char buf[512], rate[32];

	line_alloc(d, t.n);
	for (size_t k = 0; k < t.n; k++) {
		const struct timeline_row *r = &t.rows[k];
		if (r->release == RELEASE_NONE || !r->commits)
			continue;
		long age = age_of_release(s, (size_t)r->release, AGE_DAYS);
		double v = number_rate(r->visible, r->commits);
		fmt_pct(rate, sizeof(rate), v);
		snprintf(buf, sizeof(buf), "%s, %ld day%s old: %s (%zu visible of %zu commits)",
			 s->rels.r[r->release].name, age, age == 1 ? "" : "s", rate, r->visible,
			 r->commits);
		point(d, (double)age, v, buf);
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

typedef void line_fn(const struct series *s, struct line_data *d);

/* One chart of one line per series. */
static int lines_chart(FILE *out, const struct series *s, size_t n, line_fn *fill,
		       struct svg_lines *l)
{
	struct line_data *d = xcalloc(n + 1, sizeof(*d));
	struct svg_line *lines = xcalloc(n + 1, sizeof(*lines));
	size_t total = 0;
	int rc;

	for (size_t i = 0; i < n; i++) {
		fill(&s[i], &d[i]);
		lines[i] = (struct svg_line){ label(&s[i]), d[i].x, d[i].y,
					      (const char *const *)d[i].tips, d[i].n };
		total += d[i].n;
	}
	if (l->ycap > 0) {	/* the rates' robust top (chart.h) */
		double *all = xcalloc(total + 1, sizeof(double));
		size_t m = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < d[i].n; k++)
				all[m++] = d[i].y[k];
		l->ycap = chart_robust_max(all, m, l->ycap);
		free(all);
	}
	l->lines = lines;
	l->nlines = n;
	rc = svg_step_lines(out, l, SVG_WIDE) | svg_step_lines(out, l, SVG_NARROW);
	for (size_t i = 0; i < n; i++)
		line_data_release(&d[i]);
	free(d);
	free(lines);
	return rc;
}

static int timeline_chart(FILE *out, const struct series *s, size_t n)
{
	struct svg_lines l = { "chart-timeline", "Cumulative visible regressions by date",
			       "release date", "visible regressions", NULL, 0, 1, SVG_COUNT, 0 };

	figure_open(out, "Visible regressions over time");
	return figure(out, "Visible regressions found up to each release, by the release's "
		      "date, from the base's date (fixes counted in the release that shipped "
		      "them; commits in no release are left out). Each line is named at its "
		      "end.", lines_chart(out, s, n, line_data, &l));
}

static int age_chart(FILE *out, const struct series *s, size_t n)
{
	struct svg_lines l = { "chart-age", "Low rate against age in days", "age in days "
			       "(release date - base date)", "low rate", NULL, 0, 0, SVG_PERCENT,
			       1.0 };

	figure_open(out, "Better or younger? Low rate against age");
	return figure(out, "Each series' low rate (visible / commits) as it stood at each "
		      "release, against the release's age in days since the series' base. "
		      "Regressions are found over years, so compare series at the same age: a "
		      "better series stays below the others, a younger one only ends earlier "
		      "(age.md in " REGTRACE_DOCDIR "; stats --at-age, --projected). The scale ends at 1.5 times "
		      "the 90th percentile of the points, or at 100%, when one goes past it; "
		      "such points are hollow triangles at the top.",
		      lines_chart(out, s, n, age_data, &l));
}

/* The lifetimes in days of the visible regressions: every fix and revert
 * link with a known lifetime whose two commits are in different releases,
 * once when several series hold its two commits. */
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
			if (link_is_regression_fix(l->kind) && !l->same_release && t.days >= 0 &&
			    shared_link_first(&s[i], l))	/* once: core/shared.h */
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
	struct svg_histogram h = { "chart-lifetime", "Lifetime of visible regressions in days",
				   "days", bins, nbins, w };
	figure_open(out, "Lifetime of visible regressions");
	rc = svg_histogram(out, &h, SVG_WIDE) | svg_histogram(out, &h, SVG_NARROW);
	free(bins);
	free(days);
	return figure(out, "Days from the release that shipped a regression to the later "
		      "release that shipped its fix: visible regressions only (a fix in the same "
		      "release as its target was never shipped and is left out), all series "
		      "together, a fix and target that several series hold counted once.", rc);
}

static int charts(FILE *out, const struct series *s, size_t n)
{
	int rc = 0;

	fputs("<section id=\"charts\">\n<h2>Charts</h2>\n", out);
	rc |= rates_chart(out, s, n);
	rc |= timeline_chart(out, s, n);
	rc |= age_chart(out, s, n);
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
		fputs("<td class=\"lifetime\" data-sort=\"-1\">-</td>", out);
		return;
	}
	fprintf(out, "<td class=\"lifetime\" data-releases=\"%ld\" data-days=\"%ld\" "
		"data-sort=\"%ld\">%ld release%s, %ld day%s</td>", t.releases, t.days, t.days,
		t.releases,
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
	fputs(" without an id. Reported: ", out);
	fprintf(out, "%zu of %zu visible (the fix names a report).", c->reported, c->visible);
	if (sum.n) {
		fputs(" Lifetime: median ", out);
		COUNT(sum.median_days, "day", "days");
		fputs(", 90th percentile ", out);
		COUNT(sum.p90_days, "day", "days");
		fputs(".", out);
	}
	fputs("</p>\n", out);
}

/* The series that hold some of this one's commits (core/shared.h). */
static void shared_facts(FILE *out, const struct series *s)
{
	const struct series_share *v = &s->share;

	if (!v->ncommits)
		return;
	fprintf(out, "<p class=\"shared\">%zu commit%s of this series %s in other series too "
		"(merged into several lines): ", v->ncommits, v->ncommits == 1 ? "" : "s",
		v->ncommits == 1 ? "is" : "are");
	for (size_t k = 0; k < v->with.n; k++) {
		fputs(k ? ", " : "", out);
		esc(out, v->all[v->with.v[k]].name);
	}
	fputs(". This series counts them; the report's totals count a link once.</p>\n", out);
}

static void series_section(FILE *out, const struct series *s, size_t k, const char *url)
{
	fprintf(out, "<section class=\"series\" id=\"series-%zu\" data-series=\"", k + 1);
	esc(out, s->name);
	fputs("\">\n<h2>", out);
	esc(out, s->name);
	fputs("</h2>\n", out);
	facts(out, s);
	shared_facts(out, s);
	fputs("<div class=\"scroll\"><table class=\"details sortable\" data-series=\"", out);
	esc(out, s->name);
	fputs("\">\n<thead><tr><th>Kind</th><th>Fix, revert or copy</th>"
	      "<th>Target</th><th>Same release</th><th>Lifetime</th></tr></thead>\n"
	      "<tbody>\n", out);
	for (size_t i = 0; i < s->census.nlinks; i++)
		link_row(out, s, &s->census.links[i], url);
	if (!s->census.nlinks)
		fputs("<tr class=\"empty\"><td colspan=\"5\">no links</td></tr>\n", out);
	fputs("</tbody>\n</table></div>\n</section>\n", out);
}

/* ---- worst offenders ---- */

#define TOP 50		/* rows of each worst-offenders table */

static void table_open(FILE *out, const char *id, const char *heading, const char *caption,
		       const char *const *cols, size_t ncols)
{
	fprintf(out, "<h3>%s</h3>\n<p class=\"note\">%s</p>\n<div class=\"scroll\"><table id=\"%s\" "
		"class=\"sortable\">\n<thead><tr>", heading, caption, id);
	for (size_t k = 0; k < ncols; k++)
		fprintf(out, "<th%s>%s</th>", cols[k][0] == '#' ? " class=\"num\"" : "",
			cols[k] + (cols[k][0] == '#'));
	fputs("</tr></thead>\n<tbody>\n", out);
}

static void table_close(FILE *out, size_t rows, size_t ncols, const char *none)
{
	if (!rows)
		fprintf(out, "<tr class=\"empty\"><td colspan=\"%zu\">%s</td></tr>\n", ncols, none);
	fputs("</tbody>\n</table></div>\n", out);
}

static void release_span(FILE *out, const struct series *s, uint32_t c)
{
	fputs("<span class=\"release\">", out);
	esc(out, series_release(s, c));
	fputs("</span>", out);
}

static void upstream_row(FILE *out, const struct series *s, const struct offender_upstream *u)
{
	const struct series *first = &s[u->hits[0].series];

	fprintf(out, "<tr data-upstream=\"%s\"><td><code title=\"%s\">%.12s</code></td><td>",
		u->upstream, u->upstream, u->upstream);
	esc(out, first->g.c[u->hits[0].link->target].facts.subject);
	fprintf(out, "</td><td class=\"num\">%zu</td><td><ul class=\"hits\">", u->n);
	for (size_t k = 0; k < u->n; k++) {
		const struct series *h = &s[u->hits[k].series];
		const struct link *l = u->hits[k].link;
		fputs("<li>", out);
		esc(out, label(h));
		fputs(": ", out);
		release_span(out, h, l->target);
		fputs(" \xe2\x86\x92 ", out);
		release_span(out, h, l->fix);
		fputs("</li>", out);
	}
	fputs("</ul></td></tr>\n", out);
}

static void worst_upstream(FILE *out, const struct series *s, size_t n)
{
	static const char *const cols[] = { "Upstream commit", "Subject", "#Series",
					    "Shipped in \xe2\x86\x92 fixed in" };
	struct offender_upstreams u;

	offenders_upstream(s, n, &u);
	table_open(out, "worst-upstream", "Upstream commits that regressed the most series",
		   "Visible regressions matched across series by the upstream commit their "
		   "backport names; per series, the release that shipped it and the one that "
		   "shipped its first fix or revert.", cols, 4);
	for (size_t i = 0; i < u.n && i < TOP; i++)
		upstream_row(out, s, &u.v[i]);
	table_close(out, u.n, 4, "no visible regression names an upstream commit");
	offenders_upstream_release(&u);
}

static void worst_lifetime(FILE *out, const struct series *s, size_t n, const char *url)
{
	static const char *const cols[] = { "Series", "Regression", "Fix or revert", "#Days",
					    "#Releases" };
	size_t m;
	struct offender_life *v = offenders_longest(s, n, &m);

	table_open(out, "worst-lifetime", "Longest-lived visible regressions",
		   "Days (and releases) from the release that shipped a regression to the "
		   "release that shipped its fix.", cols, 5);
	for (size_t i = 0; i < m && i < TOP; i++) {
		const struct series *h = &s[v[i].series];
		fputs("<tr><td>", out);
		esc(out, label(h));
		fputs("</td>", out);
		commit_cell(out, h, "target", v[i].link->target, url);
		commit_cell(out, h, "fix", v[i].link->fix, url);
		fprintf(out, "<td class=\"num\">%ld</td><td class=\"num\">%ld</td></tr>\n",
			v[i].t.days, v[i].t.releases);
	}
	table_close(out, m, 5, "no visible regression with a known lifetime");
	free(v);
}

static void worst_subsystems(FILE *out, const struct series *s, size_t n)
{
	static const char *const cols[] = { "Subsystem", "#Visible", "#Commits", "#Low rate",
					    "#Series" };
	size_t m, shown = 0;
	struct offender_group *v = offenders_subsystems(s, n, &m);

	if (!v)		/* not computed: the page was written without --by path */
		return;
	table_open(out, "worst-subsystems", "Subsystems with the most visible regressions",
		   "Per subsystem (the first directories of the files a commit changes), the "
		   "visible regressions brought by its commits, summed over the series, and the "
		   "series where it has at least one.", cols, 5);
	for (size_t i = 0; i < m && shown < TOP && v[i].visible; i++, shown++) {
		char rate[CELL];
		fmt_pct(rate, sizeof(rate), number_rate(v[i].visible, v[i].commits));
		fputs("<tr><td>", out);
		esc(out, v[i].name);
		fprintf(out, "</td><td class=\"num\">%zu</td><td class=\"num\">%zu</td>"
			"<td class=\"num\">%s</td><td class=\"num\">%zu</td></tr>\n",
			v[i].visible, v[i].commits, rate, v[i].nseries);
	}
	table_close(out, shown, 5, "no subsystem has a visible regression");
	free(v);
}

static void offenders(FILE *out, const struct series *s, size_t n, const char *url)
{
	fputs("<section id=\"offenders\">\n<h2>Worst offenders</h2>\n", out);
	worst_upstream(out, s, n);
	worst_lifetime(out, s, n, url);
	worst_subsystems(out, s, n);
	fputs("</section>\n", out);
}

int render_report_html(FILE *out, const struct series *s, size_t n,
		       const struct series_skips *skipped, const struct report_about *about,
		       const char *commit_url)
{
	int rc;

	head(out, about);
	summary(out, s, n);
	not_counted(out, skipped);
	rc = charts(out, s, n);
	offenders(out, s, n, commit_url);
	for (size_t i = 0; i < n; i++)
		series_section(out, &s[i], i, commit_url);
	fputs("<footer>Generated by regtrace " REGTRACE_VERSION ".</footer>\n<script>", out);
	fputs(report_script, out);
	fputs("</script>\n</body>\n</html>\n", out);
	return rc < 0 || ferror(out) ? -1 : 0;
}
