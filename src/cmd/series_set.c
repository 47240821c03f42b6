/* series_set.c — see series_set.h. */
#include "cmd/series_set.h"
#include "cmd/progress_line.h"
#include "base/atomic_file.h"
#include "base/error.h"
#include "base/threads.h"
#include "base/util.h"
#include "core/analyze.h"
#include "git/config.h"
#include "git/parallel.h"
#include "git/repo.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct loader {
	struct read_options read;
	struct rules rules;
	struct series_set *set;
	struct range_reading *readings;	/* one per range */
	size_t *first;		/* group g: readings[first[g]..first[g + 1]) */
	struct load_error { int rc; char msg[1024]; } *errs;	/* one per range */
	struct progress_line line;
};

/* Group g's ranges: their commits read together (repo.h: each commit once). */
static int walk_group(void *ctx, git_repository *repo, size_t g)
{
	struct loader *l = ctx;
	size_t from = l->first[g], n = l->first[g + 1] - from;

	repo_walk_ranges(repo, l->readings + from, n, &l->read);
	progress_done(&l->line.cb, n);
	return 0;
}

/* Range i: its history (git layer), then analysed (core). */
static int load_one(void *ctx, git_repository *repo, size_t i)
{
	struct loader *l = ctx;
	struct load_error *e = &l->errs[i];
	struct history h;

	history_init(&h);
	e->rc = repo_fill_range(repo, &l->readings[i], &l->read, &h, e->msg, sizeof(e->msg));
	range_reading_release(&l->readings[i]);
	if (!e->rc)
		e->rc = analyze(&h, &l->rules, &l->set->s[i], e->msg, sizeof(e->msg));
	else	/* what the series shows of a range it could not read */
		l->set->s[i].name = msg_clean_text(h.name, strlen(h.name), 4096);
	history_release(&h);
	return e->rc;
}

/*
 * The ranges' commits are read in a few groups of consecutive ranges (which
 * share the most history), one walk and one thread each; then each range is
 * made into a history and analysed, several at once (parallel.h).  No
 * threads within threads.
 */
static int load_ranges(git_repository *repo, struct loader *l, char *err, size_t errlen)
{
	struct series_set *set = l->set;
	size_t n = set->ranges.n, groups = thread_count(n);
	int rc = RT_OK;

	if (groups > 1)
		l->read.threads = 1;
	l->errs = xcalloc(n + 1, sizeof(*l->errs));
	l->readings = xcalloc(n + 1, sizeof(*l->readings));
	l->first = xmalloc((groups + 1) * sizeof(size_t));
	for (size_t i = 0; i < n; i++)
		l->readings[i].rg = &set->ranges.v[i];
	for (size_t g = 0; g <= groups; g++)
		l->first[g] = n * g / groups;
	progress_line_begin(&l->line, "reading", "ranges", n);
	parallel_run(repo, groups, walk_group, l);
	progress_line_end(&l->line);
	if (l->read.paths_depth > 0) {	/* --by path: the files each commit changes */
		size_t commits = 0;
		for (size_t i = 0; i < n; i++)
			commits += range_reading_commits(&l->readings[i]);
		progress_line_begin(&l->line, "reading the files changed", "commits", commits);
		l->read.paths_progress = &l->line.cb;
	}
	parallel_run(repo, n, load_one, l);
	if (l->read.paths_depth > 0)
		progress_line_end(&l->line);
	/* ranges never taken stay zeroed (releasing them is harmless); every
	 * range before a failed one was taken, so the first failure in range
	 * order is the one reported, whatever the threads' timing */
	set->n = n;
	for (size_t i = 0; i < set->n && !rc; i++)
		if ((rc = l->errs[i].rc))
			snprintf(err, errlen, "%s", l->errs[i].msg);
	for (size_t i = 0; i < n; i++)
		range_reading_release(&l->readings[i]);
	free(l->readings);
	free(l->first);
	free(l->errs);
	return rc;
}

int series_set_load(const struct cli *c, struct run *run, struct series_set *set,
		    char *err, size_t errlen)
{
	const struct project_config *p = run->project;
	struct loader l = { .set = set };
	int rc;

	memset(set, 0, sizeof(*set));
	l.rules.introduced_until = c->introduced_until;
	l.rules.by = c->by;	/* stats, report, export (cli.c) */
	l.read.paths_depth = l.rules.by && !strcmp(l.rules.by, "path") ? c->by_depth : 0;
	l.rules.series_re = p && p->has_series ? &p->series : NULL;
	l.read.msg_rules = p && p->rules.nupstream ? &p->rules : NULL;
	l.read.cache = run->cache;
	rc = discover_ranges(run->repo, c->ranges, c->nranges, l.rules.series_re, &set->ranges,
			     err, errlen);
	set->s = xcalloc(set->ranges.n + 1, sizeof(*set->s));
	if (!rc)
		rc = load_ranges(run->repo, &l, err, errlen);
	for (size_t i = 0; !rc && i < set->n; i++)
		if (set->s[i].rels.n == 0)
			warn_add(&run->warnings, "no release tags in %s: every commit counts as "
				 "unreleased", set->s[i].name);
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

int cmd_write_failed(char *err, size_t errlen)
{
	return rt_fail(err, errlen, RT_EFAIL, "cannot write output: %s", strerror(errno));
}

int series_set_print(const struct cli *c, struct run *run, series_render_fn *render,
		     char *err, size_t errlen)
{
	struct series_set set;
	int rc = series_set_load(c, run, &set, err, errlen);

	if (!rc && (render(c, &set) < 0 || fflush(stdout) != 0))
		rc = cmd_write_failed(err, errlen);
	series_set_release(&set);
	return rc;
}

int series_set_write_file(const struct cli *c, struct run *run, const char *path,
			  series_write_fn *write, char *err, size_t errlen)
{
	struct atomic_file f;
	struct series_set set;
	int rc;

	if (atomic_file_open(&f, path, err, errlen) < 0)
		return RT_EFAIL;
	rc = series_set_load(c, run, &set, err, errlen);
	if (!rc && write(c, run, &set, &f, err, errlen) < 0)
		rc = RT_EFAIL;
	series_set_release(&set);
	if (rc)
		atomic_file_abort(&f);
	else if (atomic_file_commit(&f, err, errlen) < 0)
		rc = RT_EFAIL;
	if (!rc && (printf("wrote %s\n", path) < 0 || fflush(stdout) != 0))
		rc = cmd_write_failed(err, errlen);
	return rc;
}
