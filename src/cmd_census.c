/*
 * cmd_census.c — `stats`, `fixes` and `timeline`: the census of each range.
 */
#include "commands.h"
#include "discover.h"
#include "repo.h"
#include "channel.h"
#include "paths.h"
#include "timeline.h"
#include "unfixed.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct loaded {
	struct range_list ranges;
	struct series *s;
};

static int write_failed(char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot write output: %s", strerror(errno));
	return REPO_EFAIL;
}

/* A progress line on a terminal, once a run has taken a second. */
static void progress(time_t start, size_t i, size_t n, const char *range)
{
	if (!isatty(STDERR_FILENO) || time(NULL) - start < 1)
		return;
	if (i < n)
		fprintf(stderr, "\rregtrace: reading %s (%zu/%zu)\033[K", range, i + 1, n);
	else
		fputs("\r\033[K", stderr);
}

/* stats --mainline: the open count of a series. */
static int count_open(git_repository *repo, const char *ref, struct series *s, char *err,
		      size_t errlen)
{
	struct mainline m;
	struct unfixed u;
	int rc = unfixed_for_series(repo, ref, s, &m, &u, err, errlen);

	unfixed_release(&u);
	mainline_release(&m);
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
static int load_all(const struct cli *c, git_repository *repo, struct loaded *l,
		    char *err, size_t errlen)
{
	struct load_options opt = { .introduced_until = c->introduced_until };
	time_t start = time(NULL);
	int rc = discover_ranges(repo, c->ranges, c->nranges, &l->ranges, err, errlen);

	l->s = xcalloc(l->ranges.n + 1, sizeof(*l->s));
	for (size_t i = 0; !rc && i < l->ranges.n; i++) {
		progress(start, i, l->ranges.n, l->ranges.v[i]);
		rc = repo_load_series(repo, l->ranges.v[i], &opt, &l->s[i], err, errlen);
		if (!rc && c->cmd == CMD_STATS && c->mainline)
			rc = count_open(repo, c->mainline, &l->s[i], err, errlen);
		if (!rc && c->cmd == CMD_STATS && c->by)
			rc = break_down(c, repo, &l->s[i], err, errlen);
	}
	progress(start, l->ranges.n, l->ranges.n, NULL);
	return rc;
}

static void unload(struct loaded *l)
{
	for (size_t i = 0; i < l->ranges.n; i++)
		series_release_all(&l->s[i]);
	free(l->s);
	range_list_release(&l->ranges);
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
	struct loaded l;
	int rc = load_all(c, repo, &l, err, errlen);

	if (!rc && (render(c, l.s, l.ranges.n) < 0 || fflush(stdout) != 0))
		rc = write_failed(err, errlen);
	unload(&l);
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
