/*
 * main.c — regtrace: reads the command line, looks the command up in the
 * command table (cli.h), opens a run for it when it needs a repository
 * (run.h) and runs it.  The only place that prints errors and warnings
 * (after a successful command: cmd/warnings.h) and chooses the exit
 * status: 0 success, 1 error, 2 usage error, 3 written without the series
 * of a whole-repository run that could not be counted (each named).  A
 * pager the reader quit early is no error (cmd/pager.h): status 0.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/error.h"
#include "base/heap.h"
#include "cmd/cli.h"
#include "cmd/envelope.h"
#include "cmd/pager.h"
#include "cmd/request.h"
#include "cmd/run.h"
#include "cmd/say.h"
#include "cmd/terminal.h"
#include "git/library.h"

/* The end of a command that succeeded: its warnings on stderr (unless
 * quiet), the answer kept for a replay (cmd/replay.h) when every series
 * was counted, and the series that could not be (then RT_EPARTIAL). */
static int end_well(struct run *run, int quiet)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!quiet)
		warn_print(&run->warnings, mem ? mem : stderr);
	if (mem && fclose(mem) == 0) {
		fwrite(text, 1, len, stderr);
		if (!run->skipped.n)
			replay_keep(&run->replay, RT_OK, text, len);
	}
	free(text);
	if (!run->skipped.n)
		return RT_OK;
	warn_print_errors(&run->skipped, stderr);	/* the output holds the others */
	return RT_EPARTIAL;
}

/* cmd in a run of its own: libgit2 set up, the repository opened. */
static int run_in_repo(const struct cli *c, const struct cli_command_row *cmd, char *err,
		       size_t errlen)
{
	struct run run;
	int rc;

	/* as git does for the processes it runs: replace.h reads the environment */
	if (c->no_replace_objects)
		setenv("GIT_NO_REPLACE_OBJECTS", "1", 1);
	heap_prepare();		/* base/heap.h: huge pages for what a run allocates */
	library_start();	/* git/library.h: what it sets and skips */
	rc = run_open(&run, c, request_reads_mainline(c), replay_wanted(c, cmd->needs), err,
		      errlen);
	if (!rc)
		terminal_setup(c, cmd, run.repo);	/* colour and pager, as git's */
	if (!rc)
		envelope_set(c, &run);
	if (!rc && run.replay.found) {
		rc = replay_print(&run.replay, err, errlen);
		run_finish(&run, rc);
	} else {
		if (!rc)
			rc = replay_flush(&run.replay, cmd->run(c, &run, err, errlen), err, errlen);
		run_finish(&run, rc);
		if (!rc)
			rc = end_well(&run, c->quiet);
	}
	run_release(&run);
	library_stop();
	return rc;
}

int main(int argc, char **argv)
{
	const struct cli_command_row *cmd;
	struct cli c;
	char err[1024] = "";
	int rc;

	if (cli_parse(argc, argv, &c, err, sizeof(err)) < 0) {
		say_error(err);
		cli_release(&c);
		return 2;
	}
	cmd = cli_command_of(c.cmd);
	if (!cmd || !cmd->run)
		rc = rt_fail(err, sizeof(err), RT_EFAIL, "'%s' is not available in this build",
			     c.cmd_name);
	else if (cmd->needs & NEEDS_REPO)
		rc = run_in_repo(&c, cmd, err, sizeof(err));
	else
		rc = cmd->run(&c, NULL, err, sizeof(err));
	cli_release(&c);
	if (rc && pager_quit())	/* the reader quit the pager: no error (as git) */
		rc = RT_OK;
	if (rc && rc != RT_EPARTIAL)
		say_error(err);
	pager_finish();
	return rc;
}
