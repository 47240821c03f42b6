/*
 * fuzz_pack.c — libFuzzer harness for src/git/pack_commits.c (a pack and its
 * index, and its reverse index, read without libgit2 for its commits, stored
 * whole or as deltas).
 *
 * The input: 4 bytes (big-endian) of the index's length, 4 of the .rev's
 * (0: none), then the index, the .rev and the pack.  Checked: an accepted
 * pack lists at most as many commits as it has objects, each a position
 * inside the index; a commit read (each listed one, and the first 256
 * positions) is -1 or a length up to PACK_COMMIT_MAX, its bytes ended by a
 * NUL; the id at each of those positions, looked up, gives -1 (an index out
 * of order) or a position with that id; a rejected pack maps nothing and
 * lists none.  Every read stays inside
 * the input (AddressSanitizer).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "git/pack_commits.h"
#include "fuzz_common.h"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif

static uint32_t be32(const uint8_t *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static void check_read(const struct pack_file *p, uint32_t pos, struct pack_reader *r)
{
	long len = pack_read_commit(p, pos, r);

	CHECK(len >= -1 && (len < 0 || (size_t)len <= PACK_COMMIT_MAX), "length %ld", len);
	CHECK(len < 0 || r->buf[len] == '\0', "no NUL after %ld bytes", len);
}

static void check_find(const struct pack_file *p, uint32_t pos)
{
	const uint8_t *oid = pack_file_oid(p, pos);
	int64_t at = pack_file_find(p, oid);

	CHECK(at >= -1 && at < (int64_t)p->n, "found at %lld of %u", (long long)at, p->n);
	CHECK(at < 0 || !memcmp(pack_file_oid(p, (uint32_t)at), oid, 20), "another id at %lld",
	      (long long)at);
}

#if defined(__clang__)
#pragma clang attribute pop
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pack_file p;
	struct pack_reader r = { 0 };
	uint32_t *pos = NULL;

	if (size < 8)
		return 0;
	size_t il = be32(data), rl = be32(data + 4);
	if (il > size - 8 || rl > size - 8 - il)
		return 0;
	/* each part copied alone, so that a read past one is a read past its block */
	uint8_t *idx = malloc(il + 1), *rev = malloc(rl + 1), *pack = malloc(size - 8 - il - rl + 1);
	size_t pl = size - 8 - il - rl;
	memcpy(idx, data + 8, il);
	memcpy(rev, data + 8 + il, rl);
	memcpy(pack, data + 8 + il + rl, pl);
	if (pack_file_from(&p, idx, il, pack, pl, rl ? rev : NULL, rl) < 0) {
		CHECK(p.n == 0 && !p.rev, "a rejected pack kept %u objects", p.n);
	} else {
		size_t n = pack_file_commits(&p, &pos);
		CHECK(n <= p.n, "%zu commits of %u objects", n, p.n);
		CHECK((n == 0) == (pos == NULL), "positions for %zu commits", n);
		for (size_t k = 0; k < n; k++) {
			CHECK(pos[k] < p.n, "position %u of %u", pos[k], p.n);
			check_read(&p, pos[k], &r);
		}
		for (uint32_t k = 0; k < p.n && k < 256; k++) {
			check_read(&p, k, &r);
			check_find(&p, k);
		}
		check_read(&p, p.n, &r);
		free(pos);
		pack_file_close(&p);
	}
	pack_reader_release(&r);
	free(idx);
	free(rev);
	free(pack);
	return 0;
}
