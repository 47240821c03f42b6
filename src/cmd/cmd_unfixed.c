/*
 * cmd_unfixed.c — `unfixed`: series commits whose mainline fix was never
 * backported.
 */
#include "base/error.h"
#include "cmd/commands.h"
#include "cmd/mainline_set.h"
#include "cmd/series_set.h"
#include "render/render.h"

#include <stdlib.h>

static int render(const struct cli *c, const struct series *s, const struct unfixed_set *us)
{
	const char *ref = us->ms->ref;

	if (c->format == FORMAT_JSON)
		return render_unfixed_json(stdout, s, ref, us->ms->m[0], &us->u[0]);
	if (c->format == FORMAT_CSV)
		return render_unfixed_csv(stdout, s, ref, us->ms->m[0], &us->u[0]);
	return render_unfixed_text(stdout, s, ref, us->ms->m[0], &us->u[0]);
}

int cmd_unfixed(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	struct series_set set = { 0 };
	struct unfixed_set us = { 0 };
	/* no mainline branch: said before anything is read */
	char *ref = mainline_ref(run, c->mainline, err, errlen);
	int rc = ref ? RT_OK : RT_EFAIL;

	if (!rc && !(rc = series_set_load(c, run, &set, err, errlen))) {
		unfixed_for_set(run, set.ml, set.s, 1, &us);
		if (render(c, &set.s[0], &us) < 0 || fflush(stdout) != 0)
			rc = cmd_write_failed(err, errlen);
	}
	unfixed_set_release(&us);
	series_set_end(&set);
	free(ref);
	return rc;
}
