/*
 * cmd_unfixed.c — `unfixed`: series commits whose mainline fix was never
 * backported; and the `open` count of `stats --mainline`.
 */
#include "commands.h"
#include "mainline.h"
#include "repo.h"
#include "series_set.h"
#include "unfixed.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int unfixed_for_series(git_repository *repo, const char *ref, struct series *s,
		       struct mainline *m, struct unfixed *u, char *err, size_t errlen)
{
	struct resolver r;
	uint8_t *live = xmalloc(s->g.n + 1);
	int rc;

	mainline_init(m);
	memset(u, 0, sizeof(*u));
	if ((rc = mainline_read(repo, ref, s->base, m, err, errlen)))
		goto out;
	census_live_at_end(&s->g, &s->census, live);
	resolver_init(&r, &s->g);
	unfixed_compute(&s->g, &r, live, m, u);
	resolver_release(&r);
	s->open = (long)u->n;
out:
	free(live);
	return rc;
}

int cmd_unfixed(const struct cli *c, git_repository *repo, char *err, size_t errlen)
{
	struct series_set set = { 0 };
	struct load_options opt;
	struct mainline m;
	struct unfixed u;
	char *ref = NULL;
	int rc;

	mainline_init(&m);
	memset(&u, 0, sizeof(u));
	series_set_options(c, &opt);
	if (!(ref = mainline_default_ref(repo, c->mainline, err, errlen))) {
		rc = REPO_EFAIL;
		goto out;
	}
	if ((rc = series_set_load(repo, c->ranges, c->nranges, &opt, &set, err, errlen)) ||
	    (rc = unfixed_for_series(repo, ref, &set.s[0], &m, &u, err, errlen)))
		goto out;
	struct series *s = &set.s[0];
	if (c->format == FORMAT_JSON)
		rc = render_unfixed_json(stdout, s, ref, &m, &u);
	else if (c->format == FORMAT_CSV)
		rc = render_unfixed_csv(stdout, s, ref, &m, &u);
	else
		rc = render_unfixed_text(stdout, s, ref, &m, &u);
	if (rc < 0 || fflush(stdout) != 0) {
		snprintf(err, errlen, "cannot write output: %s", strerror(errno));
		rc = REPO_EFAIL;
	}
out:
	unfixed_release(&u);
	mainline_release(&m);
	series_set_release(&set);
	free(ref);
	return rc;
}
