/*
 * eta.h — the text of a progress line: "WHAT: DONE/TOTAL UNIT, about T
 * left", the time left estimated from the rate so far (elapsed seconds for
 * done units).  T reads "N s" under a minute, "M min" under an hour
 * (rounded up), "H h M min" beyond; no estimate until a unit is done, or
 * when total is not known (0).  Pure: no I/O.
 */
#ifndef REGTRACE_ETA_H
#define REGTRACE_ETA_H

#include <stddef.h>

/* The time left as text ("12 s", "3 min", "1 h 5 min"), into out. */
void eta_left(char *out, size_t len, double seconds);
/* The whole line's text (without "regtrace: " or terminal codes). */
void eta_line(char *out, size_t len, const char *what, const char *unit, size_t done,
	      size_t total, double elapsed);

#endif
