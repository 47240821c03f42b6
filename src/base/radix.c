/* radix.c — see radix.h. */
#include "base/radix.h"
#include "base/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline uint64_t key_of(const unsigned char *rec, size_t off, size_t bytes)
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
static inline int pass(const unsigned char *src, unsigned char *dst, size_t n, size_t size,
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

/* a[0..n) by key, stably, with n records of scratch: the passes above. */
static inline void lsd(unsigned char *a, unsigned char *scratch, size_t n, size_t size, size_t off,
		size_t bytes)
{
	unsigned char *src = a, *dst = scratch;

	for (unsigned byte = 0; byte < bytes; byte++)
		if (pass(src, dst, n, size, off, bytes, byte)) {
			unsigned char *t = src;
			src = dst;
			dst = t;
		}
	if (src != a)
		memcpy(a, src, n * size);
}

/* a[0..n) by key, stably, a few records: insertion (one record of scratch). */
static inline void insertion(unsigned char *a, unsigned char *one, size_t n, size_t size, size_t off,
		      size_t bytes)
{
	for (size_t i = 1; i < n; i++) {
		uint64_t k = key_of(a + i * size, off, bytes);
		size_t j = i;
		if (key_of(a + (j - 1) * size, off, bytes) <= k)
			continue;
		memcpy(one, a + i * size, size);
		for (; j && key_of(a + (j - 1) * size, off, bytes) > k; j--)
			memcpy(a + j * size, a + (j - 1) * size, size);
		memcpy(a + j * size, one, size);
	}
}

/* radix_sort's work, inlined where the record's shape is a constant
 * (sort_u64: then every copy is one move). */
static inline void sort_records(void *v, size_t n, size_t size, size_t key_offset,
				size_t key_bytes)
{
	unsigned char *a = v, *b;
	unsigned bits = 8, width = (unsigned)key_bytes * 8;
	size_t *at, sum = 0;

	if (n < 2)
		return;
	b = xmalloc(n * size);
	if (n < 64) {
		lsd(a, b, n, size, key_offset, key_bytes);
		free(b);
		return;
	}
	/* by the top bits first, about four records a bucket (the counts stay
	 * small: 64 KB for 30,000 records), then each bucket: a few by
	 * insertion, more (keys not spread) by the passes, a's room for the
	 * bucket as their scratch */
	while (bits < 20 && ((size_t)4 << bits) < n)
		bits++;
	at = xcalloc(((size_t)1 << bits) + 1, sizeof(*at));
	for (size_t i = 0; i < n; i++)
		at[(key_of(a + i * size, key_offset, key_bytes) >> (width - bits)) + 1]++;
	for (size_t d = 1; d <= (size_t)1 << bits; d++)
		at[d] = sum += at[d];
	for (size_t i = 0; i < n; i++) {
		size_t d = key_of(a + i * size, key_offset, key_bytes) >> (width - bits);
		memcpy(b + at[d]++ * size, a + i * size, size);
	}
	/* at[d] is now where bucket d + 1 begins */
	for (size_t d = 0, from = 0; d < (size_t)1 << bits; from = at[d++]) {
		size_t len = at[d] - from;
		if (len <= 16)
			insertion(b + from * size, a, len, size, key_offset, key_bytes);
		else
			lsd(b + from * size, a + from * size, len, size, key_offset, key_bytes);
	}
	memcpy(a, b, n * size);
	free(at);
	free(b);
}

void radix_sort(void *v, size_t n, size_t size, size_t key_offset, size_t key_bytes)
{
	sort_records(v, n, size, key_offset, key_bytes);
}

void sort_u64(uint64_t *v, size_t n)
{
	sort_records(v, n, sizeof(*v), 0, sizeof(*v));
}
