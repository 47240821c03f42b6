/* fuzz_seal.h — shared by the harnesses of the cache files: a file made well-formed
 * around fuzzed bytes, so that they get past its checksum. */
#ifndef FUZZ_SEAL_H
#define FUZZ_SEAL_H

#include <stddef.h>
#include <stdint.h>

#include "base/codec.h"
#include "base/version.h"

/* A regtrace file around body[0..len): the head (magic, format, this version), the
 * body, the seal (base/codec.h).  To free; *outlen its length.  (A file that counts its
 * records first takes the count from the body's first 4 bytes, little-endian: a
 * harness gives them as fuzzed.) */
static inline uint8_t *fuzz_sealed(const char *magic, uint32_t format, const uint8_t *body,
				   size_t len, size_t *outlen)
{
	struct wbuf w = { 0 };

	wbuf_head(&w, magic, format, REGTRACE_VERSION);
	wbuf_bytes(&w, body, len);
	wbuf_seal(&w);
	*outlen = w.len;
	return w.b;
}

#endif
