/*
 * shared.c — commits that several series of one run hold (shared.h).
 *
 * Every commit of every series is put in one hash table of ids; each
 * distinct id keeps a chain of the series that hold it.  An id held by two
 * or more becomes a set, and each of its commits points to it.
 */
#include "core/shared.h"

#include "base/oidmap.h"
#include "base/util.h"
#include "core/series.h"

#include <stdlib.h>
#include <string.h>

struct holder {
	uint32_t series, commit;
	uint32_t next;		/* the next holder of the same id, or UINT32_MAX */
};

struct finder {
	const struct series *s;
	struct holder *h;	/* every commit of every series */
	uint32_t *first, *last;	/* per distinct id: its first and last holder */
	size_t nids;
	struct oidtab t;	/* distinct ids, by their first holder */
};

static const char *id_of(const struct finder *f, uint32_t holder)
{
	return f->s[f->h[holder].series].g.c[f->h[holder].commit].id;
}

/* The first 16 hex digits of an id, as a number: uniform enough. */
static uint64_t id_hash(const void *ctx, uint32_t v)
{
	const struct finder *f = ctx;
	const char *id = id_of(f, f->first[v]);

	return hex_prefix_value(id, strlen(id));
}

/* Holder k joins the chain of its id (a new id when none has it). */
static void put(struct finder *f, uint32_t k)
{
	const char *id = id_of(f, k);
	size_t slot;

	oidtab_reserve(&f->t, 1024, id_hash, f);
	for (slot = oidtab_first(&f->t, hex_prefix_value(id, strlen(id))); f->t.slot[slot];
	     slot = oidtab_next(&f->t, slot)) {
		uint32_t d = f->t.slot[slot] - 1;
		if (!strcmp(id_of(f, f->first[d]), id)) {
			f->h[f->last[d]].next = k;
			f->last[d] = k;
			return;
		}
	}
	f->first[f->nids] = f->last[f->nids] = k;
	oidtab_put(&f->t, slot, (uint32_t)f->nids++);
}

/* Id d held by several series: its set, and each holder pointing to it. */
static void make_set(struct finder *f, uint32_t d, struct series *s, struct shared *out)
{
	struct u32s *set = &out->sets[out->nsets++];

	for (uint32_t k = f->first[d]; k != UINT32_MAX; k = f->h[k].next) {
		u32s_push(set, f->h[k].series);
		s[f->h[k].series].share.set_of[f->h[k].commit] = (uint32_t)out->nsets;
	}
}

/* Each series' count of shared commits and the others it shares with
 * (each pushed once: seen[j] is 1 + the last series that pushed j). */
static void summarize(struct series *s, size_t n, const struct shared *out)
{
	uint32_t *seen = xcalloc(n + 1, sizeof(*seen));

	for (size_t i = 0; i < n; i++) {
		struct series_share *v = &s[i].share;
		v->sets = out->sets;
		v->all = s;
		v->self = i;
		for (size_t c = 0; c < s[i].g.n; c++) {
			if (!v->set_of[c])
				continue;
			const struct u32s *set = &out->sets[v->set_of[c] - 1];
			v->ncommits += !s[i].g.c[c].is_merge;
			for (size_t k = 0; k < set->n; k++)
				if (set->v[k] != i && seen[set->v[k]] != i + 1) {
					seen[set->v[k]] = (uint32_t)i + 1;
					u32s_push(&v->with, set->v[k]);
				}
		}
		u32s_sort_unique(&v->with);
	}
	free(seen);
}

void shared_find(struct series *s, size_t n, struct shared *out)
{
	struct finder f = { .s = s };
	size_t total = 0, k = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++)
		memset(&s[i].share, 0, sizeof(s[i].share));
	if (n < 2)
		return;
	for (size_t i = 0; i < n; i++)
		total += s[i].g.n;
	f.h = xcalloc(total + 1, sizeof(*f.h));
	f.first = xcalloc(total + 1, sizeof(*f.first));
	f.last = xcalloc(total + 1, sizeof(*f.last));
	oidtab_resize(&f.t, oidtab_cap_for(total, 1024), id_hash, &f);	/* (room for all) */
	for (size_t i = 0; i < n; i++)
		for (size_t c = 0; c < s[i].g.n; c++, k++) {
			f.h[k] = (struct holder){ (uint32_t)i, (uint32_t)c, UINT32_MAX };
			put(&f, (uint32_t)k);
		}
	for (size_t i = 0; i < n; i++)
		s[i].share.set_of = xcalloc(s[i].g.n + 1, sizeof(uint32_t));
	out->sets = xcalloc(total - f.nids + 1, sizeof(*out->sets));	/* (a set has 2+) */
	for (size_t d = 0; d < f.nids; d++)
		if (f.h[f.first[d]].next != UINT32_MAX)
			make_set(&f, (uint32_t)d, s, out);
	summarize(s, n, out);
	oidtab_release(&f.t);
	free(f.h);
	free(f.first);
	free(f.last);
}

void shared_release(struct shared *sh, struct series *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(s[i].share.set_of);
		u32s_release(&s[i].share.with);
		memset(&s[i].share, 0, sizeof(s[i].share));
	}
	for (size_t k = 0; k < sh->nsets; k++)
		u32s_release(&sh->sets[k]);
	free(sh->sets);
	memset(sh, 0, sizeof(*sh));
}

/* The set of commit c of s, or NULL when only s holds it. */
static const struct u32s *set_of(const struct series *s, uint32_t c)
{
	const struct series_share *v = &s->share;

	return v->set_of && c < s->g.n && v->set_of[c] ? &v->sets[v->set_of[c] - 1] : NULL;
}

void shared_link_others(const struct series *s, const struct link *l, struct u32s *out)
{
	const struct u32s *a = set_of(s, l->fix);
	const struct u32s *b = l->target == LINK_NO_TARGET ? NULL : set_of(s, l->target);

	out->n = 0;
	for (size_t k = 0; a && b && k < a->n; k++)	/* both ascending: a merge */
		if (a->v[k] != s->share.self && u32s_contains(b, a->v[k]))
			u32s_push(out, a->v[k]);
}

int shared_link_first(const struct series *s, const struct link *l)
{
	const struct u32s *a = set_of(s, l->fix);
	const struct u32s *b = l->target == LINK_NO_TARGET ? NULL : set_of(s, l->target);

	for (size_t k = 0; a && b && k < a->n && a->v[k] < s->share.self; k++)
		if (u32s_contains(b, a->v[k]))
			return 0;
	return 1;
}
