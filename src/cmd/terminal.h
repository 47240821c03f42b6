/*
 * terminal.h — colour and pager for a run's text output, with git's
 * conventions (doc/usage-cli.md, "Colour and pager"):
 *
 * Colour: --color[=WHEN] / --no-color, else git config color.regtrace,
 * else color.ui (git/config.h), else auto.  auto colours when stdout is a
 * terminal, TERM is set and not "dumb", and NO_COLOR is unset or empty.
 * Only text output is coloured (render/colour.h).
 *
 * Pager: on when stdout is a terminal, the output is text and not -P /
 * --no-pager: GIT_PAGER, else core.pager, else PAGER, else less; an empty
 * one or "cat" means none (cmd/pager.h starts it).  Always on a terminal,
 * as git: LESS=FRX makes less leave at once, the text on the screen, when
 * it fits.
 */
#ifndef REGTRACE_TERMINAL_H
#define REGTRACE_TERMINAL_H

#include <git2.h>

#include "cmd/cli.h"

/* Decide for command cmd of c in repo: colour set (render/colour.h), the
 * pager chosen (cmd/pager.h). */
void terminal_setup(const struct cli *c, const struct cli_command_row *cmd,
		    git_repository *repo);

/* The decisions, pure, for the tests: colour (0 or 1) for WHEN, the value
 * of the command line or else of the config (-1 for neither), stdout a
 * terminal or not, and the environment's NO_COLOR and TERM (NULL: unset);
 * the pager's command line (NULL: none) for the environment's GIT_PAGER
 * and PAGER and core.pager (NULL: unset), when paging is wanted. */
int terminal_colour(int cli, int config, int tty, const char *no_colour, const char *term);
const char *terminal_pager(const char *git_pager, const char *core_pager, const char *pager);

#endif
