/*
 * main.c — regtrace: reads the command line, opens the repository, runs
 * the command.  The only place that prints errors and chooses the exit
 * status: 0 success, 1 error, 2 usage error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>

#include "cli.h"
#include "commands.h"
#include "cache.h"
#include "config.h"
#include "util.h"
#include "repo.h"
#include "tags.h"

static command_fn *const handlers[CMD_COUNT] = {
	[CMD_STATS] = cmd_stats,
	[CMD_FIXES] = cmd_fixes,
	[CMD_TIMELINE] = cmd_timeline,
	[CMD_SAGAS] = cmd_sagas,
	[CMD_UNFIXED] = cmd_unfixed,
	[CMD_REPORT] = cmd_report,
	[CMD_EXPORT] = cmd_export,
};

/* The commit cache of the repository (cache.h), unless REGTRACE_NO_CACHE. */
static char *open_cache(git_repository *repo, const struct project_config *cfg,
			struct cache *cache)
{
	const char *dir = git_repository_commondir(repo);
	size_t n = strlen(dir) + sizeof("regtrace-cache");
	char *path = xmalloc(n);

	snprintf(path, n, "%sregtrace-cache", dir);
	cache_init(cache, cache_fingerprint((const char *const *)cfg->upstream_sources,
					    cfg->rules.nupstream));
	cache_load_file(cache, path);
	return path;
}

static int run(struct cli *c, char *err, size_t errlen)
{
	git_repository *repo = NULL;
	struct project_config cfg = { 0 };
	struct cache cache = { 0 };
	char *cache_path = NULL, ignored[256];
	int rc = repo_open(&repo, c->dir, err, errlen);

	if (!rc)
		rc = config_load(repo, c, &cfg, err, errlen);
	c->project = &cfg;
	if (!rc && !getenv("REGTRACE_NO_CACHE")) {
		cache_path = open_cache(repo, &cfg, &cache);
		c->cache = &cache;
	}
	if (!rc && !handlers[c->cmd]) {
		snprintf(err, errlen, "'%s' is not available in this build", c->cmd_name);
		rc = REPO_EFAIL;
	} else if (!rc) {
		rc = handlers[c->cmd](c, repo, err, errlen);
	}
	/* a cache that cannot be written only costs the next run time */
	if (!rc && cache_path)
		cache_save(&cache, cache_path, ignored, sizeof(ignored));
	free(cache_path);
	cache_release(&cache);
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
		fprintf(stderr, "regtrace: %s\n", err);
		cli_release(&c);
		return 2;
	}
	if (c.cmd == CMD_HELP || c.cmd == CMD_VERSION) {
		fputs(c.cmd == CMD_HELP ? cli_usage : "regtrace " REGTRACE_VERSION "\n", stdout);
		cli_release(&c);
		return fflush(stdout) ? 1 : 0;
	}
	git_libgit2_init();
	/* every object is read once: a cache only costs memory */
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	/* reading only: checking each object's hash again doubles the cost */
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	/* pack windows: small, few, so that reading a big pack keeps little of it
	 * mapped (mapped pages count as the process's memory) */
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, (size_t)8 << 20);
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t)32 << 20);
	rc = run(&c, err, sizeof(err));
	git_libgit2_shutdown();
	cli_release(&c);
	if (rc)
		fprintf(stderr, "regtrace: %s\n", err);
	return rc;
}
