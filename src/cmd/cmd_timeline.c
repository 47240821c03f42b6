/* cmd_timeline.c — `timeline`: the census as it stood at each release. */
#include "cmd/commands.h"
#include "cmd/output.h"
#include "render/render.h"

static int render(FILE *out, const struct cli *c, const struct series_set *set)
{
	if (c->format == FORMAT_JSON)
		return render_timeline_json(out, set->s, set->n);
	if (c->format == FORMAT_CSV)
		return render_timeline_csv(out, set->s, set->n);
	return render_timeline_text(out, set->s, set->n);
}

int cmd_timeline(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	return cmd_print_set(c, run, render, err, errlen);
}
