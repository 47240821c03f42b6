/* Unit tests for util.c's id_to_hex: the 40 lower-case digits git writes for an id
 * (checked against git_oid_tostr, whose output it replaces), high nibble first; and
 * util.h's hex_prefix_value, eight digits at a time where all 16 are lower-case hex,
 * equal to the digit-by-digit value for every input (other bytes, short ids too). */
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

/* hex_prefix_value as it reads one digit at a time (what the fast path must equal). */
static uint64_t digit_by_digit(const char *id, size_t len)
{
	uint64_t v = 0;

	for (size_t i = 0; i < 16; i++) {
		char ch = i < len ? id[i] : '0';
		v = v << 4 | (uint64_t)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
	}
	return v;
}

static void test_prefix_value(void **state)
{
	static const char alphabet[] = "0123456789abcdef/:`gAF\x7f\x80\xff";
	uint64_t seed = 12345;
	char id[41];

	(void)state;
	assert_int_equal(hex_prefix_value("0123456789abcdef0123", 20), 0x0123456789abcdefull);
	assert_int_equal(hex_prefix_value("fedcba9876543210", 16), 0xfedcba9876543210ull);
	assert_int_equal(hex_prefix_value("abc1234", 7), 0xabc1234000000000ull);
	for (int round = 0; round < 200000; round++) {
		size_t len = 7 + (size_t)(round % 34);
		/* mostly hex; every tenth draw anywhere in the alphabet (a byte each side of
		 * each range, capitals, bytes above 0x7f) */
		for (size_t i = 0; i < len; i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			unsigned r = (unsigned)(seed >> 33);
			id[i] = alphabet[r % 10 ? (r >> 4) % 16 : (r >> 4) % (sizeof(alphabet) - 1)];
		}
		id[len] = '\0';
		assert_int_equal(hex_prefix_value(id, len), digit_by_digit(id, len));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_id),
		cmocka_unit_test(test_as_libgit2),
		cmocka_unit_test(test_prefix_value),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
