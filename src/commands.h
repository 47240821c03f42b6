/*
 * commands.h — one function per command; each loads what it needs through
 * the repository layer and renders to stdout.  Errors come back as
 * REPO_E* with a one-line message in err; main prints it.
 */
#ifndef REGTRACE_COMMANDS_H
#define REGTRACE_COMMANDS_H

#include <stddef.h>
#include <git2.h>

#include "cli.h"
#include "discover.h"

typedef int command_fn(const struct cli *c, git_repository *repo, char *err, size_t errlen);

command_fn cmd_stats;	/* cmd_census.c */
command_fn cmd_fixes;	/* cmd_census.c */
command_fn cmd_timeline;	/* cmd_census.c */
command_fn cmd_sagas;	/* cmd_census.c */
command_fn cmd_unfixed;	/* cmd_unfixed.c */
command_fn cmd_report;	/* cmd_report.c */
command_fn cmd_export;	/* cmd_report.c */

struct series;
struct mainline;
struct unfixed;
/* Fill m and u for s against mainline ref, and set s->open. */
int unfixed_for_series(git_repository *repo, const char *ref, struct series *s,
		       struct mainline *m, struct unfixed *u, char *err, size_t errlen);

#endif
