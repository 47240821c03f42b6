/* Unit tests for presets.c: every recipe is found by its name, in any case, is named in the
 * list an error gives, and its patterns compile as config.c compiles them (a series pattern
 * of two groups, id patterns of one at least); and systemd's fix lines read as
 * doc/projects.md says, every id of the line included. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "git/config.h"
#include "git/presets.h"

static const char *const names[] = { "linux", "dpdk", "systemd", "ovs", "ovn", "xen", "frr",
				     "qemu", "git", "gnome" };

static void test_every_name(void **state)
{
	char err[256];
	struct pattern *re;

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const struct preset *p = preset_find(names[i]);
		assert_non_null(p);
		assert_string_equal(p->name, names[i]);
		assert_non_null(strstr(preset_names(), names[i]));
		if (p->series) {
			assert_int_equal(config_compile(&re, p->series, 2, err, sizeof(err)), 0);
			pattern_free(re);
		}
		for (size_t k = 0; k < PRESET_PATTERNS_MAX && p->fixes[k]; k++) {
			assert_int_equal(config_compile(&re, p->fixes[k], 1, err, sizeof(err)), 0);
			pattern_free(re);
		}
	}
	assert_ptr_equal(preset_find("SystemD"), preset_find("systemd"));
	assert_null(preset_find("nope"));
	assert_null(preset_find(NULL));
}

/* The refs systemd's recipe finds in msg. */
static size_t systemd_refs(const char *msg, struct msg_facts *f)
{
	const struct preset *p = preset_find("systemd");
	struct pattern *re[PRESET_PATTERNS_MAX];
	struct msg_rules rules = { 0 };
	char err[256];

	for (size_t k = 0; k < PRESET_PATTERNS_MAX && p->fixes[k]; k++)
		assert_int_equal(config_compile(&re[rules.nfixes++], p->fixes[k], 1, err,
						sizeof(err)), 0);
	rules.fixes = re;
	msg_parse_with(msg, strlen(msg), &rules, f);
	for (size_t k = 0; k < rules.nfixes; k++)
		pattern_free(re[k]);
	return f->nrefs;
}

static void test_systemd_lines(void **state)
{
	struct msg_facts f;

	(void)state;
	assert_int_equal(systemd_refs("s\n\nFollow-up to e0cbb73911 and c78d18215b.\n", &f), 2);
	assert_string_equal(f.refs[0].id, "e0cbb73911");
	assert_string_equal(f.refs[1].id, "c78d18215b");
	assert_int_equal(f.fixes_lines, 1);	/* one line */
	msg_facts_release(&f);
	assert_int_equal(systemd_refs("s\n\nFixes a bug introduced by 3e4d0f6cf99f.\n", &f), 1);
	msg_facts_release(&f);
	assert_int_equal(systemd_refs("s\n\nFollow-ups for 2222222222\n", &f), 1);
	msg_facts_release(&f);
	assert_int_equal(systemd_refs("s\n\nfollow-up for: 1234567\n", &f), 1);
	msg_facts_release(&f);
	assert_int_equal(systemd_refs("s\n\nSupport introduced in 1111111111 is extended.\n", &f), 0);
	msg_facts_release(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_name),
		cmocka_unit_test(test_systemd_lines),
	};
	return cmocka_run_group_tests_name("presets", tests, NULL, NULL);
}
