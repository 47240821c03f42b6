/* wilson.c — see wilson.h. */
#include "core/wilson.h"

#include <math.h>

int wilson_interval(size_t x, size_t n, double z, struct wilson *out)
{
	if (!n || x > n)
		return -1;
	double dx = (double)x, dn = (double)n, z2 = z * z;
	double centre = (dx + z2 / 2) / (dn + z2);
	double half = z / (dn + z2) * sqrt(dx * (dn - dx) / dn + z2 / 4);

	/* At x = 0 (x = n) the bound is 0 (1) exactly; rounding would leave
	 * a trace of the order of 1e-17 on the wrong side. */
	out->low = x ? fmax(0.0, centre - half) : 0.0;
	out->high = x < n ? fmin(1.0, centre + half) : 1.0;
	return 0;
}
