/*
 * output.h — how a command writes what it loaded: to stdout, flushed, a
 * failed write an error; or to one file, written whole or not at all.
 */
#ifndef REGTRACE_OUTPUT_H
#define REGTRACE_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include "cmd/cli.h"
#include "cmd/run.h"
#include "load/series_set.h"

/* "cannot write output: ..." (errno) into err; RT_EFAIL. */
int cmd_write_failed(char *err, size_t errlen);

/* The commands that load every range and write one output to stdout:
 * load (request.h: request_of(c)), call render(run->out, c, set), flush. */
typedef int set_render_fn(FILE *out, const struct cli *c, const struct series_set *set);
int cmd_print_set(const struct cli *c, struct run *run, set_render_fn *render, char *err,
		  size_t errlen);

/* The commands that write one file (report, export): open it first (fail
 * early), load, write(c, run, set, f) (which may add to the set: mainline
 * counts, breakdowns), then commit it or remove it (base/atomic_file.h: "-",
 * a device or a FIFO is written as a stream, a link followed); on success
 * print "wrote PATH", unless the output went to stdout.  Output paths are
 * taken as given (relative to the current directory, not to -C DIR). */
struct atomic_file;
typedef int set_write_fn(const struct cli *c, struct run *run, struct series_set *set,
			 struct atomic_file *f, char *err, size_t errlen);
/* path: the name the user gave, or NULL for dflt, a name regtrace chose,
 * which is never followed (atomic_file_open_default: a symbolic link,
 * FIFO or device there is refused in one line). */
int cmd_write_set(const struct cli *c, struct run *run, const char *path, const char *dflt,
		  set_write_fn *write, char *err, size_t errlen);

#endif
