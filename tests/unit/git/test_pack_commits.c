/* Unit tests for git/pack_commits.c over a pack and index made here, byte by byte as git
 * writes them (pack version 2, index version 2): three commits stored whole, one stored as
 * a delta of the second (by offset, or by id), a tree (as a tag's tree is written among the
 * commits when git repacks), a commit after it, then PACK_TIPS_RUN trees in a row and a
 * commit after those.  The commits found are the four stored whole before the run, in pack
 * order, each read back as the bytes compressed; the delta reads as its base with the delta
 * applied; the trees do not read, nor does a delta that does not fit its base, whose base
 * is a tree, missing or before the pack's start, or that is its own base (the commit after
 * the run still reads when asked).  An object is found by its id (pack_file_find), an id the pack lacks
 * is not, in this pack and among 6,000 ids with a dense first byte and ids alike in their
 * first eight bytes.  The pack order is the .rev file's when it fits (one listing a different order is
 * followed), else the sorted offsets.  Damage gives nothing and never reads outside the
 * buffers: a decreasing fan-out, another index version, a pack of another object count or
 * checksum, an offset past the pack, a large offset the index lacks, a size the stream does
 * not end at, a flipped byte in a stream, a size over PACK_COMMIT_MAX. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "git/pack_commits.h"

#define FIRST 6				/* the objects before the run of trees */
#define LAST (FIRST + PACK_TIPS_RUN)	/* the commit after the run */
#define NOBJ (LAST + 1)
#define CAP 16384

static const char *first_texts[FIRST] = {
	"tree 1111111111111111111111111111111111111111\n"
	"author A <a@x> 1700000000 +0000\ncommitter A <a@x> 1700000000 +0000\n\nnewest\n",
	"tree 2222222222222222222222222222222222222222\nparent 3333333333333333333333333333333333333333\n"
	"author B <b@x> 1600000000 +0000\ncommitter B <b@x> 1600000000 +0000\n\nmiddle\n"
	/* (long enough that the delta's base is 128 bytes back or more) */
	"a4c123b1612dd272d1371c17149d439536b3216fdaeeb975729fae923d5a4fd12aabfe228f219e9c\n"
	"b0eb53f16947ccf25ec84d8dbc74254770f58904dba41ecccc3fc1626e53a13043b026c48bbf33fe\n"
	"ff9243a8f506b40928b5b7a767c76fb008f86bebb2737f6a6f0fb23c6f5da2cec255404e4fb44003\n"
	"4d6608697a8d41bed440e50454f31af3176813e02ea68ef786e4d3cea27d26934b484e73cf575dca\n",
	NULL,	/* the delta: delta_bytes() */
	"tree 4444444444444444444444444444444444444444\n"
	"author C <c@x> 1500000000 +0000\ncommitter C <c@x> 1500000000 +0000\n\noldest\n",
	"(tree bytes)",
	"tree 5555555555555555555555555555555555555555\n"
	"author D <d@x> 1400000000 +0000\ncommitter D <d@x> 1400000000 +0000\n\nafter the tree\n",
};
/* in pack order: commit, commit, OFS_DELTA, commit, tree, commit, the run, commit */
static const int first_types[FIRST] = { 1, 1, 6, 1, 2, 1 };
/* ids: object k's first byte, so that index order differs from pack order */
static const uint8_t first_bytes[FIRST] = { 0x90, 0x10, 0x50, 0xa0, 0x20, 0x30 };

/* What the delta makes of the second commit: its headers, another message. */
static const char *delta_made(void)
{
	static char out[512];
	const char *base = first_texts[1];
	size_t keep = (size_t)(strstr(base, "\n\n") - base) + 2;

	memcpy(out, base, keep);
	strcpy(out + keep, "made by a delta\n");
	return out;
}

/* The delta of the second commit that makes delta_made(): the base's size, the
 * result's, a copy of the base's headers, the new message inserted.  how: 0 as git
 * writes it; 1 a copy past the base's end; 2 a base size that is not the base's; 3 a
 * result size one more than it makes. */
static size_t delta_bytes(uint8_t *d, int how)
{
	const char *base = first_texts[1], *made = delta_made();
	size_t blen = strlen(base), mlen = strlen(made), keep = (size_t)(strstr(made, "made by") - made);
	size_t n = 0;

	d[n++] = (uint8_t)(0x80 | ((blen + (how == 2)) & 0x7f));
	d[n++] = (uint8_t)((blen + (how == 2)) >> 7);
	d[n++] = (uint8_t)(0x80 | ((mlen + (how == 3)) & 0x7f));
	d[n++] = (uint8_t)((mlen + (how == 3)) >> 7);
	size_t from = how == 1 ? blen - keep + 1 : 0;
	d[n++] = 0x80 | 0x01 | 0x02 | 0x10;	/* copy: two bytes of offset, one of size */
	d[n++] = (uint8_t)from;
	d[n++] = (uint8_t)(from >> 8);
	d[n++] = (uint8_t)keep;
	d[n++] = (uint8_t)(mlen - keep);	/* insert the message */
	memcpy(d + n, made + keep, mlen - keep);
	return n + mlen - keep;
}

static const char *text_of(int k)
{
	if (k == 2)
		return delta_made();
	if (k < FIRST)
		return first_texts[k];
	return k < LAST ? "(a tree of the run)"
			: "tree 6666666666666666666666666666666666666666\n"
			  "author E <e@x> 1300000000 +0000\ncommitter E <e@x> 1300000000 +0000\n\n"
			  "after the run\n";
}

static int type_of(int k)
{
	return k < FIRST ? first_types[k] : k < LAST ? 2 : 1;
}

static uint8_t byte_of(int k)
{
	return k < FIRST ? first_bytes[k] : (uint8_t)(0xb0 + (k - FIRST));
}

struct made {
	uint8_t pack[CAP], idx[CAP], rev[CAP];
	size_t packlen, idxlen, revlen;
	size_t off[NOBJ], data[NOBJ], zlen[NOBJ];
	uint32_t pos[NOBJ];	/* object k's index position */
};

static void put32(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)(v >> 24);
	b[1] = (uint8_t)(v >> 16);
	b[2] = (uint8_t)(v >> 8);
	b[3] = (uint8_t)v;
}

static void oid_of(uint8_t out[20], int k)
{
	memset(out, 0x77, 20);
	out[0] = byte_of(k);
}

/* The delta's forms (make_with). */
enum delta_form { BY_OFFSET, BY_ID, PAST_BASE, BASE_SIZE, RESULT_SIZE, BASE_A_TREE,
		  BASE_MISSING, OWN_BASE, BEFORE_THE_PACK };

/* The pack and its index (and .rev) of the objects above, the delta in form f. */
static void make_with(struct made *m, enum delta_form f)
{
	size_t at = 12;
	uint8_t delta[512];
	size_t dlen = delta_bytes(delta, f == PAST_BASE ? 1 : f == BASE_SIZE ? 2 :
					 f == RESULT_SIZE ? 3 : 0);
	int ref = f == BY_ID || f == BASE_A_TREE || f == BASE_MISSING || f == OWN_BASE;

	memset(m, 0, sizeof(*m));
	memcpy(m->pack, "PACK", 4);
	put32(m->pack + 4, 2);
	put32(m->pack + 8, NOBJ);
	for (int k = 0; k < NOBJ; k++) {
		const uint8_t *bytes = k == 2 ? delta : (const uint8_t *)text_of(k);
		size_t size = k == 2 ? dlen : strlen(text_of(k)), len = size;
		int type = k == 2 && ref ? 7 : type_of(k);
		m->off[k] = at;
		m->pack[at] = (uint8_t)(type << 4 | (size & 15) | 0x80);
		size >>= 4;
		at++;
		while (size > 127) {
			m->pack[at++] = (uint8_t)(0x80 | (size & 127));
			size >>= 7;
		}
		m->pack[at++] = (uint8_t)size;
		if (type == 6) {	/* the base's offset back, as git encodes it */
			size_t back = f == BEFORE_THE_PACK ? m->off[k] + 5 : m->off[k] - m->off[1];
			uint8_t b[16];
			unsigned pos = sizeof(b) - 1;
			b[pos] = (uint8_t)(back & 127);
			while (back >>= 7)
				b[--pos] = (uint8_t)(128 | (--back & 127));
			memcpy(m->pack + at, b + pos, sizeof(b) - pos);
			at += sizeof(b) - pos;
		}
		if (type == 7) {	/* the base's id */
			oid_of(m->pack + at, f == OWN_BASE ? 2 : f == BASE_A_TREE ? 4 : 1);
			if (f == BASE_MISSING)
				m->pack[at + 19] ^= 1;
			at += 20;
		}
		m->data[k] = at;
		uLongf zl = CAP - at;
		assert_int_equal(compress2(m->pack + at, &zl, bytes, len, 9), Z_OK);
		m->zlen[k] = zl;
		at += zl;
	}
	memset(m->pack + at, 0xcd, 20);	/* the pack's checksum (not computed) */
	m->packlen = at + 20;

	/* index order: by id */
	int order[NOBJ];
	for (int k = 0; k < NOBJ; k++)
		order[k] = k;
	for (int i = 0; i < NOBJ; i++)
		for (int j = i + 1; j < NOBJ; j++)
			if (byte_of(order[j]) < byte_of(order[i])) {
				int t = order[i];
				order[i] = order[j];
				order[j] = t;
			}
	memcpy(m->idx, "\377tOc", 4);
	put32(m->idx + 4, 2);
	for (int b = 0; b < 256; b++) {
		uint32_t c = 0;
		for (int k = 0; k < NOBJ; k++)
			c += byte_of(k) <= b;
		put32(m->idx + 8 + 4 * b, c);
	}
	uint8_t *ids = m->idx + 8 + 1024, *crcs = ids + 20 * NOBJ, *offs = crcs + 4 * NOBJ;
	for (int p = 0; p < NOBJ; p++) {
		oid_of(ids + 20 * p, order[p]);
		put32(offs + 4 * p, (uint32_t)m->off[order[p]]);
		m->pos[order[p]] = (uint32_t)p;
	}
	memset(offs + 4 * NOBJ, 0xcd, 20);	/* the pack's checksum, as the pack ends */
	memset(offs + 4 * NOBJ + 20, 0xee, 20);
	m->idxlen = (size_t)(offs + 4 * NOBJ + 40 - m->idx);

	memcpy(m->rev, "RIDX", 4);
	put32(m->rev + 4, 1);
	put32(m->rev + 8, 1);
	for (int k = 0; k < NOBJ; k++)
		put32(m->rev + 12 + 4 * k, m->pos[k]);
	memset(m->rev + 12 + 4 * NOBJ, 0xcd, 20);
	memset(m->rev + 12 + 4 * NOBJ + 20, 0xab, 20);
	m->revlen = 12 + 4 * NOBJ + 40;
}

static void make(struct made *m)
{
	make_with(m, BY_OFFSET);
}

static int open_made(struct pack_file *p, struct made *m, int with_rev)
{
	return pack_file_from(p, m->idx, m->idxlen, m->pack, m->packlen,
			      with_rev ? m->rev : NULL, with_rev ? m->revlen : 0);
}

/* The four commits before the run of trees, in pack order, each read back whole; each
 * object found by its id. */
static void check_found(struct made *m, int with_rev)
{
	struct pack_file p;
	struct pack_reader r = { 0 };
	uint32_t *pos = NULL;
	const int want[4] = { 0, 1, 3, 5 };

	assert_int_equal(open_made(&p, m, with_rev), 0);
	assert_int_equal(p.n, NOBJ);
	assert_true((p.rev != NULL) == (with_rev != 0));
	assert_int_equal(pack_file_commits(&p, &pos), 4);
	for (int i = 0; i < 4; i++) {
		uint8_t id[20];
		assert_int_equal(pos[i], m->pos[want[i]]);
		oid_of(id, want[i]);
		assert_memory_equal(pack_file_oid(&p, pos[i]), id, 20);
		long len = pack_read_commit(&p, pos[i], &r);
		assert_int_equal(len, (long)strlen(text_of(want[i])));
		assert_memory_equal(r.buf, text_of(want[i]), (size_t)len);
	}
	/* the delta reads as the commit it makes, the trees do not; the commit after the
	 * run reads */
	assert_int_equal(pack_read_commit(&p, m->pos[2], &r), (long)strlen(delta_made()));
	assert_string_equal(r.buf, delta_made());
	assert_int_equal(pack_read_commit(&p, m->pos[4], &r), -1);
	assert_int_equal(pack_read_commit(&p, m->pos[FIRST], &r), -1);
	assert_int_equal(pack_read_commit(&p, m->pos[LAST], &r), (long)strlen(text_of(LAST)));
	assert_int_equal(pack_read_commit(&p, NOBJ, &r), -1);
	for (int k = 0; k < NOBJ; k++) {	/* each object by its id */
		uint8_t id[20];
		oid_of(id, k);
		assert_int_equal(pack_file_find(&p, id), (int64_t)m->pos[k]);
		id[19] ^= 1;		/* an id the pack lacks, beside it */
		assert_int_equal(pack_file_find(&p, id), -1);
	}
	uint8_t none[20];
	memset(none, 0, 20);		/* before every id, and after */
	assert_int_equal(pack_file_find(&p, none), -1);
	memset(none, 0xff, 20);
	assert_int_equal(pack_file_find(&p, none), -1);
	free(pos);
	pack_reader_release(&r);
	pack_file_close(&p);
}

static void test_found_in_pack_order(void **state)
{
	struct made *m = malloc(sizeof(*m));

	(void)state;
	make(m);
	check_found(m, 0);
	check_found(m, 1);
	memcpy(m->rev, "XIDX", 4);	/* a .rev that does not fit: the offsets sorted */
	struct pack_file p;
	assert_int_equal(open_made(&p, m, 1), 0);
	assert_null(p.rev);
	free(m);
}

static void test_rev_order_followed(void **state)
{
	struct made *m = malloc(sizeof(*m));
	struct pack_file p;
	uint32_t *pos = NULL;

	(void)state;
	make(m);
	/* the .rev lists the second commit first: it is believed */
	put32(m->rev + 12, m->pos[1]);
	put32(m->rev + 16, m->pos[0]);
	assert_int_equal(open_made(&p, m, 1), 0);
	assert_int_equal(pack_file_commits(&p, &pos), 4);
	assert_int_equal(pos[0], m->pos[1]);
	assert_int_equal(pos[1], m->pos[0]);
	free(pos);
	/* a position past the objects ends the order there */
	put32(m->rev + 12, NOBJ + 3);
	assert_int_equal(open_made(&p, m, 1), 0);
	assert_int_equal(pack_file_commits(&p, &pos), 0);
	assert_null(pos);
	free(m);
}

/* Many ids, spread as git's are (uniform) but for dense first bytes and
 * pairs alike in their first eight bytes: each is found at its place, and
 * an id between two is not (pack_file_find guesses where an id is from
 * its first eight bytes before halving). */
#define MANY 6000

static int cmp_id(const void *a, const void *b)
{
	return memcmp(a, b, 20);
}

static void test_find_among_many(void **state)
{
	uint8_t (*ids)[20] = malloc(MANY * 20), one[32];
	size_t packcap = 12 + (size_t)MANY * 16 + 20, idxcap = 8 + 1024 + (size_t)MANY * 28 + 40;
	uint8_t *pack = malloc(packcap), *idx = calloc(1, idxcap);
	uint32_t x = 12345;
	uLongf zl = sizeof(one);
	struct pack_file p;

	(void)state;
	assert_int_equal(compress2(one, &zl, (const Bytef *)"b", 1, 9), Z_OK);
	for (int k = 0; k < MANY; k++) {
		for (int b = 0; b < 20; b++) {
			x = x * 1103515245u + 12345u;
			ids[k][b] = (uint8_t)(x >> 16);
		}
		if (k % 3 == 0)
			ids[k][0] = 0x42;	/* a dense bucket */
		if (k % 7 == 1)		/* alike in eight bytes with the one before */
			memcpy(ids[k], ids[k - 1], 8);
	}
	qsort(ids, MANY, 20, cmp_id);
	memcpy(pack, "PACK", 4);
	put32(pack + 4, 2);
	put32(pack + 8, MANY);
	memcpy(idx, "\377tOc", 4);
	put32(idx + 4, 2);
	uint8_t *idsout = idx + 8 + 1024, *offs = idsout + 24 * (size_t)MANY;
	size_t at = 12;
	for (int k = 0; k < MANY; k++) {
		put32(offs + 4 * k, (uint32_t)at);
		pack[at++] = 0x31;	/* a blob of one byte */
		memcpy(pack + at, one, zl);
		at += zl;
		memcpy(idsout + 20 * k, ids[k], 20);
	}
	for (int b = 0; b < 256; b++) {
		uint32_t c = 0;
		while (c < MANY && ids[c][0] <= b)
			c++;
		put32(idx + 8 + 4 * b, c);
	}
	memset(pack + at, 0xcd, 20);
	memset(offs + 4 * MANY, 0xcd, 20);
	memset(offs + 4 * MANY + 20, 0xee, 20);
	assert_int_equal(pack_file_from(&p, idx, (size_t)(offs + 4 * MANY + 40 - idx), pack,
					at + 20, NULL, 0), 0);
	for (int k = 0; k < MANY; k++) {
		uint8_t id[20];
		assert_int_equal(pack_file_find(&p, ids[k]), k);
		memcpy(id, ids[k], 20);
		if (++id[19] && (k + 1 == MANY || memcmp(id, ids[k + 1], 20)))
			assert_int_equal(pack_file_find(&p, id), -1);	/* between two */
		memset(id + 8, 0, 12);	/* the eight bytes alone: before or at it */
		if (memcmp(id, ids[k], 20) && (k == 0 || memcmp(id, ids[k - 1], 20)))
			assert_int_equal(pack_file_find(&p, id), -1);
	}
	pack_file_close(&p);
	free(pack);
	free(idx);
	free(ids);
}

static void test_damaged_files(void **state)
{
	struct made *m = malloc(sizeof(*m));
	struct pack_file p;

	(void)state;
	make(m);
	m->idx[8 + 4 * 0xa0 + 3] = 9;	/* the fan-out decreases after it */
	assert_int_equal(open_made(&p, m, 0), -1);
	make(m);
	m->idx[7] = 1;			/* index version 1 */
	assert_int_equal(open_made(&p, m, 0), -1);
	make(m);
	m->pack[11] = NOBJ + 1;		/* another object count */
	assert_int_equal(open_made(&p, m, 0), -1);
	make(m);
	m->pack[m->packlen - 1] ^= 1;	/* not the pack the index names */
	assert_int_equal(open_made(&p, m, 0), -1);
	make(m);
	assert_int_equal(pack_file_from(&p, m->idx, m->idxlen - 3, m->pack, m->packlen, NULL, 0),
			 -1);			/* an index cut short */
	assert_int_equal(pack_file_from(&p, m->idx, 100, m->pack, m->packlen, NULL, 0), -1);
	assert_int_equal(pack_file_from(&p, m->idx, m->idxlen, m->pack, 10, NULL, 0), -1);
	free(m);
}

static void test_damaged_objects(void **state)
{
	struct made *m = malloc(sizeof(*m));
	struct pack_file p;
	struct pack_reader r = { 0 };
	uint8_t *offs;

	(void)state;
	make(m);
	offs = m->idx + 8 + 1024 + 24 * NOBJ;
	put32(offs + 4 * m->pos[0], (uint32_t)m->packlen);	/* past the pack */
	put32(offs + 4 * m->pos[1], 0x80000000u);		/* a large offset it lacks */
	assert_int_equal(open_made(&p, m, 0), 0);
	assert_int_equal(pack_read_commit(&p, m->pos[0], &r), -1);
	assert_int_equal(pack_read_commit(&p, m->pos[1], &r), -1);
	assert_int_equal(pack_read_commit(&p, m->pos[3], &r), (long)strlen(text_of(3)));

	make(m);
	m->pack[m->off[0]] = (uint8_t)((m->pack[m->off[0]] & 0xf0) | 0x0f);	/* size wrong */
	m->pack[m->data[1] + m->zlen[1] / 2] ^= 0x40;		/* a byte of the stream */
	m->pack[m->off[3] + 1] = 0xff;			/* a size over PACK_COMMIT_MAX */
	m->pack[m->off[3] + 2] = 0xff;
	m->pack[m->off[3] + 3] = 0xff;
	m->pack[m->off[3] + 4] = 0x7f;
	assert_int_equal(open_made(&p, m, 0), 0);
	assert_int_equal(pack_read_commit(&p, m->pos[0], &r), -1);
	assert_int_equal(pack_read_commit(&p, m->pos[1], &r), -1);
	assert_int_equal(pack_read_commit(&p, m->pos[3], &r), -1);
	/* a reader that failed reads a good object after */
	assert_int_equal(pack_read_commit(&p, m->pos[5], &r), (long)strlen(text_of(5)));
	assert_memory_equal(r.buf, text_of(5), strlen(text_of(5)));
	pack_reader_release(&r);
	free(m);
}

/* The delta by its base's id reads as by its offset; one that does not fit its base, or
 * makes fewer bytes than it says, whose base is a tree, not in the pack or before its
 * start, or that is its own base, gives nothing, and the commits stored whole still read. */
static void test_deltas(void **state)
{
	static const enum delta_form bad[] = { PAST_BASE, BASE_SIZE, RESULT_SIZE, BASE_A_TREE,
					       BASE_MISSING, OWN_BASE, BEFORE_THE_PACK };
	struct made *m = malloc(sizeof(*m));
	struct pack_file p;
	struct pack_reader r = { 0 };
	uint32_t *pos = NULL;

	(void)state;
	make_with(m, BY_ID);
	assert_int_equal(open_made(&p, m, 0), 0);
	assert_int_equal(pack_read_commit(&p, m->pos[2], &r), (long)strlen(delta_made()));
	assert_string_equal(r.buf, delta_made());
	assert_int_equal(pack_file_commits(&p, &pos), 4);	/* the stored whole only */
	free(pos);
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		make_with(m, bad[k]);
		assert_int_equal(open_made(&p, m, 0), 0);
		assert_int_equal(pack_read_commit(&p, m->pos[2], &r), -1);
		assert_int_equal(pack_read_commit(&p, m->pos[1], &r), (long)strlen(text_of(1)));
		assert_memory_equal(r.buf, text_of(1), strlen(text_of(1)));
	}
	pack_reader_release(&r);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_found_in_pack_order),
		cmocka_unit_test(test_rev_order_followed),
		cmocka_unit_test(test_find_among_many),
		cmocka_unit_test(test_damaged_files),
		cmocka_unit_test(test_damaged_objects),
		cmocka_unit_test(test_deltas),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
