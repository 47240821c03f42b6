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

/* a[0..n) by key, stably, with n records of scratch: the passes above. */
static void lsd(unsigned char *a, unsigned char *scratch, size_t n, size_t size, size_t off,
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
static void insertion(unsigned char *a, unsigned char *one, size_t n, size_t size, size_t off,
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

void radix_sort(void *v, size_t n, size_t size, size_t key_offset, size_t key_bytes)
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
	/* by the top bits first, about four records a bucket (sort_u64), then
	 * each bucket: a few by insertion, more (keys not spread) by the passes,
	 * a's room for the bucket as their scratch */
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
