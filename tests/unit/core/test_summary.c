/* Unit tests for core/summary.c: a counted series made into a summary and back renders as
 * the series did (names, dates, every count, lifetimes, sagas, releases, ids, merges); the
 * matches of a summary's keys in a mainline are its identities with those keys from the
 * series' start on, key by key in the mainline's order; and the comparisons of matches and
 * of ids asked outside. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "core/analyze.h"
#include "core/summary.h"
#include "test_helpers.h"

/* A series as analyze() leaves one: commits 0 <- 1 <- 2 (2 a merge), releases on 1 and 2,
 * counts 100 + k, lifetimes, two sagas. */
static void counted(struct series *s)
{
	memset(s, 0, sizeof(*s));
	s->name = xstrdup("v1.0..v1.0.2");
	s->base = xstrdup("v1.0");
	s->tip = xstrdup("v1.0.2");
	s->label = xstrdup("1.0.2");
	s->base_date = 1600000000;
	s->open = -1;
	graph_init(&s->g);
	th_add(&s->g, "a: one");
	th_add(&s->g, "b: two");
	th_add_parents(&s->g, "Merge c", 1, 0);
	release_list_init(&s->rels);
	release_list_add(&s->rels, "v1.0.1", 1, 1);
	release_list_add(&s->rels, "v1.0.2", 2, 2);
	s->rels.r[0].date = 1600000100;
	s->rels.r[1].date = 1600000200;
	for (size_t k = 0; k < summary_ncounts; k++) {
		size_t v = 100 + k;
		memcpy((char *)&s->census + summary_count_at[k], &v, sizeof(v));
	}
	s->lifetimes = (struct lifetime_summary){ 3, 10, 20, 1, 2 };
	s->sagas.v = xcalloc(2, sizeof(*s->sagas.v));
	s->sagas.n = 2;
}

static void test_round_trip(void **state)
{
	struct series s, back;
	struct summary sm;

	(void)state;
	counted(&s);
	summary_take(&sm, &s);
	summary_series(&sm, &back);
	assert_string_equal(back.name, s.name);
	assert_string_equal(back.base, s.base);
	assert_string_equal(back.tip, s.tip);
	assert_string_equal(back.label, s.label);
	assert_int_equal(back.base_date, s.base_date);
	assert_int_equal(back.open, -1);
	for (size_t k = 0; k < summary_ncounts; k++)
		assert_int_equal(*(size_t *)((char *)&back.census + summary_count_at[k]), 100 + k);
	assert_null(back.census.links);
	assert_memory_equal(&back.lifetimes, &s.lifetimes, sizeof(s.lifetimes));
	assert_int_equal(back.sagas.n, 2);
	assert_int_equal(back.rels.n, 2);
	assert_string_equal(back.rels.r[1].name, "v1.0.2");
	assert_int_equal(back.rels.r[1].number, 2);
	assert_int_equal(back.rels.r[1].commit, 2);
	assert_int_equal(back.rels.r[1].date, 1600000200);
	assert_int_equal(back.g.n, 3);
	for (size_t c = 0; c < 3; c++) {
		assert_string_equal(back.g.c[c].id, s.g.c[c].id);
		assert_int_equal(back.g.c[c].is_merge, c == 2);
	}
	summary_release(&sm);
	series_release_all(&back);
	series_release_all(&s);
}

/* Identities (key, id head): positions 0..5 keys 7 9 7 5 9 7, heads 0xa0 + position. */
static void test_matches(void **state)
{
	static const uint32_t keys_at[] = { 7, 9, 7, 5, 9, 7 };
	uint32_t want[] = { 5, 7, 9 }, asked[] = { 7, 9 };
	struct mainline m;
	struct summary_match *got;
	size_t n;

	(void)state;
	mainline_init(&m);
	m.want = want;
	m.nwant = 3;
	for (size_t i = 0; i < 6; i++) {
		uint8_t oid[8] = { (uint8_t)(0xa0 + i) };
		mainline_add_ident(&m, oid, keys_at[i]);
	}
	mainline_index(&m);
	summary_matches(&m, 1, asked, 2, &got, &n);	/* from position 1 on */
	assert_int_equal(n, 4);
	assert_int_equal(got[0].key, 7);
	assert_int_equal(got[0].head[0], 0xa2);
	assert_int_equal(got[1].key, 7);
	assert_int_equal(got[1].head[0], 0xa5);
	assert_int_equal(got[2].key, 9);
	assert_int_equal(got[2].head[0], 0xa1);
	assert_int_equal(got[3].key, 9);
	assert_int_equal(got[3].head[0], 0xa4);
	struct summary_match *again;
	size_t n2;
	summary_matches(&m, 1, asked, 2, &again, &n2);
	assert_true(summary_same_matches(got, n, again, n2));
	again[3].head[7] = 1;
	assert_false(summary_same_matches(got, n, again, n2));
	assert_false(summary_same_matches(got, n, again, n2 - 1));
	free(again);
	free(got);
	summary_matches(NULL, 0, asked, 2, &got, &n);	/* no mainline: none */
	assert_int_equal(n, 0);
	free(got);
	m.want = NULL;
	mainline_release(&m);
}

static void test_same_asks(void **state)
{
	char a1[1][MSG_ID_MAX + 1] = { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" };
	char a2[1][MSG_ID_MAX + 1] = { "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" };
	struct outside x, y;

	(void)state;
	outside_init(&x);
	outside_init(&y);
	outside_add(&x, "1234567", 0, NULL, 0);
	outside_add(&x, "abcdef0", 1, (const char (*)[MSG_ID_MAX + 1])a1, 1);
	outside_add(&y, "abcdef0", 1, (const char (*)[MSG_ID_MAX + 1])a1, 1);
	outside_add(&y, "1234567", 0, NULL, 0);
	outside_sort(&x);
	outside_sort(&y);
	assert_true(summary_same_asks(&x, &y));
	outside_release(&y);
	outside_init(&y);	/* the unknown id now known */
	outside_add(&y, "abcdef0", 1, (const char (*)[MSG_ID_MAX + 1])a1, 1);
	outside_add(&y, "1234567", 1, NULL, 0);
	outside_sort(&y);
	assert_false(summary_same_asks(&x, &y));
	outside_release(&y);
	outside_init(&y);	/* another alias */
	outside_add(&y, "abcdef0", 1, (const char (*)[MSG_ID_MAX + 1])a2, 1);
	outside_add(&y, "1234567", 0, NULL, 0);
	outside_sort(&y);
	assert_false(summary_same_asks(&x, &y));
	outside_release(&y);
	outside_release(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_matches),
		cmocka_unit_test(test_same_asks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
