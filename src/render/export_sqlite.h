/*
 * export_sqlite.h — analysed series as a SQLite database, through the
 * libsqlite3 C library.  The schema is documented in doc/formats.md, "Export
 * schema", and what version 3 added in doc/explain-regressions.md; PRAGMA
 * user_version holds EXPORT_SQLITE_VERSION.
 *
 * export_sqlite() creates the tables and indexes in the database file at
 * path, which must be empty (e.g. a fresh temporary file) or absent, and
 * fills them in one transaction through prepared statements with bound
 * parameters.  It does not make the file durable or atomic: write to a
 * temporary file (atomic_file.h) and commit it afterwards.  Series get the
 * ids 1..n in the order given.  Returns 0, or -1 with the system's message
 * in err for a full disk or an I/O error ("No space left on device"), else
 * "sqlite: <message>"; nothing here prints.
 */
#ifndef REGTRACE_EXPORT_SQLITE_H
#define REGTRACE_EXPORT_SQLITE_H

#include <stddef.h>

#include "core/regressions.h"
#include "core/series.h"
#include "core/upstream_dates.h"

#define EXPORT_SQLITE_VERSION 7	/* 2: releases.date is YYYY-MM-DD, date_epoch the seconds;
				   3: authors, dates, channel, reported, alias sources and
				   mainline dates, commit_paths, regressions;
				   4: series gains fixes_outside_mainline and the upstream
				   counts, alias sources say "inferred" (doc/dialects.md);
				   5: releases.number an integer, or text beyond 2^63 - 1;
				   6: series_not_counted;
				   7: series gains the rates' 95 % intervals,
				   KEY_ci_low and KEY_ci_high (doc/rules.md) */

/* What a command computed besides the series (each may be NULL). */
struct export_extra {
	const struct regressions *regressions;	/* the regressions table */
	const struct upstream_dates *dates;	/* mainline dates (--mainline), or NULL */
	const struct series_skips *skipped;	/* the series_not_counted table */
};

int export_sqlite(const char *path, const struct series *s, size_t n,
		  const struct export_extra *x, char *err, size_t errlen);

#endif
