/* run.c — see run.h. */
#include "cmd/run.h"
#include "cmd/progress_line.h"
#include "cmd/request.h"
#include "base/threads.h"
#include "base/at_exit.h"
#include "base/util.h"
#include "cache/commits.h"
#include "cache/infer.h"
#include "cache/save.h"
#include "cache/summaries.h"
#include "git/config.h"
#include "git/outside.h"
#include "git/pack_prefetch.h"
#include "git/pack_set.h"
#include "git/parallel.h"
#include "git/repo.h"
#include "git/replace.h"
#include "cache/mainline.h"
#include "git/tags.h"
#include "git/walk.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A cache file smaller than this is read in the calling thread: a thread
 * costs a small load more than it saves (its heap new: a millisecond or
 * two of CPU each).  Open
 * vSwitch's run after a release read its five caches (3 MB in all) on four
 * threads: 66 ms of CPU (59 ms wall), in one, 54 ms (49 ms wall). */
#define RUN_THREAD_LOAD ((uint64_t)4 << 20)

/* A thread, and whether it was started (else its work was done inline). */
struct job {
	pthread_t tid;
	int running;
};

struct run_state {
	struct project_config cfg;
	struct cache commits;
	struct segcache mainline;
	struct infercache infer;
	struct summaries summaries;
	uint8_t summary_run[20];	/* what they are kept under (cmd/replay.h) */
	char *summaries_path;		/* NULL: no summaries */
	struct outside_db outside;
	char *path, *mainline_path;	/* mainline_path NULL: not needed */
	char *infer_path;		/* NULL: no inference cache */
	char *outside_path, *objects;	/* (objects NULL: not known) */
	uint64_t fingerprint;
	const char *commondir;		/* for walk_check_graph() */
	int cached;			/* the caches were opened */
	struct cache *cache;		/* &commits when opened, else NULL */
	struct segcache *mainline_cache;	/* &mainline when needed, else NULL */
	struct outside_db *outside_db;	/* &outside until closed, else NULL */
	struct job mainline_loader, outside_loader, outside_closer, cache_saver;
	struct job infer_loader, summaries_loader, loaded_saver;
	struct job graph_checker;
	struct progress_line line;	/* the phase's, when one runs */
	int quiet;
	struct warnings *warnings, *skipped;
};

static void job_start(struct job *j, void *(*fn)(void *), void *arg)
{
	j->running = thread_start(&j->tid, fn, arg) == 0;
	if (!j->running)
		fn(arg);
}

/* Is the file at path big enough to be read on a thread of its own? */
static int big_file(const char *path)
{
	struct stat st;

	return path && stat(path, &st) == 0 && (uint64_t)st.st_size >= RUN_THREAD_LOAD;
}

/* job_start when path is a big file, else fn(arg) here. */
static void load_start(struct job *j, void *(*fn)(void *), void *arg, const char *path)
{
	j->running = 0;
	if (big_file(path))
		job_start(j, fn, arg);
	else
		fn(arg);
}

static void job_wait(struct job *j)
{
	if (j->running) {
		pthread_join(j->tid, NULL);
		j->running = 0;
	}
}

/* A file of the git directory, to free. */
static char *git_file(git_repository *repo, const char *name)
{
	return path_join(git_repository_commondir(repo), name);
}

static void *check_graph(void *arg)
{
	walk_check_graph(((struct run_state *)arg)->commondir);
	return NULL;
}

static void *load_commit_cache(void *arg)
{
	struct run_state *k = arg;

	cache_load_file(&k->commits, k->path);
	return NULL;
}

static void *load_mainline_cache(void *arg)
{
	struct run_state *k = arg;

	segcache_load_file(&k->mainline, k->mainline_path);
	return NULL;
}

static void *load_infer_cache(void *arg)
{
	struct run_state *k = arg;

	infercache_load_file(&k->infer, k->infer_path);
	return NULL;
}

static void *load_summaries(void *arg)
{
	struct run_state *k = arg;

	summaries_load_file(&k->summaries, k->summaries_path);
	return NULL;
}

static void *open_outside_db(void *arg)
{
	struct run_state *k = arg;

	outside_db_open(&k->outside, k->objects, k->outside_path, k->fingerprint);
	return NULL;
}

static void *save_commit_cache(void *arg)
{
	struct run_state *k = arg;
	char ignored[256];

	cache_save(k->cache, k->path, ignored, sizeof(ignored));
	return NULL;
}

static void *close_outside(void *arg)
{
	outside_db_close(arg, 1);
	return NULL;
}

/*
 * The caches of the repository (cache.h, segcache.h), unless
 * REGTRACE_NO_CACHE: the commit cache read by a second thread (when big)
 * while this one reads the smaller caches and the tags (tags.h, with the
 * tags cache), which every command needs first; the mainline cache by a
 * third (when big), which the load waits for only where it reads the
 * mainline, after the ranges (load/source.h).
 */
/* Does git replace any commit here (refs/replace/, info/grafts: replace.h)? */
static int has_replacements(git_repository *repo)
{
	struct replace_map rm = { 0 };
	char ignored[256];
	int any = replace_load(repo, &rm, ignored, sizeof(ignored)) != 0 || rm.n > 0;

	replace_release(&rm);
	return any;
}

/* The series' summaries, for a command that keeps them (summaries, its
 * cli; else NULL): not where git replaces commits, as for the inference
 * cache, nor where no key can be made (cmd/replay.h), nor under
 * REGTRACE_NO_SUMMARIES (the tests of the layers beneath). */
static void open_summaries(git_repository *repo, const struct cli *summaries, int replaced,
			   struct run_state *k)
{
	summaries_init(&k->summaries);
	if (!summaries || replaced || getenv("REGTRACE_NO_SUMMARIES") ||
	    replay_summary_key(summaries, repo, k->summary_run) < 0)
		return;
	k->summaries_path = git_file(repo, "regtrace-summaries");
	load_start(&k->summaries_loader, load_summaries, k, k->summaries_path);
}

static void open_caches(git_repository *repo, int reads_mainline, const struct cli *summaries,
			struct run_state *k)
{
	char ignored[256];
	struct job commits;

	k->fingerprint = cache_fingerprint((const char *const *)k->cfg.sources, k->cfg.nsources);
	cache_init(&k->commits, k->fingerprint);
	k->path = git_file(repo, "regtrace-cache");
	/* the biggest first: the rest is done while its thread starts and reads */
	load_start(&commits, load_commit_cache, k, k->path);

	/* the mainline and inference caches keep what was read before a
	 * replacement or a graft (they do not know them): with any, both are
	 * read afresh */
	int replaced = has_replacements(repo), infers = reads_mainline && !replaced;
	if (!infers)
		reads_mainline = 0;
	open_summaries(repo, summaries, replaced, k);

	segcache_init(&k->mainline);
	k->mainline_path = reads_mainline ? git_file(repo, "regtrace-mainline-cache") : NULL;
	if (k->mainline_path)
		load_start(&k->mainline_loader, load_mainline_cache, k, k->mainline_path);
	infercache_init(&k->infer);
	k->infer_path = infers ? git_file(repo, "regtrace-infer-cache") : NULL;
	if (k->infer_path)
		load_start(&k->infer_loader, load_infer_cache, k, k->infer_path);
	/* the answers about ids outside the ranges: wanted after the ranges */
	k->outside_path = git_file(repo, "regtrace-outside-cache");
	k->objects = repo_objects_dir(repo);
	k->outside_db = &k->outside;
	load_start(&k->outside_loader, open_outside_db, k, k->outside_path);
	k->commondir = git_repository_commondir(repo);
	tags_cache_open(repo);
	tags_of(repo, ignored, sizeof(ignored));	/* an error comes again where it matters */
	job_wait(&commits);
	/* without cached commits, every walk reads the commit-graph from the start:
	 * a new one is hashed while the rest goes on (walk.h) */
	if (!k->commits.count)
		k->graph_checker.running = thread_start(&k->graph_checker.tid, check_graph, k) == 0;
	k->cached = 1;
	k->cache = &k->commits;
	k->mainline_cache = k->mainline_path ? &k->mainline : NULL;
}

/* ---- the hooks of the load layer (load/source.h) ---------------------------------- */

static struct segcache *hook_mainline_cache(void *ctx)
{
	struct run_state *k = ctx;

	job_wait(&k->mainline_loader);
	return k->mainline_cache;
}

static struct infercache *hook_infer_cache(void *ctx)
{
	struct run_state *k = ctx;

	job_wait(&k->infer_loader);
	return k->infer_path ? &k->infer : NULL;
}

static struct summaries *hook_summaries(void *ctx)
{
	struct run_state *k = ctx;

	job_wait(&k->summaries_loader);
	return k->summaries_path ? &k->summaries : NULL;
}

const uint8_t *run_summary_run(const struct run *run)
{
	const struct run_state *k = run->state;

	return k && k->summaries_path ? k->summary_run : NULL;
}

static struct outside_db *hook_outside_db(void *ctx)
{
	struct run_state *k = ctx;

	job_wait(&k->outside_loader);
	return k->outside_db;
}

static void hook_save_wait(void *ctx)
{
	job_wait(&((struct run_state *)ctx)->cache_saver);
}

/* The commit cache saved in a thread of its own, once the ranges are read
 * (only reading ranges adds to it): the save overlaps the mainline and the
 * analysis; run_finish() saves what was added since, if anything. */
static void hook_save_soon(void *ctx)
{
	struct run_state *k = ctx;

	job_wait(&k->cache_saver);
	if (k->cache && k->path)
		job_start(&k->cache_saver, save_commit_cache, k);
}

static void hook_warn(void *ctx, const char *text)
{
	warn_add(((struct run_state *)ctx)->warnings, "%s", text);
}

static void hook_skipped(void *ctx, const char *series, const char *why)
{
	warn_add(((struct run_state *)ctx)->skipped, "series %s not counted: %s", series, why);
}

static const struct progress *hook_phase_begin(void *ctx, const char *what, const char *unit,
					       size_t total)
{
	struct run_state *k = ctx;

	progress_line_begin(&k->line, k->quiet, what, unit, total);
	return &k->line.cb;
}

static void hook_phase_end(void *ctx)
{
	progress_line_end(&((struct run_state *)ctx)->line);
}

static const struct load_hooks hooks = {
	hook_mainline_cache, hook_outside_db, hook_save_wait, hook_save_soon, hook_warn,
	hook_skipped, hook_phase_begin, hook_phase_end, hook_infer_cache, hook_summaries,
};

/* ---- the run ------------------------------------------------------------------------ */

int run_open(struct run *run, const struct cli *c, int reads_mainline, int replayable,
	     char *err, size_t errlen)
{
	struct config_words words = { c->series_pattern, c->upstream_patterns.v,
				      c->upstream_patterns.n, c->fixes_patterns.v,
				      c->fixes_patterns.n, c->project };
	struct run_state *k = xcalloc(1, sizeof(*k));
	int rc;

	memset(run, 0, sizeof(*run));
	run->state = k;
	run->quiet = k->quiet = c->quiet;
	k->warnings = &run->warnings;
	k->skipped = &run->skipped;
	rc = repo_open(&run->repo, c->dir, err, errlen);
	if (!rc)
		rc = config_load(run->repo, &words, &k->cfg, err, errlen);
	run->project = &k->cfg;
	if (!rc && replayable)
		replay_find(&run->replay, c, run->repo);
	run->out = replay_capture(&run->replay);
	if (!rc && !getenv("REGTRACE_NO_CACHE") && !run->replay.found)
		open_caches(run->repo, reads_mainline, request_keeps_summaries(c) ? c : NULL, k);
	run->src = (struct load_source){ run->repo, run->project, k->cache, &hooks, k };
	return rc;
}

/* The inference cache and the summaries, saved (on a thread of their own:
 * nothing uses them any more). */
static void *save_loaded(void *arg)
{
	struct run_state *k = arg;
	char ignored[256];

	if (k->infer_path)
		infercache_save(&k->infer, k->infer_path, ignored, sizeof(ignored));
	if (k->summaries_path)
		summaries_save(&k->summaries, k->summaries_path, ignored, sizeof(ignored));
	return NULL;
}

void run_saves_soon(struct run *run)
{
	struct run_state *k = run->state;

	job_wait(&k->infer_loader);
	job_wait(&k->summaries_loader);
	if (!k->loaded_saver.running && (k->infer_path || k->summaries_path))
		job_start(&k->loaded_saver, save_loaded, k);
}

void run_outside_close_soon(struct run *run)
{
	struct run_state *k = run->state;
	struct outside_db *db = hook_outside_db(k);

	if (!db || k->outside_closer.running)
		return;
	k->outside_db = NULL;
	job_start(&k->outside_closer, close_outside, db);
}

/* git skips refs with invalid names with a warning; so does regtrace, once. */
static void warn_skipped_tags(struct warnings *w)
{
	const struct tag_table *t = tags_loaded();

	if (t && t->nskipped)
		warn_add(w, "ignored %zu tag%s with an invalid ref name, as git does (the first: "
			 "'%s')", t->nskipped, t->nskipped == 1 ? "" : "s", t->skipped);
}

void run_finish(struct run *run, int rc)
{
	struct run_state *k = run->state;
	char ignored[256];

	pack_prefetch_stop();	/* (a run whose walks never ended it: git/pack_prefetch.h) */
	job_wait(&k->mainline_loader);	/* (a command that never read the mainline) */
	tags_cache_close(!rc);	/* (while the threads' saves go on) */
	if (hook_outside_db(k))
		outside_db_close(k->outside_db, !rc);
	job_wait(&k->outside_closer);
	job_wait(&k->cache_saver);
	job_wait(&k->graph_checker);
	if (!rc && k->cached)
		cache_save(&k->commits, k->path, ignored, sizeof(ignored));
	job_wait(&k->infer_loader);
	job_wait(&k->loaded_saver);
	if (!rc && k->infer_path)
		infercache_save(&k->infer, k->infer_path, ignored, sizeof(ignored));
	job_wait(&k->summaries_loader);
	if (!rc && k->summaries_path)
		summaries_save(&k->summaries, k->summaries_path, ignored, sizeof(ignored));
	cache_writes_wait();	/* (the mainline cache's: cache/save.h) */
	if (!rc)
		warn_skipped_tags(&run->warnings);
}

void run_release(struct run *run)
{
	struct run_state *k = run->state;

	warn_release(&run->warnings);
	warn_release(&run->skipped);
	replay_release(&run->replay);
	config_release(&k->cfg);
	k->cfg = (struct project_config){ 0 };
	at_exit_keep(k, sizeof(*k));	/* the caches, left to the exit (base/at_exit.h) */
	free(k);
	tags_forget();
	parallel_close();
	pack_set_clear();	/* (no thread reads now: git/pack_set.h) */
	git_repository_free(run->repo);
	memset(run, 0, sizeof(*run));
}
