/* series_set.c — see series_set.h. */
#include "series_set.h"
#include "config.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A progress line on a terminal, once a run has taken a second. */
static void progress(time_t start, size_t i, size_t n, const char *range)
{
	if (!isatty(STDERR_FILENO) || time(NULL) - start < 1)
		return;
	if (i < n)
		fprintf(stderr, "\rregtrace: reading %s (%zu/%zu)\033[K", range, i + 1, n);
	else
		fputs("\r\033[K", stderr);
}

int series_set_load(git_repository *repo, const char *const *args, size_t nargs,
		    const struct load_options *opt, struct series_set *set,
		    char *err, size_t errlen)
{
	time_t start = time(NULL);
	int rc;

	memset(set, 0, sizeof(*set));
	rc = discover_ranges(repo, args, nargs, opt ? opt->series_re : NULL, &set->ranges, err,
			     errlen);
	set->s = xcalloc(set->ranges.n + 1, sizeof(*set->s));
	for (size_t i = 0; !rc && i < set->ranges.n; i++) {
		progress(start, i, set->ranges.n, set->ranges.v[i]);
		rc = repo_load_series(repo, set->ranges.v[i], opt, &set->s[i], err, errlen);
		set->n = i + 1;		/* a failed load is released too */
	}
	progress(start, set->ranges.n, set->ranges.n, NULL);
	return rc;
}

void series_set_release(struct series_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		series_release_all(&set->s[i]);
	free(set->s);
	range_list_release(&set->ranges);
	memset(set, 0, sizeof(*set));
}

void series_set_options(const struct cli *c, struct load_options *opt)
{
	memset(opt, 0, sizeof(*opt));
	opt->introduced_until = c->introduced_until;
	if (c->project && c->project->has_series)
		opt->series_re = &c->project->series;
	if (c->project && c->project->rules.nupstream)
		opt->msg_rules = &c->project->rules;
	opt->cache = c->cache;
}
