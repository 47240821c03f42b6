/*
 * cli.h — the command line: what was asked, or why the words are wrong.
 *
 * cli_parse() never prints; main prints its message and exits 2 on a
 * usage error.
 */
#ifndef REGTRACE_CLI_H
#define REGTRACE_CLI_H

#include <stddef.h>

#include "render.h"

#define REGTRACE_VERSION "0.1.0"

enum cli_command { CMD_NONE, CMD_STATS, CMD_FIXES, CMD_HELP, CMD_VERSION };

struct cli {
	enum cli_command cmd;
	const char *dir;		/* -C DIR, default "." */
	enum render_format format;
	const char **ranges;		/* points into argv */
	size_t nranges;
};

/* 0 on success; -1 with a message in err on a usage error. */
int cli_parse(int argc, char **argv, struct cli *out, char *err, size_t errlen);
void cli_release(struct cli *c);

extern const char cli_usage[];

#endif
