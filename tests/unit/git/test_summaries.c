/* Unit tests for cache/summaries.c: a summary's round trip, every field; the used ones
 * written first and at most SUMMARIES_KEEP_OTHERS others; files ignored whole (seal,
 * cut, another format, a summary twice, a release's commit out of range, more sagas than
 * commits, keys out of order, an id that is no id); a save that writes only what was
 * added; two runs saving at once. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/codec.h"
#include "base/util.h"
#include "cache/summaries.h"
#include "test_seal.h"

/* Summary number n: 3 commits (the second a merge), one release on the third, two keys,
 * one match, two ids asked outside (one known, with an alias), counts 10 * n + k. */
static void make(struct summary *s, int n)
{
	char alias[1][MSG_ID_MAX + 1] = { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" };

	memset(s, 0, sizeof(*s));
	s->key[0] = (uint8_t)n;
	s->key[19] = 0x5a;
	s->name = xstrdup(n == 1 ? "v1.0..v1.0.2" : "v2.0..v2.0.1");
	s->base = xstrdup(n == 1 ? "v1.0" : "v2.0");
	s->tip = xstrdup(n == 1 ? "v1.0.2" : "v2.0.1");
	s->label = xstrdup(n == 1 ? "1.0.2" : "2.0.1");
	s->base_date = -1000 * n;
	for (size_t k = 0; k < summary_ncounts; k++) {
		size_t v = (size_t)(10 * n + (int)k);
		memcpy((char *)&s->counts + summary_count_at[k], &v, sizeof(v));
	}
	s->lifetimes = (struct lifetime_summary){ 2, 5, -1, 1, 3 };
	s->nsagas = 1;
	s->rels = xcalloc(2, sizeof(*s->rels));
	s->rels[0] = (struct summary_release){ xstrdup(n == 1 ? "v1.0.2" : "v2.0.1"), 2, 2, 1700000000 };
	s->nrels = 1;
	s->nids = 3;
	s->ids = xcalloc(3, 20);
	s->merge = xcalloc(3, 1);
	for (int c = 0; c < 3; c++)
		memset(s->ids[c], 16 * n + c, 20);
	s->merge[1] = 1;
	s->nkeys = 2;
	s->keys = xmalloc(2 * sizeof(*s->keys));
	s->keys[0] = 7;
	s->keys[1] = 0xfffffff0u;
	s->nmatches = 1;
	s->matches = xcalloc(1, sizeof(*s->matches));
	s->matches[0].key = 7;
	memset(s->matches[0].head, 0xab, 8);
	outside_init(&s->asks);
	outside_add(&s->asks, "1234567", 0, NULL, 0);
	outside_add(&s->asks, "0123456789ab", 1, (const char (*)[MSG_ID_MAX + 1])alias, 1);
	outside_sort(&s->asks);
	memset(s->tags, 0x11 * n, 20);
	s->mainline = n == 1 ? xstrdup("master") : NULL;
}

static void expect_equal(const struct summary *a, const struct summary *b)
{
	assert_memory_equal(a->key, b->key, 20);
	assert_string_equal(a->name, b->name);
	assert_string_equal(a->base, b->base);
	assert_string_equal(a->tip, b->tip);
	assert_string_equal(a->label, b->label);
	assert_int_equal(a->base_date, b->base_date);
	for (size_t k = 0; k < summary_ncounts; k++)
		assert_memory_equal((const char *)&a->counts + summary_count_at[k],
				    (const char *)&b->counts + summary_count_at[k], sizeof(size_t));
	assert_memory_equal(&a->lifetimes, &b->lifetimes, sizeof(a->lifetimes));
	assert_int_equal(a->nsagas, b->nsagas);
	assert_int_equal(a->nrels, b->nrels);
	assert_string_equal(a->rels[0].name, b->rels[0].name);
	assert_int_equal(a->rels[0].number, b->rels[0].number);
	assert_int_equal(a->rels[0].commit, b->rels[0].commit);
	assert_int_equal(a->rels[0].date, b->rels[0].date);
	assert_int_equal(a->nids, b->nids);
	assert_memory_equal(a->ids, b->ids, 20 * a->nids);
	assert_memory_equal(a->merge, b->merge, a->nids);
	assert_int_equal(a->nkeys, b->nkeys);
	assert_memory_equal(a->keys, b->keys, a->nkeys * sizeof(*a->keys));
	assert_true(summary_same_matches(a->matches, a->nmatches, b->matches, b->nmatches));
	assert_true(summary_same_asks(&a->asks, &b->asks));
	assert_memory_equal(a->tags, b->tags, 20);
	if (a->mainline)
		assert_string_equal(a->mainline, b->mainline);
	else
		assert_null(b->mainline);
}

static uint8_t *encoded(size_t *len)
{
	struct summaries c;
	struct summary s;

	summaries_init(&c);
	for (int n = 1; n <= 2; n++) {
		make(&s, n);
		summaries_add(&c, &s);
	}
	uint8_t *buf = summaries_encode(&c, len);
	summaries_release(&c);
	return buf;
}

static void test_round_trip(void **state)
{
	struct summaries c;
	struct summary want;
	size_t len;
	uint8_t *buf = encoded(&len);
	uint8_t key[20];

	(void)state;
	summaries_init(&c);
	summaries_load_buffer(&c, buf, len);
	assert_null(c.rejected);
	assert_int_equal(c.n, 2);
	assert_false(c.dirty);
	for (int n = 1; n <= 2; n++) {
		make(&want, n);
		const struct summary *got = summaries_find(&c, want.key);
		assert_non_null(got);
		expect_equal(&want, got);
		summary_release(&want);
	}
	memset(key, 0, 20);
	assert_null(summaries_find(&c, key));
	summaries_release(&c);
	free(buf);
}

static void expect_rejected(const uint8_t *buf, size_t len)
{
	struct summaries c;

	summaries_init(&c);
	summaries_load_buffer(&c, buf, len);
	assert_non_null(c.rejected);
	assert_int_equal(c.n, 0);
	summaries_release(&c);
}

/* The place of the first summary's field after its key and names (the counts start at
 * the base date): found by encoding one summary alone. */
static size_t first_after(const uint8_t *buf, size_t len, const char *s)
{
	for (size_t i = 0; i + strlen(s) <= len; i++)
		if (!memcmp(buf + i, s, strlen(s)))
			return i + strlen(s);
	fail();
	return 0;
}

static void test_rejected(void **state)
{
	size_t len;
	uint8_t *buf = encoded(&len), *b = xmalloc(len);

	(void)state;
	memcpy(b, buf, len);	/* one byte changed, not sealed again */
	b[len / 2] ^= 1;
	expect_rejected(b, len);
	expect_rejected(buf, len - 9);	/* cut */
	memcpy(b, buf, len);	/* another format */
	b[first_after(buf, len, "regtrace-summaries\n")] ^= 0x7f;
	reseal(b, len);
	expect_rejected(b, len);
	memcpy(b, buf, len);	/* the second summary's key made the first's */
	size_t second = first_after(buf + 1, len - 1, "v2.0..v2.0.1") + 1;
	size_t key2 = second - strlen("v2.0..v2.0.1") - 4 - 20;	/* (a string: 4 bytes of length) */
	assert_int_equal(b[key2], 2);
	b[key2] = 1;
	reseal(b, len);
	expect_rejected(b, len);
	free(b);
	free(buf);
}

/* Fields out of their bounds, each in a file of one summary, sealed. */
static void test_rejected_fields(void **state)
{
	struct summaries c;
	struct summary s;
	size_t len;

	(void)state;
	for (int bad = 0; bad < 5; bad++) {
		summaries_init(&c);
		make(&s, 1);
		if (bad == 1)
			s.rels[0].commit = 3;	/* no such commit */
		if (bad == 2)
			s.nsagas = 4;		/* more than the commits */
		if (bad == 3)
			s.keys[1] = 7;		/* keys not distinct */
		if (bad == 4)
			strcpy(s.asks.v[0].id, "12345zz");	/* no id */
		summaries_add(&c, &s);
		uint8_t *buf = summaries_encode(&c, &len);
		summaries_release(&c);
		summaries_init(&c);
		summaries_load_buffer(&c, buf, len);
		if (bad)
			assert_non_null(c.rejected);
		else
			assert_null(c.rejected);
		assert_int_equal(c.n, bad ? 0 : 1);
		summaries_release(&c);
		free(buf);
	}
}

/* The used come first, then at most SUMMARIES_KEEP_OTHERS of the others, in their order. */
static void test_keep(void **state)
{
	enum { N = SUMMARIES_KEEP_OTHERS + 3 };
	struct summaries c, d;
	struct summary s;
	size_t len;

	(void)state;
	summaries_init(&c);
	for (int n = 0; n < N; n++) {
		make(&s, 1);
		s.key[0] = (uint8_t)n;
		s.key[1] = (uint8_t)(n >> 8);
		summaries_add(&c, &s);
	}
	uint8_t *buf = summaries_encode(&c, &len);	/* all added: all written */
	summaries_init(&d);
	summaries_load_buffer(&d, buf, len);
	assert_int_equal(d.n, N);
	summaries_release(&d);
	free(buf);
	memset(c.used, 0, c.n);	/* as if loaded */
	uint8_t key[20];
	memcpy(key, c.v[N - 1].key, 20);
	assert_non_null(summaries_find(&c, key));	/* used: written first */
	buf = summaries_encode(&c, &len);
	summaries_init(&d);
	summaries_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	assert_int_equal(d.n, 1 + SUMMARIES_KEEP_OTHERS);
	assert_memory_equal(d.v[0].key, key, 20);
	assert_memory_equal(d.v[1].key, c.v[0].key, 20);
	assert_memory_equal(d.v[SUMMARIES_KEEP_OTHERS].key, c.v[SUMMARIES_KEEP_OTHERS - 1].key, 20);
	summaries_release(&c);
	summaries_release(&d);
	free(buf);
}

static void temp_path(char *path)
{
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	unlink(path);	/* (no file yet: a first run's) */
}

/* A save writes only when something was added; two runs saving at once keep both's. */
static void test_save(void **state)
{
	char path[] = "/tmp/test_summaries.XXXXXX", err[256];
	struct summaries b, c, d;
	struct summary s;

	(void)state;
	temp_path(path);
	summaries_init(&b);
	summaries_load_file(&b, path);
	assert_int_equal(summaries_save(&b, path, err, sizeof(err)), 0);
	assert_int_not_equal(access(path, F_OK), 0);	/* nothing added: nothing written */
	summaries_init(&c);
	summaries_load_file(&c, path);
	make(&s, 1);
	summaries_add(&b, &s);
	make(&s, 2);
	summaries_add(&c, &s);
	assert_int_equal(summaries_save(&c, path, err, sizeof(err)), 0);
	assert_int_equal(summaries_save(&b, path, err, sizeof(err)), 0);	/* merges c's */
	summaries_init(&d);
	summaries_load_file(&d, path);
	assert_null(d.rejected);
	assert_int_equal(d.n, 2);
	make(&s, 1);
	assert_non_null(summaries_find(&d, s.key));
	summary_release(&s);
	make(&s, 2);
	assert_non_null(summaries_find(&d, s.key));
	summary_release(&s);
	summaries_release(&b);
	summaries_release(&c);
	summaries_release(&d);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_rejected),
		cmocka_unit_test(test_rejected_fields),
		cmocka_unit_test(test_keep),
		cmocka_unit_test(test_save),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
