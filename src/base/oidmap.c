/* oidmap.c — see oidmap.h. */
#include "base/oidmap.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

void oidmap_init_set(struct oidmap *m, size_t n)
{
	for (m->cap = 64; m->cap < n * 2 + 2; m->cap *= 2)
		;
	m->oid = xcalloc(m->cap, sizeof(*m->oid));
	m->pos = NULL;
}

void oidmap_init(struct oidmap *m, size_t n)
{
	oidmap_init_set(m, n);
	m->pos = xmalloc(m->cap * sizeof(*m->pos));
}

static size_t slot(const struct oidmap *m, const uint8_t *oid)
{
	uint64_t h;

	memcpy(&h, oid, 8);
	size_t k = h & (m->cap - 1);
	while (m->oid[k] && memcmp(m->oid[k], oid, 20))
		k = (k + 1) & (m->cap - 1);
	return k;
}

void oidmap_put(struct oidmap *m, const uint8_t *oid, uint32_t pos)
{
	size_t k = slot(m, oid);

	m->oid[k] = oid;
	m->pos[k] = pos;
}

uint32_t oidmap_get(const struct oidmap *m, const uint8_t *oid)
{
	size_t k = slot(m, oid);

	return m->oid[k] ? m->pos[k] : UINT32_MAX;
}

int oidmap_add(struct oidmap *m, const uint8_t *oid, uint32_t pos)
{
	size_t k = slot(m, oid);

	if (m->oid[k])
		return 0;
	m->oid[k] = oid;
	if (m->pos)
		m->pos[k] = pos;
	return 1;
}

int oidmap_has(const struct oidmap *m, const uint8_t *oid)
{
	return m->oid[slot(m, oid)] != NULL;
}

void oidmap_release(struct oidmap *m)
{
	free(m->oid);
	free(m->pos);
}

void oidtab_resize(struct oidtab *t, size_t cap, oidtab_hash_fn *hash, const void *ctx)
{
	struct oidtab old = *t;

	t->cap = cap;
	t->slot = xcalloc(t->cap, sizeof(uint32_t));
	t->used = 0;
	for (size_t k = 0; k < old.cap; k++) {
		if (!old.slot[k])
			continue;
		size_t j = oidtab_first(t, hash(ctx, old.slot[k] - 1));
		while (t->slot[j])
			j = oidtab_next(t, j);
		oidtab_put(t, j, old.slot[k] - 1);
	}
	free(old.slot);
}

void oidtab_reserve(struct oidtab *t, size_t cap0, oidtab_hash_fn *hash, const void *ctx)
{
	if ((t->used + 1) * 2 <= t->cap)
		return;
	oidtab_resize(t, t->cap ? t->cap * 2 : cap0, hash, ctx);
}

void oidtab_release(struct oidtab *t)
{
	free(t->slot);
	t->slot = NULL;
	t->cap = t->used = 0;
}

static uint64_t oidset_hash(const void *ctx, uint32_t v)
{
	return oidtab_hash_id(((const struct oidset *)ctx)->id[v]);
}

/* The slot of oid in s's table: its own, or the empty one a probe met. */
static size_t oidset_slot(const struct oidset *s, const uint8_t *oid)
{
	size_t k = oidtab_first(&s->t, oidtab_hash_id(oid));

	while (s->t.slot[k] && memcmp(s->id[s->t.slot[k] - 1], oid, 20))
		k = oidtab_next(&s->t, k);
	return k;
}

int oidset_add(struct oidset *s, const uint8_t *oid)
{
	size_t k;

	oidtab_reserve(&s->t, 1024, oidset_hash, s);
	if (s->t.slot[k = oidset_slot(s, oid)])
		return 0;
	ARRAY_GROW(s->id, s->n, s->cap);
	s->id[s->n] = oid;
	oidtab_put(&s->t, k, (uint32_t)s->n++);
	return 1;
}

int oidset_has(const struct oidset *s, const uint8_t *oid)
{
	return s->t.cap && s->t.slot[oidset_slot(s, oid)];
}

void oidset_release(struct oidset *s)
{
	oidtab_release(&s->t);
	free(s->id);
	memset(s, 0, sizeof(*s));
}
