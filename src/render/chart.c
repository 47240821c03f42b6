/* chart.c — see chart.h. */
#include "render/chart.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>

#define EPS 1e-9

double chart_nice(double v)
{
	double p = 1.0;

	if (v <= 0)
		return 1.0;
	while (p * 10.0 <= v * (1 + EPS))
		p *= 10.0;
	while (p > v * (1 + EPS))
		p /= 10.0;
	/* p <= v < 10p */
	if (v <= p * (1 + EPS))
		return p;
	if (v <= 2 * p * (1 + EPS))
		return 2 * p;
	if (v <= 5 * p * (1 + EPS))
		return 5 * p;
	return 10 * p;
}

void chart_axis(double vmax, int ticks, int integer, struct chart_axis *out)
{
	double step;
	int n = 0;

	if (ticks < 1)
		ticks = 1;
	if (vmax <= 0)
		vmax = integer ? 1.0 : 0.01;
	step = chart_nice(vmax / ticks);
	if (integer && step < 1)
		step = 1;
	while (n * step < vmax * (1 - EPS))
		n++;
	out->step = step;
	out->nticks = n ? n : 1;
	out->max = out->nticks * step;
}

long chart_bin_width(long max, int max_bins)
{
	static const long widths[] = { 1, 2, 5, 7, 10, 14, 30, 60, 90, 180, 365 };
	if (max_bins < 1)
		max_bins = 1;
	if (max < 0)
		max = 0;
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		if (max / widths[i] < max_bins)
			return widths[i];
	/* max / w < max_bins exactly when w > max / max_bins */
	return (max / max_bins + 1 + 364) / 365 * 365;
}

size_t *chart_histogram(const long *v, size_t n, long w, size_t *nbins)
{
	long max = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i] > max)
			max = v[i];
	*nbins = (size_t)(max / w) + 1;
	size_t *counts = xcalloc(*nbins, sizeof(size_t));
	for (size_t i = 0; i < n; i++)
		counts[(v[i] < 0 ? 0 : v[i]) / w]++;
	return counts;
}

double chart_scale(double v, double d0, double d1, double r0, double r1)
{
	if (d1 == d0)
		return r0;
	return r0 + (v - d0) * (r1 - r0) / (d1 - d0);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double chart_robust_max(const double *v, size_t n, double ceiling)
{
	double *d = xcalloc(n + 1, sizeof(double)), top = 0;
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i] >= 0)
			d[m++] = v[i];
	if (m) {
		qsort(d, m, sizeof(double), cmp_double);
		double p90 = d[(9 * m + 9) / 10 - 1];	/* rank ceil(0.9 m) */
		top = d[m - 1];
		if (p90 > 0 && top > 1.5 * p90)
			top = 1.5 * p90;
		if (ceiling > 0 && top > ceiling)
			top = ceiling;
	}
	free(d);
	return top;
}

/* Days since 1970-01-01 of a proleptic Gregorian date, and back (H. Hinnant's
 * algorithms: eras of 400 years, years from March). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	int64_t yoe = y - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return era * 146097 + doe - 719468;
}

static void civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	z += 719468;
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153;

	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

static int64_t floor_div(int64_t a, int64_t b)
{
	return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

/* The k-th tick from the one at or before t0 (k = 0), or at or after. */
static int64_t date_tick(int64_t t0, enum chart_date_unit unit, int step, int64_t k)
{
	int64_t day = floor_div(t0, 86400), y;
	int m, d;

	if (unit == CHART_DAYS)
		return (day + k * step) * 86400;
	civil_from_days(day, &y, &m, &d);
	if (unit == CHART_MONTHS) {
		int64_t months = floor_div(y * 12 + m - 1, step) * step + k * step;
		return days_from_civil(floor_div(months, 12), (int)(months - floor_div(months, 12) * 12) + 1,
				       1) * 86400;
	}
	return days_from_civil(floor_div(y, step) * step + k * step, 1, 1) * 86400;
}

/* The ticks of one unit and step in [t0, t1], at most cap; returns how many
 * there are, even past cap. */
static size_t date_ticks_of(int64_t t0, int64_t t1, enum chart_date_unit unit, int step,
			    int64_t *t, size_t cap)
{
	size_t n = 0;

	for (int64_t k = 0;; k++) {
		int64_t x = date_tick(t0, unit, step, k);
		if (x > t1)
			break;
		if (x < t0)
			continue;
		if (n < cap)
			t[n] = x;
		if (++n > cap)
			break;
	}
	return n;
}

void chart_date_ticks(int64_t t0, int64_t t1, int (*max_ticks)(enum chart_date_unit, void *),
		      void *arg, struct chart_date_ticks *out)
{
	static const struct { enum chart_date_unit unit; int step; } steps[] = {
		{ CHART_DAYS, 1 }, { CHART_DAYS, 2 }, { CHART_DAYS, 3 }, { CHART_DAYS, 5 },
		{ CHART_DAYS, 7 }, { CHART_DAYS, 14 },
		{ CHART_MONTHS, 1 }, { CHART_MONTHS, 2 }, { CHART_MONTHS, 3 }, { CHART_MONTHS, 6 },
		{ CHART_YEARS, 1 }, { CHART_YEARS, 2 }, { CHART_YEARS, 5 },
	};
	size_t cap = sizeof(out->t) / sizeof(out->t[0]);

	if (t1 < t0)
		t1 = t0;
	for (size_t i = 0;; i++) {
		size_t nsteps = sizeof(steps) / sizeof(steps[0]), j = i - nsteps;
		enum chart_date_unit unit = i < nsteps ? steps[i].unit : CHART_YEARS;
		int step = i < nsteps ? steps[i].step : (int[]){ 10, 20, 50 }[j % 3];
		for (size_t k = 0; i >= nsteps && k < j / 3 && step < 100000000; k++)
			step *= 10;	/* then 100, 200, 500, ... years */
		int max = max_ticks(unit, arg);
		size_t want = max < 1 ? 1 : (size_t)max > cap ? cap : (size_t)max;
		size_t n = date_ticks_of(t0, t1, unit, step, out->t, cap);
		if (n <= want || step >= 100000000) {
			out->unit = unit;
			out->step = step;
			out->n = n < cap ? n : cap;
			return;
		}
	}
}

void chart_date_label(char *buf, size_t len, int64_t t, enum chart_date_unit unit)
{
	int64_t y;
	int m, d;

	civil_from_days(floor_div(t, 86400), &y, &m, &d);
	if (unit == CHART_YEARS)
		snprintf(buf, len, "%04lld", (long long)y);
	else if (unit == CHART_MONTHS)
		snprintf(buf, len, "%04lld-%02d", (long long)y, m);
	else
		snprintf(buf, len, "%04lld-%02d-%02d", (long long)y, m, d);
}
