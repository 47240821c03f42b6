/*
 * cli.h — the command line: what was asked, or why the words are wrong.
 *
 * struct cli holds the parsed words only (the run's repository, settings
 * and caches are a struct run: commands.h).  cli_parse() checks the words against two tables (commands, options) and
 * never prints; main prints its message and exits 2 on a usage error.
 * Adding an option: a field here, a row in cli.c's option table.
 */
#ifndef REGTRACE_CLI_H
#define REGTRACE_CLI_H

#include <stddef.h>

#include "render/render.h"

#include "base/version.h"

enum cli_command {
	CMD_NONE, CMD_HELP, CMD_VERSION,
	CMD_STATS, CMD_FIXES, CMD_TIMELINE, CMD_REPORT, CMD_EXPORT,
	CMD_SAGAS, CMD_UNFIXED,
	CMD_COUNT
};

struct cli {
	enum cli_command cmd;
	const char *cmd_name;
	const char *dir;		/* -C DIR, default "." */
	enum render_format format;
	const char **ranges;		/* points into argv */
	size_t nranges;
	const char *introduced_until;	/* --introduced-until REL */
	const char *output;		/* report -o FILE (default regtrace-report.html) */
	const char *commit_url;		/* report --commit-url TEMPLATE, %s = full id */
	const char *sqlite;		/* export --sqlite FILE (required) */
	const char *mainline;		/* unfixed, stats: --mainline REF */
	const char *by;			/* stats --by: "channel" or "path" */
	const char *series_pattern;	/* --series-pattern REGEX */
	const char **upstream_patterns;	/* --upstream-pattern REGEX..., into argv */
	size_t nupstream_patterns;
	const char **fixes_patterns;	/* --fixes-pattern REGEX..., into argv */
	size_t nfixes_patterns;
	int by_depth;			/* --by path:N, default 2 */
	int no_infer;			/* --no-infer: no upstream ids from the mainline */
	int quiet;			/* -q, --quiet: no warnings on stderr */
};

/* 0 on success; -1 with a message in err on a usage error. */
int cli_parse(int argc, char **argv, struct cli *out, char *err, size_t errlen);
void cli_release(struct cli *c);

extern const char cli_usage[];

#endif
