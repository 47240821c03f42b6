/* cmd_timeline.c — `timeline`: the census as it stood at each release. */
#include "cmd/commands.h"
#include "cmd/output.h"
#include "render/render.h"

static int render(const struct cli *c, const struct series_set *set)
{
	const struct series *s = set->s;

	if (c->format == FORMAT_JSON)
		return render_timeline_json(stdout, s, &s->timeline);
	if (c->format == FORMAT_CSV)
		return render_timeline_csv(stdout, s, &s->timeline);
	return render_timeline_text(stdout, s, &s->timeline);
}

int cmd_timeline(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	return cmd_print_set(c, run, render, err, errlen);
}
