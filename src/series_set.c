/* series_set.c — see series_set.h. */
#include "series_set.h"
#include "config.h"
#include "parallel.h"
#include "util.h"

#include <pthread.h>
#include <stdint.h>
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

struct loader {
	const struct load_options *opt;
	struct series_set *set;
	struct load_error { int rc; char msg[1024]; } *errs;	/* one per range */
	pthread_mutex_t lock;	/* the progress line */
	time_t start;
};

static int load_one(void *ctx, git_repository *repo, size_t i)
{
	struct loader *l = ctx;
	struct load_error *e = &l->errs[i];

	pthread_mutex_lock(&l->lock);
	progress(l->start, i, l->set->ranges.n, l->set->ranges.v[i]);
	pthread_mutex_unlock(&l->lock);
	e->rc = repo_load_series(repo, l->set->ranges.v[i], l->opt, &l->set->s[i], e->msg,
				 sizeof(e->msg));
	return e->rc;
}

/* Several ranges are read at once (parallel.h); no threads within threads. */
static int load_ranges(git_repository *repo, const struct load_options *opt,
		       struct series_set *set, char *err, size_t errlen)
{
	struct load_options inner = opt ? *opt : (struct load_options){ 0 };
	struct loader l = { &inner, set, NULL, PTHREAD_MUTEX_INITIALIZER, time(NULL) };
	int rc = REPO_OK;

	if (repo_thread_count(set->ranges.n) > 1)
		inner.threads = 1;
	l.errs = xcalloc(set->ranges.n + 1, sizeof(*l.errs));
	parallel_run(repo, set->ranges.n, load_one, &l);
	progress(l.start, set->ranges.n, set->ranges.n, NULL);
	/* ranges never taken stay zeroed (releasing them is harmless); every
	 * range before a failed one was taken, so the first failure in range
	 * order is the one reported, whatever the threads' timing */
	set->n = set->ranges.n;
	for (size_t i = 0; i < set->n && !rc; i++)
		if ((rc = l.errs[i].rc))
			snprintf(err, errlen, "%s", l.errs[i].msg);
	free(l.errs);
	return rc;
}

int series_set_load(git_repository *repo, const char *const *args, size_t nargs,
		    const struct load_options *opt, struct series_set *set,
		    char *err, size_t errlen)
{
	int rc;

	memset(set, 0, sizeof(*set));
	rc = discover_ranges(repo, args, nargs, opt ? opt->series_re : NULL, &set->ranges, err,
			     errlen);
	set->s = xcalloc(set->ranges.n + 1, sizeof(*set->s));
	if (!rc)
		rc = load_ranges(repo, opt, set, err, errlen);
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
