/* svg.c — see svg.h. */
#include "render/svg.h"
#include "render/chart.h"
#include "base/fmt.h"
#include "render/html.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

#define TICKS 5		/* at most this many steps on a value axis */
#define TICK_GAP 16.0		/* at least this much between two tick labels */
#define ELLIPSIS "\xe2\x80\xa6"

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

static double layout_width(enum svg_layout lay)
{
	return lay == SVG_NARROW ? 400.0 : 800.0;
}

/* Widths at font-size 12 of DejaVu Sans's glyphs, rounded up: digits 7.7,
 * most lower-case letters 7.4, capitals 8.6, the narrow ones 3.8 to 5, the
 * wide ones 11.8; any other character (a byte that starts one) 12. */
static double char_width(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return 7.7;
	if (strchr(" .,:;'|!ijl", c))
		return 3.8;
	if (strchr("()-/[]ftr", c))
		return 5.0;
	if (strchr("mwMW%", c))
		return 11.8;
	if (c >= 'A' && c <= 'Z')
		return 8.6;
	return c < 0x80 ? 7.4 : 12.0;
}

double svg_text_width(const char *s)
{
	double w = 0;

	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++)
		if ((*p & 0xc0) != 0x80)	/* not a UTF-8 continuation byte */
			w += char_width(*p);
	return w;
}

static void esc(FILE *out, const char *s)
{
	char *e = html_escape(s ? s : "");

	fputs(e, out);
	free(e);
}

static void open_svg(FILE *out, const char *id, enum svg_layout lay, double height,
		     const char *title)
{
	double w = layout_width(lay);

	fputs("<svg id=\"", out);
	esc(out, id);
	fprintf(out, "%s\" class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" "
		"viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" role=\"img\" "
		"font-family=\"system-ui, sans-serif\" font-size=\"12\">\n<title>",
		lay == SVG_NARROW ? "-narrow" : "", lay == SVG_NARROW ? "narrow" : "wide",
		w, height, w, height);
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

/*
 * A new string (free() it): s, or as much of its start as fits in room units
 * followed by an ellipsis, cut between characters.  *cut says which.
 */
static char *fit(const char *s, double room, int *cut)
{
	size_t n = strlen(s), k = 0;
	double w = svg_text_width(ELLIPSIS);

	*cut = svg_text_width(s) > room;
	if (!*cut)
		return xstrdup(s);
	while (k < n) {
		size_t next = k + 1;
		while (next < n && ((unsigned char)s[next] & 0xc0) == 0x80)
			next++;
		if (w + char_width((unsigned char)s[k]) > room)
			break;
		w += char_width((unsigned char)s[k]);
		k = next;
	}
	char *r = xmalloc(k + sizeof(ELLIPSIS));
	memcpy(r, s, k);
	memcpy(r + k, ELLIPSIS, sizeof(ELLIPSIS));
	return r;
}

/* text() of s cut to room units; a cut one has its whole self as a tooltip. */
static void text_fit(FILE *out, double x, double y, const char *anchor, const char *cls,
		     const char *extra, const char *s, double room)
{
	int cut;
	char *t = fit(s ? s : "", room, &cut);

	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\"%s>", x, y,
		anchor, cls, extra ? extra : "");
	esc(out, t);
	if (cut) {
		fputs("<title>", out);
		esc(out, s);
		fputs("</title>", out);
	}
	fputs("</text>\n", out);
	free(t);
}

static void fmt_value(char *buf, size_t len, double v, enum svg_unit unit)
{
	if (unit == SVG_PERCENT)
		fmt_pct(buf, len, v);
	else
		fmt_count(buf, len, v < 0 ? 0 : (size_t)(v + 0.5));
}

static void legend_entry(FILE *out, double x, double y, size_t i, const char *name,
			 double room)
{
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>\n",
		x, y - 9, color(i).s);
	text_fit(out, x + 14, y, "start", "legend", NULL, name, room);
}

static double legend_entry_width(const char *name)
{
	return 14 + svg_text_width(name) + 20;
}

/*
 * Legend entries left to right from (x0, y0), in rows 18 units apart,
 * wrapping at w, an entry wider than a row cut; out NULL only measures.
 * Returns the height.
 */
static double legend(FILE *out, double x0, double y0, double w, const char *const *names,
		     size_t n)
{
	double x = x0, y = y0;

	for (size_t i = 0; i < n; i++) {
		double ew = legend_entry_width(names[i]);
		if (x > x0 && x + ew > w) {
			x = x0;
			y += 18;
		}
		if (out)
			legend_entry(out, x, y, i, names[i], w - 4 - x - 14);
		x += ew;
	}
	return n ? y - y0 + 18 : 0;
}

static void no_data(FILE *out, double w, double y, const char *what)
{
	text(out, w / 2, y, "middle", "no-data", what);
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

/* The widest label of an axis's ticks. */
static double axis_label_width(const struct chart_axis *a, enum svg_unit unit)
{
	char label[64];
	double w = 0;

	for (int t = 0; t <= a->nticks; t++) {
		fmt_value(label, sizeof(label), t * a->step, unit);
		if (svg_text_width(label) > w)
			w = svg_text_width(label);
	}
	return w;
}

/* ---- horizontal grouped bars ---- */

#define BAR_H 12.0
#define BAR_GAP 3.0		/* two values' labels, one under the other, do not touch */
#define ROW_PAD 10.0
#define NO_VALUE "no value (divisor 0)"
#define PAST " (past the scale)"

static double row_height(const struct svg_bars *b)
{
	return (double)b->nkeys * (BAR_H + BAR_GAP) + ROW_PAD;
}

/* Room for the row labels: their width and 16, within 60 and 30 % of w (a
 * longer label is cut). */
static double label_margin(const struct svg_bars *b, double w)
{
	double m = 0;

	for (size_t g = 0; g < b->ngroups; g++)
		if (svg_text_width(b->groups[g]) > m)
			m = svg_text_width(b->groups[g]);
	m += 16;
	return m < 60 ? 60 : m > 0.3 * w ? 0.3 * w : m;
}

/* The legend from the plot's left edge, or from the chart's when an entry
 * would not fit there. */
static double legend_x(const struct svg_bars *b, double left, double w)
{
	for (size_t k = 0; k < b->nkeys; k++)
		if (left + legend_entry_width(b->keys[k]) > w)
			return 4;
	return left;
}

static double max_value(const double *v, size_t n)
{
	double m = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i] > m)
			m = v[i];
	return m;
}

/* Value i's label, and how far right of its bar's end it starts. */
static double value_label(char *buf, size_t len, const struct svg_bars *b, size_t i,
			  double top)
{
	double v = b->values[i];

	fmt_value(buf, len, v, b->unit);
	if (v > top)
		strncat(buf, PAST, len - strlen(buf) - 1);
	return v > top ? 12 : 4;
}

/*
 * The plot's width from left: as wide as the chart allows, less half the
 * last tick's label, and narrow enough that every value's label, right of
 * its bar, ends inside the chart.
 */
static double bars_room(const struct svg_bars *b, double left, double w, double top,
			double tick_w)
{
	double room = w - 4 - left - tick_w / 2;
	char label[96];

	for (size_t i = 0; i < b->ngroups * b->nkeys; i++) {
		double v = b->values[i];
		if (v <= 0)
			continue;
		double f = v > top ? 1 : v / top;
		double off = value_label(label, sizeof(label), b, i, top);
		double r = (w - 4 - left - off - svg_text_width(label)) / f;
		if (r < room)
			room = r;
	}
	return room < 40 ? 40 : room;
}

/* The value axis, with as many ticks (at most TICKS) as their labels have
 * room for; returns the plot's width. */
static double bars_axis(const struct svg_bars *b, double left, double w, double vmax,
			struct chart_axis *a)
{
	double room = 40;

	for (int t = TICKS; t >= 1; t--) {
		chart_axis(vmax, t, 0, a);
		double lw = axis_label_width(a, b->unit);
		room = bars_room(b, left, w, a->max, lw);
		if (a->nticks * (lw + TICK_GAP) <= room)
			break;
	}
	return room;
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
	char label[96], plain[64];

	if (v < 0) {
		text(out, x0 + 4, y + BAR_H - 2, "start", "value none", NO_VALUE);
		return;
	}
	fmt_value(plain, sizeof(plain), v, b->unit);
	double off = value_label(label, sizeof(label), b, i, top);
	width = chart_scale(past ? top : v, 0, top, 0, right - x0);
	fprintf(out, "<rect class=\"bar%s%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%.1f\" fill=\"%s\"><title>", past ? " past-scale" : "",
		faint ? " faint" : "", x0, y, width, BAR_H, faint ? "#c8c8c8" : color(k).s);
	esc(out, b->groups[g]);
	fputs(" \xe2\x80\x94 ", out);
	esc(out, b->keys[k]);
	fprintf(out, ": %s%s</title></rect>\n", plain,
		faint ? " (too few commits to compare)" : "");
	if (b->low && b->high) {
		whisker(out, b, i, x0, y, right, top);
		/* the value's label on a white ground, over the interval's line */
		fprintf(out, "<rect class=\"value-ground\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"#fff\"/>\n", x0 + width + off - 2, y,
			svg_text_width(label) + 4, BAR_H);
	}
	if (past)
		past_scale_mark(out, x0 + width + 2, y);
	text(out, x0 + width + off, y + BAR_H - 2, "start", past ? "value past-scale" : "value",
	     label);
}

int svg_hbars(FILE *out, const struct svg_bars *b, enum svg_layout lay)
{
	double w = layout_width(lay), left = label_margin(b, w), lx = legend_x(b, left, w);
	double top = 20 + legend(NULL, lx, 16, w, b->keys, b->nkeys);
	double bottom = top + (double)b->ngroups * row_height(b);
	double vmax = max_value(b->values, b->ngroups * b->nkeys);
	struct chart_axis a;

	if (b->cap > 0 && vmax > b->cap)
		vmax = b->cap;
	double right = left + bars_axis(b, left, w, vmax, &a);
	open_svg(out, b->id, lay, bottom + (b->ngroups ? 30 : 60), b->title);
	legend(out, lx, 16, w, b->keys, b->nkeys);
	if (!b->ngroups)
		no_data(out, w, top + 20, "no series");
	x_grid(out, &a, left, right, top, bottom, b->unit);
	for (size_t g = 0; g < b->ngroups; g++) {
		double y = top + (double)g * row_height(b) + ROW_PAD / 2;
		if (b->sizes)
			fprintf(out, "<g class=\"row\" data-size=\"%zu\" data-height=\"%.0f\">\n",
				b->sizes[g], row_height(b));
		text_fit(out, left - 8, y + (row_height(b) - ROW_PAD) / 2 + 4, "end", "group",
			 NULL, b->groups[g], left - 12);
		for (size_t k = 0; k < b->nkeys; k++)
			bar(out, b, g, k, left, y + (double)k * (BAR_H + BAR_GAP), right, a.max);
		if (b->sizes)
			fputs("</g>\n", out);
	}
	return close_svg(out);
}

/* ---- histogram ---- */

#define H_LEFT 48.0
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

/* Bins one unit wide are labelled under their middle, wider ones at their
 * edges; every so many bins that two labels are TICK_GAP apart. */
static void bin_labels(FILE *out, const struct svg_histogram *h, double bw, double right)
{
	int single = h->width == 1;
	char label[32];

	snprintf(label, sizeof(label), "%ld", (long)h->nbins * h->width);
	size_t every = (size_t)((svg_text_width(label) + TICK_GAP) / bw) + 1;
	for (size_t k = 0; k + single <= h->nbins; k += every) {
		snprintf(label, sizeof(label), "%ld", (long)k * h->width);
		text(out, H_LEFT + ((double)k + 0.5 * single) * bw, H_BOTTOM + 16, "middle",
		     "tick", label);
	}
	text(out, (H_LEFT + right) / 2, H_BOTTOM + 36, "middle", "axis-label", h->xlabel);
}

int svg_histogram(FILE *out, const struct svg_histogram *h, enum svg_layout lay)
{
	double w = layout_width(lay), right = w - 24;
	double bw = (right - H_LEFT) / (double)(h->nbins ? h->nbins : 1);
	size_t max = 0;
	struct chart_axis a;
	char tip[128];

	for (size_t k = 0; k < h->nbins; k++)
		max = h->counts[k] > max ? h->counts[k] : max;
	chart_axis((double)max, TICKS, 1, &a);
	open_svg(out, h->id, lay, H_BOTTOM + 48, h->title);
	y_grid(out, &a, H_LEFT, right, H_BOTTOM, H_TOP);
	if (!max)
		no_data(out, w, (H_TOP + H_BOTTOM) / 2, "no regression with a known lifetime");
	for (size_t k = 0; k < h->nbins && max; k++) {
		double y = chart_scale((double)h->counts[k], 0, a.max, H_BOTTOM, H_TOP);
		bin_tip(tip, sizeof(tip), h, k);
		fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"%s\"><title>", H_LEFT + (double)k * bw + 1, y,
			bw > 2 ? bw - 2 : bw, H_BOTTOM - y, color(0).s);
		esc(out, tip);
		fputs("</title></rect>\n", out);
	}
	bin_labels(out, h, bw, right);
	return close_svg(out);
}

/* ---- step lines ---- */

#define L_LEFT 56.0
#define L_TOP 24.0
#define L_BOTTOM 260.0
#define LABEL_GAP 15.0		/* between two end labels: more than a text's height */
#define END_ROOM 40.0		/* at least this much right of the plot: the last x
				   tick's half */

/* The plot's data ranges, its right edge (end labels go past it) and its
 * bottom (lower when there are more end labels than its height holds). */
struct domain {
	double x0, x1, y1, right, bottom, w;
};

static struct domain line_domain(const struct svg_lines *l, double w)
{
	struct domain d = { 0, 0, 0, 0, L_BOTTOM, w };
	double names = 0;
	int first = 1;

	for (size_t i = 0; i < l->nlines; i++) {
		if (svg_text_width(l->lines[i].name) > names)
			names = svg_text_width(l->lines[i].name);
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
	names += 6;
	if (names > 0.3 * w)
		names = 0.3 * w;
	d.right = w - 8 - (names > END_ROOM ? names : END_ROOM);
	if (l->nlines && L_TOP + (double)(l->nlines - 1) * LABEL_GAP + 2 > d.bottom)
		d.bottom = L_TOP + (double)(l->nlines - 1) * LABEL_GAP + 2;
	return d;
}

static double px(const struct domain *d, double x)
{
	return chart_scale(x, d->x0, d->x1, L_LEFT, d->right);
}

/* An x tick's label under the plot, unless it would touch the one before
 * (*last: that one's right end). */
static void x_tick(FILE *out, const struct domain *d, double x, const char *label,
		   double *last)
{
	double lw = svg_text_width(label), at = px(d, x);

	if (at - lw / 2 < *last + 4)
		return;
	text(out, at, d->bottom + 19, "middle", "tick", label);
	*last = at + lw / 2;
}

/* How many labels of a unit's width the plot has room for. */
static int date_room(enum chart_date_unit unit, void *arg)
{
	static const char *const sample[] = { "2000-00-00", "2000-00", "2000" };
	const struct domain *d = arg;

	return (int)((d->right - L_LEFT) / (svg_text_width(sample[unit]) + TICK_GAP));
}

/* Ticks by date: whole days, months or years (chart.h), as the span needs. */
static void date_ticks(FILE *out, const struct domain *d)
{
	struct chart_date_ticks t;
	double last = -1e9;
	char label[32];

	chart_date_ticks((int64_t)d->x0, (int64_t)d->x1, date_room, (void *)d, &t);
	for (size_t i = 0; i < t.n; i++) {
		chart_date_label(label, sizeof(label), t.t[i], t.unit);
		x_tick(out, d, (double)t.t[i], label, &last);
	}
}

static void number_ticks(FILE *out, const struct domain *d)
{
	char label[32];
	double last = -1e9;

	snprintf(label, sizeof(label), "%.0f", d->x1 > -d->x0 ? d->x1 : d->x0);
	double room = (d->right - L_LEFT) / (svg_text_width(label) + TICK_GAP);
	double step = chart_nice((d->x1 - d->x0) / (room < 1 ? 1 : room));

	step = step < 1 ? 1 : step;
	for (double v = (double)(long long)(d->x0 / step) * step; v <= d->x1; v += step) {
		if (v < d->x0)
			continue;
		snprintf(label, sizeof(label), "%.0f", v);
		x_tick(out, d, v, label, &last);
	}
}

static void x_ticks(FILE *out, const struct svg_lines *l, const struct domain *d)
{
	if (l->x_dates)
		date_ticks(out, d);
	else
		number_ticks(out, d);
	text_fit(out, (L_LEFT + d->right) / 2, d->bottom + 39, "middle", "axis-label", NULL,
		 l->xlabel, d->w - 8);
}

/* A value's height; values past the scale's top stay at the top. */
static double py(const struct domain *d, double y, double ymax)
{
	return chart_scale(y > ymax ? ymax : y, 0, ymax, d->bottom, L_TOP);
}

static void step_path(FILE *out, const struct svg_line *ln, size_t i, const struct domain *d,
		      double ymax)
{
	fprintf(out, "<path class=\"line\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s d=\"",
		color(i).s, i >= NCOLORS ? " stroke-dasharray=\"7 3\"" : "");
	for (size_t k = 0; k < ln->n; k++) {
		if (k)
			fprintf(out, " H%.1f V%.1f", px(d, ln->x[k]), py(d, ln->y[k], ymax));
		else
			fprintf(out, "M%.1f %.1f", px(d, ln->x[k]), py(d, ln->y[k], ymax));
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
		double x = px(d, ln->x[k]), y = py(d, ln->y[k], ymax);
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
	const struct end_label *p = a, *q = b;

	if (p->y != q->y)
		return (p->y > q->y) - (p->y < q->y);
	return (p->line > q->line) - (p->line < q->line);
}

/* The labels' heights: each at its point's, moved down to LABEL_GAP under
 * the one above, then up where that took it below the plot. */
static void place_end_labels(struct end_label *e, size_t n, const struct domain *d)
{
	for (size_t k = 0; k < n; k++) {
		double lo = k ? e[k - 1].ly + LABEL_GAP : L_TOP;
		e[k].ly = e[k].y > lo ? e[k].y : lo;
	}
	double limit = d->bottom - 2;
	for (size_t k = n; k-- > 0;) {
		if (e[k].ly > limit)
			e[k].ly = limit;
		limit = e[k].ly - LABEL_GAP;
	}
}

/* Every line is named at the right of the plot, at the height of its last
 * point (moved apart so that no two overlap), joined to it by a dotted
 * leader. */
static void end_labels(FILE *out, const struct svg_lines *l, const struct domain *d,
		       double ymax)
{
	struct end_label *e = xcalloc(l->nlines + 1, sizeof(*e));
	size_t n = 0;
	char fill[64];

	for (size_t i = 0; i < l->nlines; i++) {
		const struct svg_line *ln = &l->lines[i];
		if (!ln->n)
			continue;
		e[n++] = (struct end_label){ i, px(d, ln->x[ln->n - 1]),
					     py(d, ln->y[ln->n - 1], ymax), 0 };
	}
	qsort(e, n, sizeof(*e), cmp_end);
	place_end_labels(e, n, d);
	for (size_t k = 0; k < n; k++) {
		fprintf(out, "<line class=\"leader\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"2 2\"/>\n", e[k].x, e[k].y,
			d->right + 4, e[k].ly, color(e[k].line).s);
		snprintf(fill, sizeof(fill), " fill=\"%s\"", color(e[k].line).s);
		text_fit(out, d->right + 6, e[k].ly + 4, "start", "end-label", fill,
			 l->lines[e[k].line].name, d->w - 4 - (d->right + 6));
	}
	free(e);
}

/* Horizontal grid lines and their labels, in the chart's unit. */
static void line_grid(FILE *out, const struct chart_axis *a, const struct svg_lines *l,
		      const struct domain *d)
{
	char label[64];

	for (int t = 0; t <= a->nticks; t++) {
		double v = t * a->step, y = chart_scale(v, 0, a->max, d->bottom, L_TOP);
		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"#ddd\"/>\n", L_LEFT, y, d->right, y);
		fmt_value(label, sizeof(label), v, l->unit);
		text(out, L_LEFT - 6, y + 4, "end", "tick", label);
	}
}

int svg_step_lines(FILE *out, const struct svg_lines *l, enum svg_layout lay)
{
	struct domain d = line_domain(l, layout_width(lay));
	struct chart_axis a;

	chart_axis(l->ycap > 0 && d.y1 > l->ycap ? l->ycap : d.y1, TICKS,
		   l->unit == SVG_COUNT, &a);
	int past = d.y1 > a.max;
	open_svg(out, l->id, lay, d.bottom + (past ? 66 : 48), l->title);
	line_grid(out, &a, l, &d);
	text(out, 4, L_TOP - 10, "start", "axis-label", l->ylabel);
	if (past)	/* under the x axis's label */
		text_fit(out, d.right, d.bottom + 58, "end", "past-scale-note", NULL,
			 "\xe2\x96\xb3 past the scale: shown at its top", d.right - 4);
	if (!l->nlines)
		no_data(out, d.w, (L_TOP + d.bottom) / 2, "no releases");
	x_ticks(out, l, &d);
	for (size_t i = 0; i < l->nlines; i++) {
		step_path(out, &l->lines[i], i, &d, a.max);
		points(out, &l->lines[i], i, &d, a.max);
	}
	end_labels(out, l, &d, a.max);
	return close_svg(out);
}
