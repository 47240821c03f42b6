/*
 * warnings.h — what a run warns about without failing (a range with no
 * release tags): kept while the command runs and printed by main, one line
 * each on stderr ("regtrace: warning: ..."), after the command's output
 * and only when it succeeded, so that an error stays the one line of
 * stderr.  A warning never changes the exit status.  The layers below
 * src/cmd return data; only src/cmd words warnings.
 */
#ifndef REGTRACE_WARNINGS_H
#define REGTRACE_WARNINGS_H

#include <stddef.h>
#include <stdio.h>

struct warnings {
	char **v;
	size_t n, cap;
};

void warn_add(struct warnings *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Each as "regtrace: warning: TEXT\n"; 0, or -1 when out reported an error. */
int warn_print(const struct warnings *w, FILE *out);
/* Each as "regtrace: error: TEXT\n" (what a run left out but went on without). */
int warn_print_errors(const struct warnings *w, FILE *out);
void warn_release(struct warnings *w);

#endif
