/* upstream_dates.c — see upstream_dates.h. */
#include "core/upstream_dates.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

static int cmp_id(const void *a, const void *b)
{
	return strcmp(a, b);
}

void upstream_ids_of(const struct series *s, size_t n, struct upstream_dates *out)
{
	size_t k = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++)
		for (size_t c = 0; c < s[i].g.n; c++) {
			const struct msg_facts *f = &s[i].g.c[c].facts;
			for (size_t a = 0; a < f->naliases; a++) {
				if (strlen(f->aliases[a]) != MSG_ID_MAX)
					continue;
				ARRAY_GROW(out->id, out->n, out->cap);
				memcpy(out->id[out->n++], f->aliases[a], 41);
			}
		}
	if (out->n)
		qsort(out->id, out->n, sizeof(*out->id), cmp_id);
	for (size_t i = 0; i < out->n; i++)
		if (!k || strcmp(out->id[k - 1], out->id[i]))
			memmove(out->id[k++], out->id[i], 41);
	out->n = k;
	out->date = xmalloc((out->n + 1) * sizeof(*out->date));
	for (size_t i = 0; i < out->n; i++)
		out->date[i] = -1;
}

long upstream_dates_find(const struct upstream_dates *d, const char *id)
{
	const char (*hit)[41] = d->n ? bsearch(id, d->id, d->n, sizeof(*d->id), cmp_id) : NULL;

	return hit ? (long)(hit - d->id) : -1;
}

int64_t upstream_date_of(const struct upstream_dates *d, const char *id)
{
	long i = upstream_dates_find(d, id);

	return i < 0 ? -1 : d->date[i];
}

void upstream_dates_prune(struct upstream_dates *d)
{
	size_t k = 0;

	for (size_t i = 0; i < d->n; i++)
		if (d->date[i] >= 0) {
			memmove(d->id[k], d->id[i], 41);
			d->date[k++] = d->date[i];
		}
	d->n = k;
}

void upstream_dates_release(struct upstream_dates *d)
{
	free(d->id);
	free(d->date);
	memset(d, 0, sizeof(*d));
}
