/*
 * numbers.h — the numbers of a series, once: one row each, saying where it
 * comes from and how every format names it.  The text and HTML tables, the
 * CSV and JSON of `stats` and the SQLite `series` table are all driven by
 * this table, in its order, so a new number is one row here (and its
 * computation in src/core).
 *
 * A value is a double: a count (printed as an integer), a rate (a fraction;
 * negative when its divisor is 0: undefined), or a "maybe" (an integer;
 * negative when unknown or not computed).  A number that only an option
 * computes (stats --at-age, --projected) is NaN when it was not asked for:
 * it then appears in no format (number_asked).
 */
#ifndef REGTRACE_NUMBERS_H
#define REGTRACE_NUMBERS_H

#include <stddef.h>

#include "core/series.h"

enum number_type {
	NUM_COUNT,
	NUM_RATE,
	NUM_MAYBE,
	NUM_GROUPS,	/* not a number: where JSON puts the `by` object (stats --by) */
	NUM_REAL,	/* a real number (one decimal in tables); negative: undefined */
	NUM_FLAG,	/* 1 or 0: yes or no (JSON and CSV true/false) */
	NUM_SOURCES,	/* not a number: where JSON and CSV name the projection's
			   source series (stats --projected; age.h) */
};

/* Where a number appears. */
#define IN_TEXT 1u	/* the text table of `stats` (a NUM_MAYBE column only when
			   the first series has a value) */
#define IN_HTML 2u	/* the report's summary table */
#define IN_JSON 4u	/* `stats --json`, under key */
#define IN_CSV 8u	/* `stats --csv`, under key */
#define IN_SQL 16u	/* the export's `series` table, column key */
#define IN_DATA (IN_JSON | IN_CSV | IN_SQL)
#define IN_ALL (IN_TEXT | IN_HTML | IN_DATA)

struct number {
	const char *key;	/* JSON key, CSV header, SQL column (NULL: tables only) */
	const char *head;	/* text and HTML header (NULL: not in the tables) */
	enum number_type type;
	unsigned where;		/* IN_* */
	double (*value)(const struct series *s);
};

extern const struct number numbers[];
extern const size_t nnumbers;

/* x / y, or a negative number when y is 0 (rate undefined). */
double number_rate(size_t x, size_t y);

/* The low and high rates (Visible of Commits, Visible of Tags): 1 and
 * the x of n the rate of nb is drawn from; 0 for any other number. */
int number_parts(const struct number *nb, const struct series *s, size_t *x, size_t *n);

/* 1 and the bounds of the 95 % interval of the rate of nb (Wilson's,
 * core/wilson.h; the data formats: KEY_ci_low, KEY_ci_high); 0 when nb is
 * no rate with parts or its interval is undefined. */
int number_interval(const struct number *nb, const struct series *s, double *low,
		    double *high);

/* 1 when the rate of nb is drawn from fewer than WILSON_SMALL commits (and
 * more than none): too few to compare with others. */
int number_small(const struct number *nb, const struct series *s);

/* 0 when nb is a number of an option not given for s (its value is NaN). */
int number_asked(const struct number *nb, const struct series *s);

#endif
