/*
 * cmd_census.c — `stats` and `fixes`: the census of each range.
 */
#include "commands.h"
#include "repo.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int write_failed(char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot write output: %s", strerror(errno));
	return REPO_EFAIL;
}

/* Load every range first, so an error never leaves half a report. */
static int load_all(const struct cli *c, git_repository *repo, struct series *s,
		    char *err, size_t errlen)
{
	int rc = REPO_OK;

	for (size_t i = 0; !rc && i < c->nranges; i++)
		rc = repo_load_series(repo, c->ranges[i], &s[i], err, errlen);
	return rc;
}

static int render_stats(const struct cli *c, const struct series *s)
{
	if (c->format == FORMAT_JSON)
		return render_stats_json(stdout, s, c->nranges);
	if (c->format == FORMAT_CSV)
		return render_stats_csv(stdout, s, c->nranges);
	return render_stats_text(stdout, s, c->nranges);
}

static int render_fixes(const struct cli *c, const struct series *s)
{
	if (c->format == FORMAT_JSON)
		return render_fixes_json(stdout, s);
	if (c->format == FORMAT_CSV)
		return render_fixes_csv(stdout, s);
	return render_fixes_text(stdout, s);
}

static int run(const struct cli *c, git_repository *repo, char *err, size_t errlen,
	       int (*render)(const struct cli *, const struct series *))
{
	struct series *s = xcalloc(c->nranges, sizeof(*s));
	int rc = load_all(c, repo, s, err, errlen);

	if (!rc && (render(c, s) < 0 || fflush(stdout) != 0))
		rc = write_failed(err, errlen);
	for (size_t i = 0; i < c->nranges; i++)
		series_release_all(&s[i]);
	free(s);
	return rc;
}

int cmd_stats(const struct cli *c, git_repository *repo, char *err, size_t errlen)
{
	return run(c, repo, err, errlen, render_stats);
}

int cmd_fixes(const struct cli *c, git_repository *repo, char *err, size_t errlen)
{
	return run(c, repo, err, errlen, render_fixes);
}
