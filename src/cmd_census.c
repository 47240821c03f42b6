/*
 * cmd_census.c — `stats`, `fixes` and `timeline`: the census of each range.
 */
#include "commands.h"
#include "series_set.h"
#include "repo.h"
#include "channel.h"
#include "paths.h"
#include "timeline.h"
#include "unfixed.h"
#include "mainline.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int write_failed(char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot write output: %s", strerror(errno));
	return REPO_EFAIL;
}

/* stats --mainline: the open count of every series, one mainline read. */
static int count_open(const struct cli *c, git_repository *repo, struct series_set *set,
		      char *err, size_t errlen)
{
	struct unfixed_set us = { 0 };
	char *ref = mainline_default_ref(repo, c->mainline, err, errlen);
	int rc = ref ? unfixed_for_set(repo, ref, set->s, set->n, c->mainline_cache, &us,
				       err, errlen) : REPO_EFAIL;

	unfixed_set_release(&us);
	free(ref);
	return rc;
}

/* stats --by: the census per channel or per path. */
static int break_down(const struct cli *c, git_repository *repo, struct series *s,
		      char *err, size_t errlen)
{
	struct group_map map;
	int rc = REPO_OK;

	if (!strcmp(c->by, "channel"))
		channel_groups(&s->g, &map);
	else
		rc = paths_groups(repo, &s->g, c->by_depth, &map, err, errlen);
	if (rc) {
		group_map_release(&map);
		return rc;
	}
	s->by = xmalloc(sizeof(*s->by));
	breakdown_compute(&s->g, &s->census, c->by, &map, s->by);
	return REPO_OK;
}

/* Load every range first, so an error never leaves half a report. */
static int load_all(const struct cli *c, git_repository *repo, struct series_set *set,
		    char *err, size_t errlen)
{
	struct load_options opt;
	int rc;

	series_set_options(c, &opt);
	rc = series_set_load(repo, c->ranges, c->nranges, &opt, set, err, errlen);
	if (!rc && c->cmd == CMD_STATS && c->mainline)
		rc = count_open(c, repo, set, err, errlen);
	for (size_t i = 0; !rc && c->cmd == CMD_STATS && i < set->n; i++) {
		if (c->by)
			rc = break_down(c, repo, &set->s[i], err, errlen);
	}
	return rc;
}

static int render_stats(const struct cli *c, const struct series *s, size_t n)
{
	if (c->format == FORMAT_JSON)
		return render_stats_json(stdout, s, n);
	if (c->format == FORMAT_CSV)
		return render_stats_csv(stdout, s, n);
	return render_stats_text(stdout, s, n);
}

static int render_fixes(const struct cli *c, const struct series *s, size_t n)
{
	(void)n;
	if (c->format == FORMAT_JSON)
		return render_fixes_json(stdout, s);
	if (c->format == FORMAT_CSV)
		return render_fixes_csv(stdout, s);
	return render_fixes_text(stdout, s);
}

static int render_timeline(const struct cli *c, const struct series *s, size_t n)
{
	struct timeline t;
	int rc;

	(void)n;
	timeline_compute(&s->g, &s->rels, &s->census, &t);
	if (c->format == FORMAT_JSON)
		rc = render_timeline_json(stdout, s, &t);
	else if (c->format == FORMAT_CSV)
		rc = render_timeline_csv(stdout, s, &t);
	else
		rc = render_timeline_text(stdout, s, &t);
	timeline_release(&t);
	return rc;
}

static int run(const struct cli *c, git_repository *repo, char *err, size_t errlen,
	       int (*render)(const struct cli *, const struct series *, size_t))
{
	struct series_set set;
	int rc = load_all(c, repo, &set, err, errlen);

	if (!rc && (render(c, set.s, set.n) < 0 || fflush(stdout) != 0))
		rc = write_failed(err, errlen);
	series_set_release(&set);
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

int cmd_timeline(const struct cli *c, git_repository *repo, char *err, size_t errlen)
{
	return run(c, repo, err, errlen, render_timeline);
}

static int render_sagas(const struct cli *c, const struct series *s, size_t n)
{
	(void)n;
	if (c->format == FORMAT_JSON)
		return render_sagas_json(stdout, s);
	return render_sagas_text(stdout, s);
}

int cmd_sagas(const struct cli *c, git_repository *repo, char *err, size_t errlen)
{
	return run(c, repo, err, errlen, render_sagas);
}
