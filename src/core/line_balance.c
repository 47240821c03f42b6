/* line_balance.c — see line_balance.h. */
#include "core/line_balance.h"

#include <string.h>

/* The bytes the patch-id removes from a line (git__isspace). */
static const unsigned char is_space[256] = {
	['\t'] = 1, ['\n'] = 1, ['\v'] = 1, ['\f'] = 1, ['\r'] = 1, [' '] = 1,
};

/* A 64-bit finaliser (splitmix64's): the sums of lines' hashes spread. */
static uint64_t mix(uint64_t h)
{
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

/* The 8-byte words of buf[0..n) (n a multiple of 8) folded into h. */
static uint64_t fold(uint64_t h, const unsigned char *buf, size_t n)
{
	for (size_t i = 0; i < n; i += 8) {
		uint64_t w;
		memcpy(&w, buf + i, 8);
		h = (h ^ w) * 0x9fb21c651e98df25ULL;
		h ^= h >> 29;
	}
	return h;
}

/*
 * h of the line p[0..n) (no '\n' in it but maybe at its end): the bytes
 * it keeps (not white space, before any NUL) gathered 64 at a time and
 * folded a word at a time, the last word padded with zeros, then their
 * count.  A function of the bytes kept alone, however white space cut
 * them.  (A multiply per byte, each waiting for the last, was 3% of a
 * cold git/git run: its translations' files are read to break ties.)
 */
static uint64_t line_hash(const unsigned char *p, size_t n)
{
	unsigned char buf[64 + 8];
	uint64_t h = 0x9e3779b97f4a7c15ULL;
	size_t m = 0, kept = 0;

	for (size_t i = 0; i < n && p[i]; i++) {
		buf[m] = p[i];
		m += !is_space[p[i]];
		if (m == 64) {
			h = fold(h, buf, 64);
			kept += 64;
			m = 0;
		}
	}
	memset(buf + m, 0, 8);
	h = fold(h, buf, (m + 7) & ~(size_t)7);
	return mix(h ^ (kept + m));
}

uint64_t line_balance_sum(const char *text, size_t len)
{
	const unsigned char *p = (const unsigned char *)text, *end;
	uint64_t sum = 0;

	if (!len)
		return 0;
	end = p + len;
	while (p < end) {
		const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		sum += line_hash(p, n);
		p += n + (nl != NULL);
	}
	return sum;
}
