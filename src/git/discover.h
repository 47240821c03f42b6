/*
 * discover.h — which ranges a command means when it is given bare base
 * tags or no range at all.
 *
 * No argument: every stable series of the repository (release.h's
 * release_find_series), newest first.  A bare BASE (no ".."): BASE..its
 * highest release: the tip discovery gives BASE's series (no snapshot, no
 * release that is a base of its own), else, and with a series pattern, the
 * highest tag release.h's release_matcher takes; "no tag 'BASE'" (with the
 * tags that look close: core/close_tags.h) when there is no such tag.
 * BASE..TIP is kept as given; a range asked for twice (`v1.0 v1.0..v1.0.6`,
 * or the same text twice) is kept once.  Errors as in repo.h.
 */
#ifndef REGTRACE_DISCOVER_H
#define REGTRACE_DISCOVER_H

#include "base/pattern.h"
#include "core/release_discover.h"
#include <stddef.h>
#include <git2.h>

/* One range: its text as given ("BASE..TIP") and its two ends; base and
 * tip are NULL when the text is no BASE..TIP (repo_read_range says so). */
struct range {
	char *name, *base, *tip;
};

struct range_list {
	struct range *v;
	size_t n;
};

/*
 * Discovery's decisions (core/release_discover.h) for repo: its tags with
 * the commit each names and whether it is on the first-parent line of the
 * mainline (master, main, origin/master, origin/main: none, no such line),
 * and the project's corrections (regtrace.series, regtrace.excludeSeries:
 * git/config.h).  re: the project's series pattern, or NULL.  RT_OK with
 * out filled (discovery_release), else an error as in repo.h.
 */
int discover_series(git_repository *repo, const struct pattern *re, struct series_discovery *out,
		    char *err, size_t errlen);

/* re: the project's series pattern, or NULL for the built-in forms.  The
 * series of no argument and the tip of a bare BASE are discover_series'. */
int discover_ranges(git_repository *repo, const char *const *args, size_t nargs,
		    const struct pattern *re, struct range_list *out, char *err, size_t errlen);
void range_list_release(struct range_list *l);

#endif
