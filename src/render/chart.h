/*
 * chart.h — the arithmetic of charts: round axis ends and steps, histogram
 * bins, linear scales.  No drawing (svg.h draws).  Pure: no libgit2, no
 * I/O, no libm.
 */
#ifndef REGTRACE_CHART_H
#define REGTRACE_CHART_H

#include <stddef.h>
#include <stdint.h>

/* The smallest 1, 2 or 5 times a power of ten that is >= v; 1 for v <= 0. */
double chart_nice(double v);

struct chart_axis {
	double max;	/* the axis runs from 0 to max (> 0) */
	double step;	/* between ticks; max is a whole number of steps */
	int nticks;	/* max / step: ticks after the one at 0 */
};

/*
 * An axis from 0 that covers vmax in about ticks steps of a nice size;
 * integer: steps are whole numbers (for counts).
 */
void chart_axis(double vmax, int ticks, int integer, struct chart_axis *out);

/*
 * The width of histogram bins for values 0..max: the first of 1, 2, 5, 7,
 * 10, 14, 30, 60, 90, 180, 365, then multiples of 365 (days), with which
 * max falls in at most max_bins bins.
 */
long chart_bin_width(long max, int max_bins);

/*
 * Count v[0..n-1] (>= 0) into bins of width w: counts[k] holds those in
 * [k*w, (k+1)*w).  Returns a new array (free() it) of *nbins = max/w + 1
 * counts (1 when n is 0).
 */
size_t *chart_histogram(const long *v, size_t n, long w, size_t *nbins);

/*
 * The top of a scale that one outlier does not set: the largest of
 * v[0..n-1] (values < 0 are undefined and skipped), but at most 1.5 times
 * their 90th percentile (nearest rank; when that is above 0) and at most
 * ceiling (when > 0).  Values above it are drawn past the scale, marked.
 * 0 when no value is above 0.
 */
double chart_robust_max(const double *v, size_t n, double ceiling);

/* v mapped linearly from [d0, d1] onto [r0, r1]; r0 when d0 == d1. */
double chart_scale(double v, double d0, double d1, double r0, double r1);

/* Ticks of a time axis: on whole days, the first of months, or the first of
 * January, as the span needs. */
enum chart_date_unit { CHART_DAYS, CHART_MONTHS, CHART_YEARS };

struct chart_date_ticks {
	enum chart_date_unit unit;
	int step;		/* days (1, 2, 3, 5, 7, 14), months (1, 2, 3, 6) or years
				   (1, 2, 5, 10, 20, 50, 100, ...) */
	size_t n;		/* ticks in t: at most the max_ticks asked */
	int64_t t[64];		/* seconds since the epoch, UTC midnights, increasing */
};

/*
 * The finest ticks of the times t0..t1 (seconds since the epoch, UTC) of
 * which at most max_ticks(unit) fall in [t0, t1]: days every step days from
 * the first whole day; months whose number (0 January) is a multiple of
 * step; years that are multiples of step.  max_ticks gives, per unit, how many
 * labels of that unit fit (their widths differ); it is capped at 64.
 */
void chart_date_ticks(int64_t t0, int64_t t1, int (*max_ticks)(enum chart_date_unit, void *),
		      void *arg, struct chart_date_ticks *out);

/* A tick's label: "2017-07-14", "2017-07" or "2017" by unit. */
void chart_date_label(char *buf, size_t len, int64_t t, enum chart_date_unit unit);

#endif
