/* Unit tests for util.c's id_to_hex: the 40 lower-case digits git writes for an id
 * (checked against git_oid_tostr, whose output it replaces), high nibble first. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>
#include <git2.h>

#include "base/util.h"

static void test_known_id(void **state)
{
	const uint8_t id[20] = { 0x00, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xf0,
				 0x0f, 0x10, 0xa5, 0x5a, 0xff, 0xfe, 0x7f, 0x80, 0x09, 0x90 };
	char hex[41];

	(void)state;
	memset(hex, 'x', sizeof(hex));
	id_to_hex(hex, id);
	assert_string_equal(hex, "000123456789abcdeff00f10a55afffe7f800990");
}

/* Every byte value in every place, as libgit2 writes it. */
static void test_as_libgit2(void **state)
{
	git_oid oid;
	char mine[41], theirs[41];

	(void)state;
	for (unsigned b = 0; b < 256; b++) {
		for (size_t i = 0; i < 20; i++)
			oid.id[i] = (uint8_t)(b + i * 37);
		id_to_hex(mine, oid.id);
		git_oid_tostr(theirs, sizeof(theirs), &oid);
		assert_string_equal(mine, theirs);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_id),
		cmocka_unit_test(test_as_libgit2),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
