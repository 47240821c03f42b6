/* cli.c — see cli.h. */
#include "cli.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cli_usage[] =
	"usage: regtrace [-C DIR] stats [--json|--csv] BASE..TIP...\n"
	"       regtrace [-C DIR] fixes [--json|--csv] BASE..TIP\n"
	"       regtrace --help | --version\n"
	"\n"
	"Counts the regressions that backports brought into a stable series:\n"
	"commits of BASE..TIP that fix (Fixes: tag) or revert another commit of\n"
	"the same series, by release (tags named BASE.N).\n"
	"\n"
	"commands:\n"
	"  stats    one row per range: commits, Fixes-tagged commits, regression\n"
	"           fixes, reverts, same-release fixes, visible regressions, and\n"
	"           the low (visible/commits) and high (visible/tagged) rates\n"
	"  fixes    every link found in the range: fix, revert, reapply,\n"
	"           duplicate, preemptive, ambiguous, with both commits,\n"
	"           both releases and both subjects\n"
	"\n"
	"options:\n"
	"  -C DIR     run as if started in DIR\n"
	"  --json     JSON output\n"
	"  --csv      CSV output (RFC 4180)\n"
	"  -h, --help this text\n"
	"  --version  print the version\n"
	"\n"
	"exit status: 0 success, 1 error (repository, revision, empty range),\n"
	"2 usage error.  The counting rules are in README.md.\n";

static int usage_error(char *err, size_t errlen, const char *fmt, const char *arg)
{
	snprintf(err, errlen, fmt, arg);
	return -1;
}

static int set_format(struct cli *c, enum render_format f, char *err, size_t errlen)
{
	if (c->format != FORMAT_TEXT && c->format != f)
		return usage_error(err, errlen, "%s", "--json and --csv exclude each other");
	c->format = f;
	return 0;
}

/* Arguments after the command: options anywhere, the rest are ranges. */
static int parse_command_args(int i, int argc, char **argv, struct cli *c, char *err,
			      size_t errlen)
{
	int only_ranges = 0;

	c->ranges = xcalloc((size_t)argc, sizeof(char *));
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (!only_ranges && !strcmp(a, "--")) {
			only_ranges = 1;
		} else if (!only_ranges && !strcmp(a, "--json")) {
			if (set_format(c, FORMAT_JSON, err, errlen))
				return -1;
		} else if (!only_ranges && !strcmp(a, "--csv")) {
			if (set_format(c, FORMAT_CSV, err, errlen))
				return -1;
		} else if (!only_ranges && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
			c->cmd = CMD_HELP;
			return 0;
		} else if (!only_ranges && a[0] == '-') {
			return usage_error(err, errlen, "unknown option '%s'", a);
		} else {
			c->ranges[c->nranges++] = a;
		}
	}
	if (c->nranges == 0)
		return usage_error(err, errlen, "%s", "no RANGE given (expected BASE..TIP)");
	if (c->cmd == CMD_FIXES && c->nranges > 1)
		return usage_error(err, errlen, "%s", "fixes takes exactly one RANGE");
	return 0;
}

int cli_parse(int argc, char **argv, struct cli *c, char *err, size_t errlen)
{
	int i = 1;

	memset(c, 0, sizeof(*c));
	c->dir = ".";
	for (; i < argc && argv[i][0] == '-'; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			c->cmd = CMD_HELP;
			return 0;
		} else if (!strcmp(a, "--version")) {
			c->cmd = CMD_VERSION;
			return 0;
		} else if (!strcmp(a, "-C")) {
			if (++i >= argc)
				return usage_error(err, errlen, "%s", "-C needs a directory");
			c->dir = argv[i];
		} else if (!strncmp(a, "-C", 2)) {
			c->dir = a + 2;
		} else {
			return usage_error(err, errlen, "unknown option '%s'", a);
		}
	}
	if (i >= argc)
		return usage_error(err, errlen, "%s", "no command given (stats or fixes)");
	if (!strcmp(argv[i], "stats"))
		c->cmd = CMD_STATS;
	else if (!strcmp(argv[i], "fixes"))
		c->cmd = CMD_FIXES;
	else if (!strcmp(argv[i], "help"))
		c->cmd = CMD_HELP;
	else
		return usage_error(err, errlen, "unknown command '%s'", argv[i]);
	if (c->cmd == CMD_HELP)
		return 0;
	return parse_command_args(i + 1, argc, argv, c, err, errlen);
}

void cli_release(struct cli *c)
{
	free(c->ranges);
	c->ranges = NULL;
}
