/*
 * util.h — allocation that cannot return NULL, and small growable arrays.
 *
 * xmalloc and friends end the program (exit status 1) with the one line
 * "regtrace: out of memory" when memory runs out, said once even when
 * several threads run out at once: there is no sensible recovery for a
 * counting tool, and it keeps every caller free of NULL checks.  ARRAY_GROW(ptr, n, cap) makes room for
 * one more element in a (ptr, n, cap) triple.
 */
#ifndef REGTRACE_UTIL_H
#define REGTRACE_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrndup(const char *s, size_t n);
char *xstrdup(const char *s);
/* dir and name joined by one '/' (none added after an empty dir or one
 * ending in '/'), to free. */
char *path_join(const char *dir, const char *name);
/* Write all n bytes to fd (a write cut short or interrupted goes on): 0, or
 * an errno. */
int write_all(int fd, const void *p, size_t n);

/* Grow the array p (n used, cap allocated) so that p[n] is valid: room
 * for first elements at first (ARRAY_GROW: 8), then twice as many. */
#define ARRAY_GROW_FROM(p, n, cap, first) \
	do { \
		if ((n) >= (cap)) { \
			(cap) = (cap) ? (cap) * 2 : (first); \
			(p) = xrealloc((p), (cap) * sizeof(*(p))); \
		} \
	} while (0)
#define ARRAY_GROW(p, n, cap) ARRAY_GROW_FROM(p, n, cap, 8)

/* src copied into dst of size bytes (size > 0), cut to fit, always ended by a
 * NUL: what snprintf(dst, size, "%s", src) writes, without its formatting
 * (a tenth of its cost; called once per commit kept in the hot paths). */
void str_copy(char *dst, size_t size, const char *src);

/* The 20-byte id as 40 lower-case hex digits and a NUL (what git_oid_tostr
 * writes, in a tenth of its time: it is called once per commit kept). */
void id_to_hex(char out[41], const uint8_t id[20]);

/* The value of a lower-case hex digit, or -1 (ids are lower-case). */
static inline int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Are the 8 bytes of x (in memory order, read as a little-endian number)
 * all lower-case hex digits?  Each byte below 0x80 plus a constant below
 * 0x80 carries into no other byte, and sets its high bit exactly when it is
 * at least (0x80 minus the constant). */
static inline int hex8_lanes_ok(uint64_t x)
{
	const uint64_t high = 0x8080808080808080ull, ones = 0x0101010101010101ull;
	uint64_t ge0 = x + ones * (0x80 - '0'), gt9 = x + ones * (0x7f - '9');
	uint64_t gea = x + ones * (0x80 - 'a'), gtf = x + ones * (0x7f - 'f');
	uint64_t in = ((ge0 & ~gt9) | (gea & ~gtf)) & high;	/* digit or a-f */

	return !(x & high) && in == high;
}

/* The 8 hex digits of x (hex8_lanes_ok) as a number, the first the highest. */
static inline uint64_t hex8_value(uint64_t x)
{
	uint64_t v = (x & 0x0f0f0f0f0f0f0f0full) + ((x >> 6) & 0x0101010101010101ull) * 9;

	v = (v & 0x000f000f000f000full) << 4 | (v >> 8 & 0x000f000f000f000full);
	v = (v & 0x000000ff000000ffull) << 8 | (v >> 16 & 0x000000ff000000ffull);
	return (v & 0xffffull) << 16 | (v >> 32 & 0xffffull);
}

/* The first 16 digits of the lower-case hex id ID (LEN digits long) as a number, a
 * shorter id padded with zeros: ids in the order of this number are in the order of
 * their first 16 digits, and the number hashes a full id well. */
static inline uint64_t hex_prefix_value(const char *id, size_t len)
{
	uint64_t v = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (len >= 16) {	/* (the usual case: eight digits at a time) */
		uint64_t a, b;
		memcpy(&a, id, 8);
		memcpy(&b, id + 8, 8);
		if (hex8_lanes_ok(a) && hex8_lanes_ok(b))
			return hex8_value(a) << 32 | hex8_value(b);
	}
#endif
	for (size_t i = 0; i < 16; i++) {
		char ch = i < len ? id[i] : '0';
		v = v << 4 | (uint64_t)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
	}
	return v;
}

/* The first 8 bytes of the binary id ID as a number, the first the highest:
 * ids in the order of this number are in the order of their first 8 bytes. */
static inline uint64_t id_prefix_value(const uint8_t *id)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | id[i];
	return v;
}

/* A growable list of commit indices. */
struct u32s {
	uint32_t *v;
	size_t n, cap;
};

void u32s_push(struct u32s *s, uint32_t x);
/* Sort ascending and drop repeats. */
void u32s_sort_unique(struct u32s *s);
int u32s_contains(const struct u32s *s, uint32_t x);
void u32s_release(struct u32s *s);

#endif
