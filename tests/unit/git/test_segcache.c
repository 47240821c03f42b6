/* Unit tests for segcache.c: the mainline cache's round trip, the tail rule, and files
 * that must be ignored whole (bad magic, checksum, version, a record out of bounds);
 * broken links and bases' own tails (kinds kept apart, their flags checked, their
 * facts kept once). */
#define _GNU_SOURCE	/* memmem */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/codec.h"
#include "cache/mainline.h"
#include "cache/save.h"
#include "base/util.h"
#include "base/version.h"
#include "test_seal.h"

static void oid(uint8_t out[20], int n)
{
	memset(out, 0, 20);
	out[0] = (uint8_t)n;
	out[19] = (uint8_t)(n * 7);
}

/* A segment FROM=from TO=to with nfix commits naming others, and every
 * commit's identity (id head k, key 1000 + k). */
static struct segment make(int from, int to, int tail, unsigned nfix)
{
	struct segment s = { .tail = tail, .ncommits = nfix + 10 };

	oid(s.from, from);
	oid(s.to, to);
	s.ident_oid = xcalloc(s.ncommits, sizeof(*s.ident_oid));
	s.ident_key = xcalloc(s.ncommits, sizeof(*s.ident_key));
	for (uint32_t k = 0; k < s.ncommits; k++) {
		s.ident_oid[k][0] = (uint8_t)k;
		s.ident_oid[k][7] = 0xee;
		s.ident_key[k] = 1000 + k;
	}
	s.v = xcalloc(nfix + 1, sizeof(*s.v));
	for (s.n = 0; s.n < nfix; s.n++) {
		struct seg_fix *f = &s.v[s.n];
		oid(f->oid, 100 + (int)s.n);
		f->facts.subject = xstrdup(s.n ? "mm: fix B" : "net: fix \"A\", again");
		f->facts.refs = xcalloc(1, sizeof(*f->facts.refs));
		f->facts.nrefs = f->facts.refs_cap = 1;
		f->facts.refs[0].kind = s.n ? MSG_REF_REVERT : MSG_REF_FIXES;
		strcpy(f->facts.refs[0].id, s.n ? "0123456789abcdef0123456789abcdef01234567" : "abcdef012345");
	}
	return s;
}

static uint8_t *encoded(struct segcache *c, size_t *len)
{
	struct segment a = make(1, 2, 0, 2), b = make(2, 3, 1, 1);

	segcache_init(c);
	segcache_add(c, &a);
	segcache_add(c, &b);
	return segcache_encode(c, len);
}

static void test_round_trip(void **state)
{
	struct segcache c, d;
	uint8_t from[20], to[20];
	size_t len;
	uint8_t *buf = encoded(&c, &len);

	(void)state;
	assert_true(c.dirty);
	segcache_init(&d);
	segcache_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	assert_false(d.dirty);
	assert_int_equal(d.n, 2);
	oid(from, 1);
	oid(to, 2);
	struct segment *s = segcache_find(&d, from, to);
	assert_non_null(s);
	assert_false(s->tail);
	assert_int_equal(s->ncommits, 12);
	assert_int_equal(s->n, 2);
	assert_string_equal(s->v[0].facts.subject, "net: fix \"A\", again");
	assert_int_equal(s->v[0].facts.refs[0].kind, MSG_REF_FIXES);
	assert_string_equal(s->v[0].facts.refs[0].id, "abcdef012345");
	assert_int_equal(s->v[1].facts.refs[0].kind, MSG_REF_REVERT);
	assert_int_equal(s->v[1].oid[0], 101);
	assert_non_null(s->ident_oid);	/* every commit's identity */
	assert_int_equal(s->ident_oid[11][0], 11);
	assert_int_equal(s->ident_oid[11][7], 0xee);
	assert_int_equal(s->ident_key[11], 1011);
	assert_int_equal(s->ident_key[0], 1000);
	oid(from, 2);
	oid(to, 3);
	assert_non_null(s = segcache_find(&d, from, to));
	assert_true(s->tail);
	oid(to, 4);
	assert_null(segcache_find(&d, from, to));	/* no such segment */
	/* encoding what was loaded gives the same bytes */
	size_t len2;
	uint8_t *again = segcache_encode(&d, &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(buf, again, len);
	free(again);
	free(buf);
	segcache_release(&c);
	segcache_release(&d);
}

static void test_tail_replaced(void **state)
{
	struct segcache c;
	struct segment t1 = make(5, 6, 1, 1), t2 = make(5, 7, 1, 0), plain = make(5, 8, 0, 0);
	uint8_t from[20], to[20];

	(void)state;
	segcache_init(&c);
	segcache_add(&c, &t1);
	segcache_add(&c, &plain);
	segcache_add(&c, &t2);	/* the branch moved on: replaces t1, keeps plain */
	assert_int_equal(c.n, 2);
	oid(from, 5);
	oid(to, 6);
	assert_null(segcache_find(&c, from, to));
	oid(to, 7);
	assert_non_null(segcache_find(&c, from, to));
	oid(to, 8);
	assert_non_null(segcache_find(&c, from, to));
	segcache_release(&c);
}

/* Load buf after damage: must be rejected whole with reason why. */
static void expect_rejected(const uint8_t *buf, size_t len, const char *why)
{
	struct segcache d;

	segcache_init(&d);
	segcache_load_buffer(&d, buf, len);
	assert_non_null(d.rejected);
	assert_string_equal(d.rejected, why);
	assert_int_equal(d.n, 0);
	segcache_release(&d);
}

/* buf, changed in place, sealed again (so that the checksum passes) and rejected for why */
static void expect_resealed_rejected(uint8_t *buf, size_t len, const char *why)
{
	reseal(buf, len);
	expect_rejected(buf, len, why);
}

static void test_rejected(void **state)
{
	struct segcache c;
	size_t len, vpos = strlen("regtrace-mainline-cache\n") + 4 + 4;
	uint8_t *buf = encoded(&c, &len), *bad = malloc(len);

	(void)state;
	memcpy(bad, buf, len);
	bad[len / 2] ^= 1;
	expect_rejected(bad, len, "checksum mismatch");
	expect_rejected(buf, len - 1, "checksum mismatch");	/* cut short */
	memcpy(bad, buf, len);
	bad[0] = 'R';
	expect_rejected(bad, len, "not a regtrace mainline cache");
	memcpy(bad, buf, len);
	bad[vpos] ^= 1;		/* another tool version, correctly sealed */
	expect_resealed_rejected(bad, len, "another version");
	memcpy(bad, buf, len);
	/* inside the last record (before the last segment's 11 identities of
	 * 12 bytes: the length of its subject), sealed again */
	bad[len - 9 - 11 * 12] ^= 0x40;
	expect_resealed_rejected(bad, len, "corrupt segment");
	expect_rejected((const uint8_t *)"", 0, "not a regtrace mainline cache");
	free(bad);
	free(buf);
	segcache_release(&c);
}

/* A broken link and a base's own tail: each found only as what it is, a
 * base's tail replacing the base's older tail and no tail of a chain. */
static void test_kinds(void **state)
{
	struct segcache c, d;
	struct segment chain_tail = make(5, 6, 1, 1), own = make(5, 6, 1, 2),
		       own_new = make(5, 7, 1, 0), broken = { .broken = 1 };
	uint8_t from[20], to[20];
	size_t len;

	(void)state;
	own.alone = own_new.alone = 1;
	own_new.newest = 1700000000;
	memset(own_new.newest_id, 0xab, 20);
	oid(broken.from, 8);
	oid(broken.to, 9);
	segcache_init(&c);
	segcache_add(&c, &chain_tail);
	segcache_add(&c, &own);
	segcache_add(&c, &broken);
	oid(from, 5);
	oid(to, 6);
	assert_int_equal(segcache_find(&c, from, to)->n, 1);	/* the chain's */
	assert_int_equal(segcache_find_alone(&c, from, to)->n, 2);	/* the base's */
	segcache_add(&c, &own_new);	/* replaces the base's tail only */
	assert_int_equal(c.n, 3);
	assert_null(segcache_find_alone(&c, from, to));
	assert_non_null(segcache_find(&c, from, to));
	uint8_t *buf = segcache_encode(&c, &len);
	segcache_init(&d);
	segcache_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	oid(to, 7);
	assert_null(segcache_find(&d, from, to));
	struct segment *s = segcache_find_alone(&d, from, to);
	assert_non_null(s);
	assert_true(s->alone && s->tail && !s->broken);
	assert_int_equal(s->newest, 1700000000);	/* its greatest (date, id) */
	assert_int_equal(s->newest_id[19], 0xab);
	assert_ptr_equal(segcache_find_alone_from(&d, from), s);	/* to any tip */
	assert_non_null(s = segcache_find_tail_from(&d, from));	/* the chain's */
	assert_false(s->alone);
	oid(from, 8);
	oid(to, 9);
	assert_null(segcache_find_alone(&d, from, to));
	assert_non_null(s = segcache_find(&d, from, to));
	assert_true(s->broken && !s->alone && !s->tail);
	assert_int_equal(s->ncommits, 0);
	segcache_release(&d);
	segcache_release(&c);
	free(buf);
}

/* Flags a file may not hold: a broken link with commits, an unknown bit, a
 * base's own mainline that is no tail, a broken base's tail, an unknown bit
 * again, dates for a link or for a base's own tail. */
static void test_kinds_rejected(void **state)
{
	struct segcache c;
	struct segment one = make(1, 2, 1, 0);
	size_t len, flags = strlen("regtrace-mainline-cache\n") + 4 + 4 + strlen(REGTRACE_VERSION) +
			    4 + 4 + 40;	/* head, pool (none), count, from and to */

	(void)state;
	segcache_init(&c);
	segcache_add(&c, &one);
	uint8_t *buf = segcache_encode(&c, &len);
	const uint8_t bad[] = { 1 | 2, 8 | 1, 4, 1 | 2 | 4, 32 | 1, 16, 16 | 1 | 4 };
	for (size_t i = 0; i < sizeof(bad); i++) {
		buf[flags] = bad[i];
		expect_resealed_rejected(buf, len, "corrupt segment");
	}
	free(buf);
	segcache_release(&c);
}

/* A chain's tail keeps its commits' dates (format 12: the run after its branch moved on
 * extends it, git/mainline_extend.h); a link of the chain keeps none, even when given. */
static void test_tail_times(void **state)
{
	struct segcache c, d;
	struct segment tail = make(1, 2, 1, 1), link = make(3, 4, 0, 0);
	uint8_t from[20], to[20];
	size_t len;

	(void)state;
	tail.time = xmalloc(tail.ncommits * sizeof(*tail.time));
	for (uint32_t k = 0; k < tail.ncommits; k++)
		tail.time[k] = 1500000000 + (int64_t)k * 3600 - (k == 3 ? 86400 : 0);
	link.time = xcalloc(link.ncommits, sizeof(*link.time));
	segcache_init(&c);
	segcache_add(&c, &tail);
	segcache_add(&c, &link);
	uint8_t *buf = segcache_encode(&c, &len);
	segcache_init(&d);
	segcache_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	oid(from, 1);
	oid(to, 2);
	struct segment *s = segcache_find(&d, from, to);
	assert_non_null(s);
	assert_non_null(s->time);
	assert_int_equal(s->time[0], 1500000000);
	assert_int_equal(s->time[3], 1500000000 + 3 * 3600 - 86400);
	assert_int_equal(s->time[10], 1500000000 + 10 * 3600);
	oid(from, 3);
	oid(to, 4);
	assert_non_null(s = segcache_find(&d, from, to));
	assert_null(s->time);
	/* the same bytes said of a link: refused (dates are a tail's alone) */
	size_t flags = strlen("regtrace-mainline-cache\n") + 4 + 4 + strlen(REGTRACE_VERSION) +
		       4 + 4 + 40;	/* head, pool (none), count, from and to */
	assert_int_equal(buf[flags], 16 | 1);
	buf[flags] = 16;
	expect_resealed_rejected(buf, len, "corrupt segment");
	free(buf);
	segcache_release(&c);
	segcache_release(&d);
}

/* Bases' own tails that hold the same commits: each commit's facts are in the file
 * once, and the tails loaded share them (the cache's pool keeps them: released with it,
 * never with a tail); a tail naming a place past the pool is rejected. */
static void test_pool(void **state)
{
	struct segcache c, d;
	struct segment older = make(5, 6, 1, 2), newer = make(9, 6, 1, 1), chain = make(1, 2, 0, 1);
	uint8_t from[20], to[20];
	size_t len, len2;

	(void)state;
	older.alone = newer.alone = 1;
	segcache_init(&c);
	segcache_add(&c, &older);
	segcache_add(&c, &newer);
	segcache_add(&c, &chain);	/* (a chain's segment holds its own) */
	uint8_t *buf = segcache_encode(&c, &len);
	size_t seen = 0;
	const char *a = "net: fix \"A\", again";
	for (size_t i = 0; i + strlen(a) <= len; i++)
		seen += !memcmp(buf + i, a, strlen(a));
	assert_int_equal(seen, 2);	/* the pool's and the chain segment's */
	segcache_init(&d);
	segcache_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	oid(from, 5);
	oid(to, 6);
	struct segment *o = segcache_find_alone(&d, from, to);
	oid(from, 9);
	struct segment *n = segcache_find_alone(&d, from, to);
	assert_non_null(o);
	assert_non_null(n);
	assert_int_equal(o->n, 2);
	assert_int_equal(n->n, 1);
	assert_memory_equal(o->v[0].oid, n->v[0].oid, 20);
	assert_string_equal(n->v[0].facts.subject, a);
	assert_ptr_equal(o->v[0].facts.subject, n->v[0].facts.subject);	/* shared */
	assert_true(o->v[0].shared && n->v[0].shared && o->v[1].shared);
	assert_int_equal(d.npools, 1);
	struct segment *ch = NULL;
	for (size_t i = 0; i < d.n; i++)
		if (!d.v[i].alone)
			ch = &d.v[i];
	assert_non_null(ch);
	assert_false(ch->v[0].shared);	/* (a chain's segment holds its own) */
	assert_string_equal(o->v[1].facts.refs[0].id, "0123456789abcdef0123456789abcdef01234567");
	assert_int_equal(o->v[1].facts.refs[0].kind, MSG_REF_REVERT);
	segment_release(o);	/* a tail gone: the pool's facts stay for the other */
	assert_string_equal(n->v[0].facts.subject, a);
	segcache_release(&d);
	segcache_init(&d);
	segcache_load_buffer(&d, buf, len);
	uint8_t *again = segcache_encode(&d, &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(buf, again, len);
	free(again);
	segcache_release(&d);
	free(buf);
	segcache_release(&c);

	/* one tail of one commit, its place in the pool (the last 4 bytes before its
	 * 11 identities) made 1: past the pool's one entry */
	struct segment lone = make(5, 6, 1, 1);
	lone.alone = 1;
	segcache_init(&c);
	segcache_add(&c, &lone);
	buf = segcache_encode(&c, &len);
	assert_int_equal(buf[len - 8 - 11 * 12 - 4], 0);
	buf[len - 8 - 11 * 12 - 4] = 1;
	expect_resealed_rejected(buf, len, "corrupt segment");
	free(buf);
	segcache_release(&c);
}

/* A save written by a thread of its own: the file holds the cache as it was when the
 * save was asked for, whatever is added after; once written, the cache knows the file as
 * the one it loaded (its stamp), and the next save writes what it holds. */
static void test_save_soon(void **state)
{
	char path[] = "/tmp/test_segcache.XXXXXX", err[256];
	struct segcache c, d;
	struct segment s1 = make(1, 2, 0, 1), s2 = make(2, 3, 0, 1), t1 = make(3, 4, 1, 0),
		       t2 = make(3, 5, 1, 0);
	uint8_t from[20], to[20];
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	segcache_init(&c);
	segcache_add(&c, &s1);
	segcache_add(&c, &t1);
	assert_int_equal(segcache_save_soon(&c, path, err, sizeof(err)), 0);
	segcache_add(&c, &s2);	/* after the save: not in the file */
	segcache_add(&c, &t2);	/* replaces t1 in the cache, not in the file */
	cache_writes_wait();
	segcache_init(&d);
	segcache_load_file(&d, path);
	assert_null(d.rejected);
	assert_int_equal(d.n, 2);
	oid(from, 3);
	oid(to, 4);
	assert_non_null(segcache_find(&d, from, to));
	segcache_release(&d);
	/* the file written is the one c knows as loaded: the next save merges nothing */
	struct blobfile_stamp now;
	blobfile_stamp(path, &now);
	assert_true(blobfile_same(&c.loaded, &now));
	assert_int_equal(segcache_save(&c, path, err, sizeof(err)), 0);
	segcache_init(&d);
	segcache_load_file(&d, path);
	assert_int_equal(d.n, 3);
	assert_null(segcache_find(&d, from, to));
	oid(to, 5);
	assert_non_null(segcache_find(&d, from, to));
	segcache_release(&d);
	segcache_release(&c);
	unlink(path);
}

/* Issue 15.8: two runs at once.  Run B loaded the file; run C saved more segments to it
 * since; B's save keeps C's segments and adds its own (the last writer used to win, so a
 * small run could throw away what a big one had saved). */
static void test_save_merges(void **state)
{
	char path[] = "/tmp/test_segcache.XXXXXX", err[256];
	struct segcache b, c, d;
	struct segment s1 = make(1, 2, 0, 1), s2 = make(2, 3, 0, 1), s3 = make(3, 4, 0, 2),
		       s4 = make(4, 5, 1, 1);
	uint8_t from[20], to[20];
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	segcache_init(&b);
	segcache_add(&b, &s1);
	assert_int_equal(segcache_save(&b, path, err, sizeof(err)), 0);
	segcache_release(&b);

	segcache_init(&b);
	segcache_load_file(&b, path);		/* B: s1 */
	segcache_init(&c);
	segcache_load_file(&c, path);		/* C: s1 */
	segcache_add(&c, &s3);
	segcache_add(&c, &s4);
	assert_int_equal(segcache_save(&c, path, err, sizeof(err)), 0);	/* s1 s3 s4 */
	segcache_add(&b, &s2);
	assert_int_equal(segcache_save(&b, path, err, sizeof(err)), 0);	/* s1 s2 + s3 s4 */

	segcache_init(&d);
	segcache_load_file(&d, path);
	assert_null(d.rejected);
	assert_int_equal(d.n, 4);
	for (int k = 1; k <= 4; k++) {
		oid(from, k);
		oid(to, k + 1);
		assert_non_null(segcache_find(&d, from, to));
	}
	segcache_release(&b);
	segcache_release(&c);
	segcache_release(&d);
	unlink(path);
}

/* A base's own tail FROM..TIP 6 of the commits first..last-1 of one line (commit k: id
 * head k, key 2000 + k), every fourth naming others (id 150 + k). */
static struct segment line_tail_to(int from, uint32_t first, uint32_t last)
{
	struct segment s = { .tail = 1, .alone = 1, .ncommits = last - first, .newest = 7 };

	oid(s.from, from);
	oid(s.to, 6);
	s.ident_oid = xcalloc(s.ncommits + 1, sizeof(*s.ident_oid));
	s.ident_key = xcalloc(s.ncommits + 1, sizeof(*s.ident_key));
	s.v = xcalloc(s.ncommits + 1, sizeof(*s.v));
	for (uint32_t k = first; k < last; k++) {
		s.ident_oid[k - first][0] = (uint8_t)k;
		s.ident_oid[k - first][1] = (uint8_t)(k >> 8);
		s.ident_oid[k - first][5] = 0x5a;
		s.ident_key[k - first] = 2000 + k;
		if (k % 4)
			continue;
		struct seg_fix *f = &s.v[s.n++];
		oid(f->oid, 150 + (int)k);
		f->oid[1] = (uint8_t)(k >> 8);
		f->facts.subject = xstrdup("fix");
		f->facts.refs = xcalloc(1, sizeof(*f->facts.refs));
		f->facts.nrefs = f->facts.refs_cap = 1;
		f->facts.refs[0].kind = MSG_REF_FIXES;
		strcpy(f->facts.refs[0].id, "abcdef012345");
	}
	return s;
}

static struct segment line_tail(int from, uint32_t first)
{
	return line_tail_to(from, first, 40);
}

/* Format 10: a base's own tail that ends the longest tail of its tip is written as that
 * tail's index, and read back as the same commits; one that does not end it is held whole.
 * A reference to a shorter tail, to itself or past the segments is a corrupt file. */
static void test_tail_references(void **state)
{
	struct segcache c, d;
	struct segment longest = line_tail(1, 0), other = line_tail(3, 30), end = line_tail(2, 10);
	uint8_t from[20], to[20];
	size_t len, len2;

	(void)state;
	other.ident_key[0] = 1;		/* commit 30, another key: no end of the longest */
	segcache_init(&c);
	segcache_add(&c, &longest);
	segcache_add(&c, &other);
	segcache_add(&c, &end);		/* the last segment of the file */
	uint8_t *buf = segcache_encode(&c, &len);
	/* the end's record: from, to, flags, newest date and id, counts, and the index */
	assert_int_equal(buf[len - 8 - 4 - 4 - 4 - 20 - 8 - 1], 1 | 4 | 8);
	assert_int_equal(buf[len - 8 - 4], 0);	/* the longest: segment 0 */
	segcache_init(&d);
	segcache_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	oid(to, 6);
	oid(from, 2);
	struct segment *e = segcache_find_alone(&d, from, to);
	oid(from, 1);
	struct segment *l = segcache_find_alone(&d, from, to);
	assert_non_null(e);
	assert_non_null(l);
	assert_int_equal(e->ncommits, 30);
	assert_int_equal(e->n, 7);	/* 12, 16, ... 36 */
	assert_int_equal(e->newest, 7);
	for (uint32_t k = 0; k < 30; k++) {
		assert_int_equal(e->ident_oid[k][0], 10 + k);
		assert_int_equal(e->ident_key[k], 2010 + k);
	}
	assert_memory_equal(e->v[0].oid, l->v[l->n - 7].oid, 20);
	assert_string_equal(e->v[6].facts.refs[0].id, "abcdef012345");
	assert_true(segment_ends(e, l));
	/* read, not copied: the end borrows the longest one's arrays, which the cache holds */
	assert_true(e->borrowed && l->borrowed);
	assert_ptr_equal(e->ident_oid, l->ident_oid + (l->ncommits - 30));
	assert_ptr_equal(e->ident_key, l->ident_key + (l->ncommits - 30));
	assert_ptr_equal(e->v, l->v + (l->n - 7));
	assert_int_equal(d.nowners, 1);
	uint8_t *again = segcache_encode(&d, &len2);	/* the same bytes again */
	assert_int_equal(len, len2);
	assert_memory_equal(buf, again, len);
	free(again);
	/* owned before growing: copies, the facts still the owner's */
	segment_own(e);
	assert_false(e->borrowed);
	assert_ptr_not_equal(e->ident_oid, l->ident_oid + (l->ncommits - 30));
	assert_true(e->v[6].shared);
	assert_ptr_equal(e->v[6].facts.refs, l->v[l->n - 1].facts.refs);
	assert_true(segment_ends(e, l));
	e->ident_key = xrealloc(e->ident_key, 31 * sizeof(*e->ident_key));	/* its own */
	segment_own(e);		/* (owned already: nothing done) */
	segcache_release(&d);	/* (each array freed once: the sanitizers' run) */
	/* held whole (one key changed: no end), it takes its 30 commits' 12 bytes and its
	 * 7 places in the pool instead of the 4-byte index */
	struct segcache h;
	struct segment l2 = line_tail(1, 0), o2 = line_tail(3, 30), e2 = line_tail(2, 10);
	o2.ident_key[0] = 1;
	e2.ident_key[29] = 1;
	segcache_init(&h);
	segcache_add(&h, &l2);
	segcache_add(&h, &o2);
	segcache_add(&h, &e2);
	uint8_t *whole = segcache_encode(&h, &len2);
	assert_int_equal(len2, len + 30 * 12 + 7 * 4 - 4);
	assert_int_equal(whole[len2 - 8 - 30 * 12 - 7 * 4 - 4 - 4 - 20 - 8 - 1], 1 | 4);
	free(whole);
	segcache_release(&h);
	/* the index made 1 (the other tail, shorter), 2 (itself), 3 (past the end) */
	for (uint8_t bad = 1; bad <= 3; bad++) {
		buf[len - 8 - 4] = bad;
		expect_resealed_rejected(buf, len, "corrupt segment");
	}
	/* and UINT32_MAX, "no lender": the end would be left without its 30 commits, which an
	 * encoder then wrote as zeros (fuzz_segcache: a crafted count made that 1 GB) */
	memset(buf + len - 8 - 4, 0xff, 4);
	expect_resealed_rejected(buf, len, "corrupt segment");
	free(buf);
	segcache_release(&c);
}

/* A file of references costs its reader at most 32 times its length: a crafted one that
 * repeats a reference to a long tail 300 times is rejected; the encoder, given 300 such
 * tails, holds some whole to stay within it, and they all read back. */
static void test_reference_budget(void **state)
{
	struct segcache c, d;
	struct segment longest = line_tail_to(1, 0, 1200), end = line_tail_to(2, 1, 1200);
	size_t len;

	(void)state;
	segcache_init(&c);
	segcache_add(&c, &longest);
	segcache_add(&c, &end);
	uint8_t *buf = segcache_encode(&c, &len);
	assert_int_equal(buf[len - 8 - 81 + 40], 1 | 4 | 8);	/* the end: a reference */
	/* 300 copies of its 81-byte record, the segment count (before the first
	 * record, which starts with the longest's from) made 301 */
	uint8_t first[20];
	oid(first, 1);
	uint8_t *rec0 = memmem(buf, len, first, 20);
	assert_non_null(rec0);
	size_t count_at = (size_t)(rec0 - buf) - 4, big = len + 299 * 81;
	uint8_t *crafted = malloc(big);
	memcpy(crafted, buf, len - 8);
	for (int k = 1; k < 300; k++)
		memcpy(crafted + len - 8 + (size_t)(k - 1) * 81, buf + len - 8 - 81, 81);
	crafted[count_at] = 301 & 0xff;
	crafted[count_at + 1] = 301 >> 8;
	expect_resealed_rejected(crafted, big, "references past the file's budget");
	free(crafted);
	free(buf);
	segcache_release(&c);

	/* 300 tails ending the longest, from 300 bases: within the budget, each read back */
	segcache_init(&c);
	longest = line_tail_to(1, 0, 1200);
	segcache_add(&c, &longest);
	for (int b = 0; b < 300; b++) {
		struct segment e = line_tail_to(1000 + b, 1 + (uint32_t)b % 7, 1200);
		oid(e.from, 0);
		e.from[2] = (uint8_t)b;
		e.from[3] = (uint8_t)(b >> 8);
		segcache_add(&c, &e);
	}
	buf = segcache_encode(&c, &len);
	segcache_init(&d);
	segcache_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	assert_int_equal(d.n, 301);
	for (size_t i = 1; i < d.n; i++) {
		assert_true(segment_ends(&d.v[i], &d.v[0]));
		assert_int_equal(d.v[i].ncommits, 1200 - (1 + (i - 1) % 7));
	}
	/* all 300 held whole: 300 times 14 KB; all referenced: 32 times the file would not
	 * cover their 15 MB; so between: some of each */
	assert_true(len > 10 * 14000);
	assert_true(len < 150 * 14000);
	free(buf);
	segcache_release(&d);
	segcache_release(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_tail_replaced),
		cmocka_unit_test(test_rejected),
		cmocka_unit_test(test_save_merges),
		cmocka_unit_test(test_save_soon),
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_kinds_rejected),
		cmocka_unit_test(test_tail_times),
		cmocka_unit_test(test_pool),
		cmocka_unit_test(test_tail_references),
		cmocka_unit_test(test_reference_budget),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
