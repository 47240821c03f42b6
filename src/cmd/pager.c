/* pager.c — see pager.h. */
#define _GNU_SOURCE	/* pipe2 */
#include "cmd/pager.h"
#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static char *chosen;		/* the command line, until started */
static pid_t pid = -1;		/* the pager, once started */
static int finished;

void pager_choose(const char *cmdline)
{
	free(chosen);
	chosen = cmdline ? xstrdup(cmdline) : NULL;
}

/* environ, with LESS=FRX and LV=-c when they are not set (git's
 * PAGER_ENV); the strings are environ's or constants. */
static char **pager_env(void)
{
	size_t n = 0, k = 0;
	char **env;

	while (environ[n])
		n++;
	env = xcalloc(n + 3, sizeof(*env));
	for (size_t i = 0; i < n; i++)
		env[k++] = environ[i];
	if (!getenv("LESS"))
		env[k++] = (char *)"LESS=FRX";
	if (!getenv("LV"))
		env[k++] = (char *)"LV=-c";
	return env;
}

/* /bin/sh -c CMDLINE reading fd; its pid, or -1. */
static pid_t spawn(const char *cmdline, int fd)
{
	char *argv[] = { (char *)"sh", (char *)"-c", (char *)cmdline, NULL };
	posix_spawn_file_actions_t fa;
	char **env = pager_env();
	pid_t child = -1;

	if (posix_spawn_file_actions_init(&fa) == 0) {
		if (posix_spawn_file_actions_adddup2(&fa, fd, STDIN_FILENO) != 0 ||
		    posix_spawn(&child, "/bin/sh", &fa, NULL, argv, env) != 0)
			child = -1;
		posix_spawn_file_actions_destroy(&fa);
	}
	free(env);
	return child;
}

void pager_start(void)
{
	int fds[2];

	if (!chosen || pid >= 0)
		return;
	fflush(stdout);
	/* both ends close on exec: the pager's stdin is a dup2 of the read end */
	if (pipe2(fds, O_CLOEXEC) < 0)
		goto out;
	if (fds[0] == STDIN_FILENO || (pid = spawn(chosen, fds[0])) < 0) {
		close(fds[0]);
		close(fds[1]);
		pid = -1;
		goto out;
	}
	close(fds[0]);
	signal(SIGPIPE, SIG_IGN);	/* a reader gone: EPIPE, not death */
	dup2(fds[1], STDOUT_FILENO);
	if (isatty(STDERR_FILENO)) {
		fflush(stderr);
		dup2(fds[1], STDERR_FILENO);
	}
	close(fds[1]);
	atexit(pager_finish);
out:
	free(chosen);
	chosen = NULL;
}

int pager_quit(void)
{
	struct pollfd p = { .fd = STDOUT_FILENO, .events = POLLOUT };

	/* a pipe whose every reader closed it polls as an error (Linux, BSD) */
	return pid >= 0 && !finished && poll(&p, 1, 0) == 1 && (p.revents & POLLERR);
}

void pager_finish(void)
{
	int status;

	if (pid < 0 || finished)
		return;
	finished = 1;
	fflush(stdout);
	fflush(stderr);
	close(STDOUT_FILENO);	/* the pager's end of input */
	close(STDERR_FILENO);
	/* as system(3): ^C and ^\ are the pager's while it runs */
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
}
