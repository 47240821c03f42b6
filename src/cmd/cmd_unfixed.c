/*
 * cmd_unfixed.c — `unfixed`: series commits whose mainline fix was never
 * backported.
 */
#include "base/error.h"
#include "cmd/pager.h"
#include "cmd/commands.h"
#include "cmd/output.h"
#include "cmd/request.h"
#include "cmd/run.h"
#include "git/mainline_read.h"
#include "load/series_set.h"
#include "render/render.h"

#include <stdlib.h>

static int render(FILE *out, const struct cli *c, const struct series *s, const struct mainline_set *ms,
		  const struct unfixed_set *us)
{
	const char *ref = ms->ref;

	if (c->format == FORMAT_JSON)
		return render_unfixed_json(out, s, ref, ms->m[0], &us->u[0]);
	if (c->format == FORMAT_CSV)
		return render_unfixed_csv(out, s, ref, ms->m[0], &us->u[0]);
	return render_unfixed_text(out, s, ref, ms->m[0], &us->u[0]);
}

int cmd_unfixed(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	struct load_request rq;
	struct series_set set = { 0 };
	struct unfixed_set us = { 0 };
	/* no mainline branch: said before anything is read */
	char *ref = mainline_default_ref(run->repo, c->mainline, err, errlen);
	int rc = ref ? RT_OK : RT_EFAIL;

	request_of(c, &rq);
	if (!rc && !(rc = series_set_load(&rq, &run->src, &set, err, errlen))) {
		mainline_set_unfixed(set.ml, set.s, 1, &us);
		pager_start();
		if (render(run->out, c, &set.s[0], set.ml, &us) < 0 || fflush(run->out) != 0)
			rc = cmd_write_failed(err, errlen);
	}
	unfixed_set_release(&us);
	series_set_end(&set);
	free(ref);
	return rc;
}
