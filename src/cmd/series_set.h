/*
 * series_set.h — every range a command names, read and analysed before
 * anything is written, so that an error never leaves half an output.
 *
 * series_set_load() turns the arguments into ranges (git/discover.h: none
 * = every series of the repository, a bare BASE = BASE..its highest
 * BASE.N) and reads them (git/repo.h: those the range cache lacks in a few
 * groups of consecutive ranges, one walk each, several groups at once:
 * git/parallel.h), showing a progress line on a terminal once loading has
 * taken a second (progress_line.h); then reads the mainline once
 * (mainline_set.h) when the command compares with it or, unless
 * --no-infer, some commit names no upstream commit and a mainline branch
 * is there; then, per range, infers upstream ids (git/infer.h), asks the
 * repository about ids outside the range (git/outside.h) and analyses it
 * (core/analyze.h).  Errors as in base/error.h; the set must be released
 * with series_set_release() either way.
 */
#ifndef REGTRACE_SERIES_SET_H
#define REGTRACE_SERIES_SET_H

#include <stddef.h>

#include "cmd/cli.h"
#include "cmd/commands.h"
#include "cmd/mainline_set.h"
#include "core/series.h"
#include "git/discover.h"

struct series_set {
	struct range_list ranges;
	struct series *s;	/* ranges.n of them */
	size_t n;		/* how many are loaded */
	struct mainline_set *ml;	/* the mainline read, or NULL */
	int open_counted;	/* each s[i].open was set as it was analysed */
};

/* Does command c compare the series with the mainline (unfixed; stats,
 * regressions, export with --mainline)?  Then series_set_load reads it, or
 * fails. */
int series_set_needs_mainline(const struct cli *c);

/* The ranges of c, read and analysed with c's options in run; a range
 * with no release tags adds a warning to run (cmd/warnings.h), and so
 * does, in text output, a series of which fewer than half of the commits
 * have an upstream id. */
int series_set_load(const struct cli *c, struct run *run, struct series_set *set,
		    char *err, size_t errlen);
void series_set_release(struct series_set *set);
/* At the end of a command: what the set holds is left to the process's
 * exit (base/at_exit.h), not freed. */
void series_set_end(struct series_set *set);

/* The commands that load every range and write one output to stdout:
 * load, call render(c, set), flush; a failed write is an error. */
typedef int series_render_fn(const struct cli *c, const struct series_set *set);
int series_set_print(const struct cli *c, struct run *run, series_render_fn *render,
		     char *err, size_t errlen);

/* The commands that write one file (report, export): open it first (fail
 * early), load, write(c, run, set, f) (which may add to the set: mainline
 * counts, breakdowns), then commit it or remove it (base/atomic_file.h: "-",
 * a device or a FIFO is written as a stream, a link followed); on success
 * print "wrote PATH", unless the output went to stdout.  Output paths are
 * taken as given (relative to the current directory, not to -C DIR). */
struct atomic_file;
typedef int series_write_fn(const struct cli *c, struct run *run, struct series_set *set,
			    struct atomic_file *f, char *err, size_t errlen);
int series_set_write_file(const struct cli *c, struct run *run, const char *path,
			  series_write_fn *write, char *err, size_t errlen);

#endif
