/* colour.c — see colour.h. */
#include "render/colour.h"
#include "render/safe_text.h"

#include <stdarg.h>
#include <string.h>

/* The palette: git's SGR sequences (git log's commit id is yellow; a
 * header bold; cyan, red, green and magenta as in git's diffs and status). */
static const char *const palette[COLOUR_COUNT] = {
	[COLOUR_ID] = "\033[33m",
	[COLOUR_HEAD] = "\033[1m",
	[COLOUR_KIND] = "\033[36m",
	[COLOUR_VISIBLE] = "\033[31m",
	[COLOUR_SAME] = "\033[32m",
	[COLOUR_NOTE] = "\033[35m",
};
const char colour_reset[] = "\033[m";

static int enabled;

void colour_set(int on)
{
	enabled = on != 0;
}

int colour_on(void)
{
	return enabled;
}

const char *colour_sgr(enum colour c)
{
	return c >= 0 && c < COLOUR_COUNT ? palette[c] : colour_reset;
}

void colour_begin(FILE *fp, enum colour c)
{
	if (enabled && c != COLOUR_PLAIN)
		safe_text_mark(fp, colour_sgr(c));
}

void colour_end(FILE *fp)
{
	if (enabled)
		safe_text_mark(fp, colour_reset);
}

/* colour_end() after colour_begin(fp, c) */
static void end_of(FILE *fp, enum colour c)
{
	if (c != COLOUR_PLAIN)
		colour_end(fp);
}

void colour_put(FILE *fp, enum colour c, int width, const char *s)
{
	int pad = (width < 0 ? -width : width) - (int)strlen(s);

	if (width > 0 && pad > 0)
		fprintf(fp, "%*s", pad, "");
	if (*s) {
		colour_begin(fp, c);
		fputs(s, fp);
		end_of(fp, c);
	}
	if (width < 0 && pad > 0)
		fprintf(fp, "%*s", pad, "");
}

void colour_printf(FILE *fp, enum colour c, const char *fmt, ...)
{
	va_list ap;

	colour_begin(fp, c);
	va_start(ap, fmt);
	vfprintf(fp, fmt, ap);
	va_end(ap);
	end_of(fp, c);
}
