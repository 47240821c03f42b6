/*
 * pager.h — the pager of a run's text output, started as git starts its
 * own: the command line (git's order: GIT_PAGER, core.pager, PAGER, less;
 * cmd/terminal.h chooses it) run by /bin/sh -c, reading a pipe that
 * becomes stdout (and stderr, when that is a terminal: the warnings then
 * follow the output), with LESS=FRX and LV=-c in its environment unless
 * they are set.  Started at the first pager_start(), just before the text
 * is written (not when the run opens: the progress line of a long load
 * stays on the terminal), and waited for at the end (pager_finish, also at
 * exit).  Once it is started SIGPIPE is ignored: when the reader quits the
 * pager early, writing fails with EPIPE, which pager_quit() recognises so
 * that main ends with status 0 and says nothing.
 */
#ifndef REGTRACE_PAGER_H
#define REGTRACE_PAGER_H

/* The pager to start at the first pager_start(): cmdline is copied; NULL,
 * none.  Before any pager_start(). */
void pager_choose(const char *cmdline);
/* Start the chosen pager, if any and not yet started; stdout flushed
 * first.  A pager that cannot be started is no error: the text goes to
 * the terminal. */
void pager_start(void);
/* 1 when a pager was started and its reader is gone (it quit). */
int pager_quit(void);
/* Flush and close stdout and stderr into the pager, and wait until it
 * ends; nothing when none was started.  Once; called again, nothing. */
void pager_finish(void);

#endif
