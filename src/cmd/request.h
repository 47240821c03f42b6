/*
 * request.h — the load request (load/request.h) a command's words make:
 * the ranges and the options as given, and what the command table says
 * the command needs (cli.h: NEEDS_MAINLINE, MAINLINE_OPTION, WRITES_FILE).
 * A command changes what is its own (stats: count_open; explain: its
 * ranges) before loading.
 */
#ifndef REGTRACE_REQUEST_H
#define REGTRACE_REQUEST_H

#include "cmd/cli.h"
#include "load/request.h"

/* Does c's command compare the series with the mainline (unfixed; stats,
 * regressions, export with --mainline)?  Then loading reads it, or fails. */
int request_needs_mainline(const struct cli *c);
/* Is the mainline read at all: compared with, or upstream ids inferred
 * on it (unless --no-infer)?  Then the run loads its cache. */
int request_reads_mainline(const struct cli *c);

/* rq (pointing into c) for c's command. */
/* Does c's command keep and use the series' summaries (stats alone:
 * load/request.h, summary_run)? */
int request_keeps_summaries(const struct cli *c);
void request_of(const struct cli *c, struct load_request *rq);

#endif
