/* util.c — see util.h. */
#include "base/util.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Running out of memory ends the process from any layer: the one place
 * below src/cmd that prints or exits.  Said once, whichever threads run out
 * at the same time: the first ends the process (_exit: no buffered output
 * is flushed, so nothing half written reaches stdout), the others wait.
 */
static atomic_flag out_of_memory = ATOMIC_FLAG_INIT;

static void *check(void *p)
{
	static const char msg[] = "regtrace: out of memory\n";

	if (p)
		return p;
	if (!atomic_flag_test_and_set(&out_of_memory)) {
		ssize_t ignored = write(STDERR_FILENO, msg, sizeof(msg) - 1);	/* layers: allowed */
		(void)ignored;
		_exit(1);	/* layers: allowed */
	}
	for (;;)
		pause();	/* the first thread is ending the process */
}

void *xmalloc(size_t n)
{
	return check(malloc(n ? n : 1));
}

void *xcalloc(size_t nmemb, size_t size)
{
	return check(calloc(nmemb ? nmemb : 1, size ? size : 1));
}

void *xrealloc(void *p, size_t n)
{
	return check(realloc(p, n ? n : 1));
}

char *xstrndup(const char *s, size_t n)
{
	char *r = xmalloc(n + 1);

	memcpy(r, s, n);
	r[n] = '\0';
	return r;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *path_join(const char *dir, const char *name)
{
	size_t d = strlen(dir), n = d + strlen(name) + 2;
	char *p = xmalloc(n);

	snprintf(p, n, "%s%s%s", dir, d && dir[d - 1] != '/' ? "/" : "", name);
	return p;
}

int write_all(int fd, const void *p, size_t n)
{
	const char *q = p;

	while (n) {
		ssize_t k = write(fd, q, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return errno;
		q += k;
		n -= (size_t)k;
	}
	return 0;
}

void str_copy(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Each byte's two digits: one load and one store a byte (a run formats
 * 20,000 ids). */
static const char hex_pairs[513] =
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
		"202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
		"404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
		"606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
		"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
		"a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
		"c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
		"e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

void id_to_hex(char out[41], const uint8_t id[20])
{
	for (size_t i = 0; i < 20; i++)
		memcpy(out + 2 * i, hex_pairs + 2 * id[i], 2);
	out[40] = '\0';
}

void u32s_push(struct u32s *s, uint32_t x)
{
	ARRAY_GROW(s->v, s->n, s->cap);
	s->v[s->n++] = x;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

void u32s_sort_unique(struct u32s *s)
{
	size_t k = 0;

	if (s->n > 16) {
		qsort(s->v, s->n, sizeof(uint32_t), cmp_u32);
	} else {	/* (most hold a few: qsort's calls cost more) */
		for (size_t i = 1; i < s->n; i++) {
			uint32_t x = s->v[i];
			size_t j = i;
			for (; j && s->v[j - 1] > x; j--)
				s->v[j] = s->v[j - 1];
			s->v[j] = x;
		}
	}
	for (size_t i = 0; i < s->n; i++)
		if (!k || s->v[k - 1] != s->v[i])
			s->v[k++] = s->v[i];
	s->n = k;
}

int u32s_contains(const struct u32s *s, uint32_t x)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i] == x)
			return 1;
	return 0;
}

void u32s_release(struct u32s *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}
