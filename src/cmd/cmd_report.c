/*
 * cmd_report.c — `report`: every range at once in one self-contained HTML
 * page (render/report.h), written whole or not at all (output.h).
 */
#include "base/atomic_file.h"
#include "base/error.h"
#include "cmd/commands.h"
#include "cmd/output.h"
#include "git/probe.h"
#include "base/util.h"
#include "render/commit_url.h"
#include "render/html.h"
#include "render/report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

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

static int write_report(const struct cli *c, struct run *run, struct series_set *set,
			struct atomic_file *f, char *err, size_t errlen)
{
	char *url = commit_url(c, run, set);
	int rc = render_report_html(f->fp, set->s, set->n, &set->skipped, url);

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
