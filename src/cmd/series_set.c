/* series_set.c — see series_set.h. */
#include "cmd/series_set.h"
#include "cmd/progress_line.h"
#include "base/at_exit.h"
#include "base/atomic_file.h"
#include "base/error.h"
#include "base/threads.h"
#include "base/util.h"
#include "core/analyze.h"
#include "git/config.h"
#include "git/infer.h"
#include "git/outside.h"
#include "git/parallel.h"
#include "git/probe.h"
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
	struct channel_rules channels;	/* --by channel */
	int infer;		/* look for upstream ids on the mainline */
	int count_open;		/* set each series' open count as it is analysed */
	struct series_set *set;
	struct history *h;	/* one per range */
	struct load_error { int rc; char msg[1024]; } *errs;	/* one per range */
	struct range_reading *readings;	/* one per range */
	struct outside_db *outside;	/* the run's, or the loader's own */
	size_t *order;		/* the ranges in the order they are read */
	size_t *first;		/* group g: ranges order[first[g]..first[g + 1]) */
	int quiet;		/* no progress line */
	struct progress_line line;
};

/* Group g's ranges: their commits read together (repo.h: each commit once). */
static int walk_group(void *ctx, git_repository *repo, size_t g)
{
	struct loader *l = ctx;
	size_t from = l->first[g], n = l->first[g + 1] - from;
	struct range_reading *v = xmalloc((n + 1) * sizeof(*v));

	for (size_t k = 0; k < n; k++)
		v[k] = l->readings[l->order[from + k]];
	repo_walk_ranges(repo, v, n, &l->read);
	for (size_t k = 0; k < n; k++)
		l->readings[l->order[from + k]] = v[k];
	free(v);
	progress_done(&l->line.cb, n);
	return 0;
}

/* The groups of read_ranges(): the ranges to walk first, in groups of
 * consecutive ones (thread_count() of them); then each range the commit
 * cache holds as it is, alone (no walk: the threads share them out while the
 * walks go on, rather than one thread taking a walk after its cached ones).
 * How many groups. */
static size_t plan_groups(git_repository *repo, struct loader *l, size_t n)
{
	int *cached = xcalloc(n + 1, sizeof(int));
	size_t k = 0, nwalk, wgroups, groups;

	for (size_t i = 0; i < n; i++)
		cached[i] = repo_range_cached(repo, &l->readings[i], &l->read);
	for (size_t i = 0; i < n; i++)
		if (!cached[i])
			l->order[k++] = i;
	nwalk = k;
	for (size_t i = 0; i < n; i++)
		if (cached[i])
			l->order[k++] = i;
	wgroups = nwalk ? thread_count(nwalk) : 0;
	groups = wgroups + (n - nwalk);
	l->first = xmalloc((groups + 1) * sizeof(size_t));
	for (size_t g = 0; g <= wgroups; g++)
		l->first[g] = wgroups ? nwalk * g / wgroups : 0;
	for (size_t g = wgroups + 1; g <= groups; g++)
		l->first[g] = nwalk + (g - wgroups);
	free(cached);
	return groups;
}

/* Range i: its history (git layer) from what its walk read. */
static int read_one(void *ctx, git_repository *repo, size_t i)
{
	struct loader *l = ctx;
	struct load_error *e = &l->errs[i];
	struct history *h = &l->h[i];

	e->rc = repo_fill_range(repo, &l->readings[i], &l->read, h, e->msg, sizeof(e->msg));
	range_reading_release(&l->readings[i]);
	if (e->rc)	/* what the series shows of a range it could not read */
		l->set->s[i].name = msg_clean_text(h->name, strlen(h->name), 4096);
	return e->rc;
}



/* Range i: upstream ids inferred, ids outside it looked up (git layer),
 * then analysed (core). */
static int analyze_one(void *ctx, git_repository *repo, size_t i)
{
	struct loader *l = ctx;
	struct load_error *e = &l->errs[i];
	struct history *h = &l->h[i];
	const struct mainline *m;
	size_t from;

	e->rc = RT_OK;
	if (l->infer && l->set->ml) {
		mainline_set_for_inference(l->set->ml, i, &m, &from);
		e->rc = infer_upstream(repo, h, m, from, e->msg, sizeof(e->msg));
	}
	if (!e->rc)
		e->rc = outside_read(repo, l->read.msg_rules, h, l->outside, e->msg,
				     sizeof(e->msg));
	if (!e->rc) {
		e->rc = analyze(h, &l->rules, &l->set->s[i], e->msg, sizeof(e->msg));
		if (!e->rc && l->count_open && l->set->ml)	/* (no round of its own) */
			unfixed_count_open(l->set->ml, &l->set->s[i], i);
	} else
		l->set->s[i].name = msg_clean_text(h->name, strlen(h->name), 4096);
	history_release(h);
	progress_done(&l->line.cb, 1);
	return e->rc;
}

/* Every range through fn, several at once (parallel.h); ranges never taken
 * stay as they were; every range before a failed one was taken, so the
 * first failure in range order is the one reported, whatever the threads'
 * timing. */
static int each_range(git_repository *repo, struct loader *l, parallel_fn *fn, char *err,
		      size_t errlen)
{
	size_t n = l->set->ranges.n;
	int rc = RT_OK;

	for (size_t i = 0; i < n; i++)
		l->errs[i].rc = RT_OK;
	parallel_run(repo, n, fn, l);
	for (size_t i = 0; i < n && !rc; i++)
		if ((rc = l->errs[i].rc))
			snprintf(err, errlen, "%s", l->errs[i].msg);
	return rc;
}

/*
 * The ranges' commits, read in a few groups of consecutive ranges (which
 * share the most history), one walk and one thread each; then each range
 * made into a history, several at once.  No threads within threads.
 */
static int read_ranges(git_repository *repo, struct loader *l, char *err, size_t errlen)
{
	size_t n = l->set->ranges.n, groups;
	int rc;

	l->readings = xcalloc(n + 1, sizeof(*l->readings));
	l->order = xmalloc((n + 1) * sizeof(size_t));
	for (size_t i = 0; i < n; i++)
		l->readings[i].rg = &l->set->ranges.v[i];
	groups = plan_groups(repo, l, n);
	if (groups > 1)
		l->read.threads = 1;
	progress_line_begin(&l->line, l->quiet, "reading", "ranges", n);
	parallel_run(repo, groups, walk_group, l);
	progress_line_end(&l->line);
	if (l->read.paths_depth > 0) {	/* --by path: the files each commit changes */
		size_t commits = 0;
		for (size_t i = 0; i < n; i++)
			commits += range_reading_commits(&l->readings[i]);
		progress_line_begin(&l->line, l->quiet, "reading the files changed", "commits",
				    commits);
		l->read.paths_progress = &l->line.cb;
	}
	rc = each_range(repo, l, read_one, err, errlen);
	if (l->read.paths_depth > 0) {
		progress_line_end(&l->line);
		l->read.paths_progress = NULL;
	}
	for (size_t i = 0; i < n; i++)	/* (those never taken) */
		range_reading_release(&l->readings[i]);
	free(l->readings);
	free(l->first);
	free(l->order);
	return rc;
}

int series_set_needs_mainline(const struct cli *c)
{
	return c->cmd == CMD_UNFIXED ||
	       (c->mainline && (c->cmd == CMD_STATS || c->cmd == CMD_REGRESSIONS ||
				c->cmd == CMD_EXPORT));
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* The identity keys of every commit to infer an upstream id for, sorted. */
static uint32_t *wanted_keys(const struct loader *l, size_t *n)
{
	uint32_t *keys = NULL;
	size_t cap = 0, k = 0;

	*n = 0;
	for (size_t i = 0; l->infer && i < l->set->ranges.n; i++)
		infer_wanted(&l->h[i], &keys, n, &cap);
	if (*n)
		qsort(keys, *n, sizeof(*keys), cmp_u32);
	for (size_t i = 0; i < *n; i++)
		if (!k || keys[k - 1] != keys[i])
			keys[k++] = keys[i];
	*n = k;
	return keys;
}

/* The mainline, when the command compares with it or there are upstream
 * ids to infer and a mainline branch to look on (none: no inference). */
static int read_mainline(const struct cli *c, struct run *run, struct loader *l, char *err,
			 size_t errlen)
{
	struct series_set *set = l->set;
	size_t nwant, n = set->ranges.n;
	uint32_t *want = wanted_keys(l, &nwant);
	int needed = series_set_needs_mainline(c), rc;
	char *ref = needed || nwant ? mainline_ref(run, c->mainline, err, errlen) : NULL;

	if (!ref) {
		free(want);
		return needed ? RT_EFAIL : RT_OK;
	}
	const char **bases = xmalloc((n + 1) * sizeof(char *));
	for (size_t i = 0; i < n; i++)
		bases[i] = l->h[i].base;
	set->ml = xcalloc(1, sizeof(*set->ml));
	rc = mainline_set_read(run, ref, bases, n, want, nwant, set->ml, err, errlen);
	free(bases);
	return rc;
}

/* --by channel: the project's channels, and the Linux rules on a Linux
 * tree (git/probe.h: the first range's TIP) unless the project says. */
static void channel_rules_of(struct run *run, struct loader *l)
{
	const struct project_config *p = run->project;
	const struct graph *g = &l->h[0].g;

	l->channels.names = p ? p->channel_names : NULL;
	l->channels.n = p ? p->rules.nchannels : 0;
	if (p && p->linux_channels >= 0)
		l->channels.linux_rules = p->linux_channels;
	else
		l->channels.linux_rules = probe_is_linux(run->repo, g->n ? g->c[g->n - 1].id : NULL);
	l->rules.channels = &l->channels;
}

/* Each range analysed (analyze_one), with the run's database of the ids
 * outside the ranges, or one of its own that keeps nothing. */
static int count_ranges(struct run *run, struct loader *l, char *err, size_t errlen)
{
	struct outside_db own;
	int rc;

	l->outside = run_outside_db(run);
	if (!l->outside) {
		char *objects = repo_objects_dir(run->repo);
		outside_db_open(&own, objects, NULL, 0);
		free(objects);
		l->outside = &own;
	}
	progress_line_begin(&l->line, l->quiet,
			    l->infer && l->set->ml ? "inferring upstream ids and counting"
						   : "counting", "ranges", l->set->ranges.n);
	rc = each_range(run->repo, l, analyze_one, err, errlen);
	progress_line_end(&l->line);
	if (l->outside == &own)
		outside_db_close(&own, 0);
	return rc;
}

/* Read every range, then the mainline, then analyse each; a failure to
 * read the mainline is reported after the ranges' own failures (as when
 * the mainline was read after them). */
static int load_ranges(const struct cli *c, struct run *run, struct loader *l, char *err,
		       size_t errlen)
{
	struct series_set *set = l->set;
	char mlerr[1024] = "";
	int rc, mlrc;

	l->errs = xcalloc(set->ranges.n + 1, sizeof(*l->errs));
	l->h = xcalloc(set->ranges.n + 1, sizeof(*l->h));
	for (size_t i = 0; i < set->ranges.n; i++)
		history_init(&l->h[i]);
	run_save_cache_wait(run);	/* (an earlier load's save) */
	rc = read_ranges(run->repo, l, err, errlen);
	if (!rc)	/* the cache is complete: saved while the rest is done */
		run_save_cache_soon(run);
	if (!rc)	/* --by channel, and the export's channel of each commit */
		channel_rules_of(run, l);
	mlrc = rc ? RT_OK : read_mainline(c, run, l, mlerr, sizeof(mlerr));
	if (mlrc && set->ml) {	/* analysed as if there were no mainline */
		mainline_set_release(set->ml);
		free(set->ml);
		set->ml = NULL;
	}
	if (!rc)	/* (the upstream inference reads the mainline's candidates) */
		rc = count_ranges(run, l, err, errlen);
	if (!rc && mlrc)
		rc = rt_fail(err, errlen, mlrc, "%s", mlerr);
	/* ranges never taken stay zeroed (releasing them is harmless) */
	set->n = set->ranges.n;
	for (size_t i = 0; i < set->ranges.n; i++)
		history_release(&l->h[i]);
	free(l->h);
	free(l->errs);
	return rc;
}

/* A series mostly without upstream ids, in text output (--quiet: none). */
static void warn_blind(const struct cli *c, struct run *run, const struct series *s)
{
	const struct census *k = &s->census;
	size_t known = k->with_upstream + k->inferred_upstream;

	if (c->format != FORMAT_TEXT || c->cmd == CMD_REPORT || c->cmd == CMD_EXPORT ||
	    !k->commits || known * 2 >= k->commits)
		return;
	warn_add(&run->warnings, "%s: %zu of %zu commits (%.1f%%) have an upstream commit id, so "
		 "fixes naming mainline commits cannot find them: name the mainline branch "
		 "(--mainline REF) or the project's upstream line (--upstream-pattern RE)",
		 s->name, known, k->commits, 100.0 * (double)known / (double)k->commits);
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
	l.rules.series_re = p && p->has_series ? p->series : NULL;
	l.read.msg_rules = config_msg_rules(p);
	l.read.cache = run->cache;
	l.infer = !c->no_infer;
	/* stats --mainline's open counts, unless the series are cut at an age first */
	l.count_open = c->cmd == CMD_STATS && c->mainline && !c->at_age && !c->projected;
	l.quiet = c->quiet;
	rc = discover_ranges(run->repo, c->ranges, c->nranges, l.rules.series_re, &set->ranges,
			     err, errlen);
	set->s = xcalloc(set->ranges.n + 1, sizeof(*set->s));
	if (!rc)
		rc = load_ranges(c, run, &l, err, errlen);
	set->open_counted = !rc && l.count_open && set->ml;
	/* a pattern that gave up on a line or a tag may have missed something: that
	 * is the error (it may be why discovery or a range failed) */
	if (p && config_check_limits(p, err, errlen))
		rc = RT_EFAIL;
	for (size_t i = 0; !rc && i < set->n; i++) {
		if (set->s[i].rels.n == 0)
			warn_add(&run->warnings, "no release tags in %s: every commit counts as "
				 "unreleased", set->s[i].name);
		warn_blind(c, run, &set->s[i]);
	}
	return rc;
}

static void *release_mainline(void *ml)
{
	mainline_set_release(ml);
	return NULL;
}

/* The mainline is released in a thread of its own while the series are:
 * most of its memory comes from another malloc arena (the mainline cache's
 * loading thread), so the two do not wait on each other's locks (both
 * series in two threads did: slower). */
void series_set_release(struct series_set *set)
{
	pthread_t tid;
	int threaded = set->ml && pthread_create(&tid, NULL, release_mainline, set->ml) == 0;

	for (size_t i = 0; i < set->n; i++)
		series_release_all(&set->s[i]);
	free(set->s);
	if (threaded)
		pthread_join(tid, NULL);
	else if (set->ml)
		mainline_set_release(set->ml);
	free(set->ml);
	range_list_release(&set->ranges);
	memset(set, 0, sizeof(*set));
}

void series_set_end(struct series_set *set)
{
	at_exit_keep(set, sizeof(*set));
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
	series_set_end(&set);
	return rc;
}

int series_set_write_file(const struct cli *c, struct run *run, const char *path,
			  series_write_fn *write, char *err, size_t errlen)
{
	struct atomic_file f;
	struct series_set set;
	int rc, to_stdout;

	if (atomic_file_open_output(&f, path, err, errlen) < 0)
		return RT_EFAIL;
	to_stdout = f.is_stdout;	/* then "wrote PATH" would land in the output */
	rc = series_set_load(c, run, &set, err, errlen);
	if (!rc && write(c, run, &set, &f, err, errlen) < 0)
		rc = RT_EFAIL;
	series_set_end(&set);
	if (rc)
		atomic_file_abort(&f);
	else if (atomic_file_commit(&f, err, errlen) < 0)
		rc = RT_EFAIL;
	if (!rc && !to_stdout && (printf("wrote %s\n", path) < 0 || fflush(stdout) != 0))
		rc = cmd_write_failed(err, errlen);
	return rc;
}
