/*
 * colour.h — the colours of the text output, git's way: a small palette,
 * in this file's .c only, and whether colour is on for the run (off until
 * colour_set(1): cmd/terminal.h decides, from --color, color.ui, NO_COLOR
 * and the terminal).
 *
 * Only what the program itself writes is coloured: ids, release and kind
 * names, fixed words and numbers.  A colour is never bytes of the text: it
 * is a mark beside the text being rendered (render/safe_text.h), so the
 * text is escaped as without colour and a repository's bytes can carry no
 * sequence.  On a stream that is not a safe text, nothing is marked.
 */
#ifndef REGTRACE_COLOUR_H
#define REGTRACE_COLOUR_H

#include <stdio.h>

/* What a token is; its colour is the palette's (colour.c). */
enum colour {
	COLOUR_PLAIN = -1,	/* no colour */
	COLOUR_ID,		/* a commit id: yellow, as git log's */
	COLOUR_HEAD,		/* a table's header, a block's title: bold */
	COLOUR_KIND,		/* a link's kind (fix, revert, ...): cyan */
	COLOUR_VISIBLE,		/* a regression a release shipped, a rate: red */
	COLOUR_SAME,		/* fixed in the release that brought it: green */
	COLOUR_NOTE,		/* a caveat: a rate from few commits, undecided: magenta */
	COLOUR_COUNT
};

void colour_set(int on);
int colour_on(void);

/* Start colour c where fp stands (colour_end: back to plain). */
void colour_begin(FILE *fp, enum colour c);
void colour_end(FILE *fp);

/* s in colour c, padded with blanks to width columns (bytes) as printf's
 * %*s: width > 0 right-aligned, < 0 left-aligned; the blanks uncoloured. */
void colour_put(FILE *fp, enum colour c, int width, const char *s);
/* printf in colour c. */
void colour_printf(FILE *fp, enum colour c, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The SGR sequence of c, and of the end of a colour ("\033[m"). */
const char *colour_sgr(enum colour c);
extern const char colour_reset[];

#endif
