/* idsort.c — see idsort.h. */
#include "base/idsort.h"

#include <stdlib.h>
#include <string.h>

static int by_id(const void *a, const void *b)
{
	return memcmp(a, b, 20);
}

size_t ids_sort_unique(uint8_t (*v)[20], size_t n)
{
	size_t k = 0;

	if (n)
		qsort(v, n, 20, by_id);
	for (size_t i = 0; i < n; i++)
		if (!k || memcmp(v[k - 1], v[i], 20))
			memmove(v[k++], v[i], 20);
	return k;
}

int ids_sorted_unique(const uint8_t (*v)[20], size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (memcmp(v[i - 1], v[i], 20) >= 0)
			return 0;
	return 1;
}

size_t ids_merge(const uint8_t (*a)[20], size_t na, const uint8_t (*b)[20], size_t nb,
		 uint8_t (*out)[20])
{
	size_t i = 0, j = 0, n = 0;

	while (i < na || j < nb) {
		int c = i == na ? 1 : j == nb ? -1 : memcmp(a[i], b[j], 20);
		memcpy(out[n++], c <= 0 ? a[i] : b[j], 20);
		i += c <= 0;
		j += c >= 0;
	}
	return n;
}
