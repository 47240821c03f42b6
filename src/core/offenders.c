/* offenders.c — see offenders.h. */
#include "core/offenders.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

static int visible_link(const struct link *l)
{
	return link_is_regression_fix(l->kind) && l->target != LINK_NO_TARGET && !l->same_release;
}

struct triple {
	const char *upstream;
	size_t series, order;
	const struct link *link;
};

static int cmp_triple(const void *pa, const void *pb)
{
	const struct triple *a = pa, *b = pb;
	int c = strcmp(a->upstream, b->upstream);

	if (c)
		return c;
	if (a->series != b->series)
		return a->series < b->series ? -1 : 1;
	return (a->order > b->order) - (a->order < b->order);
}

static int cmp_upstream(const void *pa, const void *pb)
{
	const struct offender_upstream *a = pa, *b = pb;

	if (a->n != b->n)
		return a->n > b->n ? -1 : 1;
	return strcmp(a->upstream, b->upstream);
}

/* Every (upstream id, series, visible link) of the set. */
static struct triple *triples(const struct series *s, size_t n, size_t *count)
{
	size_t total = 0;

	for (size_t i = 0; i < n; i++)
		total += s[i].census.nlinks;
	struct triple *t = xcalloc(total + 1, sizeof(*t));
	*count = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < s[i].census.nlinks; k++) {
			const struct link *l = &s[i].census.links[k];
			const char *up = visible_link(l) ? series_upstream(&s[i], l->target) : NULL;
			if (up)
				t[(*count)++] = (struct triple){ up, i, k, l };
		}
	}
	qsort(t, *count, sizeof(*t), cmp_triple);
	return t;
}

void offenders_upstream(const struct series *s, size_t n, struct offender_upstreams *out)
{
	size_t m;
	struct triple *t = triples(s, n, &m);

	out->v = xcalloc(m + 1, sizeof(*out->v));
	out->n = 0;
	for (size_t i = 0; i < m;) {
		struct offender_upstream *u = &out->v[out->n++];
		u->upstream = t[i].upstream;
		u->hits = xcalloc(n + 1, sizeof(*u->hits));
		for (; i < m && !strcmp(t[i].upstream, u->upstream); i++)
			if (!u->n || u->hits[u->n - 1].series != t[i].series)
				u->hits[u->n++] = (struct offender_hit){ t[i].series, t[i].link };
	}
	free(t);
	qsort(out->v, out->n, sizeof(*out->v), cmp_upstream);
}

void offenders_upstream_release(struct offender_upstreams *u)
{
	for (size_t i = 0; i < u->n; i++)
		free(u->v[i].hits);
	free(u->v);
	memset(u, 0, sizeof(*u));
}

static int cmp_life(const void *pa, const void *pb)
{
	const struct offender_life *a = pa, *b = pb;

	if (a->t.days != b->t.days)
		return a->t.days > b->t.days ? -1 : 1;
	if (a->t.releases != b->t.releases)
		return a->t.releases > b->t.releases ? -1 : 1;
	if (a->series != b->series)
		return a->series < b->series ? -1 : 1;
	return (a->link > b->link) - (a->link < b->link);
}

struct offender_life *offenders_longest(const struct series *s, size_t n, size_t *count)
{
	size_t total = 0;

	for (size_t i = 0; i < n; i++)
		total += s[i].census.nlinks;
	struct offender_life *v = xcalloc(total + 1, sizeof(*v));
	*count = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < s[i].census.nlinks; k++) {
			const struct link *l = &s[i].census.links[k];
			struct lifetime t = series_lifetime(&s[i], l);
			if (visible_link(l) && t.days >= 0 && shared_link_first(&s[i], l))
				v[(*count)++] = (struct offender_life){ i, l, t };
		}
	}
	qsort(v, *count, sizeof(*v), cmp_life);
	return v;
}

static int cmp_group(const void *pa, const void *pb)
{
	const struct offender_group *a = pa, *b = pb;

	if (a->visible != b->visible)
		return a->visible > b->visible ? -1 : 1;
	return strcmp(a->name, b->name);
}

static int cmp_group_name(const void *pa, const void *pb)
{
	return strcmp(((const struct offender_group *)pa)->name,
		      ((const struct offender_group *)pb)->name);
}

static int is_path(const struct series *s)
{
	return s->by && !strcmp(s->by->kind, "path");
}

/* Every series' path groups, one entry each; then those of one name merged. */
struct offender_group *offenders_subsystems(const struct series *s, size_t n, size_t *count)
{
	size_t total = 0, m = 0;

	for (size_t i = 0; i < n; i++)
		total += is_path(&s[i]) ? s[i].by->n : 0;
	*count = 0;
	if (!total)
		return NULL;
	struct offender_group *v = xcalloc(total + 1, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; is_path(&s[i]) && k < s[i].by->n; k++) {
			const struct breakdown_row *r = &s[i].by->rows[k];
			v[m++] = (struct offender_group){ r->name, r->visible, r->commits,
							  r->visible > 0 };
		}
	qsort(v, m, sizeof(*v), cmp_group_name);
	for (size_t k = 0; k < m; k++) {
		struct offender_group *last = *count ? &v[*count - 1] : NULL;
		if (last && !strcmp(last->name, v[k].name)) {
			last->visible += v[k].visible;
			last->commits += v[k].commits;
			last->nseries += v[k].nseries;
		} else {
			v[(*count)++] = v[k];
		}
	}
	qsort(v, *count, sizeof(*v), cmp_group);
	return v;
}
