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

/* What `unfixed` found for each of n series: series i's rows u[i] point
 * into the mainline m[i] (shared by the series whose base is a mainline
 * tag; read alone for the others). */
struct unfixed_set {
	struct mainline *shared;
	struct mainline **m;
	struct unfixed *u;
	size_t n;
};

/* Fill out for s[0..n) against mainline ref and set each s[i].open, with
 * the mainline cache (segcache.h; NULL: none). */
struct segcache;
int unfixed_for_set(git_repository *repo, const char *ref, struct series *s, size_t n,
		    struct segcache *cache, struct unfixed_set *out, char *err, size_t errlen);
void unfixed_set_release(struct unfixed_set *set);

#endif
