/*
 * cli.h — the command line: what was asked, or why the words are wrong.
 *
 * struct cli holds the parsed words only (the run's repository, settings
 * and caches are a struct run: run.h).  cli_parse() reads argv against
 * two tables, cli_commands (commands.c) and cli_options (cli.c), in
 * getopt_long's conventions (doc/usage-cli.md) and never prints; main
 * prints its message and exits 2 on a usage error.  cli_help() writes the
 * overview or one command's help, generated from the same tables, so the
 * help lists exactly what is parsed.
 *
 * Adding an option: a field in struct cli and a row in cli.c's option table
 * (its names, its value's name, the commands that take it, its help, where
 * it is stored); a STORE_CALL function when the value needs checking.
 * Adding a command: a value of enum cli_command (the option table names
 * commands by it), a row in the command table (commands.c: its name, its
 * handler, what it needs, its words and help), and its handler in
 * cmd_NAME.c, declared in commands.h.
 */
#ifndef REGTRACE_CLI_H
#define REGTRACE_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "core/age.h"
#include "render/render.h"

#include "base/version.h"

enum cli_command {
	CMD_NONE, CMD_HELP, CMD_VERSION,
	CMD_STATS, CMD_FIXES, CMD_TIMELINE, CMD_REPORT, CMD_EXPORT,
	CMD_SAGAS, CMD_UNFIXED, CMD_EXPLAIN, CMD_REGRESSIONS, CMD_SERIES,
	CMD_AFFECTED,
	CMD_COUNT
};

/* The words of a repeatable option, in order (pointing into argv). */
struct cli_words {
	const char **v;
	size_t n;
};

struct cli {
	enum cli_command cmd;
	const char *cmd_name;
	enum cli_command help_on;	/* CMD_HELP: the command whose help is
					   asked, CMD_NONE for the overview */
	const char *dir;		/* -C DIR, default "." */
	enum render_format format;
	const char **ranges;		/* points into argv (explain: COMMIT [RANGE]) */
	size_t nranges;
	const char *introduced_until;	/* --introduced-until REL */
	const char *output;		/* report -o FILE (default regtrace-report.html) */
	const char *commit_url;		/* report --commit-url TEMPLATE, %s = full id */
	const char *sqlite;		/* export --sqlite FILE (required) */
	const char *mainline;		/* unfixed, stats, regressions, export: --mainline REF */
	const char *by;			/* stats, export --by: "channel" or "path" */
	const char *series_pattern;	/* --series-pattern REGEX */
	struct cli_words upstream_patterns;	/* --upstream-pattern REGEX... */
	struct cli_words fixes_patterns;	/* --fixes-pattern REGEX... */
	const char *project;		/* --project NAME (git/presets.h) */
	int mentions;			/* fixes --mentions */
	int by_depth;			/* --by path:N, default 2 */
	int no_infer;			/* --no-infer: no upstream ids from the mainline */
	int quiet;			/* -q, --quiet: no warnings on stderr */
	const char *at_age;		/* stats --at-age N|Nr, parsed into age */
	struct age_spec age;
	int projected;			/* stats --projected */
	int fixes_oneline;		/* fixes --oneline: one line per link */
	int fixes_visible;		/* fixes --visible: only links a release shipped */
	const char *fixes_kind;		/* fixes --kind KIND: only links of that kind */
	int no_replace_objects;		/* --no-replace-objects (git/replace.h) */
	const char *vulnerable;		/* affected --vulnerable ID */
	int stdin_ids;			/* affected --stdin: the ids on stdin */
	int why;			/* affected --why: how each commit was found */
	int colour;			/* --color[=WHEN], --no-color: CLI_COLOUR_*, or
					   -1 when not given (cmd/terminal.h) */
	int no_pager;			/* -P, --no-pager */
	int argc;			/* the command line as given (cmd/replay.h) */
	char **argv;
};

/* --color's WHEN (and git config's color.ui: git/config.h, same values). */
enum { CLI_COLOUR_NEVER = 0, CLI_COLOUR_ALWAYS = 1, CLI_COLOUR_AUTO = 2 };

#define CLI_BIT(c) (1u << (c))

/* A command's handler (cmd_NAME.c): what it does with the words parsed, in
 * the run main opened for it (cmd/run.h), NULL for a command that needs no
 * repository.  Errors come back as RT_E* (base/error.h) with a one-line
 * message in err; main prints it. */
struct run;
typedef int command_fn(const struct cli *c, struct run *run, char *err, size_t errlen);

/* What a command needs (struct cli_command_row's needs), as git's RUN_SETUP. */
enum cli_needs {
	NEEDS_REPO = 1u << 0,		/* a repository, its settings and caches: a run */
	NEEDS_MAINLINE = 1u << 1,	/* the series compared with the mainline */
	MAINLINE_OPTION = 1u << 2,	/* ... when --mainline is given */
	WRITES_FILE = 1u << 3,		/* a file, not text for a reader: no warning
					   about what the text would lack */
};

/* One command: its name, its handler and what it needs, how many positional
 * words it takes (max
 * CLI_MANY: no limit) and their name in its usage line, what it does (the
 * overview's text and the top of its help: lines of at most 64 columns)
 * and up to two examples. */
#define CLI_MANY ((size_t)-1)
struct cli_example {
	const char *line, *says;	/* says: one line, or NULL */
};
struct cli_command_row {
	const char *name;
	enum cli_command cmd;
	command_fn *run;		/* its handler */
	unsigned needs;			/* enum cli_needs */
	size_t min_args, max_args;
	const char *args;		/* "[RANGE...]", "RANGE", "[COMMAND]", "" */
	const char *summary;
	struct cli_example examples[2];
};

/*
 * One option.  commands: CLI_BIT of each command that takes it after its
 * name; CLI_BIT(CMD_NONE): taken before the command.  required: the
 * commands that need it.  value: the name of its value in help ("FILE"),
 * NULL when it takes none; "[=WHEN]": an optional value, given only as
 * --name=VALUE (store is then called with NULL without it).  help: lines
 * of at most 52 columns.  Where it
 * goes: STORE_STRING sets the const char * at field (the last one given
 * wins), STORE_FLAG sets the int at field to 1, STORE_LIST appends to the
 * struct cli_words at field (repeatable), STORE_CALL calls store.
 */
enum cli_store { STORE_STRING, STORE_FLAG, STORE_LIST, STORE_CALL };
struct cli_option_row {
	const char *name;		/* long name without "--", or NULL */
	char letter;			/* short name, or 0 */
	const char *value;
	unsigned commands, required;
	enum cli_store how;
	size_t field;
	int (*store)(struct cli *c, const char *value, char *err, size_t errlen);
	const char *help;
};

extern const struct cli_command_row cli_commands[];
extern const size_t cli_ncommands;
extern const struct cli_option_row cli_options[];
extern const size_t cli_noptions;

/* 0 on success; -1 with a message in err on a usage error.  c must be
 * released with cli_release() either way. */
int cli_parse(int argc, char **argv, struct cli *c, char *err, size_t errlen);
void cli_release(struct cli *c);

/* The overview (cmd CMD_NONE) or the help of command cmd, into out;
 * 0, or -1 when out reported an error. */
int cli_help(FILE *out, enum cli_command cmd);

/* The row of command cmd (any value cli_parse() sets). */
const struct cli_command_row *cli_command_of(enum cli_command cmd);

#endif
