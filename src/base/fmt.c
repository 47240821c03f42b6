/* fmt.c — see fmt.h. */
#include "base/fmt.h"

#include <stdio.h>
#include <time.h>

void fmt_count(char *buf, size_t len, size_t v)
{
	char digits[32], grouped[48];
	int n = snprintf(digits, sizeof(digits), "%zu", v), k = 0;

	for (int i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			grouped[k++] = ',';
		grouped[k++] = digits[i];
	}
	grouped[k] = '\0';
	snprintf(buf, len, "%s", grouped);
}

void fmt_pct(char *buf, size_t len, double rate)
{
	if (rate < 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f%%", rate * 100.0);
}

int fmt_date(char *buf, size_t len, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if ((int64_t)tt == t && gmtime_r(&tt, &tm) && tm.tm_year >= -1900 &&
	    tm.tm_year <= 9999 - 1900 && len >= 11 &&
	    snprintf(buf, len, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday) == 10)
		return 0;
	snprintf(buf, len, "-");
	return -1;
}
