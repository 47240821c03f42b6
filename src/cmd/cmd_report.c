/*
 * cmd_report.c — `report`: every range at once in one self-contained HTML
 * page (render/report.h), written whole or not at all (output.h).
 */
#include "base/atomic_file.h"
#include "base/error.h"
#include "cmd/commands.h"
#include "cmd/options_in_effect.h"
#include "cmd/output.h"
#include "git/probe.h"
#include "base/fmt.h"
#include "base/pattern.h"
#include "base/util.h"
#include "git/config.h"
#include "render/commit_url.h"
#include "render/html.h"
#include "render/report.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_REPORT "regtrace-report.html"
#define LINUX_COMMIT_URL \
	"https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git/commit/?id=%s"

/* --commit-url, else git.kernel.org for a Linux repository, else the forge
 * of the remote (render/commit_url.h), else no links: a new string or NULL. */
static char *commit_url(const struct cli *c, struct run *run, const struct series_set *set)
{
	const struct series *s = set->n ? &set->s[0] : NULL;
	char *remote, *url;

	if (c->commit_url)
		return xstrdup(c->commit_url);
	if (probe_is_linux(run->repo, s && s->g.n ? s->g.c[s->g.n - 1].id : NULL))
		return xstrdup(LINUX_COMMIT_URL);
	remote = probe_remote_url(run->repo);
	url = commit_url_of_remote(remote);
	free(remote);
	return url;
}

/* The repository's name: its work tree's last component, or a bare
 * repository's without ".git". */
static char *repo_name(git_repository *repo)
{
	const char *dir = git_repository_workdir(repo);
	char *s = xstrdup(dir ? dir : git_repository_path(repo)), *base;
	size_t n = strlen(s);

	while (n > 1 && s[n - 1] == '/')
		s[--n] = '\0';
	if (!dir && n > 5 && !strcmp(s + n - 5, "/.git"))
		s[n -= 5] = '\0';	/* a repository's .git directory: its work tree's name */
	else if (!dir && n > 4 && !strcmp(s + n - 4, ".git"))
		s[n -= 4] = '\0';
	base = strrchr(s, '/');
	base = xstrdup(base && base[1] ? base + 1 : s);
	free(s);
	return base;
}

/* Today (UTC), or the day of SOURCE_DATE_EPOCH when set (reproducible
 * builds' convention: the same page from the same inputs). */
static void today(char out[16])
{
	const char *env = getenv("SOURCE_DATE_EPOCH");
	char *end = NULL;
	long long v = env && *env ? strtoll(env, &end, 10) : -1;
	int64_t t = end && !*end && v >= 0 ? (int64_t)v : (int64_t)time(NULL);

	if (fmt_date(out, 16, t) < 0)
		out[0] = '\0';
}

struct about {
	struct report_about a;
	char *name, date[16];
	char *opts[OPTIONS_IN_EFFECT_MAX], *pats[64];
};

static char *joined(const char *a, const char *b, const char *c)
{
	size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
	char *s = xmalloc(n);

	snprintf(s, n, "%s%s%s", a, b, c);
	return s;
}

/* What shaped the page: the options given and every pattern in effect. */
static void about_of(const struct cli *c, const struct run *run, struct about *x)
{
	const struct project_config *p = run->project;
	struct option_in_effect opt[OPTIONS_IN_EFFECT_MAX];
	size_t no = 0, np = 0, nopt = options_in_effect(c, run, opt);

	memset(x, 0, sizeof(*x));
	x->name = repo_name(run->repo);
	today(x->date);

	for (size_t i = 0; i < nopt; i++)
		if (opt[i].given)
			x->opts[no++] = opt[i].form == OPTION_VALUE ?
				joined(opt[i].flag, " ", opt[i].value) : xstrdup(opt[i].flag);
	if (p && p->has_series)
		x->pats[np++] = joined("series: ", pattern_source(p->series), "");
	for (size_t i = 0; p && i < p->nsources && np < 64; i++) {
		const char *src = p->sources[i], *space = strchr(src, ' ');
		if (!space || !strncmp(src, "project ", 8))	/* (an option, above) */
			continue;
		size_t k = (size_t)(space - src), len = strlen(src) + 2;
		x->pats[np] = xmalloc(len);	/* "fixes RE" -> "fixes: RE" */
		snprintf(x->pats[np++], len, "%.*s: %s", (int)k, src, space + 1);
		if (k == 5 && !strncmp(src, "fixes", 5))
			x->a.fixes_patterns = 1;
	}
	x->a = (struct report_about){ x->name, git_repository_workdir(run->repo) ?
				      git_repository_workdir(run->repo) :
				      git_repository_path(run->repo), x->date,
				      (const char *const *)x->opts, no,
				      (const char *const *)x->pats, np, x->a.fixes_patterns };
}

static void about_release(struct about *x)
{
	free(x->name);
	for (size_t i = 0; i < x->a.noptions; i++)
		free(x->opts[i]);
	for (size_t i = 0; i < x->a.npatterns; i++)
		free(x->pats[i]);
}

static int write_report(const struct cli *c, struct run *run, struct series_set *set,
			struct atomic_file *f, char *err, size_t errlen)
{
	char *url = commit_url(c, run, set);
	struct about about;
	int rc;

	about_of(c, run, &about);
	rc = render_report_html(f->fp, set->s, set->n, &set->skipped, &about.a, url);
	about_release(&about);
	free(url);
	if (rc < 0)
		return atomic_file_error(f->path, errno ? errno : EIO, err, errlen);
	return 0;
}

int cmd_report(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	if (c->commit_url && !html_url_template_ok(c->commit_url))
		return rt_fail(err, errlen, RT_EUSAGE,
			       "--commit-url '%s' must hold exactly one %%s (the commit id) and no "
			       "other %% directive (write %%%% for a %%)", c->commit_url);
	if (c->commit_url && !html_url_scheme_ok(c->commit_url))
		return rt_fail(err, errlen, RT_EUSAGE,
			       "--commit-url '%s' must be an http, https or file link, or a relative one",
			       c->commit_url);
	return cmd_write_set(c, run, c->output, DEFAULT_REPORT, write_report, err,
			     errlen);
}
