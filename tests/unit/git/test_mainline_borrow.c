/* Unit tests for git/mainline_alone.c's borrowing (mainline_read.h): a base's own mainline
 * whose tail is the end of the longest tail is that tail's mainline from the places
 * mainline_alone_take counted.  segment_ends (cache/mainline.h) says yes only to the same commits
 * (first 8 bytes and identity key) and the same commits naming others, in the same order,
 * at the end; and the mainline taken from the longest tail, from fix_at and ident_at of
 * where the shorter one starts, holds exactly what taking the shorter tail itself gives
 * (its fixes' ids and references, its identities kept by the wanted keys). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cache/mainline.h"
#include "core/mainline.h"
#include "git/mainline_alone.h"

#define TIP 200

static void oid(uint8_t out[20], int n)
{
	memset(out, 0, 20);
	out[0] = (uint8_t)n;
	out[19] = (uint8_t)(n * 7);
}

/* Base BASE's tail TIP ^BASE: the commits first..49 of one line (commit k:
 * id head k, key 1000 + k % 7), every fifth of them naming commit k - 1. */
static struct segment tail(int base, uint32_t first)
{
	struct segment s = { .tail = 1, .alone = 1, .ncommits = 50 - first };

	oid(s.from, base);
	oid(s.to, TIP);
	s.ident_oid = xcalloc(s.ncommits + 1, sizeof(*s.ident_oid));
	s.ident_key = xcalloc(s.ncommits + 1, sizeof(*s.ident_key));
	s.v = xcalloc(s.ncommits + 1, sizeof(*s.v));
	for (uint32_t k = first; k < 50; k++) {
		s.ident_oid[k - first][0] = (uint8_t)k;
		s.ident_oid[k - first][7] = 0xee;
		s.ident_key[k - first] = 1000 + k % 7;
		if (k % 5)
			continue;
		struct seg_fix *f = &s.v[s.n++];
		memset(f->oid, 0xee, 20);
		f->oid[0] = (uint8_t)k;
		f->facts.subject = xstrdup("fix");
		f->facts.refs = xcalloc(1, sizeof(*f->facts.refs));
		f->facts.nrefs = f->facts.refs_cap = 1;
		f->facts.refs[0].kind = MSG_REF_FIXES;
		snprintf(f->facts.refs[0].id, sizeof(f->facts.refs[0].id), "%02x00000000ee", k - 1);
	}
	return s;
}

static void test_ends(void **state)
{
	struct segment l = tail(1, 0), s = tail(2, 20), other;

	(void)state;
	assert_true(segment_ends(&s, &l));
	assert_true(segment_ends(&l, &l));
	assert_false(segment_ends(&l, &s));	/* longer */
	s.ident_key[3]++;			/* another key */
	assert_false(segment_ends(&s, &l));
	s.ident_key[3]--;
	s.ident_oid[29][7] = 0;			/* another commit, the last */
	assert_false(segment_ends(&s, &l));
	s.ident_oid[29][7] = 0xee;
	s.v[0].oid[19] = 1;			/* another commit naming others */
	assert_false(segment_ends(&s, &l));
	s.v[0].oid[19] = 0xee;
	assert_true(segment_ends(&s, &l));
	other = tail(3, 20);			/* no identities kept: not the same */
	free(other.ident_oid);
	free(other.ident_key);
	other.ident_oid = NULL;
	other.ident_key = NULL;
	assert_false(segment_ends(&other, &l));
	/* the same commits but the line's order changed: not its end */
	uint8_t head[8];
	memcpy(head, s.ident_oid[0], 8);
	memcpy(s.ident_oid[0], s.ident_oid[1], 8);
	memcpy(s.ident_oid[1], head, 8);
	assert_false(segment_ends(&s, &l));
	segment_release(&l);
	segment_release(&s);
	segment_release(&other);
}

/* A mainline wanting keys want[0..n) (its filter set as mainline_set's). */
static void wanting(struct mainline *m, const uint32_t *want, size_t n)
{
	mainline_init(m);
	m->want = want;
	m->nwant = n;
	m->want_bits = mainline_want_filter(want, n);
}

static void test_borrowed_equals_own(void **state)
{
	static const uint32_t want[] = { 1002, 1006 };
	struct segcache c;
	struct segment l = tail(1, 0), s = tail(2, 20);
	struct mainline big, own;
	size_t nbig, nown, fix_at[51], ident_at[51];
	uint8_t base_l[20], base_s[20], tip[20];

	(void)state;
	oid(base_l, 1);
	oid(base_s, 2);
	oid(tip, TIP);
	segcache_init(&c);
	segcache_add(&c, &l);
	segcache_add(&c, &s);
	wanting(&big, want, 2);
	wanting(&own, want, 2);
	mainline_alone_take(&c, base_l, tip, &big, &nbig, fix_at, ident_at);
	mainline_alone_take(&c, base_s, tip, &own, &nown, NULL, NULL);
	assert_int_equal(nbig, 50);
	assert_int_equal(nown, 30);
	/* 10 fixes in the long tail, the last 6 in the short one (20, 25, ... 45) */
	size_t fix = fix_at[10 - 6], ident = ident_at[50 - 30];
	assert_int_equal(big.n, 10);
	assert_int_equal(fix, 4);
	assert_int_equal(big.n - fix, own.n);
	for (size_t k = 0; k < own.n; k++) {
		assert_string_equal(big.v[fix + k].id, own.v[k].id);
		assert_int_equal(big.v[fix + k].facts.nrefs, 1);
		assert_string_equal(big.v[fix + k].facts.refs[0].id, own.v[k].facts.refs[0].id);
	}
	/* keys 1002 and 1006: commits k with k % 7 in {2, 6}, 5 of the first 20
	 * (2, 6, 9, 13, 16); the short tail's first, 20, is one of them */
	assert_int_equal(ident, 5);
	assert_int_equal(big.nidents - ident, own.nidents);
	for (size_t k = 0; k < own.nidents; k++) {
		assert_memory_equal(big.ident_oid[ident + k], own.ident_oid[k], 8);
		assert_int_equal(big.ident_key[ident + k], own.ident_key[k]);
	}
	assert_int_equal(ident_at[50], big.nidents);
	assert_int_equal(fix_at[10], big.n);
	free((void *)big.want_bits);
	free((void *)own.want_bits);
	mainline_release(&big);
	mainline_release(&own);
	segcache_release(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ends),
		cmocka_unit_test(test_borrowed_equals_own),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
