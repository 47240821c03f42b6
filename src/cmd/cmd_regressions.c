/*
 * cmd_regressions.c — `regressions [RANGE...]`: every upstream commit that
 * was a regression in a series, across the series; with --mainline, which
 * series still carry it (load/mainline_set.h: the machinery of `unfixed`).
 */
#include "base/error.h"
#include "base/util.h"
#include "cmd/pager.h"
#include "cmd/commands.h"
#include "cmd/output.h"
#include "cmd/request.h"
#include "cmd/run.h"
#include "core/regressions.h"
#include "load/series_set.h"
#include "render/render.h"

#include <stdlib.h>

/* Per series, the commits unfixed found (NULL without --mainline). */
static void carried_commits(const struct cli *c, struct series_set *set, struct u32s **out)
{
	struct unfixed_set us = { 0 };

	*out = NULL;
	if (!c->mainline)
		return;
	/* the mainline series_set_load read (request_needs_mainline) */
	mainline_set_unfixed(set->ml, set->s, set->n, &us);
	*out = xcalloc(set->n + 1, sizeof(**out));
	for (size_t i = 0; i < set->n; i++)
		for (size_t k = 0; k < us.u[i].n; k++)
			u32s_push(&(*out)[i], us.u[i].v[k].commit);
	unfixed_set_release(&us);
}

static int render(FILE *out, const struct cli *c, const struct series_set *set,
		  const struct regressions *r)
{
	if (c->format == FORMAT_JSON)
		return render_regressions_json(out, set->s, set->n, &set->skipped, r);
	if (c->format == FORMAT_CSV)
		return render_regressions_csv(out, set->s, set->n, r);
	return render_regressions_text(out, set->s, set->n, r);
}

int cmd_regressions(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	struct load_request rq;
	struct series_set set;
	struct regressions r = { 0 };
	struct u32s *carried = NULL;
	int rc;

	request_of(c, &rq);
	rc = series_set_load(&rq, &run->src, &set, err, errlen);
	if (!rc) {
		carried_commits(c, &set, &carried);
		regressions_group(set.s, set.n, carried, &r);
		pager_start();
		if (render(run->out, c, &set, &r) < 0 || fflush(run->out) != 0)
			rc = cmd_write_failed(err, errlen);
	}
	for (size_t i = 0; carried && i < set.n; i++)
		u32s_release(&carried[i]);
	free(carried);
	regressions_release(&r);
	series_set_end(&set);
	return rc;
}
