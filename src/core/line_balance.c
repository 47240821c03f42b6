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

/* h of the line p[0..n) (no '\n' in it but maybe at its end). */
static uint64_t line_hash(const unsigned char *p, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL;

	for (size_t i = 0; i < n && p[i]; i++)
		if (!is_space[p[i]])
			h = (h ^ p[i]) * 0x100000001b3ULL;
	return mix(h);
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
