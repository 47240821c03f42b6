/*
 * wilson.h — how sure a rate is: Wilson's score interval of a share x of n
 * (doc/rules.md, "How sure a rate is").  A rate of the census is a count
 * of commits out of a count of commits (Visible of Commits, Visible of
 * Tags); with few commits the share alone says little (1 visible of 1
 * tagged is 100 %), and the interval says how little.
 *
 * The interval is the set of shares p for which x is within z standard
 * errors of n p:
 *
 *   centre = (x + z²/2) / (n + z²)
 *   half   = z / (n + z²) * sqrt(x (n - x) / n + z²/4)
 *
 * clipped to [0, 1].  It is defined for 0 <= x <= n and n > 0 only: a
 * rate over 100 % (more visible regressions than tagged commits, reverts
 * being fixes without a tag) is no share and has no interval.  Pure: no
 * libgit2, no I/O.
 */
#ifndef REGTRACE_WILSON_H
#define REGTRACE_WILSON_H

#include <stddef.h>

/* The z of a 95 % interval, rounded as the tables of the normal law give it. */
#define WILSON_Z95 1.96

/* A rate drawn from fewer commits than this is marked as too small to
 * compare (the text table's mark; the report greys it out). */
#define WILSON_SMALL 20

struct wilson {
	double low, high;	/* fractions, 0 <= low <= x/n <= high <= 1 */
};

/* The interval of x of n at z into *out; 0, or -1 (and *out untouched)
 * when it is undefined: n is 0 or x is more than n. */
int wilson_interval(size_t x, size_t n, double z, struct wilson *out);

#endif
