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

/* Mark i's colour: the ten of the palette, then hues 137 degrees apart (137
 * and 360 share no factor, so 360 marks get 360 hues) in two lightnesses:
 * no colour repeats.  Lines past the palette are also dashed. */
struct color {
	char s[32];
};

static struct color color(size_t i)
{
	struct color c;

	if (i < NCOLORS)
		snprintf(c.s, sizeof(c.s), "%s", palette[i]);
	else
		snprintf(c.s, sizeof(c.s), "hsl(%zu,70%%,%d%%)", (i - NCOLORS) * 137 % 360,
			 (i - NCOLORS) / 360 % 2 ? 55 : 38);
	return c;
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
		x, y - 9, color(i).s);
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

/* A value past the scale's top: drawn to the edge, marked by an arrow head
 * and its value. */
static void past_scale_mark(FILE *out, double x, double y)
{
	fprintf(out, "<path class=\"past-scale\" d=\"M%.1f %.1f l6 %.1f l-6 %.1f z\" "
		"fill=\"#222\"/>\n", x, y, BAR_H / 2, BAR_H / 2);
}

/* The interval of value i as a line across its bar, from low to high (cut
 * at the scale's top), with a tick at each end that is on the scale. */
static void whisker(FILE *out, const struct svg_bars *b, size_t i, double x0, double y,
		    double right, double top)
{
	double lo = b->low[i], hi = b->high[i], mid = y + BAR_H / 2;
	char l[64], h[64];

	if (lo < 0 || hi < 0 || lo > top)
		return;
	double x1 = x0 + chart_scale(lo, 0, top, 0, right - x0);
	double x2 = x0 + chart_scale(hi > top ? top : hi, 0, top, 0, right - x0);
	fmt_value(l, sizeof(l), lo, b->unit);
	fmt_value(h, sizeof(h), hi, b->unit);
	fprintf(out, "<path class=\"ci\" d=\"M%.1f %.1fH%.1fM%.1f %.1fv%.1f", x1, mid, x2,
		x1, mid - 4, 8.0);
	if (hi <= top)
		fprintf(out, "M%.1f %.1fv%.1f", x2, mid - 4, 8.0);
	fprintf(out, "\" stroke=\"#222\" stroke-width=\"1.2\" fill=\"none\"><title>95%% "
		"interval: %s to %s</title></path>\n", l, h);
}

static void bar(FILE *out, const struct svg_bars *b, size_t g, size_t k, double x0,
		double y, double right, double top)
{
	size_t i = g * b->nkeys + k;
	double v = b->values[i], width;
	int past = v > top, faint = b->faint && b->faint[i];
	char label[64];

	fmt_value(label, sizeof(label), v, b->unit);
	if (v < 0) {
		text(out, x0 + 4, y + BAR_H - 2, "start", "value none", "no value (divisor 0)");
		return;
	}
	width = chart_scale(past ? top : v, 0, top, 0, right - x0);
	fprintf(out, "<rect class=\"bar%s%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%.1f\" fill=\"%s\"><title>", past ? " past-scale" : "",
		faint ? " faint" : "", x0, y, width, BAR_H, faint ? "#c8c8c8" : color(k).s);
	esc(out, b->groups[g]);
	fputs(" \xe2\x80\x94 ", out);
	esc(out, b->keys[k]);
	fprintf(out, ": %s%s</title></rect>\n", label, faint ? " (too few commits to compare)" : "");
	if (b->low && b->high) {
		whisker(out, b, i, x0, y, right, top);
		/* the value's label on a white ground, over the interval's line */
		fprintf(out, "<rect class=\"value-ground\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"#fff\"/>\n", x0 + width + (past ? 10 : 2), y,
			CHAR_W * (double)(strlen(label) + (past ? 17 : 0)) + 4, BAR_H);
	}
	if (past) {
		past_scale_mark(out, x0 + width + 2, y);
		strncat(label, " (past the scale)", sizeof(label) - strlen(label) - 1);
	}
	text(out, x0 + width + (past ? 12 : 4), y + BAR_H - 2, "start",
	     past ? "value past-scale" : "value", label);
}

int svg_hbars(FILE *out, const struct svg_bars *b)
{
	double left = label_margin(b), right = WIDTH - 150;
	double top = 20 + legend(NULL, left, 16, b->keys, b->nkeys);
	double bottom = top + (double)b->ngroups * row_height(b);
	double vmax = max_value(b->values, b->ngroups * b->nkeys);
	struct chart_axis a;

	if (b->cap > 0 && vmax > b->cap)
		vmax = b->cap;
	chart_axis(vmax, TICKS, 0, &a);
	open_svg(out, b->id, bottom + (b->ngroups ? 30 : 60), b->title);
	legend(out, left, 16, b->keys, b->nkeys);
	if (!b->ngroups)
		no_data(out, top + 20, "no series");
	x_grid(out, &a, left, right, top, bottom, b->unit);
	for (size_t g = 0; g < b->ngroups; g++) {
		double y = top + (double)g * row_height(b) + ROW_PAD / 2;
		if (b->sizes)
			fprintf(out, "<g class=\"row\" data-size=\"%zu\" data-height=\"%.0f\">\n",
				b->sizes[g], row_height(b));
		text(out, left - 8, y + (row_height(b) - ROW_PAD) / 2 + 4, "end", "group",
		     b->groups[g]);
		for (size_t k = 0; k < b->nkeys; k++)
			bar(out, b, g, k, left, y + (double)k * (BAR_H + BAR_GAP), right, a.max);
		if (b->sizes)
			fputs("</g>\n", out);
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
			bw > 2 ? bw - 2 : bw, H_BOTTOM - y, color(0).s);
		esc(out, tip);
		fputs("</title></rect>\n", out);
	}
	bin_labels(out, h, bw);
	return close_svg(out);
}

/* ---- step lines ---- */

#define L_LEFT 56.0
#define L_TOP 24.0
#define L_BOTTOM 260.0
#define LABEL_GAP 13.0		/* between two end labels */

/* The plot's data ranges and its right edge (end labels go past it). */
struct domain {
	double x0, x1, y1, right;
};

static struct domain line_domain(const struct svg_lines *l)
{
	struct domain d = { 0, 0, 0, 0 };
	size_t w = 0;
	int first = 1;

	for (size_t i = 0; i < l->nlines; i++) {
		if (strlen(l->lines[i].name) > w)
			w = strlen(l->lines[i].name);
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
	if (w > 24)
		w = 24;
	d.right = WIDTH - 16 - CHAR_W * (double)w;
	return d;
}

static double px(const struct domain *d, double x)
{
	return chart_scale(x, d->x0, d->x1, L_LEFT, d->right);
}

/* Ticks by date: x in seconds since the epoch, steps of whole days. */
static void date_ticks(FILE *out, const struct domain *d)
{
	static const long steps[] = { 1, 2, 7, 14, 30, 61, 91, 182, 365, 730, 1826, 3652 };
	double span = (d->x1 - d->x0) / 86400;
	long step = steps[sizeof(steps) / sizeof(steps[0]) - 1];
	char label[32];

	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		if (span / (double)steps[i] <= 6) {
			step = steps[i];
			break;
		}
	double day0 = (double)((long long)(d->x0 / 86400));
	for (double day = day0; day * 86400 <= d->x1; day += (double)step) {
		if (day * 86400 < d->x0)
			continue;
		fmt_date(label, sizeof(label), (int64_t)(day * 86400));
		text(out, px(d, day * 86400), L_BOTTOM + 16, "middle", "tick", label);
	}
}

static void number_ticks(FILE *out, const struct domain *d)
{
	double step = chart_nice((d->x1 - d->x0) / 8);
	char label[32];

	step = step < 1 ? 1 : step;
	for (double v = (double)(long long)(d->x0 / step) * step; v <= d->x1; v += step) {
		if (v < d->x0)
			continue;
		snprintf(label, sizeof(label), "%.0f", v);
		text(out, px(d, v), L_BOTTOM + 16, "middle", "tick", label);
	}
}

static void x_ticks(FILE *out, const struct svg_lines *l, const struct domain *d)
{
	if (l->x_dates)
		date_ticks(out, d);
	else
		number_ticks(out, d);
	text(out, (L_LEFT + d->right) / 2, L_BOTTOM + 36, "middle", "axis-label", l->xlabel);
}

/* A value's height; values past the scale's top stay at the top. */
static double py(double y, double ymax)
{
	return chart_scale(y > ymax ? ymax : y, 0, ymax, L_BOTTOM, L_TOP);
}

static void step_path(FILE *out, const struct svg_line *ln, size_t i, const struct domain *d,
		      double ymax)
{
	fprintf(out, "<path class=\"line\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s d=\"",
		color(i).s, i >= NCOLORS ? " stroke-dasharray=\"7 3\"" : "");
	for (size_t k = 0; k < ln->n; k++) {
		if (k)
			fprintf(out, " H%.1f V%.1f", px(d, ln->x[k]), py(ln->y[k], ymax));
		else
			fprintf(out, "M%.1f %.1f", px(d, ln->x[k]), py(ln->y[k], ymax));
	}
	fputs("\"><title>", out);
	esc(out, ln->name);
	fputs("</title></path>\n", out);
}

/* Points; one past the scale's top is a hollow triangle at the top. */
static void points(FILE *out, const struct svg_line *ln, size_t i, const struct domain *d,
		   double ymax)
{
	for (size_t k = 0; k < ln->n; k++) {
		double x = px(d, ln->x[k]), y = py(ln->y[k], ymax);
		if (ln->y[k] > ymax)
			fprintf(out, "<path class=\"point past-scale\" d=\"M%.1f %.1f l5 8 h-10 z\" "
				"fill=\"#fff\" stroke=\"%s\" stroke-width=\"2\"><title>", x, y - 4,
				color(i).s);
		else
			fprintf(out, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
				"fill=\"%s\"><title>", x, y, color(i).s);
		esc(out, ln->tips && ln->tips[k] ? ln->tips[k] : ln->name);
		fputs(ln->y[k] > ymax ? " (past the scale)</title></path>\n" :
		      "</title></circle>\n", out);
	}
}

struct end_label {
	size_t line;
	double x, y, ly;	/* the last point, and the label's height */
};

static int cmp_end(const void *a, const void *b)
{
	double x = ((const struct end_label *)a)->y, y = ((const struct end_label *)b)->y;

	return (x > y) - (x < y);
}

/* Every line is named at the right of the plot, at the height of its last
 * point (moved apart so that no two overlap), joined to it by a dotted
 * leader. */
static void end_labels(FILE *out, const struct svg_lines *l, const struct domain *d,
		       double ymax)
{
	struct end_label *e = xcalloc(l->nlines + 1, sizeof(*e));
	size_t n = 0;

	for (size_t i = 0; i < l->nlines; i++) {
		const struct svg_line *ln = &l->lines[i];
		if (!ln->n)
			continue;
		e[n++] = (struct end_label){ i, px(d, ln->x[ln->n - 1]),
					     py(ln->y[ln->n - 1], ymax), 0 };
	}
	qsort(e, n, sizeof(*e), cmp_end);
	for (size_t k = 0; k < n; k++)
		e[k].ly = k && e[k].y < e[k - 1].ly + LABEL_GAP ? e[k - 1].ly + LABEL_GAP : e[k].y;
	for (size_t k = 0; k < n; k++) {
		fprintf(out, "<line class=\"leader\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"2 2\"/>\n", e[k].x, e[k].y,
			d->right + 4, e[k].ly, color(e[k].line).s);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"start\" "
			"class=\"end-label\" fill=\"%s\">", d->right + 6, e[k].ly + 4,
			color(e[k].line).s);
		esc(out, l->lines[e[k].line].name);
		fputs("</text>\n", out);
	}
	free(e);
}

/* Horizontal grid lines and their labels, in the chart's unit. */
static void line_grid(FILE *out, const struct chart_axis *a, const struct svg_lines *l,
		      const struct domain *d)
{
	char label[64];

	for (int t = 0; t <= a->nticks; t++) {
		double v = t * a->step, y = chart_scale(v, 0, a->max, L_BOTTOM, L_TOP);
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"#ddd\"/>\n", L_LEFT, y, d->right, y);
		fmt_value(label, sizeof(label), v, l->unit);
		text(out, L_LEFT - 6, y + 4, "end", "tick", label);
	}
}

int svg_step_lines(FILE *out, const struct svg_lines *l)
{
	struct domain d = line_domain(l);
	double height = L_BOTTOM + 48;
	struct chart_axis a;

	chart_axis(l->ycap > 0 && d.y1 > l->ycap ? l->ycap : d.y1, TICKS,
		   l->unit == SVG_COUNT, &a);
	for (size_t i = 0; i < l->nlines; i++)	/* room for the end labels */
		if (L_TOP + (double)i * LABEL_GAP + 8 > height)
			height = L_TOP + (double)i * LABEL_GAP + 8;
	open_svg(out, l->id, height, l->title);
	line_grid(out, &a, l, &d);
	text(out, 4, L_TOP - 10, "start", "axis-label", l->ylabel);
	if (d.y1 > a.max)
		text(out, d.right, L_TOP - 10, "end", "past-scale-note",
		     "\xe2\x96\xb3 past the scale: shown at its top");
	if (!l->nlines)
		no_data(out, (L_TOP + L_BOTTOM) / 2, "no releases");
	x_ticks(out, l, &d);
	for (size_t i = 0; i < l->nlines; i++) {
		step_path(out, &l->lines[i], i, &d, a.max);
		points(out, &l->lines[i], i, &d, a.max);
	}
	end_labels(out, l, &d, a.max);
	return close_svg(out);
}
