/*
 * say.h — the lines regtrace writes on stderr, each exactly one line
 * starting "regtrace: ": the error that ends a run, the warnings
 * (cmd/warnings.h), the progress line.  Whatever a message quotes (a path, a range, a ref name, libgit2's
 * words) is escaped on the way out: C0 controls and DEL as \n, \t, \xHH,
 * C1 controls and U+2028/U+2029 as \u00HH / \u2028, so that no name can
 * break the line or reach the terminal as a control sequence.
 */
#ifndef REGTRACE_SAY_H
#define REGTRACE_SAY_H

#include <stddef.h>

/* The escaped form of s, cut to fit out (always terminated). */
void say_escape(char *out, size_t outlen, const char *s);
/* "regtrace: MSG\n" on stderr, MSG escaped. */
void say_error(const char *msg);

#endif
