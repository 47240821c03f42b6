/*
 * fmt.h — numbers and dates as the human-facing outputs show them:
 * counts with thousands separators ("11,758"), rates as percentages with
 * one decimal ("22.2%", "-" when undefined), dates as YYYY-MM-DD in UTC.
 * Each writes a NUL-ended string of at most len bytes into buf (len >= 1).
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_FMT_H
#define REGTRACE_FMT_H

#include <stddef.h>
#include <stdint.h>

void fmt_count(char *buf, size_t len, size_t v);
/* rate is a fraction; negative means undefined and gives "-". */
void fmt_pct(char *buf, size_t len, double rate);
/* Seconds since the epoch; "-" when out of range. */
void fmt_date(char *buf, size_t len, int64_t t);

#endif
