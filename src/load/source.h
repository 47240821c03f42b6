/*
 * source.h — what the load layer reads from: the repository, the project's
 * settings, the caches, and what it hands back while it works (warnings,
 * how far a long phase got).  The command layer's run fills it (cmd/run.h);
 * the load layer only calls it, downward: it never includes src/cmd.
 *
 * Every hook may be NULL (then: no cache, no save, no warning, no progress),
 * so that a source is a repository and nothing more in a test.
 */
#ifndef REGTRACE_LOAD_SOURCE_H
#define REGTRACE_LOAD_SOURCE_H

#include <stddef.h>
#include <git2.h>

#include "base/progress.h"

struct cache;
struct infercache;
struct outside_db;
struct project_config;
struct segcache;
struct summaries;

struct load_hooks {
	/* The mainline cache (git/segcache.h), or NULL: waited for if still
	 * loading; taken only where the mainline is read. */
	struct segcache *(*mainline_cache)(void *ctx);
	/* The answers about ids outside the ranges (git/outside.h), or NULL
	 * (then the load opens one of its own that keeps nothing); waited for. */
	struct outside_db *(*outside_db)(void *ctx);
	/* Wait for an earlier save of the commit cache (before reading ranges);
	 * save it soon (the ranges are read: nothing more is added to it). */
	void (*cache_save_wait)(void *ctx);
	void (*cache_save_soon)(void *ctx);
	/* One warning, worded (at most 1023 bytes): the run keeps it. */
	void (*warn)(void *ctx, const char *text);
	/* A series of a whole-repository run that could not be counted (its
	 * name, why): left out of the set, the run says so and fails with
	 * RT_EPARTIAL once the others are written. */
	void (*skipped)(void *ctx, const char *series, const char *why);
	/* A long phase begins ("reading", "ranges", total known so far): the
	 * callbacks to report through (NULL: none), until phase_end.  Phases
	 * never nest. */
	const struct progress *(*phase_begin)(void *ctx, const char *what, const char *unit,
					      size_t total);
	void (*phase_end)(void *ctx);
	/* The inference cache (cache/infer.h), or NULL: waited for if still
	 * loading; taken only where upstream ids are inferred. */
	struct infercache *(*infer_cache)(void *ctx);
	/* The series' summaries (cache/summaries.h), or NULL: waited for if
	 * still loading; taken only by a request with a summary_run. */
	struct summaries *(*summaries)(void *ctx);
};

struct load_source {
	git_repository *repo;
	const struct project_config *project;	/* git/config.h, or NULL */
	struct cache *cache;			/* the commit cache, or NULL */
	const struct load_hooks *hooks;		/* NULL: none */
	void *ctx;				/* the hooks' */
};

/* The hooks, NULL-safe. */
struct segcache *source_mainline_cache(const struct load_source *src);
struct outside_db *source_outside_db(const struct load_source *src);
struct infercache *source_infer_cache(const struct load_source *src);
struct summaries *source_summaries(const struct load_source *src);
void source_cache_save_wait(const struct load_source *src);
void source_cache_save_soon(const struct load_source *src);
void source_warn(const struct load_source *src, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void source_skipped(const struct load_source *src, const char *series, const char *why);
const struct progress *source_phase_begin(const struct load_source *src, const char *what,
					const char *unit, size_t total);
void source_phase_end(const struct load_source *src);

#endif
