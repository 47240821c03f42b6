/* chart.c — see chart.h. */
#include "render/chart.h"
#include "base/util.h"

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
