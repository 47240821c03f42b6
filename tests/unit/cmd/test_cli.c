/* Unit tests for cli.c: getopt_long's conventions, where each option goes, the usage errors,
 * and the help generated from the tables (doc/usage-cli.md). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cmd/cli.h"

static struct cli c;
static char err[1024];

/* cli_parse over "regtrace" and the words up to NULL; the cli is released
 * by the next call or by teardown. */
static int parse_words(const char **words)
{
	char *argv[32];
	int argc = 0;

	argv[argc++] = "regtrace";
	while (*words)
		argv[argc++] = (char *)*words++;
	argv[argc] = NULL;
	cli_release(&c);
	err[0] = '\0';
	return cli_parse(argc, argv, &c, err, sizeof(err));
}
#define PARSE(...) parse_words((const char *[]){ __VA_ARGS__, NULL })

static int teardown(void **state)
{
	(void)state;
	cli_release(&c);
	return 0;
}

/* The usage error of the words, which must fail. */
#define ASSERT_ERROR(msg, ...) do { \
		assert_int_equal(PARSE(__VA_ARGS__), -1); \
		assert_string_equal(err, msg); \
	} while (0)

static void test_long_value_forms(void **state)
{
	(void)state;
	assert_int_equal(PARSE("stats", "--mainline=master", "v4.19"), 0);
	assert_int_equal(c.cmd, CMD_STATS);
	assert_string_equal(c.mainline, "master");
	assert_int_equal(c.nranges, 1);
	assert_string_equal(c.ranges[0], "v4.19");
	assert_int_equal(PARSE("stats", "--mainline", "master", "v4.19"), 0);
	assert_string_equal(c.mainline, "master");
	assert_int_equal(c.nranges, 1);
	/* the value is the next word, whatever it looks like (getopt_long) */
	assert_int_equal(PARSE("stats", "--mainline", "--json"), 0);
	assert_string_equal(c.mainline, "--json");
	assert_int_equal(c.format, FORMAT_TEXT);
	/* "=" after the first one belongs to the value */
	assert_int_equal(PARSE("report", "--commit-url=https://x/?id=%s"), 0);
	assert_string_equal(c.commit_url, "https://x/?id=%s");
	/* the last one given wins */
	assert_int_equal(PARSE("stats", "--mainline=a", "--mainline", "b"), 0);
	assert_string_equal(c.mainline, "b");
}

static void test_short_value_forms(void **state)
{
	(void)state;
	assert_int_equal(PARSE("report", "-oFILE.html", "v4.19"), 0);
	assert_string_equal(c.output, "FILE.html");
	assert_int_equal(PARSE("report", "-o", "FILE.html", "v4.19"), 0);
	assert_string_equal(c.output, "FILE.html");
	assert_int_equal(PARSE("report", "--output=F"), 0);
	assert_string_equal(c.output, "F");
	assert_int_equal(PARSE("-C", "/tmp/repo", "stats"), 0);
	assert_string_equal(c.dir, "/tmp/repo");
	assert_int_equal(PARSE("-C/tmp/repo", "stats"), 0);
	assert_string_equal(c.dir, "/tmp/repo");
	assert_int_equal(PARSE("stats"), 0);
	assert_string_equal(c.dir, ".");
}

static void test_options_anywhere_after_the_command(void **state)
{
	(void)state;
	assert_int_equal(PARSE("stats", "v4.19", "--json", "v5.4", "--by=channel"), 0);
	assert_int_equal(c.format, FORMAT_JSON);
	assert_string_equal(c.by, "channel");
	assert_int_equal(c.nranges, 2);
	assert_string_equal(c.ranges[0], "v4.19");
	assert_string_equal(c.ranges[1], "v5.4");
}

static void test_by(void **state)
{
	(void)state;
	assert_int_equal(PARSE("stats", "--by", "path"), 0);
	assert_string_equal(c.by, "path");
	assert_int_equal(c.by_depth, 2);
	assert_int_equal(PARSE("stats", "--by=path:3"), 0);
	assert_string_equal(c.by, "path");
	assert_int_equal(c.by_depth, 3);
	ASSERT_ERROR("--by takes channel, path or path:N (N 1..20), not 'path:0'",
		     "stats", "--by=path:0");
	ASSERT_ERROR("--by takes channel, path or path:N (N 1..20), not 'path:'",
		     "stats", "--by=path:");
	ASSERT_ERROR("--by takes channel, path or path:N (N 1..20), not 'path: 3'",
		     "stats", "--by=path: 3");
	ASSERT_ERROR("--by takes channel, path or path:N (N 1..20), not 'channels'",
		     "stats", "--by", "channels");
}

static void test_dashdash_ends_options(void **state)
{
	(void)state;
	assert_int_equal(PARSE("fixes", "--json", "--", "-weird..v1"), 0);
	assert_int_equal(c.format, FORMAT_JSON);
	assert_int_equal(c.nranges, 1);
	assert_string_equal(c.ranges[0], "-weird..v1");
	assert_int_equal(PARSE("stats", "--", "--csv", "--"), 0);
	assert_int_equal(c.format, FORMAT_TEXT);
	assert_int_equal(c.nranges, 2);
	assert_string_equal(c.ranges[0], "--csv");
	assert_string_equal(c.ranges[1], "--");
	/* "-" alone is a word, as in getopt */
	assert_int_equal(PARSE("fixes", "-"), 0);
	assert_string_equal(c.ranges[0], "-");
	/* before the command, "--" ends the options too */
	assert_int_equal(PARSE("-C", "d", "--", "stats", "-x"), 0);
	assert_int_equal(c.cmd, CMD_STATS);
	assert_string_equal(c.ranges[0], "-x");
}

static void test_C_goes_before_the_command(void **state)
{
	(void)state;
	ASSERT_ERROR("-C goes before the command: regtrace -C DIR stats ...",
		     "stats", "-C", "/tmp/repo");
	ASSERT_ERROR("-C goes before the command: regtrace -C DIR fixes ...",
		     "fixes", "v4.19", "-C/tmp/repo");
}

static void test_options_in_the_wrong_place(void **state)
{
	(void)state;
	ASSERT_ERROR("--json goes after the command: regtrace stats --json ...",
		     "--json", "stats");
	ASSERT_ERROR("--mainline goes after the command: regtrace unfixed --mainline REF ...",
		     "--mainline=master", "-C", "d", "unfixed", "v1");
	ASSERT_ERROR("-o goes after the command: regtrace COMMAND -o FILE ...", "-o", "f");
	ASSERT_ERROR("option '--csv' does not go with 'explain' (see: regtrace explain --help)",
		     "explain", "--csv", "v4.19");
	ASSERT_ERROR("option '-o' does not go with 'export' (see: regtrace export --help)",
		     "export", "--sqlite=x", "-o", "y");
	ASSERT_ERROR("option '--json' does not go with 'help' (see: regtrace help --help)",
		     "help", "--json");
	/* series reads tags, not messages: the options about messages are refused */
	ASSERT_ERROR("option '--no-infer' does not go with 'series' (see: regtrace series --help)",
		     "series", "--no-infer");
	ASSERT_ERROR("option '--upstream-pattern' does not go with 'series' "
		     "(see: regtrace series --help)", "series", "--upstream-pattern", "x");
	assert_int_equal(PARSE("series", "--project", "xen", "--series-pattern", "x"), 0);
}

static void test_unknown_words(void **state)
{
	(void)state;
	ASSERT_ERROR("unknown option '--nope' (see: regtrace stats --help)", "stats", "--nope");
	ASSERT_ERROR("unknown option '--nope' (see: regtrace stats --help)", "stats",
		     "--nope=1");
	ASSERT_ERROR("unknown option '-x' (see: regtrace fixes --help)", "fixes", "-x", "a..b");
	ASSERT_ERROR("unknown option '--nope' (see: regtrace --help)", "--nope", "stats");
	/* long options are never abbreviated */
	ASSERT_ERROR("unknown option '--js' (see: regtrace stats --help)", "stats", "--js");
	ASSERT_ERROR("unknown command 'stat' (commands: stats, fixes, timeline, sagas, unfixed, "
		     "report, export, explain, regressions, affected, series, help, version)", "stat");
	ASSERT_ERROR("no command given (try 'regtrace --help')", "-C", "d");
	assert_int_equal(parse_words((const char *[]){ NULL }), -1);
	assert_string_equal(err, "no command given (try 'regtrace --help')");
}

static void test_values(void **state)
{
	(void)state;
	ASSERT_ERROR("option '--mainline' needs a value: --mainline REF", "stats", "--mainline");
	ASSERT_ERROR("option '--mainline' needs a value: --mainline REF", "stats",
		     "--mainline=");
	ASSERT_ERROR("option '-o' needs a value: -o FILE", "report", "-o");
	ASSERT_ERROR("option '-C' needs a value: -C DIR", "-C");
	ASSERT_ERROR("option '-C' needs a value: -C DIR", "-C", "", "stats");
	ASSERT_ERROR("option '--json' takes no value", "stats", "--json=yes");
	ASSERT_ERROR("--json and --csv exclude each other", "stats", "--json", "--csv");
	assert_int_equal(PARSE("stats", "--json", "--json"), 0);
}

static void test_arguments(void **state)
{
	(void)state;
	ASSERT_ERROR("fixes: no RANGE given (expected BASE..TIP)", "fixes", "--json");
	ASSERT_ERROR("sagas takes exactly one RANGE", "sagas", "a..b", "c..d");
	assert_int_equal(PARSE("timeline", "a..b", "c..d"), 0);
	assert_int_equal(c.nranges, 2);
	ASSERT_ERROR("export needs --sqlite FILE", "export", "v4.19");
	ASSERT_ERROR("version takes no arguments, not 'x'", "version", "x");
	ASSERT_ERROR("help takes at most one COMMAND", "help", "stats", "fixes");
	assert_int_equal(PARSE("export", "--sqlite", "x.db"), 0);
	assert_string_equal(c.sqlite, "x.db");
	assert_int_equal(c.nranges, 0);
	assert_int_equal(PARSE("stats"), 0);
	assert_int_equal(c.nranges, 0);
}

static void test_repeatable(void **state)
{
	(void)state;
	assert_int_equal(PARSE("fixes", "--upstream-pattern", "a(x)", "v1..v2",
			       "--upstream-pattern=b(y)"), 0);
	assert_int_equal(c.upstream_patterns.n, 2);
	assert_string_equal(c.upstream_patterns.v[0], "a(x)");
	assert_string_equal(c.upstream_patterns.v[1], "b(y)");
	assert_string_equal(c.ranges[0], "v1..v2");
	assert_int_equal(PARSE("fixes", "v1..v2"), 0);
	assert_int_equal(c.upstream_patterns.n, 0);
}

static void test_help_forms(void **state)
{
	(void)state;
	assert_int_equal(PARSE("--help"), 0);
	assert_int_equal(c.cmd, CMD_HELP);
	assert_int_equal(c.help_on, CMD_NONE);
	assert_int_equal(PARSE("-h", "stats"), 0);
	assert_int_equal(c.help_on, CMD_NONE);
	assert_int_equal(PARSE("help"), 0);
	assert_int_equal(c.cmd, CMD_HELP);
	assert_int_equal(c.help_on, CMD_NONE);
	assert_int_equal(PARSE("help", "unfixed"), 0);
	assert_int_equal(c.help_on, CMD_UNFIXED);
	assert_int_equal(PARSE("stats", "--help"), 0);
	assert_int_equal(c.cmd, CMD_HELP);
	assert_int_equal(c.help_on, CMD_STATS);
	/* help needs no RANGE, and what follows it is not read */
	assert_int_equal(PARSE("fixes", "-h", "--nope"), 0);
	assert_int_equal(c.help_on, CMD_FIXES);
	assert_int_equal(PARSE("-C", "d", "export", "--help"), 0);
	assert_int_equal(c.help_on, CMD_EXPORT);
	assert_int_equal(PARSE("help", "--help"), 0);
	assert_int_equal(c.help_on, CMD_HELP);
	ASSERT_ERROR("unknown command 'nope' (commands: stats, fixes, timeline, sagas, unfixed, "
		     "report, export, explain, regressions, affected, series, help, version)", "help", "nope");
}

static void test_version_forms(void **state)
{
	(void)state;
	assert_int_equal(PARSE("-V"), 0);
	assert_int_equal(c.cmd, CMD_VERSION);
	assert_int_equal(PARSE("--version"), 0);
	assert_int_equal(c.cmd, CMD_VERSION);
	assert_int_equal(PARSE("version"), 0);
	assert_int_equal(c.cmd, CMD_VERSION);
	assert_int_equal(PARSE("stats", "-V"), 0);
	assert_int_equal(c.cmd, CMD_VERSION);
	/* letters together: the first that ends the parse wins */
	assert_int_equal(PARSE("-Vh"), 0);
	assert_int_equal(c.cmd, CMD_VERSION);
	assert_int_equal(PARSE("-hV"), 0);
	assert_int_equal(c.cmd, CMD_HELP);
	ASSERT_ERROR("unknown option '-x' (see: regtrace --help)", "-xV");
}

/* ---- help, from the tables ---- */

static char *help_of(enum cli_command cmd)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(cli_help(f, cmd), 0);
	fclose(f);
	return text;
}

/* "\n  -o, --output FILE": how the help lists option o. */
static void listing(char *buf, size_t len, const struct cli_option_row *o)
{
	int n = snprintf(buf, len, "\n  ");

	if (o->letter)
		n += snprintf(buf + n, len - (size_t)n, "-%c%s", o->letter, o->name ? ", " : "");
	if (o->name)
		n += snprintf(buf + n, len - (size_t)n, "--%s", o->name);
	if (o->value)	/* "--color[=WHEN]": an optional value, glued */
		snprintf(buf + n, len - (size_t)n, "%s%s", o->value[0] == '[' ? "" : " ", o->value);
}

/* --color[=WHEN] (git's words, any case; alone: always), --no-color, -P/--no-pager: before
 * the command or after one with text output; the value only glued with "=". */
static void test_colour_and_pager(void **state)
{
	(void)state;
	assert_int_equal(PARSE("stats", "v4.19"), 0);
	assert_int_equal(c.colour, -1);		/* not given: the config, else auto */
	assert_int_equal(c.no_pager, 0);
	assert_int_equal(PARSE("stats", "--color", "v4.19"), 0);
	assert_int_equal(c.colour, CLI_COLOUR_ALWAYS);
	assert_int_equal(c.nranges, 1);
	assert_int_equal(PARSE("stats", "--color", "auto"), 0);	/* "auto": a RANGE */
	assert_int_equal(c.colour, CLI_COLOUR_ALWAYS);
	assert_string_equal(c.ranges[0], "auto");
	assert_int_equal(PARSE("--color=never", "fixes", "v4.19"), 0);
	assert_int_equal(c.colour, CLI_COLOUR_NEVER);
	assert_int_equal(PARSE("fixes", "--color=Auto", "v4.19"), 0);
	assert_int_equal(c.colour, CLI_COLOUR_AUTO);
	assert_int_equal(PARSE("fixes", "--color=always", "--no-color", "v4.19"), 0);
	assert_int_equal(c.colour, CLI_COLOUR_NEVER);	/* the last wins */
	assert_int_equal(PARSE("-P", "sagas", "v4.19"), 0);
	assert_int_equal(c.no_pager, 1);
	assert_int_equal(PARSE("explain", "abc", "--no-pager"), 0);
	assert_int_equal(c.no_pager, 1);
	ASSERT_ERROR("--color takes always, never or auto, not 'yes'", "stats", "--color=yes");
	/* report writes a file: no colour after it (before any command, it is taken) */
	ASSERT_ERROR("--no-color goes before the command: regtrace --no-color report ...",
		     "report", "--no-color");
}

static void test_help_lists_what_the_command_takes(void **state)
{
	char line[128];

	(void)state;
	for (size_t i = 0; i < cli_ncommands; i++) {
		const struct cli_command_row *cmd = &cli_commands[i];
		char *text = help_of(cmd->cmd), usage[64];
		snprintf(usage, sizeof(usage), "usage: regtrace %s%s", cmd->cmd >= CMD_STATS ?
			 "[-C DIR] " : "", cmd->name);
		assert_memory_equal(text, usage, strlen(usage));
		for (size_t k = 0; k < cli_noptions; k++) {
			listing(line, sizeof(line), &cli_options[k]);
			if (cli_options[k].commands & CLI_BIT(cmd->cmd))
				assert_non_null(strstr(text, line));
			else
				assert_null(strstr(text, line));
		}
		assert_non_null(cmd->examples[0].line);
		for (size_t e = 0; e < 2 && cmd->examples[e].line; e++)
			assert_non_null(strstr(text, cmd->examples[e].line));
		free(text);
	}
}

static void test_help_synopsis(void **state)
{
	char *text;

	(void)state;
	text = help_of(CMD_EXPORT);	/* what it needs first and bare, the rest in brackets */
	assert_non_null(strstr(text, "usage: regtrace [-C DIR] export --sqlite FILE "
				     "[--mainline REF]\n"));
	assert_non_null(strstr(text, "[--upstream-pattern RE]...\n"));
	assert_non_null(strstr(text, "[--fixes-pattern RE]... [--project NAME]\n"));
	assert_non_null(strstr(text, "[--no-infer] [-q] [RANGE...]\n"));
	free(text);
	text = help_of(CMD_FIXES);
	assert_non_null(strstr(text, "usage: regtrace [-C DIR] fixes [--json] [--csv]"));
	assert_non_null(strstr(text, " RANGE...\n"));	/* several, as stats takes them */
	free(text);
	text = help_of(CMD_REPORT);
	assert_non_null(strstr(text, "[-o FILE]"));
	free(text);
}

static void test_overview_lists_everything(void **state)
{
	char *text = help_of(CMD_NONE), line[128];

	(void)state;
	assert_memory_equal(text, "usage: regtrace [-C DIR] COMMAND", 32);
	for (size_t i = 0; i < cli_ncommands; i++) {	/* a long name has a line of its own */
		snprintf(line, sizeof(line), strlen(cli_commands[i].name) > 8 ? "\n  %s\n" :
			 "\n  %-8s  ", cli_commands[i].name);
		assert_non_null(strstr(text, line));
	}
	for (size_t k = 0; k < cli_noptions; k++) {
		listing(line, sizeof(line), &cli_options[k]);
		assert_non_null(strstr(text, line));
	}
	/* an option of some commands says which */
	assert_non_null(strstr(text, "[stats report export]"));	/* --by */
	assert_non_null(strstr(text, "[every command]"));	/* --series-pattern */
	/* no line wider than 79 columns */
	for (char *s = text, *nl; (nl = strchr(s, '\n')); s = nl + 1)
		assert_true(nl - s <= 79);
	free(text);
}

static void test_help_width(void **state)
{
	(void)state;
	for (size_t i = 0; i < cli_ncommands; i++) {
		char *text = help_of(cli_commands[i].cmd);
		for (char *s = text, *nl; (nl = strchr(s, '\n')); s = nl + 1)
			assert_true(nl - s <= 79);
		free(text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_long_value_forms, teardown),
		cmocka_unit_test_teardown(test_short_value_forms, teardown),
		cmocka_unit_test_teardown(test_options_anywhere_after_the_command, teardown),
		cmocka_unit_test_teardown(test_by, teardown),
		cmocka_unit_test_teardown(test_dashdash_ends_options, teardown),
		cmocka_unit_test_teardown(test_C_goes_before_the_command, teardown),
		cmocka_unit_test_teardown(test_options_in_the_wrong_place, teardown),
		cmocka_unit_test_teardown(test_unknown_words, teardown),
		cmocka_unit_test_teardown(test_values, teardown),
		cmocka_unit_test_teardown(test_arguments, teardown),
		cmocka_unit_test_teardown(test_repeatable, teardown),
		cmocka_unit_test_teardown(test_help_forms, teardown),
		cmocka_unit_test_teardown(test_version_forms, teardown),
		cmocka_unit_test_teardown(test_colour_and_pager, teardown),
		cmocka_unit_test(test_help_lists_what_the_command_takes),
		cmocka_unit_test(test_help_synopsis),
		cmocka_unit_test(test_overview_lists_everything),
		cmocka_unit_test(test_help_width),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
