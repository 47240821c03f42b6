/* util.c — see util.h. */
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Running out of memory ends the process from any layer: the one place
 * below src/cmd that prints or exits. */
static void *check(void *p)
{
	if (!p) {
		fputs("regtrace: out of memory\n", stderr);	/* layers: allowed */
		exit(1);	/* layers: allowed */
	}
	return p;
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

	if (s->n)
		qsort(s->v, s->n, sizeof(uint32_t), cmp_u32);
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
