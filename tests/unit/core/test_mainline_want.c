/* Unit tests for mainline.c's identity keys kept: with the filter of the wanted keys
 * (mainline_want_filter), exactly the wanted keys are kept, as without it; found by key
 * (mainline_ident_find) exactly as a pass over them all finds them.  And facts another
 * owner keeps (mainline_add_borrowed): borrowed when stripped, never released with the
 * mainline; copied and stripped when not. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/mainline.h"

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Keys 0..n-1 spread over 32 bits; every third one wanted. */
static uint32_t key_of(uint32_t i)
{
	return i * 2246822519u + 374761393u;
}

static void keep_all(struct mainline *m, uint32_t n)
{
	uint8_t oid[8] = { 0 };

	for (uint32_t i = 0; i < n; i++) {
		memcpy(oid, &i, sizeof(i));
		mainline_add_ident(m, oid, key_of(i));
	}
}

static void test_filter_keeps_the_same(void **state)
{
	enum { N = 200000 };
	uint32_t *want = malloc(N / 3 * sizeof(uint32_t) + 4);
	size_t nwant = 0;
	struct mainline plain, filtered;

	(void)state;
	for (uint32_t i = 0; i < N; i += 3)
		want[nwant++] = key_of(i);
	qsort(want, nwant, sizeof(*want), cmp_u32);
	uint64_t *bits = mainline_want_filter(want, nwant);
	mainline_init(&plain);
	mainline_init(&filtered);
	plain.want = filtered.want = want;
	plain.nwant = filtered.nwant = nwant;
	filtered.want_bits = bits;
	keep_all(&plain, N);
	keep_all(&filtered, N);
	assert_int_equal(plain.nidents, nwant);
	assert_int_equal(filtered.nidents, nwant);
	assert_memory_equal(plain.ident_key, filtered.ident_key, nwant * sizeof(uint32_t));
	assert_memory_equal(plain.ident_oid, filtered.ident_oid, nwant * 8);
	mainline_release(&plain);
	mainline_release(&filtered);
	free(bits);
	free(want);
}

/* Nothing wanted: the filter turns every key down. */
static void test_nothing_wanted(void **state)
{
	struct mainline m;
	uint64_t *bits = mainline_want_filter(NULL, 0);

	(void)state;
	mainline_init(&m);
	m.want_bits = bits;
	keep_all(&m, 1000);
	assert_int_equal(m.nidents, 0);
	mainline_release(&m);
	free(bits);
}

/* Every (key, from): the identities mainline_ident_find leads to are exactly
 * those at a position from `from` on with that key, in position order. */
static void test_find_by_key(void **state)
{
	enum { N = 3000, KEYS = 40 };
	struct mainline m;
	uint8_t oid[8] = { 0 };
	uint32_t seed = 12345, want[KEYS];

	(void)state;
	for (uint32_t k = 0; k < KEYS; k++)
		want[k] = k * 0x9e3779b9u;
	qsort(want, KEYS, sizeof(*want), cmp_u32);
	mainline_init(&m);
	m.want = want;
	m.nwant = KEYS;
	for (uint32_t i = 0; i < N; i++) {
		seed = seed * 1103515245u + 12345u;
		mainline_add_ident(&m, oid, (seed >> 8) % KEYS * 0x9e3779b9u);
	}
	mainline_index(&m);
	assert_int_equal(m.nidents, N);
	for (uint32_t k = 0; k <= KEYS; k++) {	/* (KEYS: a key no identity has) */
		uint32_t key = k * 0x9e3779b9u;
		for (size_t from = 0; from <= N; from += 97) {
			size_t pos = from, at = mainline_ident_find(&m, key, from);
			for (;; pos++) {	/* the next position from `pos` with the key */
				while (pos < N && m.ident_key[pos] != key)
					pos++;
				if (pos == N)
					break;
				assert_true(at < m.nidents);
				assert_int_equal(m.ident_index[at].key, key);
				assert_int_equal(m.ident_index[at].pos, pos);
				at++;
			}
			assert_true(at == m.nidents || m.ident_index[at].key != key);
		}
	}
	mainline_release(&m);
}

/* No identity at all, or none from `from` on. */
static void test_find_in_none(void **state)
{
	struct mainline m;
	uint8_t oid[8] = { 0 };
	const uint32_t want[1] = { 7 };

	(void)state;
	mainline_init(&m);
	m.want = want;
	m.nwant = 1;
	mainline_index(&m);
	assert_int_equal(mainline_ident_find(&m, 7, 0), 0);
	mainline_add_ident(&m, oid, 7);
	mainline_index(&m);
	assert_int_equal(mainline_ident_find(&m, 7, 0), 0);
	assert_int_equal(mainline_ident_find(&m, 7, 1), 1);
	assert_int_equal(mainline_ident_find(&m, 8, 0), 1);
	mainline_release(&m);
}

/* Facts naming: a Fixes: reference, and with mention also a mention (not stripped). */
static void facts_of(struct msg_facts *f, int mention)
{
	memset(f, 0, sizeof(*f));
	f->subject = strdup("net: fix it");
	f->nrefs = f->refs_cap = mention ? 2 : 1;
	f->refs = calloc(2, sizeof(*f->refs));
	f->refs[0].kind = MSG_REF_FIXES;
	strcpy(f->refs[0].id, "abcdef012345");
	if (mention) {
		f->refs[1].kind = MSG_REF_MENTION;
		strcpy(f->refs[1].id, "0123456789ab");
	}
}

static void test_borrowed(void **state)
{
	struct msg_facts kept, loose, only;
	struct mainline m;
	char id[41];

	(void)state;
	memset(id, 'a', 40);
	id[40] = '\0';
	facts_of(&kept, 0);
	facts_of(&loose, 1);
	facts_of(&only, 1);
	only.refs[0].kind = MSG_REF_MENTION;	/* (names nothing it fixes) */
	assert_true(mainline_stripped(&kept));
	assert_false(mainline_stripped(&loose));
	mainline_init(&m);
	mainline_reserve(&m, 3);
	mainline_add_borrowed(&m, id, &kept, "v1.0");
	mainline_add_borrowed(&m, id, &loose, NULL);
	mainline_add_borrowed(&m, id, &only, NULL);
	assert_int_equal(m.n, 2);	/* a commit naming nothing it fixes is no fix */
	assert_true(m.v[0].borrowed);
	assert_ptr_equal(m.v[0].facts.refs, kept.refs);
	assert_string_equal(m.v[0].release, "v1.0");
	assert_false(m.v[1].borrowed);	/* copied, then stripped: the mention dropped */
	assert_ptr_not_equal(m.v[1].facts.refs, loose.refs);
	assert_int_equal(m.v[1].facts.nrefs, 1);
	assert_int_equal(loose.nrefs, 2);	/* the owner's untouched */
	mainline_release(&m);
	assert_string_equal(kept.refs[0].id, "abcdef012345");	/* (ASan: not freed) */
	msg_facts_release(&kept);
	msg_facts_release(&loose);
	msg_facts_release(&only);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_filter_keeps_the_same),
		cmocka_unit_test(test_nothing_wanted),
		cmocka_unit_test(test_find_by_key),
		cmocka_unit_test(test_find_in_none),
		cmocka_unit_test(test_borrowed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
