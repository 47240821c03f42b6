/*
 * fuzz_askcache.c — libFuzzer harness for src/cache/outside.c (.git/regtrace-
 * outside-cache: what the packs answered about the ids named outside the
 * ranges, kept between runs).
 *
 * The file carries a checksum, so raw fuzzed bytes would stop there: the
 * input is the file's body after its fingerprint (the packs, then the
 * records), and the harness seals it into a well-formed file (magic,
 * format, version, fingerprint, checksum).  Checked:
 *
 *  - a rejected file leaves an empty cache with a reason: no pack, no
 *    record, and finds nothing;
 *  - a loaded one: its packs and records are sorted, each once; every id is
 *    7..40 hex digits and found by itself; a record with its message read
 *    names one object; its own packs are all there (none new), and without
 *    them every answer is dropped; it encodes to the very bytes loaded.
 */
#include <stdint.h>
#include <string.h>

#include "base/codec.h"
#include "base/version.h"
#include "fuzz_common.h"
#include "cache/outside.h"

#define MAGIC "regtrace-outside-cache\n"
#define FINGERPRINT 7

static uint8_t *seal(const uint8_t *body, size_t len, size_t *outlen)
{
	struct wbuf w = { 0 };

	wbuf_head(&w, MAGIC, ASKCACHE_FORMAT, REGTRACE_VERSION);
	wbuf_uint(&w, FINGERPRINT, 8);
	wbuf_bytes(&w, body, len);
	wbuf_seal(&w);
	*outlen = w.len;
	return w.b;
}

static int hex_id(const char *id)
{
	return fuzz_is_hex_id(id, MSG_ID_MIN, MSG_ID_MAX);
}

static void check_loaded(struct askcache *c, const uint8_t *file, size_t len)
{
	size_t len2;
	int *is_new = calloc(c->npacks + 1, sizeof(int));

	for (size_t i = 1; i < c->npacks; i++)
		CHECK(strcmp(c->packs[i - 1].name, c->packs[i].name) < 0, "packs out of order");
	for (size_t i = 0; i < c->n; i++) {
		const struct ask_record *r = &c->v[i];
		CHECK(!i || strcmp(c->v[i - 1].id, r->id) < 0, "records out of order");
		CHECK(hex_id(r->id), "record %zu: not an id", i);
		CHECK(askcache_find(c, r->id) == r, "record %zu not found by its id", i);
		CHECK(!r->read || r->a.count == ASK_ONE, "a message read of no one object");
		CHECK(r->read || !r->naliases, "aliases of a message never read");
		for (size_t k = 0; k < r->naliases; k++)
			CHECK(hex_id(r->aliases[k]), "record %zu: an alias is not an id", i);
	}
	uint8_t *again = askcache_encode(c, c->packs, c->npacks, 1, &len2);
	CHECK(len2 == len && !memcmp(again, file, len), "encoding is not stable");
	free(again);
	struct ask_pack *own = malloc((c->npacks + 1) * sizeof(*own));
	memcpy(own, c->packs, c->npacks * sizeof(*own));
	size_t n = c->npacks, had = c->n;
	CHECK(askcache_new_packs(c, own, n, is_new) == 0 && c->n == had, "its own packs are new");
	if (n) {
		CHECK(askcache_new_packs(c, own + 1, n - 1, is_new) == SIZE_MAX && c->n == 0,
		      "a pack gone keeps the answers");
	}
	free(own);
	free(is_new);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct askcache c;
	size_t len;
	uint8_t *file = seal(data, size, &len);

	askcache_init(&c, FINGERPRINT);
	askcache_load_buffer(&c, file, len);
	if (c.rejected) {
		CHECK(c.n == 0 && c.v == NULL && c.npacks == 0, "a rejected cache keeps records");
		CHECK(!askcache_find(&c, "1234567"), "a rejected cache finds a record");
	} else
		check_loaded(&c, file, len);
	askcache_release(&c);
	free(file);
	return 0;
}
