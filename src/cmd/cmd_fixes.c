/* cmd_fixes.c — `fixes`: every link found in a range, or those --visible
 * and --kind KIND keep, four lines each or --oneline. */
#include "base/error.h"
#include "cmd/commands.h"
#include "cmd/output.h"
#include "core/analyze.h"
#include "render/render.h"

#include <string.h>

static struct fixes_view view;

static int render(FILE *out, const struct cli *c, const struct series_set *set)
{
	/* --mentions: the mention links listed among the others (the set is
	 * this command's, and its numbers do not change) */
	for (size_t i = 0; (c->mentions || view.kind == LINK_MENTION) && i < set->n; i++)
		analyze_show_mentions(&set->s[i]);
	if (c->format == FORMAT_JSON)
		return render_fixes_json(out, set->s, set->n, &view);
	if (c->format == FORMAT_CSV)
		return render_fixes_csv(out, set->s, set->n, &view);
	return render_fixes_text(out, set->s, set->n, &view);
}

/* KIND's enum link_kind, or -1 when it names none (--kind mention lists the
 * mentions as --mentions does). */
static int kind_of(const char *name)
{
	for (int k = LINK_FIX; k <= LINK_MENTION; k++)
		if (!strcmp(link_kind_name((enum link_kind)k), name))
			return k;
	return -1;
}

int cmd_fixes(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	view = (struct fixes_view){ c->fixes_oneline, c->fixes_visible, -1 };
	if (c->fixes_kind && (view.kind = kind_of(c->fixes_kind)) < 0)
		return rt_fail(err, errlen, RT_EUSAGE, "unknown link kind '%s' (fix, revert, "
			       "reapply, duplicate, preemptive, ambiguous, mention)", c->fixes_kind);
	return cmd_print_set(c, run, render, err, errlen);
}
