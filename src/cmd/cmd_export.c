/*
 * cmd_export.c — `export`: every range at once in one SQLite database
 * (render/export_sqlite.h), written whole or not at all (series_set.h).
 */
#include "base/atomic_file.h"
#include "cmd/commands.h"
#include "cmd/series_set.h"
#include "render/export_sqlite.h"

#include <stdio.h>

static int write_export(const struct cli *c, struct run *run, const struct series_set *set,
			struct atomic_file *f, char *err, size_t errlen)
{
	char why[512];

	(void)c;
	(void)run;
	if (export_sqlite(f->tmp, set->s, set->n, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "cannot write '%s': %s", f->path, why);
		return -1;
	}
	return 0;
}

int cmd_export(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	return series_set_write_file(c, run, c->sqlite, write_export, err, errlen);
}
