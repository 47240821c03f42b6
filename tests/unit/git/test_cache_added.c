/* test_cache_added.c — the commit cache's light saves (git/cache.h): the
 * additions file beside an unchanged main file, read over it, ignored when it
 * does not match, and when a save is light or whole. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/codec.h"
#include "base/util.h"
#include "base/version.h"
#include "cache/commits.h"

static void oid(uint8_t out[20], int n)
{
	memset(out, 0, 20);
	out[0] = (uint8_t)n;
	out[1] = (uint8_t)(n >> 8);
	out[19] = (uint8_t)(n * 7);
}

/* A full record of commit n (subject "s<n>"), dated n. */
static void add_full(struct cache *c, int n)
{
	char subj[32];
	struct msg_facts f;
	uint8_t id[20];

	snprintf(subj, sizeof(subj), "s%d\n", n);
	msg_parse(subj, strlen(subj), &f);
	oid(id, n);
	cache_add(c, id, n, 0, NULL, 0, NULL, &f);
	msg_facts_release(&f);
}

static void add_headers(struct cache *c, int n)
{
	uint8_t id[20];

	oid(id, n);
	cache_add_headers(c, id, n, 0, NULL, 0);
}

/* Range (base, tip) of the commits first..first+n-1, a line. */
static void put_range(struct cache *c, int base, int tip, int first, uint32_t n)
{
	uint8_t b[20], t[20];
	uint8_t *oids = xmalloc(n * 20);
	uint32_t *fst = xmalloc((n + 1) * sizeof(uint32_t)), *par = xmalloc((n + 1) * 4), e = 0;

	oid(b, base);
	oid(t, tip);
	for (uint32_t k = 0; k < n; k++) {
		oid(oids + k * 20, first + (int)k);
		fst[k] = e;
		if (k)
			par[e++] = k - 1;
	}
	fst[n] = e;
	cache_ranges_put(&c->ranges, b, t, n, oids, fst, par, 0, NULL);
}

static const struct cache_range *range(struct cache *c, int base, int tip)
{
	uint8_t b[20], t[20];

	oid(b, base);
	oid(t, tip);
	return cache_ranges_use(&c->ranges, b, t);
}

/* 1: found with facts; 2: found without (date and parents only); 0: not found. */
static int lookup(const struct cache *c, int n)
{
	struct cache_hit h;
	uint8_t id[20];

	oid(id, n);
	if (!cache_lookup(c, id, &h))
		return 0;
	assert_int_equal(h.time, n);
	return h.headers_only ? 2 : 1;
}

/* A main file of fingerprint fp: commits 1..4 in range (900, 901), 5 painted (no facts). */
static uint8_t *main_file_fp(uint64_t fp, size_t *len)
{
	struct cache c;

	cache_init(&c, fp);
	for (int n = 1; n <= 4; n++)
		add_full(&c, n);
	add_headers(&c, 5);
	put_range(&c, 900, 901, 1, 4);
	cache_ranges_settle(&c.ranges);
	uint8_t *b = cache_encode(&c, len);
	cache_release(&c);
	return b;
}

static uint8_t *main_file(size_t *len)
{
	return main_file_fp(7, len);
}

static uint8_t *copy(const uint8_t *b, size_t len)
{
	uint8_t *p = xmalloc(len);

	memcpy(p, b, len);
	return p;
}

/* Main file loaded, then what a later run learned: commit 6, and 5 with its facts now;
 * range (900, 902) = 1..4 + 6 (a range extended after a release). */
static void learn_more(struct cache *c, const uint8_t *m, size_t mlen)
{
	cache_init(c, 7);
	cache_load_buffer(c, copy(m, mlen), mlen);
	assert_null(c->rejected);
	add_full(c, 6);
	add_full(c, 5);
	put_range(c, 900, 902, 1, 5);
}

static void test_read_over_main(void **state)
{
	size_t mlen, alen;
	struct cache c, d;

	(void)state;
	uint8_t *m = main_file(&mlen);
	learn_more(&c, m, mlen);
	assert_true(cache_ranges_light_ok(&c.ranges));
	cache_ranges_settle_light(&c.ranges);
	uint8_t *a = cache_encode_added(&c, &alen);
	cache_release(&c);

	cache_init(&d, 7);
	cache_load_buffer(&d, copy(m, mlen), mlen);
	assert_int_equal(d.count, 5);
	assert_int_equal(lookup(&d, 5), 2);
	cache_load_added_buffer(&d, a, alen);
	assert_null(d.arejected);
	assert_non_null(d.abuf);
	assert_int_equal(d.count, 6);	/* 1..6, 5 once */
	for (int n = 1; n <= 6; n++)
		assert_int_equal(lookup(&d, n), 1);	/* 5: the record with facts won */
	assert_int_equal(lookup(&d, 7), 0);
	assert_int_equal(d.ranges.n, 2);
	assert_int_equal(d.ranges.saves, 2);	/* the main file's save, then the light one */
	const struct cache_range *x = range(&d, 900, 902);
	assert_non_null(x);
	assert_int_equal(x->n, 5);
	assert_int_equal(x->used, 2);
	assert_false(x->stored);
	x = range(&d, 900, 901);
	assert_non_null(x);
	assert_true(x->stored);
	assert_int_equal(x->used, 1);	/* not stamped again by the light save */
	/* every slot of the table holds a record */
	size_t slots = 0;
	for (size_t k = 0; k < d.table.cap; k++)
		slots += cache_slot_record(&d, k) != NULL;
	assert_int_equal(slots, 6);

	/* the whole file written from both: the same records, each once */
	size_t wlen;
	uint8_t *w = cache_encode(&d, &wlen);
	struct cache e;
	cache_init(&e, 7);
	cache_load_buffer(&e, w, wlen);
	assert_null(e.rejected);
	assert_int_equal(e.ranges.n, 2);
	for (int n = 1; n <= 6; n++)
		assert_int_equal(lookup(&e, n), 1);
	cache_release(&e);
	cache_release(&d);
	free(m);
}

/* An additions file that does not add to the main file loaded is ignored whole: the
 * main file's records and ranges stay as they were. */
static void check_ignored(const uint8_t *m, size_t mlen, uint8_t *a, size_t alen, const char *why)
{
	struct cache d;

	cache_init(&d, 7);
	cache_load_buffer(&d, copy(m, mlen), mlen);
	cache_load_added_buffer(&d, a, alen);
	assert_non_null(d.arejected);
	assert_string_equal(d.arejected, why);
	assert_null(d.abuf);
	assert_int_equal(d.count, 5);
	assert_int_equal(lookup(&d, 5), 2);
	assert_int_equal(lookup(&d, 6), 0);
	assert_int_equal(d.ranges.n, 1);
	assert_int_equal(d.ranges.saves, 1);
	cache_release(&d);
}

static void test_ignored(void **state)
{
	size_t mlen, alen, olen;
	struct cache c;

	(void)state;
	uint8_t *m = main_file(&mlen);
	learn_more(&c, m, mlen);
	cache_ranges_settle_light(&c.ranges);
	uint8_t *a = cache_encode_added(&c, &alen);
	cache_release(&c);

	/* for another main file: one more record in it */
	struct cache o;
	cache_init(&o, 7);
	cache_load_buffer(&o, copy(m, mlen), mlen);
	add_full(&o, 8);
	uint8_t *other = cache_encode(&o, &olen);
	cache_release(&o);
	struct cache d;
	cache_init(&d, 7);
	cache_load_buffer(&d, other, olen);
	cache_load_added_buffer(&d, copy(a, alen), alen);
	assert_string_equal(d.arejected, "for another main file");
	assert_int_equal(d.count, 6);	/* 1..5 and 8 */
	assert_int_equal(lookup(&d, 6), 0);
	cache_release(&d);

	uint8_t *bad = copy(a, alen);	/* a byte flipped */
	bad[alen / 2] ^= 0x10;
	check_ignored(m, mlen, bad, alen, "checksum mismatch");
	check_ignored(m, mlen, copy(a, alen - 1), alen - 1, "checksum mismatch");
	check_ignored(m, mlen, copy(m, mlen), mlen, "not a regtrace cache's additions");

	struct cache r;	/* other rules */
	cache_init(&r, 8);
	cache_load_buffer(&r, copy(m, mlen), mlen);
	assert_string_equal(r.rejected, "other rules");
	cache_load_added_buffer(&r, copy(a, alen), alen);
	assert_string_equal(r.arejected, "no main file");
	assert_int_equal(r.count, 0);
	cache_release(&r);

	/* an additions file with fewer saves than its main file's */
	struct cache s;
	cache_init(&s, 7);
	cache_load_buffer(&s, copy(m, mlen), mlen);
	s.ranges.saves = 0;
	uint8_t *early = cache_encode_added(&s, &olen);
	cache_release(&s);
	check_ignored(m, mlen, early, olen, "corrupt range record");
	free(a);
	free(m);
}

/* When a save may be light: not when a range is to be forgotten, nor when a stored
 * range used in this run is due to be stamped again. */
static void test_light_ok(void **state)
{
	struct cache c;
	size_t mlen;

	(void)state;
	uint8_t *m = main_file(&mlen);
	cache_init(&c, 7);
	cache_load_buffer(&c, copy(m, mlen), mlen);
	assert_true(cache_ranges_light_ok(&c.ranges));	/* nothing new yet */
	for (int tip = 902; tip <= 904; tip++)	/* four ranges of base 900: all kept */
		put_range(&c, 900, tip, 1, 3);
	assert_true(cache_ranges_light_ok(&c.ranges));
	put_range(&c, 900, 905, 1, 2);	/* a fifth: the oldest, (900, 901), to be forgotten */
	assert_false(cache_ranges_light_ok(&c.ranges));
	cache_release(&c);

	cache_init(&c, 7);
	cache_load_buffer(&c, copy(m, mlen), mlen);
	c.ranges.saves = 1 + CACHE_RANGES_REFRESH - 1;
	assert_non_null(range(&c, 900, 901));	/* used 1 save ago + 6: not yet due */
	assert_true(cache_ranges_light_ok(&c.ranges));
	c.ranges.saves++;	/* due: its stamp must be written, in the main file */
	assert_false(cache_ranges_light_ok(&c.ranges));
	cache_release(&c);
	free(m);
}

/* A fresh directory for a main file (path) and its additions (apath). */
struct files {
	char dir[64], path[256], apath[300];
};

static void make_files(struct files *f)
{
	snprintf(f->dir, sizeof(f->dir), "/tmp/test_cache_added.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->path, sizeof(f->path), "%s/regtrace-cache", f->dir);
	snprintf(f->apath, sizeof(f->apath), "%s%s", f->path, CACHE_ADDED_SUFFIX);
}

static void remove_files(const struct files *f)
{
	unlink(f->apath);
	unlink(f->path);
	rmdir(f->dir);
}

/* A main file written whole at path: commits 1..200 in eight ranges (900 + i, 1000 + i)
 * of 25 each, so that one range more stays within a quarter of it. */
static void save_main(const char *path)
{
	struct cache a;
	char err[256];

	cache_init(&a, 7);
	for (int n = 1; n <= 200; n++)
		add_full(&a, n);
	for (int i = 0; i < 8; i++)
		put_range(&a, 900 + i, 1000 + i, 1 + 25 * i, 25);
	assert_int_equal(cache_save(&a, path, err, sizeof(err)), 0);
	cache_release(&a);
}

static void stat_of(const char *path, struct stat *st)
{
	assert_int_equal(lstat(path, st), 0);
}

static int exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* On files: a first save writes the main file; the next run's save writes the additions
 * and leaves the main file as it is (same inode, same bytes); a run that learned paths
 * writes the main file whole and removes the additions. */
static void test_save_files(void **state)
{
	char err[256];
	struct files f;
	struct stat m1, m2;
	struct cache b, c, d;

	(void)state;
	make_files(&f);
	save_main(f.path);
	assert_false(exists(f.apath));
	stat_of(f.path, &m1);

	cache_init(&b, 7);
	cache_load_file(&b, f.path);
	assert_non_null(range(&b, 900, 1000));
	add_full(&b, 201);
	put_range(&b, 900, 2000, 1, 26);	/* (900, 1000) after a release */
	assert_int_equal(cache_save(&b, f.path, err, sizeof(err)), 0);
	stat_of(f.path, &m2);
	assert_int_equal(m1.st_ino, m2.st_ino);
	assert_int_equal(m1.st_mtim.tv_nsec, m2.st_mtim.tv_nsec);
	assert_true(exists(f.apath));
	/* a second save of the same run, with more: light again, both kept */
	add_full(&b, 202);
	assert_int_equal(cache_save(&b, f.path, err, sizeof(err)), 0);
	cache_release(&b);

	cache_init(&c, 7);
	cache_load_file(&c, f.path);
	assert_null(c.arejected);
	assert_int_equal(c.count, 202);
	assert_int_equal(lookup(&c, 201), 1);
	assert_int_equal(lookup(&c, 202), 1);
	assert_non_null(range(&c, 900, 2000));
	assert_int_equal(c.ranges.n, 9);
	const char *dirs[] = { "mm/" };
	uint8_t id[20];
	oid(id, 26);
	cache_paths_put(&c.paths, id, dirs, 1);	/* paths: written whole */
	assert_int_equal(cache_save(&c, f.path, err, sizeof(err)), 0);
	cache_release(&c);
	stat_of(f.path, &m2);
	assert_true(m1.st_ino != m2.st_ino);
	assert_false(exists(f.apath));

	cache_init(&d, 7);
	cache_load_file(&d, f.path);
	assert_null(d.rejected);
	assert_null(d.abuf);
	assert_int_equal(d.count, 200);	/* 201 and 202 in no range: forgotten */
	assert_non_null(range(&d, 900, 1000));
	assert_non_null(range(&d, 900, 2000));
	cache_release(&d);
	remove_files(&f);
}

/* Two runs at once: B and C loaded the same main file; C saved lightly; B's save sees the
 * additions changed, takes C's records and ranges and writes the main file whole. */
static void test_two_runs(void **state)
{
	char err[256];
	struct files f;
	struct cache b, c, d;

	(void)state;
	make_files(&f);
	save_main(f.path);
	cache_init(&b, 7);
	cache_load_file(&b, f.path);
	cache_init(&c, 7);
	cache_load_file(&c, f.path);
	add_full(&c, 201);
	put_range(&c, 900, 2000, 200, 2);	/* 200 and 201 */
	assert_int_equal(cache_save(&c, f.path, err, sizeof(err)), 0);
	assert_true(exists(f.apath));
	add_full(&b, 250);
	put_range(&b, 800, 801, 250, 1);
	assert_int_equal(cache_save(&b, f.path, err, sizeof(err)), 0);
	assert_false(exists(f.apath));

	cache_init(&d, 7);
	cache_load_file(&d, f.path);
	assert_int_equal(d.count, 202);	/* 1..201 and 250 */
	assert_int_equal(lookup(&d, 201), 1);
	assert_int_equal(lookup(&d, 250), 1);
	assert_int_equal(d.ranges.n, 10);	/* A's eight, C's and B's */
	cache_release(&b);
	cache_release(&c);
	cache_release(&d);
	remove_files(&f);
}

/* Additions larger than a quarter of the main file: the save is whole. */
static void test_too_large(void **state)
{
	char err[256];
	struct files f;
	struct cache a, b;
	struct stat m1, m2;

	(void)state;
	make_files(&f);
	cache_init(&a, 7);
	for (int n = 1; n <= 8; n++)
		add_full(&a, n);
	put_range(&a, 900, 901, 1, 8);
	assert_int_equal(cache_save(&a, f.path, err, sizeof(err)), 0);
	cache_release(&a);
	stat_of(f.path, &m1);
	cache_init(&b, 7);
	cache_load_file(&b, f.path);
	for (int n = 9; n <= 12; n++)	/* half as many records again */
		add_full(&b, n);
	put_range(&b, 900, 902, 1, 12);
	assert_int_equal(cache_save(&b, f.path, err, sizeof(err)), 0);
	cache_release(&b);
	stat_of(f.path, &m2);
	assert_true(m1.st_ino != m2.st_ino);
	assert_false(exists(f.apath));
	remove_files(&f);
}

/* The file of a main cache or of its additions with everything up to its record
 * count, then 3 zero bytes and its checksum: the count read over both (for the
 * additions: those of m). */
static struct wbuf short_file(uint64_t fp, const uint8_t *m, size_t mlen)
{
	struct wbuf w = { 0 };

	wbuf_head(&w, m ? "regtrace-cache-added\n" : "regtrace-cache\n", m ? CACHE_ADDED_FORMAT : CACHE_FORMAT,
		  REGTRACE_VERSION);
	wbuf_uint(&w, fp, 8);
	if (m) {
		wbuf_uint(&w, mlen, 8);
		wbuf_bytes(&w, m + mlen - 8, 8);
	}
	wbuf_uint(&w, 0, 3);
	wbuf_seal(&w);
	return w;
}

/* The record count such a file claims: small enough to pass the count's bound? */
static int small_count(const struct wbuf *w)
{
	return rbuf_uint(&(struct rbuf){ w->b + w->len - 11, w->b + w->len, 0 }, 8) < (1ull << 56);
}

/* A file that ends inside its record count: the count is read over the checksum, and
 * the records from past it (found by fuzzing: a read out of bounds, a table of up to
 * 2^59 bytes asked for).  The fingerprint is chosen so that the count passes the
 * count's bound (1 in 256 do).  Both files are rejected. */
static void test_count_over_seal(void **state)
{
	struct cache c;
	uint64_t fp;
	struct wbuf w;
	size_t mlen;
	uint8_t *m = NULL;

	(void)state;
	for (fp = 1; (w = short_file(fp, NULL, 0)), !small_count(&w); fp++)
		free(w.b);
	cache_init(&c, fp);
	cache_load_buffer(&c, w.b, w.len);
	assert_non_null(c.rejected);
	assert_string_equal(c.rejected, "corrupt record");
	assert_int_equal(c.count, 0);
	cache_release(&c);

	for (fp = 1;; fp++) {
		m = main_file_fp(fp, &mlen);
		w = short_file(fp, m, mlen);
		if (small_count(&w))
			break;
		free(w.b);
		free(m);
	}
	cache_init(&c, fp);
	cache_load_buffer(&c, copy(m, mlen), mlen);
	assert_null(c.rejected);
	cache_load_added_buffer(&c, w.b, w.len);
	assert_non_null(c.arejected);
	assert_string_equal(c.arejected, "corrupt record");
	assert_null(c.abuf);
	assert_int_equal(c.count, 5);
	cache_release(&c);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_over_main),
		cmocka_unit_test(test_ignored),
		cmocka_unit_test(test_light_ok),
		cmocka_unit_test(test_save_files),
		cmocka_unit_test(test_two_runs),
		cmocka_unit_test(test_too_large),
		cmocka_unit_test(test_count_over_seal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
