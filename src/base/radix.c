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

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* v[0..n) in order, the bucket's values all sharing their top bits. */
static void sort_bucket(uint64_t *v, size_t n)
{
	if (n > 16) {
		qsort(v, n, sizeof(*v), cmp_u64);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		uint64_t x = v[i];
		size_t j = i;
		for (; j && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

void sort_u64(uint64_t *v, size_t n)
{
	unsigned bits = 8;
	size_t *at, sum = 0;
	uint64_t *tmp;

	if (n < 64) {
		sort_bucket(v, n);
		return;
	}
	/* about four values a bucket: the counts stay small (64 KB for 30,000
	 * values), and a bucket of four is sorted in a few steps */
	while (bits < 20 && ((size_t)4 << bits) < n)
		bits++;
	at = xcalloc(((size_t)1 << bits) + 1, sizeof(*at));
	tmp = xmalloc(n * sizeof(*tmp));
	for (size_t i = 0; i < n; i++)
		at[(v[i] >> (64 - bits)) + 1]++;
	for (size_t d = 1; d <= (size_t)1 << bits; d++)
		at[d] = sum += at[d];
	for (size_t i = 0; i < n; i++)
		tmp[at[v[i] >> (64 - bits)]++] = v[i];
	/* at[d] is now where bucket d + 1 begins */
	for (size_t d = 0, from = 0; d < (size_t)1 << bits; from = at[d++])
		sort_bucket(tmp + from, at[d] - from);
	memcpy(v, tmp, n * sizeof(*v));
	free(tmp);
	free(at);
}
