/* Unit tests for upstream_dates.c: the upstream ids of series, each once,
 * and their dates by id. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_helpers.h"
#include "core/upstream_dates.h"

#define UP_A "4abb951b73ff0a8a979113ef185651aa3c8da19b"
#define UP_B "c5781ffbbd4f742a58263458145fe7f0ac01d9e0"

static void test_ids_and_dates(void **state)
{
	(void)state;
	struct series s[2] = { 0 };
	struct upstream_dates d;

	graph_init(&s[0].g);
	graph_init(&s[1].g);
	th_add(&s[0].g, "a\n\ncommit " UP_B " upstream.\n");
	th_add(&s[0].g, "b\n\ncommit " UP_A " upstream.\ncommit 4abb951b73ff upstream.\n");
	th_add(&s[1].g, "a again\n\ncommit " UP_B " upstream.\n");
	th_add(&s[1].g, "no upstream\n");
	upstream_ids_of(s, 2, &d);
	assert_int_equal(d.n, 2);	/* 40-digit ids only, each once, sorted */
	assert_string_equal(d.id[0], UP_A);
	assert_string_equal(d.id[1], UP_B);
	assert_int_equal(upstream_date_of(&d, UP_A), -1);	/* not read yet */
	assert_int_equal(upstream_dates_find(&d, UP_B), 1);
	assert_int_equal(upstream_dates_find(&d, "4abb951b73ff"), -1);	/* whole ids only */
	d.date[1] = 1500000000;
	assert_int_equal(upstream_date_of(&d, UP_B), 1500000000);
	upstream_dates_prune(&d);
	assert_int_equal(d.n, 1);
	assert_string_equal(d.id[0], UP_B);
	assert_int_equal(upstream_date_of(&d, UP_A), -1);
	upstream_dates_release(&d);
	upstream_ids_of(s, 0, &d);
	assert_int_equal(d.n, 0);
	assert_int_equal(upstream_date_of(&d, UP_A), -1);
	upstream_dates_release(&d);
	graph_release(&s[0].g);
	graph_release(&s[1].g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ids_and_dates),
	};
	return cmocka_run_group_tests_name("upstream_dates", tests, NULL, NULL);
}
