/*
 * cmd_stats.c — `stats`: one row of census numbers per series; with
 * --mainline also the open count, with --by the census per group.
 */
#include "base/error.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "cmd/mainline_set.h"
#include "cmd/progress_line.h"
#include "cmd/series_set.h"
#include "core/channel.h"
#include "git/cache.h"
#include "git/parallel.h"
#include "git/paths.h"
#include "render/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --mainline: the open count of every series, one mainline read. */
static int count_open(const struct cli *c, struct run *run, struct series_set *set,
		      char *err, size_t errlen)
{
	struct unfixed_set us = { 0 };
	char *ref = mainline_ref(run, c->mainline, err, errlen);
	int rc = ref ? unfixed_for_set(run, ref, set->s, set->n, &us, err, errlen) : RT_EFAIL;

	unfixed_set_release(&us);
	free(ref);
	return rc;
}

/* --by path: each series' groups, several series at once (parallel.h). */
struct grouping {
	const struct cli *c;
	struct run *run;
	struct series_set *set;
	struct group_map *maps;
	struct { int rc; char msg[1024]; } *errs;
	struct progress_line line;
};

static int group_one(void *ctx, git_repository *repo, size_t i)
{
	struct grouping *x = ctx;

	x->errs[i].rc = paths_groups(repo, &x->set->s[i].g, x->c->by_depth,
				     x->run->cache ? &x->run->cache->paths : NULL, &x->line.cb,
				     &x->maps[i], x->errs[i].msg, sizeof(x->errs[i].msg));
	return x->errs[i].rc;
}

/* The group maps of every series: by channel (read from messages) or by
 * path (read from the repository's trees, or the paths cache). */
static int group_all(const struct cli *c, struct run *run, struct series_set *set,
		     struct group_map *maps, char *err, size_t errlen)
{
	struct grouping x = { .c = c, .run = run, .set = set, .maps = maps };
	size_t total = 0;
	int rc = RT_OK;

	if (!strcmp(c->by, "channel")) {
		for (size_t i = 0; i < set->n; i++)
			channel_groups(&set->s[i].g, &maps[i]);
		return RT_OK;
	}
	x.errs = xcalloc(set->n + 1, sizeof(*x.errs));
	for (size_t i = 0; i < set->n; i++)
		total += set->s[i].g.n;
	progress_line_begin(&x.line, "reading the files changed", "commits", total);
	parallel_run(run->repo, set->n, group_one, &x);
	progress_line_end(&x.line);
	/* as in series_set.c: the first failure in range order is the one reported */
	for (size_t i = 0; i < set->n && !rc; i++)
		if ((rc = x.errs[i].rc))
			snprintf(err, errlen, "%s", x.errs[i].msg);
	free(x.errs);
	return rc;
}

/* --by: the census per group. */
static int break_down(const struct cli *c, struct run *run, struct series_set *set, char *err,
		      size_t errlen)
{
	struct group_map *maps = xcalloc(set->n + 1, sizeof(*maps));
	int rc = group_all(c, run, set, maps, err, errlen);

	for (size_t i = 0; i < set->n; i++) {
		if (!rc) {
			set->s[i].by = xmalloc(sizeof(*set->s[i].by));
			breakdown_compute(&set->s[i].g, &set->s[i].census, c->by, &maps[i],
					  set->s[i].by);
		}
		group_map_release(&maps[i]);
	}
	free(maps);
	return rc;
}

int cmd_stats(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	struct series_set set;
	int rc = series_set_load(c, run, &set, err, errlen);

	if (!rc && c->mainline)
		rc = count_open(c, run, &set, err, errlen);
	if (!rc && c->by)
		rc = break_down(c, run, &set, err, errlen);
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
	series_set_release(&set);
	return rc;
}
