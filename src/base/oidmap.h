/*
 * oidmap.h — commit ids (20 bytes, borrowed: they must outlive the map) to
 * positions, in an open-addressing table keyed by the ids' first 8 bytes
 * (uniform already).  Sized once for n ids; an id put twice keeps the last
 * position.  Made with oidmap_init_set(), it is a set of ids (no
 * positions: oidmap_add() and oidmap_has() only).  Pure.  For a table that
 * grows, of ids or of any key, see struct oidtab below.
 */
#ifndef REGTRACE_OIDMAP_H
#define REGTRACE_OIDMAP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct oidmap {
	const uint8_t **oid;	/* NULL: empty */
	uint32_t *pos;		/* NULL: a set */
	size_t cap;
};

void oidmap_init(struct oidmap *m, size_t n);
void oidmap_init_set(struct oidmap *m, size_t n);
void oidmap_put(struct oidmap *m, const uint8_t *oid, uint32_t pos);
/* The position of oid, or UINT32_MAX when it was never put. */
uint32_t oidmap_get(const struct oidmap *m, const uint8_t *oid);
/* Put oid (at pos, in a map) unless it is there: 1 when it was not, else 0
 * (its position kept). */
int oidmap_add(struct oidmap *m, const uint8_t *oid, uint32_t pos);
int oidmap_has(const struct oidmap *m, const uint8_t *oid);
void oidmap_release(struct oidmap *m);

/*
 * A growable table of values (below UINT32_MAX: positions in the caller's
 * arrays) found by a hash, in open addressing with linear probing.  It
 * keeps no key, so the caller's records may move (realloc) as they grow;
 * the caller tests each slot's value for its key as it probes:
 *
 *	oidtab_reserve(&t, 1024, hash_of, ctx);	(before an add)
 *	for (k = oidtab_first(&t, h); t.slot[k]; k = oidtab_next(&t, k))
 *		if (key of t.slot[k] - 1 is the one sought) return t.slot[k] - 1;
 *	oidtab_put(&t, k, v);			(slot k was the empty one met)
 *
 * The table doubles when an add would make it more than half full, putting
 * every value again by hash(ctx, v), so a probe always meets an empty slot.
 * Ids of 20 bytes hash by oidtab_hash_id (their first 8 bytes, uniform
 * already).  Pure.
 */
struct oidtab {
	uint32_t *slot;		/* value + 1; 0: empty */
	size_t cap, used;	/* cap: 0, or a power of two */
};

typedef uint64_t oidtab_hash_fn(const void *ctx, uint32_t v);

/* Room for one more value: at first cap0 slots (a power of two), then
 * twice as many whenever used + 1 would pass half of them. */
void oidtab_reserve(struct oidtab *t, size_t cap0, oidtab_hash_fn *hash, const void *ctx);
/* Put every value again, in the order of their slots, into cap slots (a
 * power of two, more than twice the values): room for many values at once
 * (cap: oidtab_cap_for()). */
void oidtab_resize(struct oidtab *t, size_t cap, oidtab_hash_fn *hash, const void *ctx);
void oidtab_release(struct oidtab *t);

static inline uint64_t oidtab_hash_id(const uint8_t *oid)
{
	uint64_t h;

	memcpy(&h, oid, sizeof(h));
	return h;
}

/* The slots that n values fill with no doubling: the least power of two
 * from cap0 (one) up with n + 1 values at most half of them. */
static inline size_t oidtab_cap_for(size_t n, size_t cap0)
{
	size_t cap = cap0;

	while (cap < n * 2 + 2)
		cap *= 2;
	return cap;
}

/* The first slot of hash h's probe, and the slot after k.  A table with no
 * slot (cap 0) must not be probed. */
static inline size_t oidtab_first(const struct oidtab *t, uint64_t h)
{
	return (size_t)h & (t->cap - 1);
}

static inline size_t oidtab_next(const struct oidtab *t, size_t k)
{
	return (k + 1) & (t->cap - 1);
}

/* v into slot k, an empty slot a probe met (after oidtab_reserve). */
static inline void oidtab_put(struct oidtab *t, size_t k, uint32_t v)
{
	t->slot[k] = v + 1;
	t->used++;
}

/* A set of ids (borrowed) that grows with the ids it holds, for a set of
 * unknown size (oidmap_init_set needs a bound: a bound far above the ids
 * held is a table of fresh pages, each probe a miss).  Zeroed: empty. */
struct oidset {
	struct oidtab t;
	const uint8_t **id;	/* the ids, in the order added */
	size_t n, cap;
};

/* 1 when oid was not in s (then added), else 0. */
int oidset_add(struct oidset *s, const uint8_t *oid);
int oidset_has(const struct oidset *s, const uint8_t *oid);
void oidset_release(struct oidset *s);

#endif
