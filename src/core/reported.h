/*
 * reported.h — does a line of a commit message say that someone hit the
 * problem the commit fixes?  (doc/explain-regressions.md, "reported")
 *
 * A line counts, after optional spaces or tabs, when it is
 *   - a trailer "Reported-by: ..." or "Reported-and-<words>-by: ..." (any case);
 *   - "Closes: ..." naming anything; so do "Resolves: ...", "Reported-at: ..."
 *     (Open vSwitch, OVN) and "Bugzilla ID: ..." (DPDK);
 *   - "Link: URL" or "BugLink: URL" where URL is a bug tracker's: a host
 *     with "bugzilla" in its name or starting with "bugs.", a path with
 *     "show_bug.cgi", an issue ("/issues/N", as GitHub, GitLab's
 *     "/-/issues/N" and Gitea write them), a Launchpad bug ("/+bug/N"),
 *     or the regressions list of lore.kernel.org ("/regressions/");
 *   - a regzbot command: a line starting "#regzbot".
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_REPORTED_H
#define REGTRACE_REPORTED_H

#include <stddef.h>

/* 1 when the line p[0..n) (no newline) is one of the forms above. */
int reported_line(const char *p, size_t n);

/* 1 when the URL u[0..n) is a bug tracker's (the Link: rule above). */
int reported_tracker_url(const char *u, size_t n);

#endif
