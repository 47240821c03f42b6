/* Unit tests for channel.c (doc/dialects.md "Channels"): the Linux rules only
 * where they apply, a project's own channels first, "unknown" elsewhere. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/channel.h"
#include "test_helpers.h"

#define UP "675a104e2e94aa8a979113ef185651aa3c8da19b"

static struct msg_facts parse(const char *m)
{
	struct msg_facts f;

	msg_parse(m, strlen(m), &f);
	return f;
}

/* DPDK writes every backport "[ upstream commit <id> ]": AUTOSEL's form
 * in Linux only. */
static void test_linux_rules_only_on_linux(void **state)
{
	struct channel_rules linux_on = { 1, NULL, 0 }, off = { 0, NULL, 0 };
	struct msg_facts f = parse("net/foo: fix bar\n\n[ upstream commit " UP " ]\n");

	(void)state;
	assert_string_equal(channel_of(&f, &linux_on), "autosel");
	assert_string_equal(channel_of(&f, NULL), "autosel");	/* NULL: the Linux rules */
	assert_string_equal(channel_of(&f, &off), "unknown");
	msg_facts_release(&f);
}

static void test_project_channels_first(void **state)
{
	char *names[] = { "security", "bot" };
	struct channel_rules r = { 0, names, 2 }, lr = { 1, names, 2 };
	struct msg_facts f = parse("s\n\nCc: stable@vger.kernel.org\n");

	(void)state;
	f.channels = 2;		/* matches the second pattern only */
	assert_string_equal(channel_of(&f, &r), "bot");
	f.channels = 3;		/* both: the first in order wins */
	assert_string_equal(channel_of(&f, &r), "security");
	assert_string_equal(channel_of(&f, &lr), "security");	/* before the Linux rules */
	f.channels = 0;
	assert_string_equal(channel_of(&f, &r), "unknown");
	assert_string_equal(channel_of(&f, &lr), "stable-cc");
	msg_facts_release(&f);
}

static void test_groups(void **state)
{
	char *names[] = { "security" };
	struct channel_rules r = { 0, names, 1 }, lr = { 1, names, 1 };
	struct graph g;
	struct group_map m;

	(void)state;
	graph_init(&g);
	th_add(&g, "a\n\n[ upstream commit " UP " ]\n");
	th_add(&g, "b\n");
	g.c[1].facts.channels = 1;
	channel_groups(&g, &r, &m);
	assert_int_equal(m.n, 2);
	assert_string_equal(m.names[0], "security");
	assert_string_equal(m.names[1], "unknown");
	assert_int_equal(m.of[0].v[0], 1);	/* a: unknown */
	assert_int_equal(m.of[1].v[0], 0);	/* b: security */
	group_map_release(&m);
	channel_groups(&g, &lr, &m);
	assert_int_equal(m.n, 5);
	assert_string_equal(m.names[1], "stable-cc");
	assert_string_equal(m.names[4], "other");
	assert_int_equal(m.of[0].v[0], 2);	/* a: autosel */
	group_map_release(&m);
	graph_release(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_linux_rules_only_on_linux),
		cmocka_unit_test(test_project_channels_first),
		cmocka_unit_test(test_groups),
	};
	return cmocka_run_group_tests_name("channel", tests, NULL, NULL);
}
