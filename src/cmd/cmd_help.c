/* cmd_help.c — `help [COMMAND]`, -h, --help: the overview or one command's
 * help (cli.h: generated from the tables). */
#include "cmd/commands.h"
#include "cmd/output.h"

#include <stdio.h>

int cmd_help(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	(void)run;
	if (cli_help(stdout, c->help_on) < 0 || fflush(stdout) != 0)
		return cmd_write_failed(err, errlen);
	return 0;
}
