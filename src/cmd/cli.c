/* cli.c — see cli.h. */
#include "cmd/cli.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cli_usage[] =
	"usage: regtrace [-C DIR] stats [--json|--csv] [--introduced-until REL]\n"
	"                               [--mainline REF] [--by channel|path[:N]] [RANGE...]\n"
	"       regtrace [-C DIR] fixes [--json|--csv] RANGE\n"
	"       regtrace [-C DIR] timeline [--json|--csv] RANGE\n"
	"       regtrace [-C DIR] sagas [--json] RANGE\n"
	"       regtrace [-C DIR] unfixed [--mainline REF] [--json|--csv] RANGE\n"
	"       regtrace [-C DIR] report [-o FILE.html] [--commit-url TEMPLATE] [RANGE...]\n"
	"       regtrace [-C DIR] export --sqlite FILE [RANGE...]\n"
	"       regtrace --help | --version\n"
	"\n"
	"\n"
	"Counts the regressions that backports brought into stable series:\n"
	"commits of BASE..TIP that fix (Fixes: tag) or revert another commit of\n"
	"the same series, by release (tags named BASE.N).\n"
	"\n"
	"RANGE is BASE..TIP, or a bare BASE tag meaning BASE..(its highest BASE.N).\n"
	"stats with no RANGE reads every series of the repository, newest first.\n"
	"\n"
	"commands:\n"
	"  stats     one row per range: commits, Fixes-tagged commits, regression\n"
	"            fixes, reverts, same-release fixes, visible regressions, and\n"
	"            the low (visible/commits) and high (visible/tagged) rates\n"
	"  fixes     every link found in the range: fix, revert, reapply,\n"
	"            duplicate, preemptive, ambiguous, with both commits,\n"
	"            both releases, both subjects and the regression's lifetime\n"
	"  timeline  the census as it stood at each release of the range\n"
	"  sagas     groups of commits tied by fixes, reverts and copies of one\n"
	"            upstream commit (3+ commits, or any revert or duplicate)\n"
	"  unfixed   series commits that a mainline commit fixes or reverts, where\n"
	"            that mainline commit was never backported to the series\n"
	"  report    one self-contained HTML file: tables, details, charts\n"
	"  export    a SQLite database of series, releases, commits and links\n"
	"\n"
	"options:\n"
	"  -C DIR                  run as if started in DIR\n"
	"  --json                  JSON output\n"
	"  --csv                   CSV output (RFC 4180)\n"
	"  --introduced-until REL  stats: count only regressions brought by\n"
	"                          releases up to REL, and commits up to REL\n"
	"  --mainline REF          unfixed, stats: the mainline branch (default:\n"
	"                          master, main, origin/master or origin/main);\n"
	"                          stats then also counts open regressions\n"
	"  --by channel|path[:N]   stats: the census per selection channel, or per\n"
	"                          subsystem (first N directories, default 2)\n"
	"  --series-pattern RE     how release tags are named: a POSIX extended\n"
	"                          regex, group 1 the series, group 2 the number\n"
	"  --upstream-pattern RE   (repeatable) a line naming the upstream commit,\n"
	"                          group 1 the id; also regtrace.seriesPattern and\n"
	"                          regtrace.upstreamPattern in git config or .regtrace\n"
	"  --fixes-pattern RE      (repeatable) a line naming a commit it fixes, group\n"
	"                          1 the id, counted as a Fixes: line; also\n"
	"                          regtrace.fixesPattern in git config or .regtrace\n"
	"  --no-infer              give commits without an upstream line no upstream\n"
	"                          id found on the mainline (same author and subject)\n"
	"  -q, --quiet             no warnings on stderr\n"
	"  -o, --output FILE       report: where to write (default regtrace-report.html)\n"
	"  --commit-url TEMPLATE   report: commit links, %s = full id\n"
	"  --sqlite FILE           export: the database to write\n"
	"  -h, --help              this text\n"
	"  --version               print the version\n"
	"\n"
	"files: what regtrace learns is kept for the next run in the git\n"
	"directory (regtrace-cache, regtrace-mainline-cache); delete them to\n"
	"start afresh.  environment: REGTRACE_NO_CACHE=1 (no caches),\n"
	"REGTRACE_THREADS=N (reader threads), REGTRACE_NO_COMMIT_GRAPH=1.\n"
	"\n"
	"exit status: 0 success, 1 error (repository, revision, empty range),\n"
	"2 usage error.  The counting rules are in README.md.\n";

#define BIT(c) (1u << (c))

struct command {
	const char *name;
	enum cli_command cmd;
	size_t min_ranges, max_ranges;	/* max 0: no limit */
};

static const struct command commands[] = {
	{ "stats", CMD_STATS, 0, 0 },
	{ "fixes", CMD_FIXES, 1, 1 },
	{ "timeline", CMD_TIMELINE, 1, 1 },
	{ "sagas", CMD_SAGAS, 1, 1 },
	{ "unfixed", CMD_UNFIXED, 1, 1 },
	{ "report", CMD_REPORT, 0, 0 },
	{ "export", CMD_EXPORT, 0, 0 },
	{ "help", CMD_HELP, 0, 0 },
};

enum opt_action {
	OPT_JSON, OPT_CSV, OPT_HELP, OPT_INTRODUCED_UNTIL, OPT_OUTPUT, OPT_COMMIT_URL,
	OPT_SQLITE, OPT_MAINLINE, OPT_BY, OPT_SERIES_PATTERN, OPT_UPSTREAM_PATTERN,
	OPT_FIXES_PATTERN, OPT_NO_INFER, OPT_QUIET,
};

#define CENSUS_CMDS (BIT(CMD_STATS) | BIT(CMD_FIXES) | BIT(CMD_TIMELINE) | BIT(CMD_SAGAS) | \
		     BIT(CMD_UNFIXED) | BIT(CMD_REPORT) | BIT(CMD_EXPORT))

struct option {
	const char *name;
	enum opt_action action;
	int takes_arg;
	unsigned commands;	/* BIT(cmd) of the commands that accept it */
};

static const struct option options[] = {
	{ "--json", OPT_JSON, 0,
	  BIT(CMD_STATS) | BIT(CMD_FIXES) | BIT(CMD_TIMELINE) | BIT(CMD_SAGAS) |
	  BIT(CMD_UNFIXED) },
	{ "--csv", OPT_CSV, 0,
	  BIT(CMD_STATS) | BIT(CMD_FIXES) | BIT(CMD_TIMELINE) | BIT(CMD_UNFIXED) },
	{ "--mainline", OPT_MAINLINE, 1, BIT(CMD_STATS) | BIT(CMD_UNFIXED) },
	{ "--by", OPT_BY, 1, BIT(CMD_STATS) },
	{ "--series-pattern", OPT_SERIES_PATTERN, 1, CENSUS_CMDS },
	{ "--upstream-pattern", OPT_UPSTREAM_PATTERN, 1, CENSUS_CMDS },
	{ "--fixes-pattern", OPT_FIXES_PATTERN, 1, CENSUS_CMDS },
	{ "--no-infer", OPT_NO_INFER, 0, CENSUS_CMDS },
	{ "--quiet", OPT_QUIET, 0, CENSUS_CMDS },
	{ "-q", OPT_QUIET, 0, CENSUS_CMDS },
	{ "--introduced-until", OPT_INTRODUCED_UNTIL, 1, BIT(CMD_STATS) },
	{ "-o", OPT_OUTPUT, 1, BIT(CMD_REPORT) },
	{ "--output", OPT_OUTPUT, 1, BIT(CMD_REPORT) },
	{ "--commit-url", OPT_COMMIT_URL, 1, BIT(CMD_REPORT) },
	{ "--sqlite", OPT_SQLITE, 1, BIT(CMD_EXPORT) },
	{ "--help", OPT_HELP, 0, ~0u },
	{ "-h", OPT_HELP, 0, ~0u },
};

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

/* --by channel | path | path:N (N from 1 to 20) */
static int set_by(struct cli *c, const char *arg, char *err, size_t errlen)
{
	char *end;

	c->by_depth = 2;
	if (!strcmp(arg, "channel") || !strcmp(arg, "path")) {
		c->by = arg;
		return 0;
	}
	if (!strncmp(arg, "path:", 5)) {
		long d = strtol(arg + 5, &end, 10);
		if (arg[5] && !*end && d >= 1 && d <= 20) {
			c->by = "path";
			c->by_depth = (int)d;
			return 0;
		}
	}
	return usage_error(err, errlen, "--by takes channel, path or path:N (N 1..20), not '%s'",
			   arg);
}

static const struct option *find_option(const char *a)
{
	for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++)
		if (!strcmp(options[i].name, a))
			return &options[i];
	return NULL;
}

static int apply_option(struct cli *c, const struct option *o, const char *arg,
			char *err, size_t errlen)
{
	switch (o->action) {
	case OPT_INTRODUCED_UNTIL:
		c->introduced_until = arg;
		return 0;
	case OPT_OUTPUT:
		c->output = arg;
		return 0;
	case OPT_COMMIT_URL:
		c->commit_url = arg;
		return 0;
	case OPT_SQLITE:
		c->sqlite = arg;
		return 0;
	case OPT_MAINLINE:
		c->mainline = arg;
		return 0;
	case OPT_BY:
		return set_by(c, arg, err, errlen);
	case OPT_SERIES_PATTERN:
		c->series_pattern = arg;
		return 0;
	case OPT_UPSTREAM_PATTERN:
		c->upstream_patterns[c->nupstream_patterns++] = arg;
		return 0;
	case OPT_FIXES_PATTERN:
		c->fixes_patterns[c->nfixes_patterns++] = arg;
		return 0;
	case OPT_NO_INFER:
		c->no_infer = 1;
		return 0;
	case OPT_QUIET:
		c->quiet = 1;
		return 0;
	case OPT_JSON:
		return set_format(c, FORMAT_JSON, err, errlen);
	case OPT_CSV:
		return set_format(c, FORMAT_CSV, err, errlen);
	case OPT_HELP:
		c->cmd = CMD_HELP;
		return 0;
	}
	return 0;
}

/* Arguments after the command: options anywhere, the rest are ranges. */
static int parse_command_args(int i, int argc, char **argv, struct cli *c,
			      const struct command *cmd, char *err, size_t errlen)
{
	int only_ranges = 0;

	c->ranges = xcalloc((size_t)argc, sizeof(char *));
	c->upstream_patterns = xcalloc((size_t)argc, sizeof(char *));
	c->fixes_patterns = xcalloc((size_t)argc, sizeof(char *));
	for (; i < argc; i++) {
		const char *a = argv[i];
		const struct option *o = only_ranges ? NULL : find_option(a);
		if (!only_ranges && !strcmp(a, "--")) {
			only_ranges = 1;
		} else if (o) {
			if (!(o->commands & BIT(cmd->cmd))) {
				snprintf(err, errlen, "option '%s' does not go with '%s'", a,
					 cmd->name);
				return -1;
			}
			if (o->takes_arg && ++i >= argc)
				return usage_error(err, errlen, "option '%s' needs a value", a);
			if (apply_option(c, o, o->takes_arg ? argv[i] : NULL, err, errlen))
				return -1;
			if (c->cmd == CMD_HELP)
				return 0;
		} else if (!only_ranges && a[0] == '-' && a[1]) {
			return usage_error(err, errlen, "unknown option '%s'", a);
		} else {
			c->ranges[c->nranges++] = a;
		}
	}
	if (cmd->cmd == CMD_EXPORT && !c->sqlite)
		return usage_error(err, errlen, "%s", "export needs --sqlite FILE");
	if (c->nranges < cmd->min_ranges)
		return usage_error(err, errlen, "%s: no RANGE given (expected BASE..TIP)",
				   cmd->name);
	if (cmd->max_ranges && c->nranges > cmd->max_ranges)
		return usage_error(err, errlen, "%s takes exactly one RANGE", cmd->name);
	return 0;
}

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

int cli_parse(int argc, char **argv, struct cli *c, char *err, size_t errlen)
{
	int i = 1;
	const struct command *cmd;

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
		return usage_error(err, errlen, "%s", "no command given (try 'regtrace --help')");
	if (!(cmd = find_command(argv[i])))
		return usage_error(err, errlen, "unknown command '%s'", argv[i]);
	c->cmd = cmd->cmd;
	c->cmd_name = cmd->name;
	if (c->cmd == CMD_HELP)
		return 0;
	return parse_command_args(i + 1, argc, argv, c, cmd, err, errlen);
}

void cli_release(struct cli *c)
{
	free(c->ranges);
	free(c->upstream_patterns);
	free(c->fixes_patterns);
	c->ranges = NULL;
	c->upstream_patterns = NULL;
	c->fixes_patterns = NULL;
}
