/*
 * run.h — the run a command works in, from start to end: the repository
 * opened, the project's settings (git/config.h) and the caches loaded, each
 * in a thread of its own while the command starts (the commit cache, the
 * mainline cache, the answers about ids outside the ranges: git/cache.h,
 * git/segcache.h, git/outside.h), saved in threads of their own as soon as
 * nothing more is added to them, and every thread joined by run_finish().
 * The threads and the caches are this module's own (struct run_state).
 *
 * What the load layer reads from is run->src (load/source.h): its hooks
 * are this module's, so the load layer hears nothing of the run but them.
 * A run that fails to open is still finished and released.
 */
#ifndef REGTRACE_RUN_H
#define REGTRACE_RUN_H

#include <stddef.h>
#include <git2.h>

#include "cmd/cli.h"
#include "cmd/replay.h"
#include "cmd/warnings.h"
#include "load/source.h"

struct project_config;
struct run_state;

struct run {
	git_repository *repo;
	const struct project_config *project;
	struct load_source src;		/* for the load layer: repo, project, caches */
	struct warnings warnings;	/* printed by main when the command succeeds */
	struct warnings skipped;	/* "series X not counted: why", printed by main
					   when the command succeeds: then exit 3 */
	int quiet;			/* --quiet: no warning, no progress line */
	FILE *out;			/* where the command writes its output: stdout,
					   or a stream to stdout that keeps a copy
					   (cmd/replay.h) */
	struct replay replay;		/* the answer of an earlier run, or the
					   key to keep this one under */
	struct run_state *state;	/* run.c's: caches, their threads, the line */
};

/* c->dir's repository and settings, and unless REGTRACE_NO_CACHE its
 * caches (the mainline cache only when reads_mainline: the command compares
 * with the mainline or infers upstream ids on it).  With replayable
 * (replay_wanted), the answer of an earlier run is looked for first: when
 * run->replay.found, no cache is opened and the command is not to run
 * (replay_print).  Errors as in base/error.h. */
int run_open(struct run *run, const struct cli *c, int reads_mainline, int replayable,
	     char *err, size_t errlen);

/* No more questions about ids outside the ranges in this run: close that
 * database (saving what it learned) in a thread of its own while the
 * command goes on. */
void run_outside_close_soon(struct run *run);
/* The command loads no more and uses neither the inference cache nor the
 * series' summaries again: both saved now, by a thread of their own, while
 * the output is made (run_finish waits for it). */
void run_saves_soon(struct run *run);
/* What the series' summaries are kept under in this run (load/request.h:
 * summary_run), or NULL when it keeps none (not stats alone, no caches,
 * git replaces commits, no key). */
const uint8_t *run_summary_run(const struct run *run);

/* The command ended with rc: every thread joined, the caches saved when
 * it succeeded (a cache that cannot be written only costs the next run
 * time), the tags' own warning added. */
void run_finish(struct run *run, int rc);
/* What the run holds: the caches left to the process's exit
 * (base/at_exit.h), the rest freed. */
void run_release(struct run *run);

#endif
