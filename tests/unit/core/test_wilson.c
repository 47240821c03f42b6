/* Unit tests for wilson.c: Wilson's score interval of x of n (doc/rules.md,
 * "How sure a rate is"), against values worked out by hand at z = 1.96,
 * z² = 3.8416:
 *
 *   centre = (x + z²/2) / (n + z²)
 *   half   = z / (n + z²) * sqrt(x (n - x) / n + z²/4)
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "core/wilson.h"

#define NEAR(a, b) assert_true((a) - (b) < 1e-5 && (b) - (a) < 1e-5)

/* 3 of 10: n + z² = 13.8416
 *   centre = (3 + 1.9208) / 13.8416 = 4.9208 / 13.8416 = 0.355508
 *   half   = 1.96 / 13.8416 * sqrt(3 * 7 / 10 + 0.9604)
 *          = 0.141602 * sqrt(3.0604) = 0.141602 * 1.749400 = 0.247719
 *   low 0.107789, high 0.603227 (the published 0.1078 to 0.6032) */
static void three_of_ten(void **state)
{
	struct wilson w;

	(void)state;
	assert_int_equal(wilson_interval(3, 10, WILSON_Z95, &w), 0);
	NEAR(w.low, 0.107789);
	NEAR(w.high, 0.603227);
}

/* 0 of 10: centre = 1.9208 / 13.8416 = 0.138770;
 *   half = 0.141602 * sqrt(0 + 0.9604) = 0.141602 * 0.98 = 0.138770
 *   low 0 (never below: the share cannot be negative), high 0.277540 */
static void none_of_ten(void **state)
{
	struct wilson w;

	(void)state;
	assert_int_equal(wilson_interval(0, 10, WILSON_Z95, &w), 0);
	assert_true(w.low == 0.0);
	NEAR(w.high, 0.277540);
}

/* 10 of 10 mirrors 0 of 10: low 1 - 0.277540 = 0.722460, high 1 */
static void all_of_ten(void **state)
{
	struct wilson w;

	(void)state;
	assert_int_equal(wilson_interval(10, 10, WILSON_Z95, &w), 0);
	NEAR(w.low, 0.722460);
	assert_true(w.high == 1.0);
}

/* 1 of 1 (a series with one tagged commit, its high rate 100 %):
 *   n + z² = 4.8416; centre = 2.9208 / 4.8416 = 0.603272
 *   half = 1.96 / 4.8416 * sqrt(0 + 0.9604) = 0.404825 * 0.98 = 0.396729
 *   low 0.206543, high 1: anything from a fifth up is as likely */
static void one_of_one(void **state)
{
	struct wilson w;

	(void)state;
	assert_int_equal(wilson_interval(1, 1, WILSON_Z95, &w), 0);
	NEAR(w.low, 0.206543);
	NEAR(w.high, 1.0);
}

/* 30 of 1000 (a large series): n + z² = 1003.8416
 *   centre = 31.9208 / 1003.8416 = 0.031799
 *   half = 1.96 / 1003.8416 * sqrt(30 * 970 / 1000 + 0.9604)
 *        = 0.001952501 * sqrt(30.0604) = 0.001952501 * 5.482737 = 0.010705
 *   low 0.021094, high 0.042504: narrow around 3 % */
static void thirty_of_thousand(void **state)
{
	struct wilson w;

	(void)state;
	assert_int_equal(wilson_interval(30, 1000, WILSON_Z95, &w), 0);
	NEAR(w.low, 0.021094);
	NEAR(w.high, 0.042504);
}

/* No interval: nothing to divide by (0 of 0), or 3 of 1 (git/git's
 * v2.42.0..v2.42.4: 3 visible, 1 tagged, a high rate of 300 %, no share). */
static void undefined(void **state)
{
	struct wilson w = { -7, -7 };

	(void)state;
	assert_int_equal(wilson_interval(0, 0, WILSON_Z95, &w), -1);
	assert_int_equal(wilson_interval(3, 1, WILSON_Z95, &w), -1);
	assert_true(w.low == -7 && w.high == -7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(three_of_ten),
		cmocka_unit_test(none_of_ten),
		cmocka_unit_test(all_of_ten),
		cmocka_unit_test(one_of_one),
		cmocka_unit_test(thirty_of_thousand),
		cmocka_unit_test(undefined),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
