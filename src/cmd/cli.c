/* cli.c — see cli.h; the conventions are in doc/usage-cli.md. */
#include "cmd/cli.h"
#include "base/util.h"
#include "base/version.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the option table (the command table: commands.c) ---------------------- */

#define BEFORE CLI_BIT(CMD_NONE)
#define ON(c) CLI_BIT(CMD_##c)
#define REPO_CMDS (ON(STATS) | ON(FIXES) | ON(TIMELINE) | ON(SAGAS) | ON(UNFIXED) | \
		   ON(REPORT) | ON(EXPORT) | ON(EXPLAIN) | ON(REGRESSIONS) | ON(SERIES) | \
		   ON(AFFECTED))
#define EVERY (BEFORE | REPO_CMDS | ON(HELP) | ON(VERSION))
/* The commands that read messages: series only finds the series, from the tags. */
#define MESSAGE_CMDS (REPO_CMDS & ~ON(SERIES))
#define AT(f) offsetof(struct cli, f)

static int set_json(struct cli *c, const char *v, char *err, size_t errlen);
static int set_csv(struct cli *c, const char *v, char *err, size_t errlen);
static int set_dyad(struct cli *c, const char *v, char *err, size_t errlen);
static int set_by(struct cli *c, const char *v, char *err, size_t errlen);
static int set_at_age(struct cli *c, const char *v, char *err, size_t errlen);
static int set_help(struct cli *c, const char *v, char *err, size_t errlen);
static int set_version(struct cli *c, const char *v, char *err, size_t errlen);
static int set_colour(struct cli *c, const char *v, char *err, size_t errlen);
static int set_no_colour(struct cli *c, const char *v, char *err, size_t errlen);

/* The commands whose text output is for a terminal: colour and pager. */
#define TEXT_CMDS (ON(STATS) | ON(FIXES) | ON(TIMELINE) | ON(SAGAS) | ON(UNFIXED) | \
		   ON(EXPLAIN) | ON(REGRESSIONS) | ON(SERIES) | ON(AFFECTED))

/* In help order: the options before the command, then the others. */
const struct cli_option_row cli_options[] = {
	{ NULL, 'C', "DIR", BEFORE, 0, STORE_STRING, AT(dir), NULL,
	  "run as if started in DIR (a work tree, a\n"
	  "subdirectory, a bare repository)" },
	{ "no-replace-objects", 0, NULL, BEFORE, 0, STORE_FLAG, AT(no_replace_objects), NULL,
	  "do not follow refs/replace/ (as git; also\n"
	  "GIT_NO_REPLACE_OBJECTS)" },
	{ "color", 0, "[=WHEN]", BEFORE | TEXT_CMDS, 0, STORE_CALL, 0, set_colour,
	  "colour the text: WHEN always, never or auto\n"
	  "(on a terminal, not with NO_COLOR); without\n"
	  "it: color.regtrace, color.ui, else auto;\n"
	  "--color alone: always" },
	{ "no-color", 0, NULL, BEFORE | TEXT_CMDS, 0, STORE_CALL, 0, set_no_colour,
	  "no colour (--color=never)" },
	{ "no-pager", 'P', NULL, BEFORE | TEXT_CMDS, 0, STORE_FLAG, AT(no_pager), NULL,
	  "no pager (else the text goes, on a terminal,\n"
	  "to GIT_PAGER, core.pager, PAGER or less,\n"
	  "as git's; LESS=FRX)" },
	{ "help", 'h', NULL, EVERY, 0, STORE_CALL, 0, set_help,
	  "the overview; after a command, its help" },
	{ "version", 'V', NULL, EVERY, 0, STORE_CALL, 0, set_version,
	  "print the version" },
	{ "json", 0, NULL, ON(STATS) | ON(FIXES) | ON(TIMELINE) | ON(SAGAS) | ON(UNFIXED) |
	  ON(EXPLAIN) | ON(REGRESSIONS) | ON(SERIES) | ON(AFFECTED), 0, STORE_CALL, 0, set_json,
	  "JSON output" },
	{ "csv", 0, NULL, ON(STATS) | ON(FIXES) | ON(TIMELINE) | ON(UNFIXED) | ON(REGRESSIONS) |
	  ON(AFFECTED) | ON(SAGAS), 0, STORE_CALL, 0, set_csv, "CSV output (RFC 4180)" },
	{ "dyad", 0, NULL, ON(AFFECTED), 0, STORE_CALL, 0, set_dyad,
	  "the kernel CNA dyad's lines: vulnerable_version:\n"
	  "vulnerable_sha:fixed_version:fixed_sha" },
	{ "stdin", 0, NULL, ON(AFFECTED), 0, STORE_FLAG, AT(stdin_ids), NULL,
	  "read the ids from stdin, one a line" },
	{ "vulnerable", 0, "ID", ON(AFFECTED), 0, STORE_STRING, AT(vulnerable), NULL,
	  "the commit that brought the bug (instead\n"
	  "of the fix's Fixes: lines)" },
	{ "why", 0, NULL, ON(AFFECTED), 0, STORE_FLAG, AT(why), NULL,
	  "say how each commit was found (text)" },
	{ "oneline", 0, NULL, ON(FIXES), 0, STORE_FLAG, AT(fixes_oneline), NULL,
	  "one line per link (text)" },
	{ "visible", 0, NULL, ON(FIXES), 0, STORE_FLAG, AT(fixes_visible), NULL,
	  "only the fixes and reverts of regressions a\n"
	  "release shipped (not same release)" },
	{ "kind", 0, "KIND", ON(FIXES), 0, STORE_STRING, AT(fixes_kind), NULL,
	  "only the links of KIND: fix, revert, reapply,\n"
	  "duplicate, preemptive, ambiguous or mention" },
	{ "introduced-until", 0, "REL", ON(STATS), 0, STORE_STRING, AT(introduced_until), NULL,
	  "count only regressions brought by releases\n"
	  "up to REL, and commits up to REL" },
	{ "mainline", 0, "REF", ON(STATS) | ON(UNFIXED) | ON(REGRESSIONS) | ON(EXPORT) |
	  ON(AFFECTED) | ON(FIXES) | ON(TIMELINE) | ON(SAGAS) | ON(REPORT) | ON(EXPLAIN), 0,
	  STORE_STRING, AT(mainline), NULL,
	  "the mainline branch (default: master, main,\n"
	  "origin/master, origin/main, else the default\n"
	  "branch: a mirror's HEAD, a clone's\n"
	  "origin/HEAD), on which every\n"
	  "command infers upstream ids; stats then\n"
	  "also counts open regressions, regressions\n"
	  "says which series still carry each, export\n"
	  "adds them and mainline dates, affected shows\n"
	  "the mainline's own releases" },
	{ "by", 0, "channel|path[:N]", ON(STATS) | ON(REPORT) | ON(EXPORT), 0, STORE_CALL, 0,
	  set_by,
	  "the census per selection channel, or per\n"
	  "subsystem (first N directories, default 2);\n"
	  "in the report: the subsystems table;\n"
	  "export: path[:N], each commit's subsystems" },
	{ "at-age", 0, "N|Nr", ON(STATS), 0, STORE_CALL, 0, set_at_age,
	  "each series as it stood N days (Nr: N\n"
	  "releases) after its base (man regtrace)" },
	{ "projected", 0, NULL, ON(STATS), 0, STORE_FLAG, AT(projected), NULL,
	  "projected visible regressions and rates from\n"
	  "the discovery of older series (man regtrace)" },
	{ "series-pattern", 0, "RE", REPO_CMDS, 0, STORE_STRING, AT(series_pattern), NULL,
	  "how release tags are named: a regex (PCRE2),\n"
	  "group 1 the series, group 2 the number\n"
	  "(else regtrace.seriesPattern: git config,\n"
	  ".regtrace)" },
	{ "upstream-pattern", 0, "RE", MESSAGE_CMDS, 0, STORE_LIST, AT(upstream_patterns), NULL,
	  "(repeatable) a line naming the upstream\n"
	  "commit, group 1 the id (added to\n"
	  "regtrace.upstreamPattern: git config, .regtrace)" },
	{ "fixes-pattern", 0, "RE", MESSAGE_CMDS, 0, STORE_LIST, AT(fixes_patterns), NULL,
	  "(repeatable) a line naming a commit it fixes,\n"
	  "the last group the id, counted as a Fixes:\n"
	  "line (added to regtrace.fixesPattern: git\n"
	  "config, .regtrace)" },
	{ "mentions", 0, NULL, ON(FIXES), 0, STORE_FLAG, AT(mentions), NULL,
	  "also list the mention links: ids named in\n"
	  "prose that no rule counted (man regtrace)" },
	{ "project", 0, "NAME", REPO_CMDS, 0, STORE_STRING, AT(project), NULL,
	  "a built-in recipe: linux, dpdk, systemd, ovs,\n"
	  "ovn, xen, frr, qemu, git or gnome (else\n"
	  "regtrace.project: git config, .regtrace)" },
	{ "no-infer", 0, NULL, MESSAGE_CMDS, 0, STORE_FLAG, AT(no_infer), NULL,
	  "no upstream id from the mainline for commits\n"
	  "whose message names none (same author and\n"
	  "subject on the mainline)" },
	{ "quiet", 'q', NULL, REPO_CMDS, 0, STORE_FLAG, AT(quiet), NULL,
	  "no warnings on stderr" },
	{ "output", 'o', "FILE", ON(REPORT), 0, STORE_STRING, AT(output), NULL,
	  "where to write (default regtrace-report.html)" },
	{ "commit-url", 0, "TEMPLATE", ON(REPORT), 0, STORE_STRING, AT(commit_url), NULL,
	  "commit links, %s = full id" },
	{ "sqlite", 0, "FILE", ON(EXPORT), ON(EXPORT), STORE_STRING, AT(sqlite), NULL,
	  "the database to write" },
};
const size_t cli_noptions = sizeof(cli_options) / sizeof(cli_options[0]);

_Static_assert(sizeof(cli_options) / sizeof(cli_options[0]) <= 64,
	       "the parser marks given options in a 64-bit mask");
_Static_assert(CMD_COUNT <= 32, "commands are bits of an unsigned");

/* ---- storing values --------------------------------------------------------- */

static int usage_error(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int usage_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Append to the string in buf (of size len). */
static void append(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t len, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
}

static int set_format(struct cli *c, enum render_format f, char *err, size_t errlen)
{
	if (c->format != FORMAT_TEXT && c->format != f && (f == FORMAT_DYAD ||
							    c->format == FORMAT_DYAD))
		return usage_error(err, errlen, "--dyad excludes --json and --csv");
	if (c->format != FORMAT_TEXT && c->format != f)
		return usage_error(err, errlen, "--json and --csv exclude each other");
	c->format = f;
	return 0;
}

static int set_json(struct cli *c, const char *v, char *err, size_t errlen)
{
	(void)v;
	return set_format(c, FORMAT_JSON, err, errlen);
}

static int set_csv(struct cli *c, const char *v, char *err, size_t errlen)
{
	(void)v;
	return set_format(c, FORMAT_CSV, err, errlen);
}

static int set_dyad(struct cli *c, const char *v, char *err, size_t errlen)
{
	(void)v;
	return set_format(c, FORMAT_DYAD, err, errlen);
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
		if (arg[5] >= '0' && arg[5] <= '9' && !*end && d >= 1 && d <= 20) {
			c->by = "path";
			c->by_depth = (int)d;
			return 0;
		}
	}
	return usage_error(err, errlen, "--by takes channel, path or path:N (N 1..20), not '%s'",
			   arg);
}

/* --at-age N (days) or Nr (releases): core/age.h. */
static int set_at_age(struct cli *c, const char *arg, char *err, size_t errlen)
{
	c->at_age = arg;
	if (age_parse(arg, &c->age) == 0)
		return 0;
	return usage_error(err, errlen, "--at-age takes N (days) or Nr (releases), N from 0 to "
			   "100000, not '%s'", arg);
}

/* -h: the help of the command given so far (none: the overview). */
static int set_help(struct cli *c, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	c->help_on = c->cmd;
	c->cmd = CMD_HELP;
	return 0;
}

static int set_version(struct cli *c, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	c->cmd = CMD_VERSION;
	return 0;
}

/* --color[=WHEN]: WHEN always, never or auto, as git takes it on its command
 * line (any case); no WHEN: always. */
static int set_colour(struct cli *c, const char *v, char *err, size_t errlen)
{
	static const char *const when[] = { "never", "always", "auto" };

	for (int k = 0; k < 3; k++)
		if (!v || !strcasecmp(v, when[k])) {
			c->colour = v ? k : CLI_COLOUR_ALWAYS;
			return 0;
		}
	return usage_error(err, errlen, "--color takes always, never or auto, not '%s'", v);
}

static int set_no_colour(struct cli *c, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	c->colour = CLI_COLOUR_NEVER;
	return 0;
}

/* ---- parsing ------------------------------------------------------------------ */

struct parser {
	int argc, i;
	char **argv;
	struct cli *c;
	const struct cli_command_row *cmd;	/* NULL until the command is read */
	int only_words;				/* after "--" */
	uint64_t given;				/* bit k: cli_options[k] was given */
	char *err;
	size_t errlen;
};

enum { GO_ON = 0, STOP = 1, FAIL = -1 };

static const struct cli_command_row *find_command(const char *name)
{
	for (size_t i = 0; i < cli_ncommands; i++)
		if (!strcmp(cli_commands[i].name, name))
			return &cli_commands[i];
	return NULL;
}

static const struct cli_option_row *find_long(const char *name, size_t len)
{
	for (size_t i = 0; i < cli_noptions; i++)
		if (cli_options[i].name && strlen(cli_options[i].name) == len &&
		    !strncmp(cli_options[i].name, name, len))
			return &cli_options[i];
	return NULL;
}

static const struct cli_option_row *find_letter(char letter)
{
	for (size_t i = 0; i < cli_noptions; i++)
		if (cli_options[i].letter && cli_options[i].letter == letter)
			return &cli_options[i];
	return NULL;
}

/* "-o" or "--output": as the option was written (short: by its letter). */
static const char *spelling(const struct cli_option_row *o, int short_form, char *buf,
			    size_t len)
{
	if (short_form)
		snprintf(buf, len, "-%c", o->letter);
	else
		snprintf(buf, len, "--%s", o->name);
	return buf;
}

/* "commands: stats fixes ..." for an unknown command. */
static void command_names(char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t i = 0; i < cli_ncommands; i++)
		append(buf, len, "%s%s", i ? ", " : "", cli_commands[i].name);
}

static int unknown_command(struct parser *p, const char *name)
{
	char names[256];

	command_names(names, sizeof(names));
	return usage_error(p->err, p->errlen, "unknown command '%s' (commands: %s)", name, names);
}

/* The first word after the current one that names a command, or NULL. */
static const char *command_ahead(const struct parser *p)
{
	for (int k = p->i + 1; k < p->argc; k++)
		if (find_command(p->argv[k]))
			return p->argv[k];
	return NULL;
}

/* An option given where it does not belong: say where it goes. */
static int misplaced(struct parser *p, const struct cli_option_row *o, const char *opt)
{
	const char *ahead, *sp = o->value ? " " : "", *value = o->value ? o->value : "";

	if (!p->cmd) {
		ahead = command_ahead(p);
		return usage_error(p->err, p->errlen,
				   "%s goes after the command: regtrace %s %s%s%s ...", opt,
				   ahead ? ahead : "COMMAND", opt, sp, value);
	}
	if (o->commands & BEFORE)
		return usage_error(p->err, p->errlen,
				   "%s goes before the command: regtrace %s%s%s %s ...", opt, opt,
				   sp, value, p->cmd->name);
	return usage_error(p->err, p->errlen,
			   "option '%s' does not go with '%s' (see: regtrace %s --help)", opt,
			   p->cmd->name, p->cmd->name);
}

static int needs_value(struct parser *p, const struct cli_option_row *o, const char *opt)
{
	return usage_error(p->err, p->errlen, "option '%s' needs a value: %s %s", opt, opt,
			   o->value);
}

static void push_word(const char ***v, size_t *n, size_t cap, const char *w)
{
	if (!*v)
		*v = xcalloc(cap, sizeof(**v));
	(*v)[(*n)++] = w;
}

/* Option o, written opt, with its value (NULL when it takes none). */
static int use(struct parser *p, const struct cli_option_row *o, const char *opt,
	       const char *value)
{
	enum cli_command was = p->c->cmd;
	char *at = (char *)p->c + o->field;
	struct cli_words *list = (struct cli_words *)(void *)at;

	if (!(o->commands & CLI_BIT(p->cmd ? p->cmd->cmd : CMD_NONE)))
		return misplaced(p, o, opt);
	if (value && !*value)
		return needs_value(p, o, opt);
	p->given |= (uint64_t)1 << (o - cli_options);
	switch (o->how) {
	case STORE_STRING:
		*(const char **)(void *)at = value;
		break;
	case STORE_FLAG:
		*(int *)(void *)at = 1;
		break;
	case STORE_LIST:
		push_word(&list->v, &list->n, (size_t)p->argc, value);
		break;
	case STORE_CALL:
		if (o->store(p->c, value, p->err, p->errlen) < 0)
			return FAIL;
		break;
	}
	return p->c->cmd != was ? STOP : GO_ON;	/* -h, -V: nothing else counts */
}

/* The value of an option that takes one and was not given it inline. */
static const char *next_value(struct parser *p)
{
	return p->i + 1 < p->argc ? p->argv[++p->i] : NULL;
}

static int unknown_option(struct parser *p, const char *opt)
{
	return usage_error(p->err, p->errlen, "unknown option '%s' (see: regtrace %s%s--help)", opt,
			   p->cmd ? p->cmd->name : "", p->cmd ? " " : "");
}

/* --name, --name=VALUE, --name VALUE */
static int long_option(struct parser *p, const char *a)
{
	const char *name = a + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct cli_option_row *o = find_long(name, len);
	const char *value = eq ? eq + 1 : NULL;
	char opt[64];

	if (!o) {
		snprintf(opt, sizeof(opt), "--%.*s", (int)(len < 40 ? len : 40), name);
		return unknown_option(p, opt);
	}
	spelling(o, 0, opt, sizeof(opt));
	if (!o->value && eq)
		return usage_error(p->err, p->errlen, "option '%s' takes no value", opt);
	if (o->value && o->value[0] != '[' && !eq && !(value = next_value(p)))
		return needs_value(p, o, opt);
	return use(p, o, opt, value);
}

/* -x, -xVALUE, -x VALUE, and letters together: -hV */
static int short_options(struct parser *p, const char *a)
{
	char opt[8];

	for (size_t j = 1; a[j]; j++) {
		const struct cli_option_row *o = find_letter(a[j]);
		const char *value = NULL;
		int rc;

		snprintf(opt, sizeof(opt), "-%c", a[j]);
		if (!o)
			return unknown_option(p, opt);
		if (o->value && !(value = a[j + 1] ? a + j + 1 : next_value(p)))
			return needs_value(p, o, opt);
		if ((rc = use(p, o, opt, value)) != GO_ON || o->value)
			return rc;
	}
	return GO_ON;
}

/* A word that is no option: the command, then its arguments. */
static int word(struct parser *p, const char *a)
{
	if (p->cmd) {
		p->c->ranges[p->c->nranges++] = a;
		return GO_ON;
	}
	if (!(p->cmd = find_command(a)))
		return unknown_command(p, a);
	p->c->cmd = p->cmd->cmd;
	p->c->cmd_name = p->cmd->name;
	return GO_ON;
}

static int step(struct parser *p)
{
	const char *a = p->argv[p->i];

	if (p->only_words || a[0] != '-' || !a[1])
		return word(p, a);
	if (!strcmp(a, "--")) {
		p->only_words = 1;
		return GO_ON;
	}
	return a[1] == '-' ? long_option(p, a) : short_options(p, a);
}

static int missing_option(struct parser *p)
{
	for (size_t k = 0; k < cli_noptions; k++) {
		const struct cli_option_row *o = &cli_options[k];
		char opt[64];
		if ((o->required & CLI_BIT(p->cmd->cmd)) && !(p->given & ((uint64_t)1 << k)))
			return usage_error(p->err, p->errlen, "%s needs %s %s", p->cmd->name,
					   spelling(o, !o->name, opt, sizeof(opt)), o->value);
	}
	return GO_ON;
}

/* "RANGE" of "[RANGE...]", "COMMIT" of "COMMIT [RANGE]". */
static void arg_name(const char *args, char *buf, size_t len)
{
	size_t k = 0;

	for (const char *s = args; *s && *s != ' ' && k + 1 < len; s++)
		if (*s != '[' && *s != ']' && *s != '.')
			buf[k++] = *s;
	buf[k] = '\0';
}

static int count_args(struct parser *p)
{
	const struct cli_command_row *cmd = p->cmd;
	size_t n = p->c->nranges;
	char what[32];

	arg_name(cmd->args, what, sizeof(what));
	if (n < cmd->min_args)
		return usage_error(p->err, p->errlen, "%s: no %s given%s", cmd->name, what,
				   strcmp(what, "RANGE") ? "" : " (expected BASE..TIP)");
	if (n <= cmd->max_args)
		return GO_ON;
	if (cmd->max_args == 0)
		return usage_error(p->err, p->errlen, "%s takes no arguments, not '%s'", cmd->name,
				   p->c->ranges[0]);
	if (cmd->max_args == 1)
		return usage_error(p->err, p->errlen, "%s takes %s one %s", cmd->name,
				   cmd->min_args == 1 ? "exactly" : "at most", what);
	return usage_error(p->err, p->errlen, "%s takes at most %zu arguments: %s", cmd->name,
			   cmd->max_args, cmd->args);
}

static int finish(struct parser *p)
{
	const struct cli_command_row *topic;

	if (!p->cmd)
		return usage_error(p->err, p->errlen, "no command given (try 'regtrace --help')");
	if (missing_option(p) || count_args(p))
		return FAIL;
	if (p->cmd->cmd == CMD_HELP && p->c->nranges) {
		if (!(topic = find_command(p->c->ranges[0])))
			return unknown_command(p, p->c->ranges[0]);
		p->c->help_on = topic->cmd;
		p->c->nranges = 0;
	}
	return GO_ON;
}

int cli_parse(int argc, char **argv, struct cli *c, char *err, size_t errlen)
{
	struct parser p = { .argc = argc, .argv = argv, .c = c, .err = err, .errlen = errlen };
	int rc = GO_ON;

	memset(c, 0, sizeof(*c));
	c->argc = argc;
	c->argv = argv;
	c->dir = ".";
	c->by_depth = 2;
	c->colour = -1;
	c->ranges = xcalloc((size_t)argc + 1, sizeof(char *));
	for (p.i = 1; p.i < argc && rc == GO_ON; p.i++)
		rc = step(&p);
	if (rc == GO_ON)
		rc = finish(&p);
	return rc == FAIL ? -1 : 0;
}

void cli_release(struct cli *c)
{
	for (size_t k = 0; k < cli_noptions; k++) {
		if (cli_options[k].how == STORE_LIST) {
			struct cli_words *w = (void *)((char *)c + cli_options[k].field);
			free(w->v);
			w->v = NULL;
			w->n = 0;
		}
	}
	free(c->ranges);
	c->ranges = NULL;
	c->nranges = 0;
}

/* ---- help ------------------------------------------------------------------- */

#define HELP_COL 26	/* where an option's help starts */
#define CMD_COL 12	/* where a command's summary starts in the overview */
#define WIDTH 79

static const char overview_top[] =
	"usage: regtrace [-C DIR] COMMAND [OPTION...] [RANGE...]\n"
	"       regtrace COMMAND --help | regtrace help COMMAND\n"
	"       regtrace --help | --version\n"
	"\n"
	"Counts the regressions that backports brought into stable series:\n"
	"commits of BASE..TIP that fix (Fixes: tag) or revert another commit of\n"
	"the same series, by release (tags named BASE.N).\n"
	"\n"
	"RANGE is BASE..TIP, or a bare BASE tag meaning BASE..(its highest BASE.N).\n"
	"stats, regressions, report and export with no RANGE read every series\n"
	"of the repository, newest first.\n";

static const char overview_end[] =
	"\n"
	"Options as getopt_long takes them: --mainline=REF or --mainline REF,\n"
	"-o FILE or the value glued to the letter; -- ends the options (a RANGE\n"
	"after it may start with a dash).\n"
	"\n"
	"files: what regtrace learns is kept for the next run in the git\n"
	"directory (regtrace-cache, regtrace-mainline-cache, ...), and the\n"
	"output of the last commands, printed again when the same command\n"
	"runs on an unchanged repository (regtrace-answers/); delete them to\n"
	"start afresh.  environment: REGTRACE_NO_CACHE=1 (no caches),\n"
	"REGTRACE_NO_ANSWERS=1 (no output printed again),\n"
	"REGTRACE_NO_SUMMARIES=1 (every series counted again),\n"
	"REGTRACE_THREADS=N (reader threads), REGTRACE_NO_COMMIT_GRAPH=1;\n"
	"NO_COLOR, TERM, GIT_PAGER, PAGER, LESS and LV as git reads them.\n"
	"\n"
	"exit status: 0 success, 1 error (repository, revision, empty range),\n"
	"2 usage error, 3 written without the series of a whole-repository\n"
	"run that could not be counted (each named: \"regtrace: error: series\n"
	"B..T not counted: ...\"); warnings (\"regtrace: warning: ...\") do\n"
	"not change it.\n"
	"Dates are YYYY-MM-DD (UTC) in every format, booleans true/false in CSV\n"
	"and JSON.\n"
	"The counting rules: man regtrace, and rules.md in\n"
	REGTRACE_DOCDIR "; the options and messages:\n"
	"usage-cli.md there.\n";

/* "-o, --output FILE" */
static void option_names(char *buf, size_t len, const struct cli_option_row *o)
{
	buf[0] = '\0';
	if (o->letter)
		append(buf, len, "-%c%s", o->letter, o->name ? ", " : "");
	if (o->name)
		append(buf, len, "--%s", o->name);
	if (o->value)
		append(buf, len, "%s%s", o->value[0] == '[' ? "" : " ", o->value);
}

/* text's lines, each indented by col spaces (the first only when
 * indent_first). */
static void put_lines(FILE *out, const char *text, int col, int indent_first)
{
	for (const char *s = text; *s;) {
		size_t n = strcspn(s, "\n");
		if (indent_first || s != text)
			fprintf(out, "%*s", col, "");
		fprintf(out, "%.*s\n", (int)n, s);
		s += n + (s[n] == '\n');
	}
}

/* "  NAMES     help..." with help from column col (on the next line when
 * NAMES reach it), then tail (when not NULL) after the help's last line if
 * it fits in WIDTH, else on a line of its own. */
static void put_row(FILE *out, const char *names, const char *help, int col, const char *tail)
{
	char text[1024];
	int w = fprintf(out, "  %s", names);

	if (tail) {
		const char *last = strrchr(help, '\n');
		size_t last_len = strlen(last ? last + 1 : help);
		snprintf(text, sizeof(text), "%s%s%s", help,
			 (size_t)col + last_len + 1 + strlen(tail) <= WIDTH ? " " : "\n", tail);
		help = text;
	}
	if (w + 1 > col)
		fprintf(out, "\n%*s", col, "");
	else
		fprintf(out, "%*s", col - w, "");
	put_lines(out, help, col, 0);
}

/* "[stats fixes]": the commands that take o; "[every command]" when every
 * command that reads a repository does, "[every command but report]" when
 * that is shorter. */
static void commands_of(char *buf, size_t len, const struct cli_option_row *o)
{
	char but[160] = "[every command";
	size_t k = 0, nbut = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < cli_ncommands; i++) {
		unsigned bit = CLI_BIT(cli_commands[i].cmd);
		if (o->commands & bit)
			append(buf, len, "%s%s", k++ ? " " : "[", cli_commands[i].name);
		else if (REPO_CMDS & bit)
			append(but, sizeof(but), "%s%s", nbut++ ? " " : " but ", cli_commands[i].name);
	}
	append(buf, len, "]");
	append(but, sizeof(but), "]");
	if (!(o->commands & ~REPO_CMDS) && strlen(but) < strlen(buf))
		snprintf(buf, len, "%s", but);
}

static void overview(FILE *out)
{
	char names[96], cmds[160];

	fputs(overview_top, out);
	fputs("\ncommands:\n", out);
	for (size_t i = 0; i < cli_ncommands; i++)
		put_row(out, cli_commands[i].name, cli_commands[i].summary, CMD_COL, NULL);
	fputs("\noptions before the command:\n", out);
	for (size_t k = 0; k < cli_noptions; k++) {
		if (!(cli_options[k].commands & BEFORE))
			continue;
		option_names(names, sizeof(names), &cli_options[k]);
		put_row(out, names, cli_options[k].help, HELP_COL, NULL);
	}
	fputs("\noptions after the command (in brackets: the commands that take them):\n", out);
	for (size_t k = 0; k < cli_noptions; k++) {
		if (cli_options[k].commands & BEFORE)
			continue;
		option_names(names, sizeof(names), &cli_options[k]);
		commands_of(cmds, sizeof(cmds), &cli_options[k]);
		put_row(out, names, cli_options[k].help, HELP_COL, cmds);
	}
	fputs(overview_end, out);
}

/* "[-o FILE]", "--sqlite FILE", "[--upstream-pattern RE]..." */
static void synopsis_item(char *buf, size_t len, const struct cli_option_row *o,
			  enum cli_command cmd)
{
	int req = (o->required & CLI_BIT(cmd)) != 0;
	char name[64];

	if (o->letter)
		snprintf(name, sizeof(name), "-%c", o->letter);
	else
		snprintf(name, sizeof(name), "--%s", o->name);
	snprintf(buf, len, "%s%s%s%s%s%s", req ? "" : "[", name, o->value ? " " : "",
		 o->value ? o->value : "", req ? "" : "]", o->how == STORE_LIST ? "..." : "");
}

/* Whether option o goes in the usage line of cmd, in pass 0 (the options
 * cmd needs) or pass 1 (the others). */
static int in_synopsis(const struct cli_option_row *o, enum cli_command cmd, int pass)
{
	int needed = (o->required & CLI_BIT(cmd)) != 0;

	return (o->commands & CLI_BIT(cmd)) && !(o->commands & BEFORE) && needed != pass;
}

/* The usage line, wrapped under the command's name: the options it needs,
 * the others, its arguments. */
static void synopsis(FILE *out, const struct cli_command_row *cmd)
{
	char item[128];
	int at = fprintf(out, "usage: regtrace %s%s", cmd->needs & NEEDS_REPO ? "[-C DIR] " : "",
			 cmd->name), indent = at;

	for (size_t k = 0; k <= 2 * cli_noptions; k++) {
		if (k < 2 * cli_noptions) {
			const struct cli_option_row *o = &cli_options[k % cli_noptions];
			if (!in_synopsis(o, cmd->cmd, k >= cli_noptions))
				continue;
			synopsis_item(item, sizeof(item), o, cmd->cmd);
		} else if (cmd->args[0]) {
			snprintf(item, sizeof(item), "%s", cmd->args);
		} else {
			break;
		}
		if (at + 1 + (int)strlen(item) > WIDTH && at > indent) {
			fprintf(out, "\n%*s", indent, "");
			at = indent;
		}
		at += fprintf(out, " %s", item);
	}
	fputc('\n', out);
}

static void command_help(FILE *out, const struct cli_command_row *cmd)
{
	char names[96];

	synopsis(out, cmd);
	fputc('\n', out);
	put_lines(out, cmd->summary, 0, 1);
	fputs("\noptions:\n", out);
	for (size_t k = 0; k < 2 * cli_noptions; k++) {	/* its own, then -h -V */
		const struct cli_option_row *o = &cli_options[k % cli_noptions];
		int global = (o->commands & BEFORE) != 0;
		if (!(o->commands & CLI_BIT(cmd->cmd)) || global != (k >= cli_noptions))
			continue;
		option_names(names, sizeof(names), o);
		put_row(out, names, o->help, HELP_COL, NULL);
	}
	fputs("\nexamples:\n", out);
	for (size_t e = 0; e < 2 && cmd->examples[e].line; e++) {
		fprintf(out, "  %s\n", cmd->examples[e].line);
		if (cmd->examples[e].says)
			fprintf(out, "      %s\n", cmd->examples[e].says);
	}
	if (cmd->needs & NEEDS_REPO)
		fputs("\nRANGE is BASE..TIP, or a bare BASE tag meaning BASE..(its highest\n"
		      "BASE.N).  -C DIR, the files and the environment: regtrace --help.\n", out);
}

const struct cli_command_row *cli_command_of(enum cli_command cmd)
{
	for (size_t i = 0; i < cli_ncommands; i++)
		if (cli_commands[i].cmd == cmd)
			return &cli_commands[i];
	return NULL;
}

int cli_help(FILE *out, enum cli_command cmd)
{
	const struct cli_command_row *row = cli_command_of(cmd);

	if (row)
		command_help(out, row);
	else
		overview(out);
	return ferror(out) ? -1 : 0;
}
