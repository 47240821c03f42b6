/* eta.c — see eta.h. */
#include "base/eta.h"
#include "base/fmt.h"

#include <stdio.h>

void eta_left(char *out, size_t len, double seconds)
{
	long s = seconds < 0 ? 0 : seconds > 1e7 ? 10000000 : (long)(seconds + 0.5);

	if (s < 60)
		snprintf(out, len, "%ld s", s < 1 ? 1 : s);
	else if (s < 3600)
		snprintf(out, len, "%ld min", (s + 59) / 60);
	else
		snprintf(out, len, "%ld h %ld min", s / 3600, (s % 3600 + 59) / 60);
}

void eta_line(char *out, size_t len, const char *what, const char *unit, size_t done,
	      size_t total, double elapsed)
{
	char d[32], t[32], left[32];

	fmt_count(d, sizeof(d), done);
	if (!total) {
		snprintf(out, len, "%s: %s %s", what, d, unit);
		return;
	}
	fmt_count(t, sizeof(t), total);
	if (!done || done >= total) {
		snprintf(out, len, "%s: %s/%s %s", what, d, t, unit);
		return;
	}
	eta_left(left, sizeof(left), elapsed * (double)(total - done) / (double)done);
	snprintf(out, len, "%s: %s/%s %s, about %s left", what, d, t, unit, left);
}
