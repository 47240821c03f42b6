/* pack_commits.c — see pack_commits.h. */
#define _DEFAULT_SOURCE
#include "git/pack_commits.h"
#include "base/blobfile.h"
#include "base/radix.h"
#include "base/util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>

#define IDX_HEADER (8 + 256 * 4)	/* magic, version, fan-out */
#define PACK_HEADER 12			/* "PACK", version, objects */
#define RIDX_HEADER 12			/* "RIDX", version, hash */
#define TRAILER 20
#define OBJ_COMMIT 1
#define OBJ_TREE 2
#define OBJ_BLOB 3
#define OBJ_OFS_DELTA 6
#define OBJ_REF_DELTA 7

static uint32_t be32(const uint8_t *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* The index's fixed tables for n objects: ids, CRCs, 4-byte offsets. */
static size_t tables(uint32_t n)
{
	return (size_t)n * (20 + 4 + 4);
}

static int check_idx(struct pack_file *p)
{
	static const uint8_t magic[8] = { 0xff, 't', 'O', 'c', 0, 0, 0, 2 };
	uint32_t prev = 0;

	if (p->idxlen < IDX_HEADER + 2 * TRAILER || memcmp(p->idx, magic, 8))
		return -1;
	for (int k = 0; k < 256; k++) {
		uint32_t f = be32(p->idx + 8 + 4 * k);
		if (f < prev)
			return -1;
		prev = f;
	}
	p->n = prev;
	size_t fixed = IDX_HEADER + tables(p->n) + 2 * TRAILER;
	if (p->idxlen < fixed || (p->idxlen - fixed) % 8)
		return -1;
	p->nlarge = (p->idxlen - fixed) / 8;
	return 0;
}

static int check_pack(const struct pack_file *p)
{
	if (p->packlen < PACK_HEADER + TRAILER || memcmp(p->pack, "PACK", 4) ||
	    (be32(p->pack + 4) != 2 && be32(p->pack + 4) != 3) || be32(p->pack + 8) != p->n)
		return -1;
	/* the index names the pack it was made for by its checksum */
	return memcmp(p->pack + p->packlen - TRAILER, p->idx + p->idxlen - 2 * TRAILER, TRAILER)
		       ? -1 : 0;
}

/* A .rev file that fits: else it is not used (the offsets are sorted). */
static int check_rev(const struct pack_file *p)
{
	return p->revlen == RIDX_HEADER + (size_t)p->n * 4 + 2 * TRAILER &&
	       !memcmp(p->rev, "RIDX", 4) && be32(p->rev + 4) == 1 && be32(p->rev + 8) == 1 &&
	       !memcmp(p->rev + p->revlen - 2 * TRAILER, p->pack + p->packlen - TRAILER, TRAILER);
}

int pack_file_from(struct pack_file *p, const void *idx, size_t idxlen, const void *pack,
		   size_t packlen, const void *rev, size_t revlen)
{
	memset(p, 0, sizeof(*p));
	p->idx = idx;
	p->idxlen = idxlen;
	p->pack = pack;
	p->packlen = packlen;
	if (!idx || !pack || check_idx(p) || check_pack(p)) {
		memset(p, 0, sizeof(*p));
		return -1;
	}
	p->rev = rev;
	p->revlen = revlen;
	if (rev && !check_rev(p)) {
		p->rev = NULL;
		p->revlen = 0;
	}
	return 0;
}

/* path with its ".idx" replaced by ext (path ends in ".idx"). */
static void sibling(char *out, size_t size, const char *idx_path, const char *ext)
{
	size_t stem = strlen(idx_path) - 4;

	snprintf(out, size, "%.*s%s", (int)stem, idx_path, ext);
}

int pack_file_open(struct pack_file *p, const char *idx_path)
{
	char path[4200];
	size_t il = 0, pl = 0, rl = 0;
	void *idx, *pack, *rev;
	size_t len = strlen(idx_path);

	memset(p, 0, sizeof(*p));
	if (len < 4 || strcmp(idx_path + len - 4, ".idx") || len + 8 > sizeof(path))
		return -1;
	idx = blobfile_map(idx_path, SIZE_MAX, &il);
	sibling(path, sizeof(path), idx_path, ".pack");
	pack = blobfile_map(path, SIZE_MAX, &pl);
	sibling(path, sizeof(path), idx_path, ".rev");
	rev = blobfile_map(path, SIZE_MAX, &rl);
	if (pack_file_from(p, idx, il, pack, pl, rev, rl) == 0) {
		if (!p->rev)
			blobfile_unmap(rev, rl);
		p->mapped = 1;
		return 0;
	}
	blobfile_unmap(idx, il);
	blobfile_unmap(pack, pl);
	blobfile_unmap(rev, rl);
	memset(p, 0, sizeof(*p));
	return -1;
}

void pack_file_close(struct pack_file *p)
{
	if (p->mapped) {
		blobfile_unmap((uint8_t *)p->idx, p->idxlen);
		blobfile_unmap((uint8_t *)p->pack, p->packlen);
		blobfile_unmap((uint8_t *)p->rev, p->revlen);
	}
	memset(p, 0, sizeof(*p));
}

const uint8_t *pack_file_oid(const struct pack_file *p, uint32_t pos)
{
	return p->idx + IDX_HEADER + (size_t)pos * 20;
}

/* Ids are spread evenly: the first eight bytes of the id sought place it
 * between those of the bounds, and two guesses so leave a few dozen ids,
 * not the eleven halvings of a bucket of git/git's (each an idx page the
 * walk had not touched): 2.6% of a cold run's samples were the halvings'
 * compares.  Then halving, as git does. */
int64_t pack_file_find(const struct pack_file *p, const uint8_t oid[20])
{
	uint32_t lo = oid[0] ? be32(p->idx + 8 + 4 * (oid[0] - 1)) : 0;
	uint32_t hi = be32(p->idx + 8 + 4 * oid[0]);
	uint64_t key = id_prefix_value(oid), kl = (uint64_t)oid[0] << 56, kh = kl | (((uint64_t)1 << 56) - 1);

	if (!p->n || hi > p->n || lo > hi)
		return -1;
	for (int guess = 0; guess < 2 && hi - lo > 16; guess++) {
		/* [lo, hi) holds the ids whose first eight bytes are in [kl, kh] */
		double at = (double)(key - kl) / ((double)(kh - kl) + 1.0);
		uint32_t mid = lo + (uint32_t)(at * (hi - lo));
		if (mid >= hi)
			mid = hi - 1;
		const uint8_t *id = pack_file_oid(p, mid);
		uint64_t k = id_prefix_value(id);
		int c = k < key ? -1 : k > key ? 1 : memcmp(id, oid, 20);
		if (!c)
			return mid;
		if (c < 0) {
			lo = mid + 1;
			kl = k;
		} else {
			hi = mid;
			kh = k;
		}
	}
	while (lo < hi) {	/* the ids of [lo, hi) begin with oid[0] */
		uint32_t mid = lo + (hi - lo) / 2;
		int c = memcmp(pack_file_oid(p, mid), oid, 20);
		if (!c)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* The pack offset of position pos, or 0 when it is not one an object can
 * start at (0 is the pack's header). */
static uint64_t offset_of(const struct pack_file *p, uint32_t pos)
{
	const uint8_t *small = p->idx + IDX_HEADER + (size_t)p->n * 24;
	uint32_t o = be32(small + (size_t)pos * 4);
	uint64_t off = o;

	if (o & 0x80000000u) {
		size_t k = o & 0x7fffffffu;
		if (k >= p->nlarge)
			return 0;
		const uint8_t *large = small + (size_t)p->n * 4 + k * 8;
		off = (uint64_t)be32(large) << 32 | be32(large + 4);
	}
	return off >= PACK_HEADER && off < p->packlen - TRAILER ? off : 0;
}

/* The type and size of the object at off, and where its data starts
 * (*data): 0, or -1 when the header runs past the pack or overflows. */
static int entry_header(const struct pack_file *p, uint64_t off, int *type, size_t *size,
			uint64_t *data)
{
	uint64_t end = p->packlen - TRAILER;
	uint8_t c = off < end ? p->pack[off] : 0;
	size_t s = c & 15;
	unsigned shift = 4;

	*type = (c >> 4) & 7;
	if (off < PACK_HEADER || off >= end)
		return -1;
	while (c & 0x80) {
		if (++off >= end || shift > 57)
			return -1;
		c = p->pack[off];
		s |= (size_t)(c & 0x7f) << shift;
		shift += 7;
	}
	*size = s;
	*data = off + 1;
	return *data < end ? 0 : -1;
}

struct at {
	uint64_t off;
	uint32_t pos, pad;
};

/* The index positions in pack order: the .rev file's, else sorted. */
static uint32_t *pack_order(const struct pack_file *p)
{
	uint32_t *order = xmalloc(((size_t)p->n + 1) * sizeof(*order));

	if (p->rev) {
		for (uint32_t k = 0; k < p->n; k++)
			if ((order[k] = be32(p->rev + RIDX_HEADER + (size_t)k * 4)) >= p->n)
				break;	/* (checked as used: below) */
		return order;
	}
	struct at *v = xmalloc(((size_t)p->n + 1) * sizeof(*v));
	for (uint32_t k = 0; k < p->n; k++)
		v[k] = (struct at){ offset_of(p, k), k, 0 };
	radix_sort(v, p->n, sizeof(*v), offsetof(struct at, off), 8);
	for (uint32_t k = 0; k < p->n; k++)
		order[k] = v[k].pos;
	free(v);
	return order;
}

size_t pack_file_commits(const struct pack_file *p, uint32_t **out)
{
	uint32_t *order = p->n ? pack_order(p) : NULL;
	size_t n = 0;

	*out = NULL;
	for (uint32_t k = 0, run = 0; k < p->n && run < PACK_TIPS_RUN; k++) {
		uint64_t off, data;
		size_t size;
		int type;
		if (order[k] >= p->n || !(off = offset_of(p, order[k])) ||
		    entry_header(p, off, &type, &size, &data))
			break;
		/* (a tree or blob a tag names is written among the commits) */
		run = type == OBJ_TREE || type == OBJ_BLOB ? run + 1 : 0;
		if (type == OBJ_COMMIT)
			order[n++] = order[k];
	}
	if (n)
		*out = order;
	else
		free(order);
	return n;
}

static int reader_ready(struct pack_reader *r)
{
	if (!r->dec)
		r->dec = libdeflate_alloc_decompressor();
	return r->dec ? 0 : -1;
}

/* The data at data inflated into buf[0..size) exactly (libdeflate checks the
 * stream ends there): 0, or -1. */
static int inflate_exact(const struct pack_file *p, uint64_t data, struct pack_reader *r,
			 char *buf, size_t size)
{
	return libdeflate_zlib_decompress(r->dec, p->pack + data, p->packlen - TRAILER - data, buf,
					  size, NULL) == LIBDEFLATE_SUCCESS ? 0 : -1;
}

/* A delta's size (base-128, least significant first) at *q, before end. */
static int delta_size(const uint8_t **q, const uint8_t *end, size_t *size)
{
	size_t v = 0;
	unsigned shift = 0;
	uint8_t c;

	do {
		if (*q >= end || shift > 28)
			return -1;
		c = *(*q)++;
		v |= (size_t)(c & 0x7f) << shift;
		shift += 7;
	} while (c & 0x80);
	*size = v;
	return 0;
}

/* base[0..blen) with delta[0..dlen) applied (git's delta format: the base's
 * size, the result's, then copies from the base and bytes inserted): the
 * result (to free, NUL after it) and its size in *len, or NULL when the
 * delta does not fit its base or does not make exactly what it says. */
static char *apply_delta(const char *base, size_t blen, const uint8_t *delta, size_t dlen,
			 size_t *len)
{
	const uint8_t *q = delta, *end = delta + dlen;
	size_t want_base, size, at = 0;
	char *out;

	if (delta_size(&q, end, &want_base) || want_base != blen ||
	    delta_size(&q, end, &size) || size > PACK_COMMIT_MAX)
		return NULL;
	out = xmalloc(size + 1);
	while (q < end) {
		uint8_t cmd = *q++;
		if (cmd & 0x80) {	/* copy: offset and size, their bytes as cmd's bits say */
			size_t off = 0, n = 0;
			for (unsigned b = 0; b < 7; b++) {
				if (!(cmd & (1u << b)))
					continue;
				if (q >= end)
					goto bad;
				if (b < 4)
					off |= (size_t)*q++ << (8 * b);
				else
					n |= (size_t)*q++ << (8 * (b - 4));
			}
			if (!n)
				n = 0x10000;
			if (off > blen || n > blen - off || n > size - at)
				goto bad;
			memcpy(out + at, base + off, n);
			at += n;
		} else if (cmd) {	/* insert cmd bytes */
			if (cmd > end - q || cmd > size - at)
				goto bad;
			memcpy(out + at, q, cmd);
			at += cmd;
			q += cmd;
		} else {
			goto bad;	/* (reserved) */
		}
	}
	if (at != size)
		goto bad;
	out[size] = '\0';
	*len = size;
	return out;
bad:
	free(out);
	return NULL;
}

/* The offset of a delta's base and where its own data starts, from the
 * delta's entry at off (its data at *data): 0, or -1. */
static int delta_base(const struct pack_file *p, uint64_t off, int type, uint64_t *data,
		      uint64_t *base)
{
	uint64_t end = p->packlen - TRAILER, at = *data;

	if (type == OBJ_REF_DELTA) {
		int64_t pos;
		if (end - at <= 20 || (pos = pack_file_find(p, p->pack + at)) < 0 ||
		    !(*base = offset_of(p, (uint32_t)pos)))
			return -1;
		*data = at + 20;
		return 0;
	}
	uint8_t c = p->pack[at++];	/* git's offset encoding: each more byte adds one */
	uint64_t back = c & 0x7f;
	while (c & 0x80) {
		if (at >= end || back > (UINT64_MAX >> 8))
			return -1;
		c = p->pack[at++];
		back = ((back + 1) << 7) | (c & 0x7f);
	}
	if (!back || back > off - PACK_HEADER || at >= end)
		return -1;	/* (the base is an entry of the pack before this one) */
	*base = off - back;
	*data = at;
	return 0;
}

/* Deltas deeper than this are left to libgit2 (git writes 50 at most). */
#define DELTA_DEPTH_MAX 64

/* The commit at off, its deltas applied: its bytes (to free, NUL after
 * them), their count in *len; NULL when it is no commit, or anything is
 * doubtful (pack_commits.h). */
static char *read_entry(const struct pack_file *p, uint64_t off, struct pack_reader *r,
			unsigned depth, size_t *len)
{
	uint64_t data, boff;
	size_t size, blen;
	char *buf, *base, *out;
	int type;

	if (entry_header(p, off, &type, &size, &data) || size > PACK_COMMIT_MAX)
		return NULL;
	if (type != OBJ_COMMIT && ((type != OBJ_OFS_DELTA && type != OBJ_REF_DELTA) ||
				   depth >= DELTA_DEPTH_MAX ||
				   delta_base(p, off, type, &data, &boff)))
		return NULL;	/* (a delta's data starts after its base's offset or id) */
	buf = xmalloc(size + 1);
	if (inflate_exact(p, data, r, buf, size)) {
		free(buf);
		return NULL;
	}
	buf[size] = '\0';
	if (type == OBJ_COMMIT) {
		*len = size;
		return buf;
	}
	if (!(base = read_entry(p, boff, r, depth + 1, &blen))) {
		free(buf);
		return NULL;
	}
	out = apply_delta(base, blen, (const uint8_t *)buf, size, len);
	free(base);
	free(buf);
	return out;
}

long pack_read_commit(const struct pack_file *p, uint32_t pos, struct pack_reader *r)
{
	uint64_t off = pos < p->n ? offset_of(p, pos) : 0;
	size_t size;
	char *out;

	if (!off || reader_ready(r) || !(out = read_entry(p, off, r, 0, &size)))
		return -1;
	free(r->buf);	/* (the caller takes it, or the next read frees it) */
	r->buf = out;
	r->cap = size + 1;
	return (long)size;
}

void pack_reader_release(struct pack_reader *r)
{
	if (r->dec)
		libdeflate_free_decompressor(r->dec);
	free(r->buf);
	memset(r, 0, sizeof(*r));
}
