/*
 * cmd_regressions.c — `regressions [RANGE...]`: every upstream commit that
 * was a regression in a series, across the series; with --mainline, which
 * series still carry it (mainline_set.h: the machinery of `unfixed`).
 */
#include "base/error.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "cmd/mainline_set.h"
#include "cmd/series_set.h"
#include "core/regressions.h"
#include "render/render.h"

#include <stdlib.h>

/* Per series, the commits unfixed found (NULL without --mainline). */
static int carried_commits(const struct cli *c, struct run *run, struct series_set *set,
			   struct u32s **out, char *err, size_t errlen)
{
	struct unfixed_set us = { 0 };

	(void)err, (void)errlen;
	*out = NULL;
	if (!c->mainline)
		return RT_OK;
	/* the mainline series_set_load read (series_set_needs_mainline) */
	unfixed_for_set(run, set->ml, set->s, set->n, &us);
	*out = xcalloc(set->n + 1, sizeof(**out));
	for (size_t i = 0; i < set->n; i++)
		for (size_t k = 0; k < us.u[i].n; k++)
			u32s_push(&(*out)[i], us.u[i].v[k].commit);
	unfixed_set_release(&us);
	return RT_OK;
}

static int render(const struct cli *c, const struct series_set *set,
		  const struct regressions *r)
{
	if (c->format == FORMAT_JSON)
		return render_regressions_json(stdout, set->s, set->n, r);
	if (c->format == FORMAT_CSV)
		return render_regressions_csv(stdout, set->s, set->n, r);
	return render_regressions_text(stdout, set->s, set->n, r);
}

int cmd_regressions(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	struct series_set set;
	struct regressions r = { 0 };
	struct u32s *carried = NULL;
	int rc = series_set_load(c, run, &set, err, errlen);

	if (!rc)
		rc = carried_commits(c, run, &set, &carried, err, errlen);
	if (!rc) {
		regressions_group(set.s, set.n, carried, &r);
		if (render(c, &set, &r) < 0 || fflush(stdout) != 0)
			rc = cmd_write_failed(err, errlen);
	}
	for (size_t i = 0; carried && i < set.n; i++)
		u32s_release(&carried[i]);
	free(carried);
	regressions_release(&r);
	series_set_end(&set);
	return rc;
}
