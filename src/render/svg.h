/*
 * svg.h — charts as inline SVG, written to a stream: horizontal grouped
 * bars, a histogram, and step lines.
 *
 * Each chart is one <svg id="ID" class="chart LAYOUT" role="img"> element with
 * a <title>, a grid with labelled ticks and, where there are several kinds of
 * mark, a legend (lines: a label at each line's end).  It is drawn for one
 * layout (enum svg_layout): a width in units, which the page scales to its
 * own (a viewBox), and grows in height with its data.  Its labels are placed
 * for that width, from an estimate of each text's width (svg_text_width(),
 * generous: DejaVu Sans, among the widest sans-serif fonts): no label
 * overlaps another or passes the edge, the ticks are as many as their labels
 * leave room for, and a name too long for its room is cut with an ellipsis,
 * whole in its tooltip.
 * Every bar and point carries a <title> (a tooltip) with its exact value.
 * Every string given (titles, labels, names) is HTML-escaped, so it may
 * come from the repository.  Nothing is fetched: fonts are the reader's
 * own (system-ui, sans-serif).  With no data, the chart says so in words.
 * Functions return 0, or -1 if the stream reported an error.
 */
#ifndef REGTRACE_SVG_H
#define REGTRACE_SVG_H

#include <stddef.h>
#include <stdio.h>

enum svg_unit { SVG_COUNT, SVG_PERCENT };	/* how values are labelled */

/*
 * SVG_WIDE: 800 units wide, id ID, class "chart wide"; SVG_NARROW: 400 units
 * wide (a phone: text keeps its size at about 400 px), id "ID-narrow", class
 * "chart narrow".  The report draws both and shows one by the page's width.
 */
enum svg_layout { SVG_WIDE, SVG_NARROW };

/* The width in units of s at font-size 12, over-estimated (see above). */
double svg_text_width(const char *s);

/* One row per group, one bar per key in each row (e.g. low, high rate). */
struct svg_bars {
	const char *id, *title;
	const char *const *groups;	/* row labels */
	size_t ngroups;
	const char *const *keys;	/* bar names, for the legend */
	size_t nkeys;
	const double *values;		/* values[g * nkeys + k]; < 0: undefined */
	enum svg_unit unit;		/* SVG_PERCENT: values are fractions */
	double cap;			/* > 0: the scale ends there (chart.h:
					   chart_robust_max); a value past it is drawn
					   to the edge, marked, with its value */
	const double *low, *high;	/* NULL, or per value the bounds of its
					   interval (< 0: none), drawn as a line
					   across the bar, ticked at both ends */
	const unsigned char *faint;	/* NULL, or per value: 1 when it is too small
					   to compare, drawn grey (class "faint") */
	const size_t *sizes;		/* NULL, or per group a size, on the group's
					   <g class="row" data-size="N"> (the report's
					   control hides the rows below a size) */
};

int svg_hbars(FILE *out, const struct svg_bars *b, enum svg_layout lay);

/* Bin k counts the values in [k * width, (k + 1) * width). */
struct svg_histogram {
	const char *id, *title;
	const char *xlabel;		/* the unit of the values, e.g. "days" */
	const size_t *counts;
	size_t nbins;
	long width;
};

int svg_histogram(FILE *out, const struct svg_histogram *h, enum svg_layout lay);

/* Points in increasing x; the line holds y until the next point's x. */
struct svg_line {
	const char *name;
	const double *x, *y;
	const char *const *tips;	/* per point: its tooltip, or NULL */
	size_t n;
};

/*
 * Each line is named at its end (right of the plot, joined to its last
 * point; no legend), in a colour of its own however many lines there are.
 */
struct svg_lines {
	const char *id, *title, *xlabel, *ylabel;
	const struct svg_line *lines;
	size_t nlines;
	int x_dates;			/* x: seconds since the epoch, ticks as dates */
	enum svg_unit unit;		/* of y */
	double ycap;			/* > 0: as svg_bars' cap */
};

int svg_step_lines(FILE *out, const struct svg_lines *l, enum svg_layout lay);

#endif
