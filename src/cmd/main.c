/*
 * main.c — regtrace: reads the command line, opens the repository, runs
 * the command.  The only place that prints errors and warnings (after a
 * successful command: cmd/warnings.h) and chooses the exit status: 0
 * success, 1 error, 2 usage error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>

#include "base/at_exit.h"
#include "base/error.h"
#include "base/util.h"
#include "cmd/cli.h"
#include "cmd/commands.h"
#include "cmd/say.h"
#include "cmd/series_set.h"
#include "git/cache.h"
#include "git/config.h"
#include "git/outside.h"
#include "git/repo.h"
#include "git/segcache.h"
#include "git/tags.h"
#include "git/walk.h"

#include <pthread.h>

static command_fn *const handlers[CMD_COUNT] = {
	[CMD_STATS] = cmd_stats,
	[CMD_FIXES] = cmd_fixes,
	[CMD_TIMELINE] = cmd_timeline,
	[CMD_SAGAS] = cmd_sagas,
	[CMD_UNFIXED] = cmd_unfixed,
	[CMD_REPORT] = cmd_report,
	[CMD_EXPORT] = cmd_export,
	[CMD_EXPLAIN] = cmd_explain,
	[CMD_REGRESSIONS] = cmd_regressions,
	[CMD_SERIES] = cmd_series,
};

/* A file of the git directory, to free. */
static char *git_file(git_repository *repo, const char *name)
{
	const char *dir = git_repository_commondir(repo);
	size_t n = strlen(dir) + strlen(name) + 1;
	char *path = xmalloc(n);

	snprintf(path, n, "%s%s", dir, name);
	return path;
}

struct caches {
	struct cache commits;
	struct segcache mainline;
	struct outside_db outside;
	char *path, *mainline_path;	/* mainline_path NULL: not needed */
	char *outside_path, *objects;	/* (objects NULL: not known) */
	uint64_t fingerprint;
	const char *commondir;		/* for walk_check_graph() */
	pthread_t graph_checker;	/* when graph_checking */
	int graph_checking;
};

static void *check_graph(void *arg)
{
	walk_check_graph(((struct caches *)arg)->commondir);
	return NULL;
}

static void *load_commit_cache(void *arg)
{
	struct caches *k = arg;

	cache_load_file(&k->commits, k->path);
	return NULL;
}

static void *load_mainline_cache(void *arg)
{
	struct caches *k = arg;

	segcache_load_file(&k->mainline, k->mainline_path);
	return NULL;
}

static void *open_outside_db(void *arg)
{
	struct caches *k = arg;

	outside_db_open(&k->outside, k->objects, k->outside_path, k->fingerprint);
	return NULL;
}

static void *save_commit_cache(void *arg)
{
	struct run *run = arg;
	char ignored[256];

	cache_save(run->cache, run->cache_path, ignored, sizeof(ignored));
	return NULL;
}

static void *close_outside(void *arg)
{
	outside_db_close(arg, 1);
	return NULL;
}

void run_outside_close_soon(struct run *run)
{
	struct outside_db *db = run_outside_db(run);

	if (!db || run->outside_closing)
		return;
	run->outside = NULL;
	run->outside_closing = pthread_create(&run->outside_closer, NULL, close_outside, db) == 0;
	if (!run->outside_closing)
		outside_db_close(db, 1);
}

void run_save_cache_soon(struct run *run)
{
	run_save_cache_wait(run);
	if (run->cache && run->cache_path &&
	    !(run->cache_saving = pthread_create(&run->cache_saver, NULL, save_commit_cache,
						 run) == 0))
		save_commit_cache(run);
}

void run_save_cache_wait(struct run *run)
{
	if (run->cache_saving) {
		pthread_join(run->cache_saver, NULL);
		run->cache_saving = 0;
	}
}

/*
 * The caches of the repository (cache.h, segcache.h), unless
 * REGTRACE_NO_CACHE: the commit cache read by a second thread while this
 * one reads the tags (tags.h, with the tags cache), which every command
 * needs first; the
 * mainline cache by a third, which the command waits for only where it
 * reads the mainline, after the ranges (run_mainline_cache()).
 */
static void open_caches(git_repository *repo, const struct project_config *cfg,
			const struct cli *c, struct run *run, struct caches *k)
{
	char ignored[256];
	pthread_t tid;
	/* the mainline is read to compare with, or to infer upstream ids on */
	int reads_mainline = series_set_needs_mainline(c) || !c->no_infer;

	k->fingerprint = cache_fingerprint((const char *const *)cfg->sources, cfg->nsources);
	cache_init(&k->commits, k->fingerprint);
	segcache_init(&k->mainline);
	k->path = git_file(repo, "regtrace-cache");
	k->mainline_path = reads_mainline ? git_file(repo, "regtrace-mainline-cache") : NULL;
	if (k->mainline_path) {
		run->mainline_loading = pthread_create(&run->mainline_loader, NULL,
						       load_mainline_cache, k) == 0;
		if (!run->mainline_loading)
			load_mainline_cache(k);
	}
	/* the answers about ids outside the ranges: wanted after the ranges */
	k->outside_path = git_file(repo, "regtrace-outside-cache");
	k->objects = repo_objects_dir(repo);
	run->outside = &k->outside;
	run->outside_loading = pthread_create(&run->outside_loader, NULL, open_outside_db,
					      k) == 0;
	if (!run->outside_loading)
		open_outside_db(k);
	k->commondir = git_repository_commondir(repo);
	int threaded = pthread_create(&tid, NULL, load_commit_cache, k) == 0;
	tags_cache_open(repo);
	tags_of(repo, ignored, sizeof(ignored));	/* an error comes again where it matters */
	if (threaded)
		pthread_join(tid, NULL);
	else
		load_commit_cache(k);
	/* without cached commits, every walk reads the commit-graph from the start:
	 * a new one is hashed while the rest goes on (walk.h) */
	if (!k->commits.count)
		k->graph_checking = pthread_create(&k->graph_checker, NULL, check_graph, k) == 0;
	run->cache = &k->commits;
	run->cache_path = k->path;
	run->mainline_cache = k->mainline_path ? &k->mainline : NULL;
}

/* git skips refs with invalid names with a warning; so does regtrace, once. */
static void warn_skipped_tags(struct warnings *w)
{
	const struct tag_table *t = tags_loaded();

	if (t && t->nskipped)
		warn_add(w, "ignored %zu tag%s with an invalid ref name, as git does (the first: "
			 "'%s')", t->nskipped, t->nskipped == 1 ? "" : "s", t->skipped);
}

static int run_command(const struct cli *c, char *err, size_t errlen)
{
	git_repository *repo = NULL;
	struct project_config cfg = { 0 };
	struct config_words words = { c->series_pattern, c->upstream_patterns.v,
				      c->upstream_patterns.n, c->fixes_patterns.v,
				      c->fixes_patterns.n };
	struct caches k = { 0 };
	struct run run = { 0 };
	char ignored[256];
	int rc = repo_open(&repo, c->dir, err, errlen);

	if (!rc)
		rc = config_load(repo, &words, &cfg, err, errlen);
	run.repo = repo;
	run.project = &cfg;
	run.quiet = c->quiet;
	if (!rc && !getenv("REGTRACE_NO_CACHE"))
		open_caches(repo, &cfg, c, &run, &k);
	if (!rc && !handlers[c->cmd])
		rc = rt_fail(err, errlen, RT_EFAIL, "'%s' is not available in this build",
			     c->cmd_name);
	else if (!rc)
		rc = handlers[c->cmd](c, &run, err, errlen);
	run_mainline_cache(&run);	/* (a command that never read the mainline) */
	if (run_outside_db(&run))
		outside_db_close(run.outside, !rc);
	if (run.outside_closing)
		pthread_join(run.outside_closer, NULL);
	run_save_cache_wait(&run);
	if (k.graph_checking)
		pthread_join(k.graph_checker, NULL);
	/* a cache that cannot be written only costs the next run time */
	if (!rc && k.path)
		cache_save(&k.commits, k.path, ignored, sizeof(ignored));
	tags_cache_close(!rc);
	if (!rc)
		warn_skipped_tags(&run.warnings);
	if (!rc && !c->quiet)
		warn_print(&run.warnings, stderr);
	warn_release(&run.warnings);
	at_exit_keep(&k, sizeof(k));	/* the caches, left to the exit (base/at_exit.h) */
	tags_forget();
	config_release(&cfg);
	git_repository_free(repo);
	return rc;
}

int main(int argc, char **argv)
{
	struct cli c;
	char err[1024] = "";
	int rc;

	if (cli_parse(argc, argv, &c, err, sizeof(err)) < 0) {
		say_error(err);
		cli_release(&c);
		return 2;
	}
	if (c.cmd == CMD_HELP || c.cmd == CMD_VERSION) {
		rc = c.cmd == CMD_HELP ? cli_help(stdout, c.help_on)
				       : (fputs("regtrace " REGTRACE_VERSION "\n", stdout) < 0 ? -1 : 0);
		cli_release(&c);
		if (rc < 0 || fflush(stdout) != 0) {
			fprintf(stderr, "regtrace: cannot write output: %s\n", strerror(errno));
			return 1;
		}
		return 0;
	}
	/* as git does for the processes it runs: replace.h reads the environment */
	if (c.no_replace_objects)
		setenv("GIT_NO_REPLACE_OBJECTS", "1", 1);
	git_libgit2_init();
	/* every object is read once: a cache only costs memory */
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	/* reading only: checking each object's hash again doubles the cost */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	/* pack windows: libgit2's defaults, git's own (1 GiB windows on 64-bit
	 * systems).  Small windows kept fewer pages of a big pack mapped, but
	 * those are the page cache's, shared, not memory regtrace allocates;
	 * they cost a map and unmap storm (11,000 munmaps, 10% more CPU on the
	 * merge-heavy bench: doc/performance-speed.md) */
	rc = run_command(&c, err, sizeof(err));
	git_libgit2_shutdown();
	cli_release(&c);
	if (rc)
		say_error(err);
	return rc;
}
