/* svg.c — see svg.h. */
#include "render/svg.h"
#include "render/chart.h"
#include "base/fmt.h"
#include "render/html.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

#define WIDTH 720.0
#define TICKS 5
#define BIN_LABELS 12		/* at most this many labels under a histogram */
#define CHAR_W 7.0		/* about the width of a character at font-size 12 */

static const char *const palette[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};
#define NCOLORS (sizeof(palette) / sizeof(palette[0]))

static const char *color(size_t i)
{
	return palette[i % NCOLORS];
}

static void esc(FILE *out, const char *s)
{
	char *e = html_escape(s ? s : "");

	fputs(e, out);
	free(e);
}

static void open_svg(FILE *out, const char *id, double height, const char *title)
{
	fputs("<svg id=\"", out);
	esc(out, id);
	fprintf(out, "\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
		"viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" role=\"img\" "
		"font-family=\"system-ui, sans-serif\" font-size=\"12\">\n<title>",
		WIDTH, height, WIDTH, height);
	esc(out, title);
	fputs("</title>\n", out);
}

static int close_svg(FILE *out)
{
	fputs("</svg>\n", out);
	return ferror(out) ? -1 : 0;
}

/* <text> at (x, y); anchor: start, middle or end. */
static void text(FILE *out, double x, double y, const char *anchor, const char *cls,
		 const char *s)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\">", x, y,
		anchor, cls);
	esc(out, s);
	fputs("</text>\n", out);
}

static void fmt_value(char *buf, size_t len, double v, enum svg_unit unit)
{
	if (unit == SVG_PERCENT)
		fmt_pct(buf, len, v);
	else
		fmt_count(buf, len, v < 0 ? 0 : (size_t)(v + 0.5));
}

static void legend_entry(FILE *out, double x, double y, size_t i, const char *name)
{
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>\n",
		x, y - 9, color(i));
	text(out, x + 14, y, "start", "legend", name);
}

/*
 * Legend entries left to right from (x0, y0), in rows 18 units apart,
 * wrapping at the right edge; out NULL only measures.  Returns the height.
 */
static double legend(FILE *out, double x0, double y0, const char *const *names, size_t n)
{
	double x = x0, y = y0;

	for (size_t i = 0; i < n; i++) {
		double w = 14 + CHAR_W * (double)strlen(names[i]) + 20;
		if (x > x0 && x + w > WIDTH) {
			x = x0;
			y += 18;
		}
		if (out)
			legend_entry(out, x, y, i, names[i]);
		x += w;
	}
	return n ? y - y0 + 18 : 0;
}

static void no_data(FILE *out, double y, const char *what)
{
	text(out, WIDTH / 2, y, "middle", "no-data", what);
}

/* Vertical grid lines and their labels under the plot, for horizontal bars. */
static void x_grid(FILE *out, const struct chart_axis *a, double x0, double x1,
		   double y0, double y1, enum svg_unit unit)
{
	char label[64];

	for (int t = 0; t <= a->nticks; t++) {
		double v = t * a->step, x = chart_scale(v, 0, a->max, x0, x1);
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"#ddd\"/>\n", x, y0, x, y1);
		fmt_value(label, sizeof(label), v, unit);
		text(out, x, y1 + 16, "middle", "tick", label);
	}
}

/* Horizontal grid lines and their labels left of the plot. */
static void y_grid(FILE *out, const struct chart_axis *a, double x0, double x1,
		   double y0, double y1)
{
	char label[64];

	for (int t = 0; t <= a->nticks; t++) {
		double v = t * a->step, y = chart_scale(v, 0, a->max, y0, y1);
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"#ddd\"/>\n", x0, y, x1, y);
		fmt_value(label, sizeof(label), v, SVG_COUNT);
		text(out, x0 - 6, y + 4, "end", "tick", label);
	}
}

/* ---- horizontal grouped bars ---- */

#define BAR_H 12.0
#define BAR_GAP 2.0
#define ROW_PAD 10.0

static double row_height(const struct svg_bars *b)
{
	return (double)b->nkeys * (BAR_H + BAR_GAP) + ROW_PAD;
}

/* Room for the row labels: about 7 units a character, within 80..240. */
static double label_margin(const struct svg_bars *b)
{
	size_t w = 0;

	for (size_t g = 0; g < b->ngroups; g++)
		if (strlen(b->groups[g]) > w)
			w = strlen(b->groups[g]);
	double m = 16 + CHAR_W * (double)w;
	return m < 80 ? 80 : m > 240 ? 240 : m;
}

static double max_value(const double *v, size_t n)
{
	double m = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i] > m)
			m = v[i];
	return m;
}

static void bar(FILE *out, const struct svg_bars *b, size_t g, size_t k, double x0,
		double y, double width)
{
	double v = b->values[g * b->nkeys + k];
	char label[64];

	fmt_value(label, sizeof(label), v, b->unit);
	if (v < 0) {
		text(out, x0 + 4, y + BAR_H - 2, "start", "value undefined", "undefined");
		return;
	}
	fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
		"fill=\"%s\"><title>", x0, y, width, BAR_H, color(k));
	esc(out, b->groups[g]);
	fputs(" \xe2\x80\x94 ", out);
	esc(out, b->keys[k]);
	fprintf(out, ": %s</title></rect>\n", label);
	text(out, x0 + width + 4, y + BAR_H - 2, "start", "value", label);
}

int svg_hbars(FILE *out, const struct svg_bars *b)
{
	double left = label_margin(b), right = WIDTH - 70;
	double top = 20 + legend(NULL, left, 16, b->keys, b->nkeys);
	double bottom = top + (double)b->ngroups * row_height(b);
	struct chart_axis a;

	chart_axis(max_value(b->values, b->ngroups * b->nkeys), TICKS, 0, &a);
	open_svg(out, b->id, bottom + (b->ngroups ? 30 : 60), b->title);
	legend(out, left, 16, b->keys, b->nkeys);
	if (!b->ngroups)
		no_data(out, top + 20, "no series");
	x_grid(out, &a, left, right, top, bottom, b->unit);
	for (size_t g = 0; g < b->ngroups; g++) {
		double y = top + (double)g * row_height(b) + ROW_PAD / 2;
		text(out, left - 8, y + (row_height(b) - ROW_PAD) / 2 + 4, "end", "group",
		     b->groups[g]);
		for (size_t k = 0; k < b->nkeys; k++) {
			double v = b->values[g * b->nkeys + k];
			bar(out, b, g, k, left, y + (double)k * (BAR_H + BAR_GAP),
			    chart_scale(v < 0 ? 0 : v, 0, a.max, 0, right - left));
		}
	}
	return close_svg(out);
}

/* ---- histogram ---- */

#define H_LEFT 48.0
#define H_RIGHT (WIDTH - 16)
#define H_TOP 20.0
#define H_BOTTOM 240.0

static void bin_tip(char *buf, size_t len, const struct svg_histogram *h, size_t k)
{
	long lo = (long)k * h->width, hi = lo + h->width - 1;

	if (h->width == 1)
		snprintf(buf, len, "%ld %s: %zu", lo, h->xlabel, h->counts[k]);
	else
		snprintf(buf, len, "%ld\xe2\x80\x93%ld %s: %zu", lo, hi, h->xlabel, h->counts[k]);
}

/* Bins one unit wide are labelled under their middle, wider ones at their edges. */
static void bin_labels(FILE *out, const struct svg_histogram *h, double bw)
{
	size_t every = (h->nbins + BIN_LABELS - 1) / BIN_LABELS;
	int single = h->width == 1;
	char label[32];

	for (size_t k = 0; k + single <= h->nbins; k += every) {
		snprintf(label, sizeof(label), "%ld", (long)k * h->width);
		text(out, H_LEFT + ((double)k + 0.5 * single) * bw, H_BOTTOM + 16, "middle",
		     "tick", label);
	}
	text(out, (H_LEFT + H_RIGHT) / 2, H_BOTTOM + 36, "middle", "axis-label", h->xlabel);
}

int svg_histogram(FILE *out, const struct svg_histogram *h)
{
	double bw = (H_RIGHT - H_LEFT) / (double)(h->nbins ? h->nbins : 1);
	size_t max = 0;
	struct chart_axis a;
	char tip[128];

	for (size_t k = 0; k < h->nbins; k++)
		max = h->counts[k] > max ? h->counts[k] : max;
	chart_axis((double)max, TICKS, 1, &a);
	open_svg(out, h->id, H_BOTTOM + 48, h->title);
	y_grid(out, &a, H_LEFT, H_RIGHT, H_BOTTOM, H_TOP);
	if (!max)
		no_data(out, (H_TOP + H_BOTTOM) / 2, "no regression with a known lifetime");
	for (size_t k = 0; k < h->nbins && max; k++) {
		double y = chart_scale((double)h->counts[k], 0, a.max, H_BOTTOM, H_TOP);
		bin_tip(tip, sizeof(tip), h, k);
		fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"%s\"><title>", H_LEFT + (double)k * bw + 1, y,
			bw > 2 ? bw - 2 : bw, H_BOTTOM - y, color(0));
		esc(out, tip);
		fputs("</title></rect>\n", out);
	}
	bin_labels(out, h, bw);
	return close_svg(out);
}

/* ---- step lines ---- */

#define L_LEFT 48.0
#define L_RIGHT (WIDTH - 16)
#define L_TOP 20.0
#define L_BOTTOM 260.0

struct domain {
	double x0, x1, y1;
};

static struct domain line_domain(const struct svg_lines *l)
{
	struct domain d = { 0, 0, 0 };
	int first = 1;

	for (size_t i = 0; i < l->nlines; i++) {
		for (size_t k = 0; k < l->lines[i].n; k++) {
			double x = l->lines[i].x[k], y = l->lines[i].y[k];
			d.x0 = first || x < d.x0 ? x : d.x0;
			d.x1 = first || x > d.x1 ? x : d.x1;
			d.y1 = y > d.y1 ? y : d.y1;
			first = 0;
		}
	}
	if (d.x1 <= d.x0)
		d.x1 = d.x0 + 1;
	return d;
}

static void x_ticks(FILE *out, const struct domain *d, const char *xlabel)
{
	double step = chart_nice((d->x1 - d->x0) / 8);
	char label[32];

	step = step < 1 ? 1 : step;
	for (double v = (double)(long long)(d->x0 / step) * step; v <= d->x1; v += step) {
		if (v < d->x0)
			continue;
		snprintf(label, sizeof(label), "%.0f", v);
		text(out, chart_scale(v, d->x0, d->x1, L_LEFT, L_RIGHT), L_BOTTOM + 16,
		     "middle", "tick", label);
	}
	text(out, (L_LEFT + L_RIGHT) / 2, L_BOTTOM + 36, "middle", "axis-label", xlabel);
}

static void step_path(FILE *out, const struct svg_line *ln, size_t i, const struct domain *d,
		      double ymax)
{
	fprintf(out, "<path class=\"line\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" d=\"",
		color(i));
	for (size_t k = 0; k < ln->n; k++) {
		double x = chart_scale(ln->x[k], d->x0, d->x1, L_LEFT, L_RIGHT);
		double y = chart_scale(ln->y[k], 0, ymax, L_BOTTOM, L_TOP);
		if (k)
			fprintf(out, " H%.1f V%.1f", x, y);
		else
			fprintf(out, "M%.1f %.1f", x, y);
	}
	fputs("\"><title>", out);
	esc(out, ln->name);
	fputs("</title></path>\n", out);
}

static void points(FILE *out, const struct svg_line *ln, size_t i, const struct domain *d,
		   double ymax)
{
	for (size_t k = 0; k < ln->n; k++) {
		fprintf(out, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\">"
			"<title>", chart_scale(ln->x[k], d->x0, d->x1, L_LEFT, L_RIGHT),
			chart_scale(ln->y[k], 0, ymax, L_BOTTOM, L_TOP), color(i));
		esc(out, ln->tips && ln->tips[k] ? ln->tips[k] : ln->name);
		fputs("</title></circle>\n", out);
	}
}

int svg_step_lines(FILE *out, const struct svg_lines *l)
{
	struct domain d = line_domain(l);
	const char **names = xcalloc(l->nlines + 1, sizeof(char *));
	struct chart_axis a;

	for (size_t i = 0; i < l->nlines; i++)
		names[i] = l->lines[i].name;
	chart_axis(d.y1, TICKS, 1, &a);
	open_svg(out, l->id, L_BOTTOM + 52 + legend(NULL, L_LEFT, L_BOTTOM + 58, names,
						       l->nlines), l->title);
	y_grid(out, &a, L_LEFT, L_RIGHT, L_BOTTOM, L_TOP);
	text(out, 4, L_TOP - 8, "start", "axis-label", l->ylabel);
	if (!l->nlines)
		no_data(out, (L_TOP + L_BOTTOM) / 2, "no releases");
	x_ticks(out, &d, l->xlabel);
	for (size_t i = 0; i < l->nlines; i++) {
		step_path(out, &l->lines[i], i, &d, a.max);
		points(out, &l->lines[i], i, &d, a.max);
	}
	legend(out, L_LEFT, L_BOTTOM + 58, names, l->nlines);
	free(names);
	return close_svg(out);
}
