/* Unit tests for colour.c and safe_text.c's marks: a colour is written only where the
 * program marked it, around text escaped exactly as without colour; and for the choices of
 * cmd/terminal.c and git/config.c's colour values (doc/usage-cli.md "Colour and pager").
 * Every expected byte string is written out by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cmd/terminal.h"
#include "git/config.h"
#include "render/colour.h"
#include "render/safe_text.h"

/* What render() wrote into a safe text, written out through it. */
static char *through(void (*render)(FILE *fp), int on)
{
	struct safe_text t;
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	colour_set(on);
	assert_int_equal(safe_text_begin(&t), 0);
	render(t.fp);
	assert_int_equal(safe_text_end(&t, out, 0), 0);
	fclose(out);
	colour_set(0);
	return buf;
}

static void id_and_subject(FILE *fp)
{
	fputs("fix ", fp);
	colour_printf(fp, COLOUR_ID, "%s", "0123456789ab");
	fputs("  net: a \033[31mred\xc2\x9b", fp);	/* a subject's ESC and C1 CSI */
	colour_put(fp, COLOUR_KIND, -6, "fix");
	colour_put(fp, COLOUR_SAME, 5, "1");
	colour_put(fp, COLOUR_VISIBLE, 0, "");	/* nothing: no sequence */
	fputc('\n', fp);
}

static void test_marks(void **state)
{
	char *on = through(id_and_subject, 1), *off = through(id_and_subject, 0);

	(void)state;
	assert_string_equal(on, "fix \033[33m0123456789ab\033[m  net: a \xef\xbf\xbd[31mred"
			    "\xef\xbf\xbd\033[36mfix\033[m       \033[32m1\033[m\n");
	assert_string_equal(off, "fix 0123456789ab  net: a \xef\xbf\xbd[31mred\xef\xbf\xbd"
			    "fix       1\n");
	free(on);
	free(off);
}

/* A mark the program put inside an unsafe character (here: between the two bytes of a
 * C1 CSI) comes after its U+FFFD: it never splits one. */
static void split_csi(FILE *fp)
{
	fputs("a\xc2", fp);
	colour_begin(fp, COLOUR_ID);
	fputs("\x9b" "b", fp);
	colour_end(fp);
}

static void test_mark_inside_unsafe(void **state)
{
	char *on = through(split_csi, 1);

	(void)state;
	assert_string_equal(on, "a\xef\xbf\xbd\033[33mb\033[m");
	free(on);
}

/* A stream that is no safe text gets no mark, even with colour on. */
static void test_other_stream(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	(void)state;
	colour_set(1);
	colour_printf(fp, COLOUR_ID, "%s", "abc");
	colour_set(0);
	fclose(fp);
	assert_string_equal(buf, "abc");
	free(buf);
}

static void test_when(void **state)
{
	(void)state;
	/* the command line, then the config, then auto */
	assert_int_equal(terminal_colour(1, 0, 0, "1", NULL), 1);
	assert_int_equal(terminal_colour(0, 1, 1, NULL, "xterm"), 0);
	assert_int_equal(terminal_colour(2, 1, 0, NULL, "xterm"), 0);	/* auto, a pipe */
	assert_int_equal(terminal_colour(-1, 1, 0, "1", NULL), 1);	/* config always */
	assert_int_equal(terminal_colour(-1, 0, 1, NULL, "xterm"), 0);
	/* auto: a terminal, TERM set and not dumb, NO_COLOR unset or empty */
	assert_int_equal(terminal_colour(-1, -1, 1, NULL, "xterm"), 1);
	assert_int_equal(terminal_colour(-1, 2, 1, "", "xterm"), 1);
	assert_int_equal(terminal_colour(-1, -1, 1, "0", "xterm"), 0);	/* any non-empty */
	assert_int_equal(terminal_colour(-1, -1, 1, NULL, "dumb"), 0);
	assert_int_equal(terminal_colour(-1, -1, 1, NULL, NULL), 0);
	assert_int_equal(terminal_colour(-1, -1, 0, NULL, "xterm"), 0);
}

static void test_pager(void **state)
{
	(void)state;
	assert_string_equal(terminal_pager("most", "more", "pg"), "most");
	assert_string_equal(terminal_pager(NULL, "more", "pg"), "more");
	assert_string_equal(terminal_pager(NULL, NULL, "pg"), "pg");
	assert_string_equal(terminal_pager(NULL, NULL, NULL), "less");
	assert_null(terminal_pager("", "more", "pg"));	/* empty: none, not the next */
	assert_null(terminal_pager("cat", "more", "pg"));
	assert_null(terminal_pager(NULL, "cat", "pg"));
	assert_null(terminal_pager(NULL, NULL, ""));
	assert_string_equal(terminal_pager(NULL, NULL, "less -S"), "less -S");
}

static void test_config_values(void **state)
{
	(void)state;
	assert_int_equal(config_colour_value("never"), 0);
	assert_int_equal(config_colour_value("Always"), 1);
	assert_int_equal(config_colour_value("AUTO"), 2);
	assert_int_equal(config_colour_value("true"), 2);	/* git: true is auto */
	assert_int_equal(config_colour_value("yes"), 2);
	assert_int_equal(config_colour_value("1"), 2);
	assert_int_equal(config_colour_value(NULL), 2);		/* "[color] ui" alone */
	assert_int_equal(config_colour_value("false"), 0);
	assert_int_equal(config_colour_value("off"), 0);
	assert_int_equal(config_colour_value("0"), 0);
	assert_int_equal(config_colour_value(""), 0);
	assert_int_equal(config_colour_value("sometimes"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_mark_inside_unsafe),
		cmocka_unit_test(test_other_stream),
		cmocka_unit_test(test_when),
		cmocka_unit_test(test_pager),
		cmocka_unit_test(test_config_values),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
