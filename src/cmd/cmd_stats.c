/*
 * cmd_stats.c — `stats`: one row of census numbers per series (with --by
 * also per group: core/analyze.h); with --mainline also the open count.
 */
#include "base/error.h"
#include "base/util.h"
#include "cmd/pager.h"
#include "cmd/commands.h"
#include "cmd/output.h"
#include "cmd/request.h"
#include "cmd/run.h"
#include "load/age_set.h"
#include "load/series_set.h"
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

/* --mainline: the open count of every series against the mainline that
 * loading read once for all (series_set.h). */
static void count_open(struct series_set *set)
{
	struct unfixed_set us = { 0 };

	mainline_set_unfixed(set->ml, set->s, set->n, &us);
	unfixed_set_release(&us);
}

int cmd_stats(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	struct load_request rq;
	struct series_set set;
	int rc;

	request_of(c, &rq);
	/* the open counts as each series is analysed, unless the series are cut at
	 * an age first */
	rq.count_open = c->mainline && !c->at_age && !c->projected;
	rq.summary_run = run_summary_run(run);	/* (opened for stats alone: request.h) */
	rc = series_set_load(&rq, &run->src, &set, err, errlen);

	if (!rc && !c->at_age && !c->projected) {	/* (no more questions: age_set_apply asks) */
		run_outside_close_soon(run);
		run_saves_soon(run);
	}
	if (!rc && (c->at_age || c->projected))
		rc = age_set_apply(&rq, &run->src, &set, err, errlen);
	if (!rc && c->mainline && !set.open_counted)	/* (after the cut at an age) */
		count_open(&set);
	if (!rc) {
		pager_start();
		if (c->format == FORMAT_JSON)
			rc = render_stats_json(run->out, set.s, set.n, &set.skipped);
		else if (c->format == FORMAT_CSV)
			rc = render_stats_csv(run->out, set.s, set.n, &set.skipped);
		else
			rc = render_stats_text(run->out, set.s, set.n);
		if (rc < 0 || fflush(run->out) != 0)
			rc = cmd_write_failed(err, errlen);
	}
	series_set_end(&set);
	return rc;
}
