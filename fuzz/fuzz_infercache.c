/*
 * fuzz_infercache.c — libFuzzer harness for src/cache/infer.c
 * (.git/regtrace-infer-cache: the candidates the upstream inference read
 * and the ties it settled, kept between runs).
 *
 * The file carries a checksum, so raw fuzzed bytes would stop there: the
 * input's first 4 bytes give the candidate count and the rest the records'
 * bytes, and the harness seals them into a well-formed file (magic, format,
 * version, checksum).  Checked:
 *
 *  - a rejected file leaves an empty cache with a reason, and finds nothing;
 *  - a loaded one: its candidates, ties and path groups are sorted by id, each once;
 *    a candidate is found by the first 8 bytes of its id exactly when no
 *    other begins so, with its email and subject; each tie and path group
 *    is found by its key; nothing added, a save writes nothing; the cache encodes to the
 *    very bytes loaded.
 */
#include <stdint.h>
#include <string.h>

#include "base/codec.h"
#include "base/version.h"
#include "fuzz_common.h"
#include "fuzz_seal.h"
#include "cache/infer.h"

#define MAGIC "regtrace-infer-cache\n"

/* Does another candidate than i begin with i's first 8 bytes? */
static int head_shared(const struct infercache *c, size_t i)
{
	for (size_t k = 0; k < c->ncand; k++)
		if (k != i && !memcmp(c->cand[k].oid, c->cand[i].oid, 8))
			return 1;
	return 0;
}

static void check_loaded(struct infercache *c)
{
	uint8_t oid[20], pid[20];
	char *email, *subject;

	for (size_t i = 0; i < c->ncand; i++) {
		CHECK(!i || memcmp(c->cand[i - 1].oid, c->cand[i].oid, 20) < 0, "out of order");
		int found = infercache_candidate(c, c->cand[i].oid, oid, &email, &subject);
		CHECK(found == !head_shared(c, i), "candidate %zu found %d", i, found);
		if (found) {
			CHECK(!memcmp(oid, c->cand[i].oid, 20) && !strcmp(email, c->cand[i].email) &&
			      !strcmp(subject, c->cand[i].subject), "candidate %zu changed", i);
			free(email);
			free(subject);
		}
	}
	for (size_t i = 0; i < c->ties.n; i++) {
		const struct infer_pair *t = c->ties.rec;
		CHECK(!i || memcmp(t[i - 1].oid, t[i].oid, 20) < 0, "out of order");
		CHECK(infercache_tie(c, t[i].oid, pid) && !memcmp(pid, t[i].val, 20),
		      "tie %zu not found", i);
	}
	for (size_t i = 0; i < c->groups.n; i++) {
		const struct infer_pair *t = c->groups.rec;
		CHECK(!i || memcmp(t[i - 1].oid, t[i].oid, 20) < 0, "out of order");
		CHECK(infercache_group(c, t[i].oid, pid) && !memcmp(pid, t[i].val, 20),
		      "path group %zu not found", i);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct infercache c;
	size_t len, len2;
	char err[256];

	if (size < 4)
		return 0;
	uint8_t *file = fuzz_sealed(MAGIC, INFERCACHE_FORMAT, data, size, &len);	/* (a count first) */
	infercache_init(&c);
	infercache_load_buffer(&c, file, len);
	if (c.rejected) {
		uint8_t oid[20], pid[20];
		char *email, *subject;
		CHECK(c.ncand == 0 && c.ties.n == 0 && c.groups.n == 0, "a rejected cache keeps records");
		CHECK(size < 12 || !infercache_candidate(&c, data + 4, oid, &email, &subject),
		      "a rejected cache finds a candidate");
		CHECK(size < 24 || !infercache_tie(&c, data + 4, pid),
		      "a rejected cache finds a tie");
	} else {
		check_loaded(&c);
		CHECK(infercache_save(&c, "/nonexistent-dir-of-regtrace/x", err, sizeof(err)) == 0,
		      "a save with nothing new writes");
		uint8_t *again = infercache_encode(&c, &len2);
		CHECK(len2 == len && !memcmp(again, file, len), "encoding is not stable");
		free(again);
	}
	infercache_release(&c);
	free(file);
	return 0;
}
