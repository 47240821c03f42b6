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

/* The first 16 digits of the lower-case hex id ID (LEN digits long) as a number, a
 * shorter id padded with zeros: ids in the order of this number are in the order of
 * their first 16 digits, and the number hashes a full id well. */
static inline uint64_t hex_prefix_value(const char *id, size_t len)
{
	uint64_t v = 0;

	for (size_t i = 0; i < 16; i++) {
		char ch = i < len ? id[i] : '0';
		v = v << 4 | (uint64_t)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
	}
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
