/*
 * close_tags.h — the tags that look close to a name that is none, for an
 * error to suggest ("unknown revision 'v2.17' (tags that look close:
 * v2.17.0, v2.17.1, ...)").  The rule, in doc/usage-cli.md:
 *
 *   1. the tags that begin with the name and go on with a character that
 *      is no letter or digit (v2.17: v2.17.0, v2.17-rc1; not v2.170), in
 *      version order (runs of digits as numbers);
 *   2. when there are none: the tags at an edit distance (one character
 *      inserted, deleted or replaced per step) of at most 2 from the name,
 *      and at most a third of its length, nearest first, then in version
 *      order.
 *
 * A name longer than CLOSE_TAGS_LONGEST bytes has no close tags.  Case
 * counts (git's names do).  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_CLOSE_TAGS_H
#define REGTRACE_CLOSE_TAGS_H

#include <stddef.h>

#define CLOSE_TAGS_SHOWN 5
#define CLOSE_TAGS_LONGEST 256

/* The indices in names[0..n) of the tags close to name, best first, at
 * most max of them into pick; returns how many are close in all. */
size_t close_tags(const char *name, char *const *names, size_t n, size_t *pick, size_t max);

/* " (tags that look close: A, B, C, D, E, ...)" into buf (the "..." when
 * more than CLOSE_TAGS_SHOWN are close), or "" when none is. */
void close_tags_hint(char *buf, size_t len, const char *name, char *const *names, size_t n);

#endif
