/*
 * pattern.h — a user's regular expression (--series-pattern, --upstream-
 * pattern, regtrace.* in git config or a repository's .regtrace), bounded in
 * time and memory whoever wrote it.
 *
 * Patterns are PCRE2 (Perl-compatible) expressions, matched on bytes (no
 * UTF-8 check): the POSIX extended forms regtrace documents ([[:digit:]],
 * {7,40}, ^...$) mean the same.  Bounds: a pattern of at most
 * PATTERN_MAX_LEN bytes, compiled to at most PCRE2's 64 KB (else a compile
 * error); each match at most PATTERN_MATCH_LIMIT steps of the matcher and
 * PATTERN_HEAP_LIMIT KiB of memory, so a match costs at most milliseconds
 * (glibc's regexec, with back-references or a DFA state explosion, took
 * minutes on one line and grew without end across lines).  A match that
 * hits a limit counts as no match and is counted in the pattern
 * (pattern_limit_hits): the caller turns that into an error, so a limit
 * never changes an answer silently.  Pure: no I/O; thread-safe (a compiled
 * pattern is shared read-only, the counter is atomic).
 */
#ifndef REGTRACE_PATTERN_H
#define REGTRACE_PATTERN_H

#include <stddef.h>

#define PATTERN_MAX_LEN 1000
#define PATTERN_MATCH_LIMIT 100000u
#define PATTERN_HEAP_LIMIT 4096u	/* KiB */
#define PATTERN_MAX_GROUPS 9

struct pattern;

/* A group of a match: bytes [so, eo) of the subject; so -1 when unset. */
struct pattern_group {
	long so, eo;
};

/* Compile src, which must have at least min_groups capture groups; 0, or -1
 * with "bad pattern 'SRC': WHY" (or "pattern 'SRC' needs N capture groups")
 * in err. */
int pattern_compile(struct pattern **out, const char *src, size_t min_groups, char *err,
		    size_t errlen);
/* Match s (len bytes) anywhere: 1 with groups 0..n-1 in m (n at most
 * PATTERN_MAX_GROUPS + 1), 0 when no match or a limit was hit. */
int pattern_exec(const struct pattern *p, const char *s, size_t len, struct pattern_group *m,
		  size_t n);
/* How many capture groups the pattern has. */
size_t pattern_groups(const struct pattern *p);
/* How many matches hit a limit so far. */
unsigned long pattern_limit_hits(const struct pattern *p);
const char *pattern_source(const struct pattern *p);
void pattern_free(struct pattern *p);

#endif
