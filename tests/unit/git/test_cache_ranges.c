/* Unit tests for cache_ranges.c, cache_paths.c and the commit cache's save (cache.c): the
 * ranges' round trip and the files that must be rejected, which ranges a save keeps, and the
 * records it forgets (those of commits no kept range holds). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cache/commits.h"

static void oid(uint8_t out[20], int n)
{
	memset(out, 0, 20);
	out[0] = (uint8_t)n;
	out[1] = (uint8_t)(n >> 8);
	out[19] = (uint8_t)(n * 7);
}

/* A line of n commits, ids first..first+n-1, each the parent of the next; a merge at the
 * end when merge: its second parent is commit 0. */
static void put_line(struct cache_ranges *r, int base, int tip, int first, uint32_t n, int merge)
{
	uint8_t b[20], t[20];
	uint8_t *oids = xmalloc(n * 20);
	uint32_t *fst = xmalloc((n + 1) * sizeof(uint32_t)), *par = xmalloc((n + 2) * 4), e = 0;

	oid(b, base);
	oid(t, tip);
	for (uint32_t k = 0; k < n; k++) {
		oid(oids + k * 20, first + (int)k);
		fst[k] = e;
		if (k)
			par[e++] = k - 1;
		if (merge && k == n - 1 && k > 1)
			par[e++] = 0;
	}
	fst[n] = e;
	cache_ranges_put(r, b, t, n, oids, fst, par, 0, NULL);
}

static struct rbuf rb(const struct wbuf *w)
{
	return (struct rbuf){ w->b, w->b + w->len, 0 };
}

static void test_round_trip(void **state)
{
	struct cache_ranges r, d;
	struct wbuf w = { 0 };
	uint8_t b[20], t[20];

	(void)state;
	cache_ranges_init(&r);
	put_line(&r, 1, 2, 100, 5, 1);
	put_line(&r, 3, 4, 200, 3, 0);
	assert_true(r.changed);
	cache_ranges_settle(&r);
	cache_ranges_encode(&r, &w);
	cache_ranges_init(&d);
	struct rbuf in = rb(&w);
	assert_int_equal(cache_ranges_decode(&d, &in), 0);
	assert_ptr_equal(in.p, in.end);
	assert_int_equal(d.n, 2);
	assert_int_equal(d.saves, 1);
	oid(b, 1);
	oid(t, 2);
	const struct cache_range *x = cache_ranges_use(&d, b, t);
	assert_non_null(x);
	assert_int_equal(x->n, 5);
	assert_int_equal(x->used, 1);
	assert_int_equal(x->first[5], 5);	/* 4 line edges and the merge's second parent */
	assert_int_equal(x->first[4] - x->first[3], 1);
	assert_int_equal(x->par[x->first[4]], 3);
	assert_int_equal(x->par[x->first[4] + 1], 0);
	uint8_t want[20];
	oid(want, 104);
	assert_memory_equal(x->oids + 4 * 20, want, 20);
	oid(t, 9);
	assert_null(cache_ranges_use(&d, b, t));
	free(w.b);
	cache_ranges_release(&d);
	cache_ranges_release(&r);
}

/* Encode one range, let bad() spoil it, and expect the whole section rejected. */
static void rejected_when(void (*bad)(struct wbuf *w))
{
	struct cache_ranges r, d;
	struct wbuf w = { 0 };

	cache_ranges_init(&r);
	put_line(&r, 1, 2, 100, 4, 0);
	cache_ranges_settle(&r);
	cache_ranges_encode(&r, &w);
	bad(&w);
	cache_ranges_init(&d);
	struct rbuf in = rb(&w);
	assert_int_equal(cache_ranges_decode(&d, &in), -1);
	assert_int_equal(d.n, 0);
	free(w.b);
	cache_ranges_release(&d);
	cache_ranges_release(&r);
}

/* Layout: saves 8, count 4, base 20, tip 20, used 8, n 4, nedges 4, ids n*20, parent
 * counts n*2, parents 4 each. */
#define AT_IDS (8 + 4 + 20 + 20 + 8 + 4 + 4)
static void parent_after_child(struct wbuf *w)
{
	size_t par = AT_IDS + 4 * 20 + 4 * 2;	/* commit 1's parent, 0 */
	w->b[par] = 2;			/* commit 2: not before commit 1 */
}

static void truncated(struct wbuf *w)
{
	w->len -= 3;
}

static void used_after_last_save(struct wbuf *w)
{
	w->b[8 + 4 + 40] = 9;	/* used 9, saves 1 */
}

static void too_many_commits(struct wbuf *w)
{
	w->b[8 + 4 + 40 + 8 + 3] = 0x7f;	/* n near 2^31: more than the bytes left */
}

static void edges_do_not_add_up(struct wbuf *w)
{
	w->b[AT_IDS + 4 * 20] = 1;	/* commit 0 claims a parent */
}

static void test_rejected(void **state)
{
	(void)state;
	rejected_when(parent_after_child);
	rejected_when(truncated);
	rejected_when(used_after_last_save);
	rejected_when(too_many_commits);
	rejected_when(edges_do_not_add_up);
}

static void test_twice_rejected(void **state)
{
	struct cache_ranges r, d;
	struct wbuf w = { 0 };

	(void)state;
	cache_ranges_init(&r);
	put_line(&r, 1, 2, 100, 2, 0);
	cache_ranges_settle(&r);
	cache_ranges_encode(&r, &w);
	/* the same range again after the first: count 2 */
	size_t one = w.len - 12;
	uint8_t *copy = xmalloc(one);
	memcpy(copy, w.b + 12, one);
	wbuf_bytes(&w, copy, one);
	w.b[8] = 2;
	cache_ranges_init(&d);
	struct rbuf in = rb(&w);
	assert_int_equal(cache_ranges_decode(&d, &in), -1);
	free(copy);
	free(w.b);
	cache_ranges_release(&d);
	cache_ranges_release(&r);
}

/* Reload r through its encoding (the ranges not fresh any more). */
static void reload(struct cache_ranges *r, struct wbuf *w)
{
	w->len = 0;
	cache_ranges_encode(r, w);
	cache_ranges_release(r);
	cache_ranges_init(r);
	struct rbuf in = rb(w);
	assert_int_equal(cache_ranges_decode(r, &in), 0);
}

/* Six tips of one base, each used in one save (saves 1..6): each save keeps the four most
 * recently used of the base (tips 3..6 at the end); a save using another base keeps them. */
static void test_per_base(void **state)
{
	struct cache_ranges r;
	struct wbuf w1 = { 0 }, w2 = { 0 };
	struct wbuf *w = &w1;
	uint8_t b[20], t[20];

	(void)state;
	cache_ranges_init(&r);
	for (int tip = 1; tip <= 6; tip++) {
		put_line(&r, 50, tip, 100 * tip, 2, 0);
		cache_ranges_settle(&r);
		reload(&r, w);
		w = w == &w1 ? &w2 : &w1;
	}
	assert_int_equal(r.n, 4);	/* tips 1 and 2 dropped at saves 5 and 6 */
	put_line(&r, 51, 1, 900, 2, 0);
	cache_ranges_settle(&r);
	assert_int_equal(r.n, 5);	/* the new one, and 4 of base 50 */
	oid(b, 50);
	for (int tip = 1; tip <= 6; tip++) {
		oid(t, tip);
		if (tip <= 2)
			assert_null(cache_ranges_use(&r, b, t));
		else
			assert_non_null(cache_ranges_use(&r, b, t));
	}
	free(w1.b);
	free(w2.b);
	cache_ranges_release(&r);
}

/* A range not used for more than CACHE_RANGES_MAX_AGE saves is dropped; one used again
 * (looked up) in a save is kept and stamped with it. */
static void test_age(void **state)
{
	struct cache_ranges r;
	struct wbuf w = { 0 };
	uint8_t b[20], t[20];

	(void)state;
	cache_ranges_init(&r);
	put_line(&r, 1, 2, 100, 2, 0);
	put_line(&r, 3, 4, 200, 2, 0);
	cache_ranges_settle(&r);
	reload(&r, &w);
	oid(b, 3);
	oid(t, 4);
	for (int i = 0; i < CACHE_RANGES_MAX_AGE; i++) {
		assert_non_null(cache_ranges_use(&r, b, t));
		cache_ranges_settle(&r);
		reload(&r, &w);
	}
	assert_int_equal(r.n, 2);	/* (1, 2) used at save 1, now save 33: age 32 */
	assert_non_null(cache_ranges_use(&r, b, t));
	cache_ranges_settle(&r);
	assert_int_equal(r.n, 1);	/* age 33: gone */
	assert_int_equal(r.v[0]->used, CACHE_RANGES_MAX_AGE + 2);
	free(w.b);
	cache_ranges_release(&r);
}

/* A range used long ago asks for a save (to record its use) when looked up; a range used
 * at the last save does not. */
static void test_refresh(void **state)
{
	struct cache_ranges r;
	struct wbuf w = { 0 };
	uint8_t b[20], t[20];

	(void)state;
	cache_ranges_init(&r);
	put_line(&r, 1, 2, 100, 2, 0);
	cache_ranges_settle(&r);
	reload(&r, &w);
	oid(b, 1);
	oid(t, 2);
	assert_non_null(cache_ranges_use(&r, b, t));
	assert_false(r.changed);
	r.saves += CACHE_RANGES_REFRESH;
	r.v[0]->fresh = 0;
	assert_non_null(cache_ranges_use(&r, b, t));
	assert_true(r.changed);
	free(w.b);
	cache_ranges_release(&r);
}

static void test_of_base(void **state)
{
	struct cache_ranges r;
	uint8_t b[20], t[20];

	(void)state;
	cache_ranges_init(&r);
	put_line(&r, 1, 2, 100, 3, 0);
	put_line(&r, 1, 3, 200, 7, 0);
	put_line(&r, 4, 5, 300, 9, 0);
	oid(b, 1);
	oid(t, 9);
	const struct cache_range *x = cache_ranges_of_base(&r, b, t);
	assert_non_null(x);
	assert_int_equal(x->n, 7);	/* the biggest of base 1 */
	oid(t, 3);
	x = cache_ranges_of_base(&r, b, t);
	assert_non_null(x);
	assert_int_equal(x->n, 3);	/* not (1, 3) itself */
	oid(b, 7);
	assert_null(cache_ranges_of_base(&r, b, t));
	cache_ranges_release(&r);
}

static void collect(void *ctx, const char *dir)
{
	char *s = ctx;

	strcat(s, dir);
	strcat(s, "|");
}

static void test_paths_round_trip(void **state)
{
	struct cache_paths p, d;
	struct wbuf w = { 0 };
	uint8_t a[20], b[20];
	const char *dirs[] = { "drivers/acpi/acpica/", "", "fs/" };
	char got[256] = "";

	(void)state;
	cache_paths_init(&p);
	oid(a, 1);
	oid(b, 2);
	cache_paths_put(&p, a, dirs, 3);
	cache_paths_put(&p, b, dirs, 0);	/* a commit changing nothing */
	assert_true(p.changed);
	cache_paths_encode(&p, &w, NULL, NULL);
	cache_paths_init(&d);
	struct rbuf in = rb(&w);
	assert_int_equal(cache_paths_decode(&d, &in), 0);
	assert_int_equal(d.count, 2);
	assert_int_equal(cache_paths_get(&d, a, collect, got), 1);
	assert_string_equal(got, "drivers/acpi/acpica/||fs/|");
	got[0] = '\0';
	assert_int_equal(cache_paths_get(&d, b, collect, got), 1);
	assert_string_equal(got, "");
	oid(a, 3);
	assert_int_equal(cache_paths_get(&d, a, collect, got), 0);
	/* a NUL inside a directory: rejected whole */
	w.b[4 + 20 + 2 + 4 + 3] = 0;
	cache_paths_release(&d);
	cache_paths_init(&d);
	in = rb(&w);
	assert_int_equal(cache_paths_decode(&d, &in), -1);
	assert_int_equal(d.count, 0);
	free(w.b);
	cache_paths_release(&d);
	cache_paths_release(&p);
}

/* The commit cache's save keeps the records (and paths) of the commits of its ranges only:
 * commits 100, 101 in a range, 102 in none. */
static void test_forgets_unused(void **state)
{
	struct cache c, d;
	struct msg_facts f;
	struct cache_hit h;
	uint8_t id[20];
	const char *dirs[] = { "mm/" };
	size_t len;

	(void)state;
	cache_init(&c, 7);
	msg_parse("mm: x\n", 6, &f);
	for (int k = 100; k <= 102; k++) {
		oid(id, k);
		cache_add(&c, id, k, 0, NULL, 0, NULL, &f);
		cache_paths_put(&c.paths, id, dirs, 1);
	}
	oid(id, 100);
	cache_add(&c, id, 100, 0, NULL, 0, NULL, &f);	/* learned twice (two threads): kept once */
	msg_facts_release(&f);
	put_line(&c.ranges, 1, 2, 100, 2, 0);
	cache_ranges_settle(&c.ranges);
	uint8_t *all = cache_encode(&c, &len);
	free(all);
	uint8_t *buf = cache_encode_kept(&c, &len);
	cache_init(&d, 7);
	cache_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	assert_int_equal(d.count, 2);
	assert_int_equal(d.paths.count, 2);
	assert_int_equal(d.ranges.n, 1);
	for (int k = 100; k <= 102; k++) {
		char got[64] = "";
		oid(id, k);
		assert_int_equal(cache_lookup(&d, id, &h), k < 102);
		assert_int_equal(cache_paths_get(&d.paths, id, collect, got), k < 102);
	}
	cache_release(&d);
	cache_release(&c);
}

/* A range's painted commits: kept in the file, and their records (date and parents, no
 * facts) kept with them; a record with facts of the same commit wins over one without;
 * a painted commit of no kept range is forgotten. */
static void test_painted(void **state)
{
	struct cache c, d;
	struct msg_facts f, got;
	struct cache_hit h;
	uint8_t id[20], par[2][20], b[20], t[20];
	size_t len;

	(void)state;
	cache_init(&c, 7);
	msg_parse("mm: x\n", 6, &f);
	for (int k = 100; k <= 101; k++) {	/* the range's two commits */
		oid(id, k);
		cache_add(&c, id, k, 0, NULL, 0, NULL, &f);
	}
	oid(par[0], 501);
	oid(par[1], 502);
	oid(id, 500);	/* painted: a merge, 1,000 s old */
	cache_add_headers(&c, id, 1000, 2, (const uint8_t (*)[20])par, 2);
	oid(id, 501);	/* painted and, in another walk, in a range: the full record wins */
	cache_add_headers(&c, id, 1001, 0, NULL, 0);
	cache_add(&c, id, 1001, 0, NULL, 0, NULL, &f);
	oid(id, 502);	/* painted by no range kept: forgotten */
	cache_add_headers(&c, id, 1002, 0, NULL, 0);
	msg_facts_release(&f);
	put_line(&c.ranges, 1, 2, 100, 2, 0);
	uint8_t *painted = xmalloc(2 * 20);
	oid(painted, 500);
	oid(painted + 20, 501);
	oid(b, 3);
	oid(t, 4);
	uint8_t *oids = xmalloc(20);
	uint32_t *fst = xcalloc(2, sizeof(uint32_t)), *pp = xmalloc(4);
	oid(oids, 101);
	cache_ranges_put(&c.ranges, b, t, 1, oids, fst, pp, 2, painted);
	cache_ranges_settle(&c.ranges);
	uint8_t *buf = cache_encode_kept(&c, &len);
	cache_init(&d, 7);
	cache_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	assert_int_equal(d.count, 4);	/* 100, 101, 500, 501 */
	const struct cache_range *x = cache_ranges_use(&d.ranges, b, t);
	assert_non_null(x);
	assert_int_equal(x->npainted, 2);
	oid(id, 501);
	assert_memory_equal(x->painted + 20, id, 20);
	oid(id, 500);
	assert_int_equal(cache_lookup(&d, id, &h), 1);
	assert_true(h.headers_only);
	assert_int_equal(h.time, 1000);
	assert_int_equal(h.all_parents, 2);
	assert_int_equal(h.nparents, 2);
	assert_memory_equal(h.parents + 20, par[1], 20);
	assert_int_equal(cache_facts(&h, &got), -1);	/* no facts to give */
	msg_facts_release(&got);
	oid(id, 501);
	assert_int_equal(cache_lookup(&d, id, &h), 1);
	assert_false(h.headers_only);
	assert_int_equal(cache_facts(&h, &got), 0);
	assert_string_equal(got.subject, "mm: x");
	msg_facts_release(&got);
	oid(id, 502);
	assert_int_equal(cache_lookup(&d, id, &h), 0);
	cache_release(&d);
	cache_release(&c);
}

/* A painted count larger than what is left, or a record cut inside its parents: the file
 * is rejected whole. */
static void test_painted_rejected(void **state)
{
	struct cache c, d;
	uint8_t id[20], b[20], t[20];
	size_t len;

	(void)state;
	cache_init(&c, 7);
	oid(id, 500);
	cache_add_headers(&c, id, 1000, 1, (const uint8_t (*)[20])id, 1);
	oid(b, 3);
	oid(t, 4);
	uint8_t *oids = xmalloc(20), *painted = xmalloc(20);
	uint32_t *fst = xcalloc(2, sizeof(uint32_t)), *pp = xmalloc(4);
	oid(oids, 101);
	memcpy(painted, id, 20);
	cache_ranges_put(&c.ranges, b, t, 1, oids, fst, pp, 1, painted);
	uint8_t *good = cache_encode(&c, &len);
	/* the painted count: the 4 bytes before the last id, which comes before the paths
	 * section (its 4-byte count, 0) and the 8-byte seal */
	size_t at = len - 8 - 4 - 20 - 4;
	assert_int_equal(good[at], 1);
	uint8_t *bad = xmalloc(len);
	memcpy(bad, good, len);
	bad[at] = 2;
	wbuf_seal(&(struct wbuf){ bad, len - 8, len });
	cache_init(&d, 7);
	cache_load_buffer(&d, bad, len);
	assert_non_null(d.rejected);
	cache_release(&d);
	cache_init(&d, 7);
	cache_load_buffer(&d, good, len);
	assert_null(d.rejected);
	assert_int_equal(d.count, 1);
	cache_release(&d);
	cache_release(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_painted),
		cmocka_unit_test(test_painted_rejected),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_rejected),
		cmocka_unit_test(test_twice_rejected),
		cmocka_unit_test(test_per_base),
		cmocka_unit_test(test_age),
		cmocka_unit_test(test_refresh),
		cmocka_unit_test(test_of_base),
		cmocka_unit_test(test_paths_round_trip),
		cmocka_unit_test(test_forgets_unused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
