/* Unit tests for eta.c: the text of a progress line and its estimate of the time left (the
 * rate so far applied to what is left). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/eta.h"

static void test_left(void **state)
{
	char b[64];

	(void)state;
	eta_left(b, sizeof(b), 0.2);
	assert_string_equal(b, "1 s");	/* never "0 s" */
	eta_left(b, sizeof(b), 12.4);
	assert_string_equal(b, "12 s");
	eta_left(b, sizeof(b), 60);
	assert_string_equal(b, "1 min");
	eta_left(b, sizeof(b), 61);
	assert_string_equal(b, "2 min");	/* rounded up */
	eta_left(b, sizeof(b), 3600 + 5 * 60 + 1);
	assert_string_equal(b, "1 h 6 min");
}

static void test_line(void **state)
{
	char b[128];

	(void)state;
	/* 20 of 80 in 5 s: 60 left at 4 per second, 15 s */
	eta_line(b, sizeof(b), "reading the mainline", "segments", 20, 80, 5.0);
	assert_string_equal(b, "reading the mainline: 20/80 segments, about 15 s left");
	eta_line(b, sizeof(b), "reading", "ranges", 0, 5, 3.0);
	assert_string_equal(b, "reading: 0/5 ranges");	/* no rate yet */
	eta_line(b, sizeof(b), "reading", "commits", 1500, 0, 3.0);
	assert_string_equal(b, "reading: 1,500 commits");	/* total unknown */
	eta_line(b, sizeof(b), "reading", "commits", 12000, 90000, 30.0);
	assert_string_equal(b, "reading: 12,000/90,000 commits, about 4 min left");	/* 195 s */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_left),
		cmocka_unit_test(test_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
