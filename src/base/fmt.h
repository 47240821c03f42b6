/*
 * fmt.h — numbers and dates as the outputs show them: counts with
 * thousands separators ("11,758") and rates as percentages with one
 * decimal ("22.2%", "-" when undefined) for people; dates as ISO 8601
 * YYYY-MM-DD in UTC, the one date form of every format (doc/usage-cli.md).
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
/* Seconds since the epoch as YYYY-MM-DD (UTC): 0; or "-" and -1 when the
 * year is outside 0000..9999 (no ISO 8601 date of 4 digits) or len < 11. */
int fmt_date(char *buf, size_t len, int64_t t);

#endif
