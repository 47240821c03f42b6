/*
 * cmd_stats.c — `stats`: one row of census numbers per series (with --by
 * also per group: core/analyze.h); with --mainline also the open count.
 */
#include "base/error.h"
#include "base/util.h"
#include "cmd/age_set.h"
#include "cmd/commands.h"
#include "cmd/mainline_set.h"
#include "cmd/series_set.h"
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

/* --mainline: the open count of every series against the mainline that
 * loading read once for all (series_set.h). */
static void count_open(struct run *run, struct series_set *set)
{
	struct unfixed_set us = { 0 };

	unfixed_for_set(run, set->ml, set->s, set->n, &us);
	unfixed_set_release(&us);
}

int cmd_stats(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	struct series_set set;
	int rc = series_set_load(c, run, &set, err, errlen);

	if (!rc && !c->at_age && !c->projected)	/* (no more questions: age_set_apply asks) */
		run_outside_close_soon(run);
	if (!rc && (c->at_age || c->projected))
		rc = age_set_apply(c, run, &set, err, errlen);
	if (!rc && c->mainline && !set.open_counted)	/* (after the cut at an age) */
		count_open(run, &set);
	if (!rc) {
		if (c->format == FORMAT_JSON)
			rc = render_stats_json(stdout, set.s, set.n);
		else if (c->format == FORMAT_CSV)
			rc = render_stats_csv(stdout, set.s, set.n);
		else
			rc = render_stats_text(stdout, set.s, set.n);
		if (rc < 0 || fflush(stdout) != 0)
			rc = cmd_write_failed(err, errlen);
	}
	series_set_end(&set);
	return rc;
}
