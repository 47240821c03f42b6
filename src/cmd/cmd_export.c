/*
 * cmd_export.c — `export`: every range at once in one SQLite database
 * (render/export_sqlite.h), written whole or not at all (output.h).
 * Besides the series: the regressions across them (core/regressions.h);
 * with --by path[:N] each commit's paths (read with the series); with --mainline
 * REF the series still carrying each regression (mainline_set.h) and the
 * mainline date of each upstream id (git/mainline_dates.h).
 */
#include "base/atomic_file.h"
#include "base/error.h"
#include "base/util.h"
#include "cmd/commands.h"
#include "cmd/output.h"
#include "core/regressions.h"
#include "core/upstream_dates.h"
#include "git/mainline_dates.h"
#include "load/mainline_set.h"
#include "render/export_sqlite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct extras {
	struct regressions regressions;
	struct upstream_dates dates;
	struct u32s *carried;		/* per series, or NULL */
	int has_dates;
};

/* --mainline: who still carries what (unfixed), and the upstream ids' dates. */
static int read_mainline(struct run *run, struct series_set *set, struct extras *e, char *err,
			 size_t errlen)
{
	struct unfixed_set us = { 0 };
	const char **bases = xcalloc(set->n + 1, sizeof(char *));
	const char *ref = set->ml->ref;	/* read by series_set_load */
	int rc = RT_OK;

	mainline_set_unfixed(set->ml, set->s, set->n, &us);

	e->carried = xcalloc(set->n + 1, sizeof(*e->carried));
	for (size_t i = 0; !rc && i < set->n; i++) {
		bases[i] = set->s[i].base;
		for (size_t k = 0; k < us.u[i].n; k++)
			u32s_push(&e->carried[i], us.u[i].v[k].commit);
	}
	upstream_ids_of(set->s, set->n, &e->dates);
	e->has_dates = 1;
	if (!rc)
		rc = mainline_dates_read(run->repo, ref, bases, set->n, &e->dates, err, errlen);
	unfixed_set_release(&us);
	free(bases);
	return rc;
}

static void extras_release(struct extras *e, size_t n)
{
	regressions_release(&e->regressions);
	for (size_t i = 0; e->carried && i < n; i++)
		u32s_release(&e->carried[i]);
	free(e->carried);
	upstream_dates_release(&e->dates);
}

static int write_export(const struct cli *c, struct run *run, struct series_set *set,
			struct atomic_file *f, char *err, size_t errlen)
{
	struct extras e = { 0 };
	char why[512];
	int rc = RT_OK;

	if (c->mainline)
		rc = read_mainline(run, set, &e, err, errlen);
	if (!rc) {
		struct export_extra x = { &e.regressions, e.has_dates ? &e.dates : NULL,
					  &set->skipped };
		regressions_group(set->s, set->n, e.carried, &e.regressions);
		if (export_sqlite(f->tmp, set->s, set->n, &x, why, sizeof(why)) < 0)
			rc = rt_fail(err, errlen, RT_EFAIL, "cannot write '%s': %s", f->path, why);
	}
	extras_release(&e, set->n);
	return rc ? -1 : 0;
}

int cmd_export(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	if (c->by && strcmp(c->by, "path"))
		return rt_fail(err, errlen, RT_EUSAGE, "export --by takes path or path:N");
	return cmd_write_set(c, run, c->sqlite, NULL, write_export, err, errlen);
}
