/* cmd_regressions.c — placeholder, filled below. */
#include "cmd/commands.h"
#include "base/error.h"

int cmd_regressions(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	(void)c;
	(void)run;
	return rt_fail(err, errlen, RT_EFAIL, "not yet");
}
