/*
 * main.c — regtrace: reads the command line, opens the repository, runs
 * the command.  The only place that prints errors and chooses the exit
 * status: 0 success, 1 error, 2 usage error.
 */
#include <stdio.h>
#include <git2.h>

#include "cli.h"
#include "commands.h"
#include "config.h"
#include "repo.h"

static command_fn *const handlers[CMD_COUNT] = {
	[CMD_STATS] = cmd_stats,
	[CMD_FIXES] = cmd_fixes,
	[CMD_TIMELINE] = cmd_timeline,
	[CMD_SAGAS] = cmd_sagas,
	[CMD_UNFIXED] = cmd_unfixed,
	[CMD_REPORT] = cmd_report,
	[CMD_EXPORT] = cmd_export,
};

static int run(struct cli *c, char *err, size_t errlen)
{
	git_repository *repo = NULL;
	struct project_config cfg = { 0 };
	int rc = repo_open(&repo, c->dir, err, errlen);

	if (!rc)
		rc = config_load(repo, c, &cfg, err, errlen);
	c->project = &cfg;
	if (!rc && !handlers[c->cmd]) {
		snprintf(err, errlen, "'%s' is not available in this build", c->cmd_name);
		rc = REPO_EFAIL;
	} else if (!rc) {
		rc = handlers[c->cmd](c, repo, err, errlen);
	}
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
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t)128 << 20);
	rc = run(&c, err, sizeof(err));
	git_libgit2_shutdown();
	cli_release(&c);
	if (rc)
		fprintf(stderr, "regtrace: %s\n", err);
	return rc;
}
