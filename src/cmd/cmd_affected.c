/*
 * cmd_affected.c — `affected ID...`: for each fix, which releases of each
 * series (and of the mainline) carried the bug it fixes and which release
 * fixed it (load/affected_load.h, core/affected.h).  Every series of the
 * repository is read once, for all the ids (--stdin: one a line).
 */
#include "base/error.h"
#include "base/util.h"
#include "cmd/pager.h"
#include "cmd/commands.h"
#include "cmd/output.h"
#include "cmd/request.h"
#include "cmd/run.h"
#include "git/lookup.h"
#include "git/mainline_read.h"
#include "load/affected_load.h"
#include "load/series_set.h"
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

struct ids {
	char **v;
	size_t n;
};

static void ids_push(struct ids *ids, const char *s, size_t len)
{
	ids->v = xrealloc(ids->v, (ids->n + 1) * sizeof(*ids->v));
	ids->v[ids->n++] = xstrndup(s, len);
}

/* The ids of stdin: one a line, blanks around ignored, empty lines and
 * lines starting with # skipped. */
static void read_stdin(struct ids *ids)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;

	while ((got = getline(&line, &cap, stdin)) >= 0) {
		char *p = line, *end = line + got;
		while (p < end && strchr(" \t\r\n", *p))
			p++;
		while (end > p && strchr(" \t\r\n", end[-1]))
			end--;
		if (end > p && *p != '#')
			ids_push(ids, p, (size_t)(end - p));
	}
	free(line);
}

/* The mainline branch shown: --mainline REF (which must name a commit),
 * else the default one if there is one, else none (NULL). */
static int mainline_ref(const struct cli *c, struct run *run, char **ref, char *err,
			size_t errlen)
{
	char hex[41], ignored[256];

	*ref = NULL;
	if (c->mainline) {
		if (lookup_commit(run->repo, c->mainline, hex, err, errlen))
			return RT_EFAIL;
		*ref = xstrdup(c->mainline);
		return RT_OK;
	}
	*ref = mainline_default_ref(run->repo, NULL, ignored, sizeof(ignored));
	return RT_OK;
}

static int render(FILE *out, const struct cli *c, const struct series_set *set, const char *ref,
		  const struct affected_answer *a, size_t n)
{
	if (c->format == FORMAT_JSON)
		return render_affected_json(out, set->s, ref, a, n);
	if (c->format == FORMAT_CSV)
		return render_affected_csv(out, set->s, ref, a, n);
	if (c->format == FORMAT_DYAD)
		return render_affected_dyad(out, set->s, ref, a, n);
	return render_affected_text(out, set->s, ref, a, n, c->why);
}

static int answer_all(const struct cli *c, struct run *run, struct series_set *set,
		      const char *ref, const struct ids *ids, char *err, size_t errlen)
{
	struct affected_answer *a = xcalloc(ids->n + 1, sizeof(*a));
	struct affected_ctx x;
	size_t n = 0;
	int rc = affected_ctx_init(&x, &run->src, set, ref != NULL, err, errlen);

	for (; !rc && n < ids->n; n++)
		if ((rc = affected_load(&x, ids->v[n], c->vulnerable, &a[n], err, errlen)))
			break;
	if (!rc)
		pager_start();
	if (!rc && (render(run->out, c, set, ref, a, n) < 0 || fflush(run->out) != 0))
		rc = cmd_write_failed(err, errlen);
	for (size_t i = 0; i <= n && i < ids->n; i++)
		affected_answer_release(&a[i]);
	free(a);
	affected_ctx_release(&x);
	return rc;
}

int cmd_affected(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	struct ids ids = { 0 };
	struct load_request rq;
	struct series_set set = { 0 };
	char *ref = NULL;
	int rc;

	for (size_t i = 0; i < c->nranges; i++)
		ids_push(&ids, c->ranges[i], strlen(c->ranges[i]));
	if (c->stdin_ids)
		read_stdin(&ids);
	if (!ids.n)
		rc = rt_fail(err, errlen, RT_EUSAGE, "affected: no ID given (name one, or --stdin)");
	else
		rc = mainline_ref(c, run, &ref, err, errlen);
	request_of(c, &rq);
	rq.ranges = NULL;	/* every series of the repository */
	rq.nranges = 0;
	if (!rc && !(rc = series_set_load(&rq, &run->src, &set, err, errlen)))
		rc = answer_all(c, run, &set, ref, &ids, err, errlen);
	series_set_end(&set);
	for (size_t i = 0; i < ids.n; i++)
		free(ids.v[i]);
	free(ids.v);
	free(ref);
	return rc;
}
