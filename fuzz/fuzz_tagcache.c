/*
 * fuzz_tagcache.c — libFuzzer harness for src/cache/tags.c (.git/regtrace-
 * tags-cache: what each tag object a tag ref names leads to, kept between
 * runs).
 *
 * The file carries a checksum, so raw fuzzed bytes would stop there: the
 * input's first 4 bytes give the record count and the rest the records'
 * bytes, and the harness seals them into a well-formed file (magic, format,
 * version, checksum).  Checked:
 *
 *  - a rejected file leaves an empty cache with a reason, and finds nothing;
 *  - a loaded one: its records are sorted by id, each once, and each is
 *    found by its id; its first-parent line's heads are sorted, each once,
 *    each found on the line's tip and not known on another;
 *    when every record is used, a save writes nothing; the records seen
 *    (and the line loaded) encode to the very bytes loaded.
 */
#include <stdint.h>
#include <string.h>

#include "base/codec.h"
#include "base/version.h"
#include "fuzz_common.h"
#include "fuzz_seal.h"
#include "cache/tags.h"

#define MAGIC "regtrace-tags-cache\n"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tagcache c;
	size_t len, len2;
	char err[256];

	if (size < 4)
		return 0;
	uint8_t *file = fuzz_sealed(MAGIC, TAGCACHE_FORMAT, data, size, &len);	/* (a count first) */
	tagcache_init(&c);
	tagcache_load_buffer(&c, file, len);
	if (c.rejected) {
		CHECK(c.n == 0 && c.v == NULL, "a rejected cache keeps records");
		CHECK(size < 24 || !tagcache_find(&c, data + 4), "a rejected cache finds a record");
	} else {
		for (size_t i = 0; i < c.n; i++) {
			CHECK(!i || memcmp(c.v[i - 1].id, c.v[i].id, 20) < 0, "records out of order");
			const struct tag_record *t = tagcache_find(&c, c.v[i].id);
			CHECK(t == &c.v[i], "record %zu not found by its id", i);
		}
		for (size_t i = 0; c.line.has && i < c.line.n; i++) {
			uint8_t commit[20] = { 0 }, other[20];
			CHECK(!i || memcmp(c.line.head[i - 1], c.line.head[i], 8) < 0,
			      "line out of order");
			memcpy(commit, c.line.head[i], 8);
			CHECK(tagcache_line_on(&c, c.line.tip, commit) == 1, "line head %zu not on", i);
			memcpy(other, c.line.tip, 20);
			other[0] ^= 1;
			CHECK(tagcache_line_on(&c, other, commit) == -1, "line found for another tip");
		}
		/* every record used: nothing to write (a write there would fail) */
		CHECK(tagcache_save(&c, "/nonexistent-dir-of-regtrace/x", err, sizeof(err)) == 0,
		      "a save with nothing new writes");
		uint8_t *again = tagcache_encode(&c, &len2);
		CHECK(len2 == len && !memcmp(again, file, len), "encoding is not stable");
		free(again);
	}
	tagcache_release(&c);
	free(file);
	return 0;
}
