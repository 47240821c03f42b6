/*
 * series_hint.h — the --series-pattern to suggest when discovery finds no
 * series and the tags number their releases with '_' between the numbers
 * (Squid's SQUID_6_1, PostgreSQL's REL_16_1, curl's curl-8_5_0), which the
 * built-in rules do not read: their release tags are BASE.N, with dots
 * (doc/rules.md "Releases").
 *
 * A tag PREFIX N1_N2[_N3...] (two numbers or more, each of decimal digits,
 * PREFIX of letters, digits, '-' and '_' ending in no digit) is of the form
 * (PREFIX, k numbers).  Of the forms SERIES_HINT_MIN tags or more have, and
 * a SERIES_HINT_SHARE-th of all the tags (OpenSSH's three V_2_1_0-like tags
 * among 165, whose releases are V_9_6_P1, give none), the one whose highest
 * version (its numbers compared in order) is the highest, then the one more
 * tags have, gives the pattern: its numbers but
 * the last name the series, the last the release
 * (`^(SQUID_[0-9]+)_([0-9]+)$`).  Only the first SERIES_HINT_FORMS forms
 * met are counted.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_SERIES_HINT_H
#define REGTRACE_SERIES_HINT_H

#include <stddef.h>

#define SERIES_HINT_MIN 3
#define SERIES_HINT_SHARE 20
#define SERIES_HINT_FORMS 64

/* "; N tags as NAME number releases with '_': try --series-pattern 'RE'"
 * into buf for the form above, or "" when no form has enough tags. */
void series_hint(char *buf, size_t len, char *const *names, size_t n);

#endif
