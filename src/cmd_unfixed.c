/*
 * cmd_unfixed.c — `unfixed`: series commits whose mainline fix was never
 * backported; and the `open` count of `stats --mainline`.
 */
#include "commands.h"
#include "mainline.h"
#include "parallel.h"
#include "repo.h"
#include "series_set.h"
#include "unfixed.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Series i's rows against m, from its first mainline commit on. */
static void compute_one(struct series *s, const struct mainline *m, size_t from,
			struct unfixed *u)
{
	uint8_t *live = xmalloc(s->g.n + 1);

	census_live_at_end(&s->g, &s->census, live);
	unfixed_compute(&s->g, &s->r, live, m, from, u);
	s->open = (long)u->n;
	free(live);
}

struct computing {
	struct series *s;
	struct unfixed_set *out;
	const size_t *from;
};

/* Series i's rows (parallel.h; pure work, the handle is not used). */
static int compute_at(void *ctx, git_repository *repo, size_t i)
{
	struct computing *c = ctx;

	(void)repo;
	compute_one(&c->s[i], c->out->m[i], c->from[i], &c->out->u[i]);
	return 0;
}

int unfixed_for_set(git_repository *repo, const char *ref, struct series *s, size_t n,
		    struct segcache *cache, struct unfixed_set *out, char *err, size_t errlen)
{
	const char **bases = xmalloc((n + 1) * sizeof(char *));
	size_t *from = xmalloc((n + 1) * sizeof(size_t));
	struct computing c = { s, out, from };
	int rc;

	out->n = n;
	out->shared = xcalloc(1, sizeof(*out->shared));
	out->m = xcalloc(n + 1, sizeof(*out->m));
	out->u = xcalloc(n + 1, sizeof(*out->u));
	for (size_t i = 0; i < n; i++)
		bases[i] = s[i].base;
	rc = mainline_read_set(repo, ref, bases, n, cache, out->shared, from, err, errlen);
	if (!rc)
		mainline_index(out->shared);
	for (size_t i = 0; i < n && !rc; i++) {
		out->m[i] = out->shared;
		if (from[i] == SIZE_MAX) {	/* no mainline tag: this base alone */
			out->m[i] = xcalloc(1, sizeof(*out->m[i]));
			from[i] = 0;
			if ((rc = mainline_read(repo, ref, s[i].base, out->m[i], err, errlen)))
				break;
			mainline_index(out->m[i]);
		}
	}
	if (!rc)	/* every series against its mainline, several at once */
		parallel_run(repo, n, compute_at, &c);
	free(bases);
	free(from);
	return rc;
}

void unfixed_set_release(struct unfixed_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		unfixed_release(&set->u[i]);
		if (set->m[i] && set->m[i] != set->shared) {
			mainline_release(set->m[i]);
			free(set->m[i]);
		}
	}
	if (set->shared)
		mainline_release(set->shared);
	free(set->shared);
	free(set->m);
	free(set->u);
	memset(set, 0, sizeof(*set));
}

int cmd_unfixed(const struct cli *c, git_repository *repo, char *err, size_t errlen)
{
	struct series_set set = { 0 };
	struct unfixed_set us = { 0 };
	struct load_options opt;
	char *ref = NULL;
	int rc;

	series_set_options(c, &opt);
	if (!(ref = mainline_default_ref(repo, c->mainline, err, errlen))) {
		rc = REPO_EFAIL;
		goto out;
	}
	if ((rc = series_set_load(repo, c->ranges, c->nranges, &opt, &set, err, errlen)) ||
	    (rc = unfixed_for_set(repo, ref, set.s, 1, c->mainline_cache, &us, err, errlen)))
		goto out;
	struct series *s = &set.s[0];
	if (c->format == FORMAT_JSON)
		rc = render_unfixed_json(stdout, s, ref, us.m[0], &us.u[0]);
	else if (c->format == FORMAT_CSV)
		rc = render_unfixed_csv(stdout, s, ref, us.m[0], &us.u[0]);
	else
		rc = render_unfixed_text(stdout, s, ref, us.m[0], &us.u[0]);
	if (rc < 0 || fflush(stdout) != 0) {
		snprintf(err, errlen, "cannot write output: %s", strerror(errno));
		rc = REPO_EFAIL;
	}
out:
	unfixed_set_release(&us);
	series_set_release(&set);
	free(ref);
	return rc;
}
