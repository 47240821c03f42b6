/* commands.c — the command table (cli.h: struct cli_command_row), as git's: one row per
 * command, its handler (commands.h) and what it needs, its words and its help. */
#include "cmd/commands.h"

const struct cli_command_row cli_commands[] = {
	{ "stats", CMD_STATS, cmd_stats, NEEDS_REPO | MAINLINE_OPTION,
	  0, CLI_MANY, "[RANGE...]",
	  "one row per range: commits, Fixes-tagged commits, regression\n"
	  "fixes, reverts, same-release fixes, visible regressions, and\n"
	  "the low (visible/commits) and high (visible/tagged) rates;\n"
	  "with no RANGE, every series of the repository, newest first",
	  { { "regtrace stats v4.19", "v4.19..its highest release v4.19.N" },
	    { "regtrace stats --mainline=master --json",
	      "every series, with the regressions still open, as JSON" } } },
	{ "fixes", CMD_FIXES, cmd_fixes, NEEDS_REPO,
	  1, CLI_MANY, "RANGE...",
	  "every link found in each range: fix, revert, reapply,\n"
	  "duplicate, preemptive, ambiguous, with both commits,\n"
	  "both releases, both subjects and the regression's lifetime",
	  { { "regtrace fixes v4.19..v4.19.35", NULL },
	    { "regtrace fixes --csv v4.19 >fixes.csv", NULL } } },
	{ "timeline", CMD_TIMELINE, cmd_timeline, NEEDS_REPO,
	  1, CLI_MANY, "RANGE...",
	  "the census as it stood at each release of each range",
	  { { "regtrace timeline v5.15", NULL },
	    { "regtrace timeline --csv v5.15..v5.15.40", NULL } } },
	{ "sagas", CMD_SAGAS, cmd_sagas, NEEDS_REPO,
	  1, 1, "RANGE",
	  "groups of commits tied by fixes, reverts and copies of one\n"
	  "upstream commit (3+ commits, or any revert or duplicate)",
	  { { "regtrace sagas v4.19", NULL }, { NULL, NULL } } },
	{ "unfixed", CMD_UNFIXED, cmd_unfixed, NEEDS_REPO | NEEDS_MAINLINE,
	  1, 1, "RANGE",
	  "series commits that a mainline commit fixes or reverts, where\n"
	  "that mainline commit was never backported to the series",
	  { { "regtrace unfixed --mainline=origin/master v6.1", NULL }, { NULL, NULL } } },
	{ "report", CMD_REPORT, cmd_report, NEEDS_REPO | WRITES_FILE,
	  0, CLI_MANY, "[RANGE...]",
	  "one self-contained HTML file: tables, details, charts;\n"
	  "with no RANGE, every series of the repository",
	  { { "regtrace report -o 4.19.html v4.19", NULL },
	    { "regtrace report --commit-url=https://example.org/c/%s", NULL } } },
	{ "export", CMD_EXPORT, cmd_export, NEEDS_REPO | MAINLINE_OPTION | WRITES_FILE,
	  0, CLI_MANY, "[RANGE...]",
	  "a SQLite database of series, releases, commits and links;\n"
	  "with no RANGE, every series of the repository",
	  { { "regtrace export --sqlite=series.db", "every series into series.db" },
	    { NULL, NULL } } },
	{ "explain", CMD_EXPLAIN, cmd_explain, NEEDS_REPO,
	  1, 2, "COMMIT [RANGE]",
	  "why one commit counts as it does: its release, upstream ids,\n"
	  "every reference of its message with the rules that decided it,\n"
	  "the links from and to it; with no RANGE, the newest series\n"
	  "holding the commit",
	  { { "regtrace explain v4.19.35~1", "the commit before the tag v4.19.35" },
	    { "regtrace explain --json 4c618ba26129 v4.19", NULL } } },
	{ "regressions", CMD_REGRESSIONS, cmd_regressions, NEEDS_REPO | MAINLINE_OPTION,
	  0, CLI_MANY, "[RANGE...]",
	  "one row per upstream commit that was a regression in a series:\n"
	  "in which series, brought and fixed by which releases, and with\n"
	  "--mainline whether a series still carries it; with no RANGE,\n"
	  "every series of the repository",
	  { { "regtrace regressions --mainline=master", NULL },
	    { "regtrace regressions --csv v5.10 v5.15 >regressions.csv", NULL } } },
	{ "affected", CMD_AFFECTED, cmd_affected, NEEDS_REPO,
	  0, CLI_MANY, "ID...",
	  "for each fix, per series and on the mainline: the release\n"
	  "that first carried the bug it fixes and the release that\n"
	  "fixed it (not affected, not fixed, fixed before affected)",
	  { { "regtrace affected --dyad 4c618ba26129", "dyad's vulnerable:fixed lines" },
	    { "regtrace affected --stdin --json <fixes.txt", "many fixes, one read" } } },
	{ "series", CMD_SERIES, cmd_series, NEEDS_REPO,
	  0, 0, "",
	  "the stable series discovery finds among the tags (base, tip,\n"
	  "release count) and every candidate it rejected, with the\n"
	  "rule; regtrace.series and regtrace.excludeSeries correct it",
	  { { "regtrace series", NULL }, { "regtrace series --json", NULL } } },
	{ "help", CMD_HELP, cmd_help, 0,
	  0, 1, "[COMMAND]",
	  "this overview, or the help of one command",
	  { { "regtrace help stats", "the same as: regtrace stats --help" }, { NULL, NULL } } },
	{ "version", CMD_VERSION, cmd_version, 0,
	  0, 0, "",
	  "print the version",
	  { { "regtrace version", "the same as: regtrace --version" }, { NULL, NULL } } },
};
const size_t cli_ncommands = sizeof(cli_commands) / sizeof(cli_commands[0]);
