/*
 * fuzz_summaries.c — libFuzzer harness for src/cache/summaries.c
 * (.git/regtrace-summaries: what `stats` printed of each series, with what
 * its counts were made of, kept between runs).
 *
 * The file carries a checksum, so raw fuzzed bytes would stop there: the
 * input's first 4 bytes give the summary count and the rest the summaries'
 * bytes, and the harness seals them into a well-formed file (magic, format,
 * version, checksum).  Checked:
 *
 *  - a rejected file leaves no summary, with a reason;
 *  - a loaded one: each summary found by its key (each key once); its
 *    releases' commits among its commits, no more sagas than commits, its
 *    keys sorted and distinct, its ids asked outside sorted, each once, each
 *    7 to 40 hex digits; made into a series (core/summary.h) and released
 *    without fault; nothing added, a save writes nothing; the file encodes to
 *    the very bytes loaded (up to SUMMARIES_KEEP_OTHERS summaries: past it, the
 *    file written is shorter).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/codec.h"
#include "base/version.h"
#include "fuzz_common.h"
#include "fuzz_seal.h"
#include "cache/summaries.h"
#include "core/analyze.h"

#define MAGIC "regtrace-summaries\n"

static void check_one(struct summaries *c, size_t i)
{
	const struct summary *s = &c->v[i];
	struct series series;

	CHECK(summaries_find(c, s->key) == s, "summary %zu not found by its key", i);
	for (size_t k = 0; k < s->nrels; k++)
		CHECK(s->rels[k].commit < s->nids, "summary %zu: a release off its commits", i);
	CHECK(s->nsagas <= s->nids, "summary %zu: more sagas than commits", i);
	for (size_t k = 1; k < s->nkeys; k++)
		CHECK(s->keys[k - 1] < s->keys[k], "summary %zu: keys out of order", i);
	for (size_t k = 0; k < s->asks.n; k++) {
		CHECK(fuzz_is_hex_id(s->asks.v[k].id, 7, 40), "summary %zu: no id: %s", i,
		      s->asks.v[k].id);
		CHECK(!k || strcmp(s->asks.v[k - 1].id, s->asks.v[k].id) < 0,
		      "summary %zu: ids out of order", i);
	}
	summary_series(s, &series);
	CHECK(series.g.n == s->nids && series.rels.n == s->nrels && series.sagas.n == s->nsagas,
	      "summary %zu: its series differs", i);
	series_release_all(&series);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct summaries c;
	size_t len, len2;
	char err[256];

	if (size < 4)
		return 0;
	uint8_t *file = fuzz_sealed(MAGIC, SUMMARIES_FORMAT, data, size, &len);	/* (a count first) */
	summaries_init(&c);
	summaries_load_buffer(&c, file, len);
	if (c.rejected) {
		CHECK(c.n == 0, "a rejected file keeps summaries");
		CHECK(size < 24 || !summaries_find(&c, data + 4), "a rejected file finds one");
	} else {
		for (size_t i = 0; i < c.n; i++)
			check_one(&c, i);
		if (c.n)	/* (as loaded: the order written is the order read) */
			memset(c.used, 0, c.n);
		CHECK(summaries_save(&c, "/nonexistent-dir-of-regtrace/x", err, sizeof(err)) == 0,
		      "a save with nothing new writes");
		uint8_t *again = summaries_encode(&c, &len2);
		if (c.n <= SUMMARIES_KEEP_OTHERS)	/* (past it, the last are dropped) */
			CHECK(len2 == len && !memcmp(again, file, len), "encoding is not stable");
		else {
			struct summaries d;
			summaries_init(&d);
			summaries_load_buffer(&d, again, len2);
			CHECK(!d.rejected && d.n == SUMMARIES_KEEP_OTHERS, "%zu kept of %zu", d.n, c.n);
			for (size_t i = 0; i < d.n; i++)
				CHECK(!memcmp(d.v[i].key, c.v[i].key, 20), "summary %zu not the first", i);
			summaries_release(&d);
		}
		free(again);
	}
	summaries_release(&c);
	free(file);
	return 0;
}
