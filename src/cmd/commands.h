/*
 * commands.h — one function per command (one file each, cmd_NAME.c): each
 * loads what it needs (series_set.h: the git layer reads, core analyses),
 * hands the result to a renderer and writes it.  Errors come back as
 * RT_E* (base/error.h) with a one-line message in err; main prints it.
 */
#ifndef REGTRACE_COMMANDS_H
#define REGTRACE_COMMANDS_H

#include <pthread.h>
#include <stddef.h>
#include <git2.h>

#include "cmd/cli.h"
#include "cmd/warnings.h"

struct outside_db;

struct project_config;
struct cache;
struct segcache;

/* The run a command works in: main opens the repository, loads the
 * project's settings (git/config.h) and the caches before calling it. */
struct run {
	git_repository *repo;
	const struct project_config *project;
	struct cache *cache;		/* the commit cache, or NULL */
	struct segcache *mainline_cache;	/* the mainline cache when the command
						   reads the mainline, or NULL: take it
						   through run_mainline_cache() */
	pthread_t mainline_loader;	/* still loading it, when mainline_loading */
	int mainline_loading;
	const char *cache_path;		/* where the commit cache is saved, or NULL */
	pthread_t cache_saver;		/* saving it, when cache_saving */
	int cache_saving;
	struct outside_db *outside;	/* the answers about ids outside the
					   ranges (git/outside.h), or NULL: take
					   it through run_outside_db() */
	pthread_t outside_loader;	/* still loading it, when outside_loading */
	int outside_loading;
	pthread_t outside_closer;	/* closing it, when outside_closing */
	int outside_closing;
	struct warnings warnings;	/* printed by main when the command succeeds */
	int quiet;			/* --quiet: no warning, no progress line */
};

typedef int command_fn(const struct cli *c, struct run *run, char *err, size_t errlen);

command_fn cmd_stats;
command_fn cmd_fixes;
command_fn cmd_timeline;
command_fn cmd_sagas;
command_fn cmd_unfixed;
command_fn cmd_report;
command_fn cmd_export;
command_fn cmd_explain;
command_fn cmd_regressions;
command_fn cmd_series;

/* "cannot write output: ..." (errno) into err; RT_EFAIL. */
int cmd_write_failed(char *err, size_t errlen);

/* The database of ids outside the ranges (main opens it, with its cache
 * file, in a thread of its own while the ranges are read), waited for. */
static inline struct outside_db *run_outside_db(struct run *run)
{
	if (run->outside_loading) {
		pthread_join(run->outside_loader, NULL);
		run->outside_loading = 0;
	}
	return run->outside;
}

/* No more questions about ids outside the ranges in this run: close that
 * database (saving what it learned) in a thread of its own while the
 * command goes on; run_outside_db() is NULL after it. */
void run_outside_close_soon(struct run *run);

/* The mainline cache (main loads it in a thread of its own while the
 * ranges are read: it is needed only after them), waited for. */
static inline struct segcache *run_mainline_cache(struct run *run)
{
	if (run->mainline_loading) {
		pthread_join(run->mainline_loader, NULL);
		run->mainline_loading = 0;
	}
	return run->mainline_cache;
}

/*
 * The commit cache saved in a thread of its own, once the ranges are read
 * (only reading ranges adds to it): the save overlaps the mainline and the
 * analysis.  run_save_cache_wait() waits for it; a reader of ranges calls
 * it first, and main before its own save (which writes only what was added
 * since, if anything).  A save that fails only costs the next run time.
 */
void run_save_cache_soon(struct run *run);
void run_save_cache_wait(struct run *run);

#endif
