/*
 * commands.h — one handler per command (one file each, cmd_NAME.c), named
 * in the command table (cli.c: its row says what it needs).  Each fills a
 * load request (request.h), loads what it needs through the load layer
 * (load/series_set.h: the git layer reads, core analyses) from the run main
 * opened for it (run.h), hands the result to a renderer and writes it
 * (output.h).
 */
#ifndef REGTRACE_COMMANDS_H
#define REGTRACE_COMMANDS_H

#include "cmd/cli.h"

command_fn cmd_stats;
command_fn cmd_fixes;
command_fn cmd_timeline;
command_fn cmd_sagas;
command_fn cmd_unfixed;
command_fn cmd_report;
command_fn cmd_export;
command_fn cmd_explain;
command_fn cmd_regressions;
command_fn cmd_series;
command_fn cmd_affected;
command_fn cmd_help;
command_fn cmd_version;

#endif
