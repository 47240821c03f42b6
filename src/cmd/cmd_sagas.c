/* cmd_sagas.c — `sagas`: commits tied by fixes, reverts and copies. */
#include "cmd/commands.h"
#include "cmd/output.h"
#include "render/render.h"

static int render(FILE *out, const struct cli *c, const struct series_set *set)
{
	if (c->format == FORMAT_JSON)
		return render_sagas_json(out, set->s);
	if (c->format == FORMAT_CSV)
		return render_sagas_csv(out, set->s);
	return render_sagas_text(out, set->s);
}

int cmd_sagas(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	return cmd_print_set(c, run, render, err, errlen);
}
