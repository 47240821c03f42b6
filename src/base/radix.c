/* radix.c — see radix.h. */
#include "base/radix.h"
#include "base/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t key_of(const unsigned char *rec, size_t off, size_t bytes)
{
	uint32_t k32;
	uint64_t k64;

	if (bytes == 4) {
		memcpy(&k32, rec + off, 4);
		return k32;
	}
	memcpy(&k64, rec + off, 8);
	return k64;
}

/* One stable pass by byte b of the keys, from src into dst; 0 when every
 * key has the same byte there (nothing moved). */
static int pass(const unsigned char *src, unsigned char *dst, size_t n, size_t size,
		size_t off, size_t bytes, unsigned b)
{
	size_t count[256] = { 0 }, at = 0;

	for (size_t i = 0; i < n; i++)
		count[(key_of(src + i * size, off, bytes) >> (8 * b)) & 0xff]++;
	for (size_t d = 0; d < 256; d++) {
		size_t c = count[d];
		if (c == n)
			return 0;
		count[d] = at;
		at += c;
	}
	for (size_t i = 0; i < n; i++) {
		size_t d = (key_of(src + i * size, off, bytes) >> (8 * b)) & 0xff;
		memcpy(dst + count[d]++ * size, src + i * size, size);
	}
	return 1;
}

void radix_sort(void *v, size_t n, size_t size, size_t key_offset, size_t key_bytes)
{
	unsigned char *a = v, *b, *src, *dst;

	if (n < 2)
		return;
	b = xmalloc(n * size);
	src = a;
	dst = b;
	for (unsigned byte = 0; byte < key_bytes; byte++)
		if (pass(src, dst, n, size, key_offset, key_bytes, byte)) {
			unsigned char *t = src;
			src = dst;
			dst = t;
		}
	if (src != a)
		memcpy(a, src, n * size);
	free(b);
}
