/* cmd_version.c — `version`, -V, --version. */
#include "base/version.h"
#include "cmd/commands.h"
#include "cmd/output.h"

#include <stdio.h>

int cmd_version(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	(void)c, (void)run;
	if (fputs("regtrace " REGTRACE_VERSION "\n", stdout) < 0 || fflush(stdout) != 0)
		return cmd_write_failed(err, errlen);
	return 0;
}
