/*
 * main.c — regtrace: reads the command line, loads each range, renders.
 * The only place that prints errors and chooses the exit status:
 * 0 success, 1 error, 2 usage error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <git2.h>

#include "cli.h"
#include "render.h"
#include "repo.h"
#include "util.h"

static int render(const struct cli *c, const struct series *s)
{
	if (c->cmd == CMD_FIXES) {
		if (c->format == FORMAT_JSON)
			return render_fixes_json(stdout, s);
		if (c->format == FORMAT_CSV)
			return render_fixes_csv(stdout, s);
		return render_fixes_text(stdout, s);
	}
	if (c->format == FORMAT_JSON)
		return render_stats_json(stdout, s, c->nranges);
	if (c->format == FORMAT_CSV)
		return render_stats_csv(stdout, s, c->nranges);
	return render_stats_text(stdout, s, c->nranges);
}

/* Load every range first, so an error never leaves half a report. */
static int run(const struct cli *c, char *err, size_t errlen)
{
	git_repository *repo = NULL;
	struct series *s = xcalloc(c->nranges, sizeof(*s));
	int rc = repo_open(&repo, c->dir, err, errlen);

	for (size_t i = 0; !rc && i < c->nranges; i++)
		rc = repo_load_series(repo, c->ranges[i], &s[i], err, errlen);
	if (!rc && (render(c, s) < 0 || fflush(stdout) != 0)) {
		snprintf(err, errlen, "cannot write output: %s", strerror(errno));
		rc = REPO_EFAIL;
	}
	for (size_t i = 0; i < c->nranges; i++)
		series_release_all(&s[i]);
	free(s);
	git_repository_free(repo);
	return rc;
}

int main(int argc, char **argv)
{
	struct cli c;
	char err[1024] = "";
	int rc;

	if (cli_parse(argc, argv, &c, err, sizeof(err)) < 0) {
		fprintf(stderr, "regtrace: %s\n(see 'regtrace --help')\n", err);
		cli_release(&c);
		return 2;
	}
	if (c.cmd == CMD_HELP || c.cmd == CMD_VERSION) {
		fputs(c.cmd == CMD_HELP ? cli_usage : "regtrace " REGTRACE_VERSION "\n", stdout);
		cli_release(&c);
		return fflush(stdout) ? 1 : 0;
	}
	git_libgit2_init();
	rc = run(&c, err, sizeof(err));
	git_libgit2_shutdown();
	cli_release(&c);
	if (rc)
		fprintf(stderr, "regtrace: %s\n", err);
	return rc;
}
