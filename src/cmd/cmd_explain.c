/*
 * cmd_explain.c — `explain COMMIT [RANGE]`: why one commit counts as it
 * does.  Without RANGE, every series of the repository is read and the
 * newest one holding the commit is explained (the others holding it are
 * named).
 */
#include "base/error.h"
#include "base/util.h"
#include "cmd/pager.h"
#include "cmd/commands.h"
#include "cmd/output.h"
#include "cmd/request.h"
#include "cmd/run.h"
#include "core/explain.h"
#include "git/config.h"
#include "git/lookup.h"
#include "load/series_set.h"
#include "render/render.h"

#include <stdlib.h>

/* The lines of c's message its aliases and references come from. */
static void read_where(struct run *run, const char *hex, struct msg_where *where)
{
	const struct project_config *p = run->project;
	char ignored[256], *msg;
	struct msg_facts f;
	size_t len;

	if (lookup_message(run->repo, hex, &msg, &len, ignored, sizeof(ignored)))
		return;	/* the series was read: the lines are only a help */
	msg_parse_where(msg, len, config_msg_rules(p), &f, where);	/* as the walk reads it */
	msg_facts_release(&f);
	free(msg);
}

static int render(FILE *out, const struct cli *c, const struct series *s, const struct explanation *e,
		  const char *const *holding, size_t n)
{
	if (c->format == FORMAT_JSON)
		return render_explain_json(out, s, e, holding, n);
	return render_explain_text(out, s, e, holding, n);
}

static int explain_in(const struct cli *c, struct run *run, struct series_set *set,
		      const char *hex, char *err, size_t errlen)
{
	const char **holding = xcalloc(set->n + 1, sizeof(char *));
	struct msg_where where = { 0 };
	struct explanation e;
	size_t n = 0, first = 0;
	int64_t at = -1;
	int rc = RT_OK;

	for (size_t i = 0; i < set->n; i++) {
		int64_t k = explain_find(&set->s[i], hex);
		if (k >= 0 && !n++) {
			first = i;
			at = k;
		}
		if (k >= 0)
			holding[n - 1] = set->s[i].name;
	}
	if (!n) {
		free(holding);
		if (c->nranges > 1)
			return rt_fail(err, errlen, RT_EFAIL, "commit %.12s is not in %s", hex,
				       set->n ? set->s[0].name : c->ranges[1]);
		return rt_fail(err, errlen, RT_EFAIL, "commit %.12s is in no series of the "
			       "repository (name one: explain COMMIT BASE..TIP)", hex);
	}
	if (c->format == FORMAT_TEXT)	/* of this series, not of every one read */
		series_set_warn_blind(&run->src, &set->s[first], 1);
	read_where(run, hex, &where);
	explain_commit(&set->s[first], (uint32_t)at, &where, &e);
	pager_start();
	if (render(run->out, c, &set->s[first], &e, holding, n) < 0 || fflush(run->out) != 0)
		rc = cmd_write_failed(err, errlen);
	explanation_release(&e);
	free(holding);
	return rc;
}

int cmd_explain(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	struct load_request rq;
	struct series_set set;
	char hex[41];
	int rc = lookup_commit(run->repo, c->ranges[0], hex, err, errlen);

	if (rc)
		return rc;
	request_of(c, &rq);
	rq.ranges = c->ranges + 1;	/* RANGE, or none: every series */
	rq.nranges = c->nranges - 1;
	rq.warn_blind = 0;	/* only of the series explained: explain_in() */
	rc = series_set_load(&rq, &run->src, &set, err, errlen);
	if (!rc)
		rc = explain_in(c, run, &set, hex, err, errlen);
	series_set_end(&set);
	return rc;
}
