/* terminal.c — see terminal.h. */
#include "cmd/terminal.h"
#include "cmd/pager.h"
#include "git/config.h"
#include "render/colour.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int terminal_colour(int cli, int config, int tty, const char *no_colour, const char *term)
{
	int when = cli >= 0 ? cli : config >= 0 ? config : CLI_COLOUR_AUTO;

	if (when != CLI_COLOUR_AUTO)
		return when == CLI_COLOUR_ALWAYS;
	if (no_colour && *no_colour)	/* no-color.org: set and not empty */
		return 0;
	return tty && term && strcmp(term, "dumb") != 0;
}

const char *terminal_pager(const char *git_pager, const char *core_pager, const char *pager)
{
	const char *p = git_pager ? git_pager : core_pager ? core_pager : pager ? pager : "less";

	return !*p || !strcmp(p, "cat") ? NULL : p;
}

void terminal_setup(const struct cli *c, const struct cli_command_row *cmd,
		    git_repository *repo)
{
	struct terminal_config t;
	int text = c->format == FORMAT_TEXT && !(cmd->needs & WRITES_FILE);
	int tty = isatty(STDOUT_FILENO);

	if (!text)
		return;
	config_terminal(repo, &t);
	colour_set(terminal_colour(c->colour, t.colour, tty, getenv("NO_COLOR"), getenv("TERM")));
	if (tty && !c->no_pager)
		pager_choose(terminal_pager(getenv("GIT_PAGER"), t.pager, getenv("PAGER")));
	config_terminal_release(&t);
}
