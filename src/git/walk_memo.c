/* walk_memo.c — see walk_memo.h.  The memo is split in shards by a byte of
 * the id, each with its lock: the walks of two threads and the packs'
 * reader ask it at every commit, and with one lock they mostly took turns
 * (git/git, cold: a twentieth of the run's samples in the lock's futex
 * calls and the context switches they made). */
#include "git/walk_memo.h"
#include "base/heap.h"
#include "base/oidmap.h"
#include "base/util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define SHARDS 64

/* Up to two parents are in the entry itself (a walk asks for an entry's
 * parents each time it meets it: one place in memory, not two), more in
 * the shard's pool. */
#define INLINE_PARENTS 2

struct memo_entry {
	uint8_t oid[20];
	uint16_t nparents;
	uint8_t spent;		/* raw was taken once (and is in the spent queue) */
	int64_t time;
	uint32_t all_parents;
	size_t rawlen;
	char *raw;		/* its object's bytes, or NULL */
	union {
		uint8_t in[INLINE_PARENTS][20];
		size_t first;	/* its parents in pool, when more */
	} parents;
};

struct shard {
	pthread_mutex_t lock;
	char *gitdir;		/* the repository kept, or NULL */
	struct memo_entry *v;
	size_t n, cap;
	uint8_t (*pool)[20];
	size_t npool, poolcap;
	struct oidtab table;	/* the entries by id */
};

static struct shard shards[SHARDS];
static pthread_once_t shards_once = PTHREAD_ONCE_INIT;
static atomic_size_t rawbytes;	/* the bytes of the objects kept, in all shards */
static atomic_size_t entries;	/* the commits kept, in all shards (WALK_MEMO_MAX) */

static void shards_init(void)
{
	for (size_t s = 0; s < SHARDS; s++)
		pthread_mutex_init(&shards[s].lock, NULL);
}

/* oid's shard, locked.  (Its last byte: the table hashes the first.) */
static struct shard *lock_shard(const uint8_t oid[20])
{
	struct shard *s = &shards[oid[19] % SHARDS];

	pthread_once(&shards_once, shards_init);
	pthread_mutex_lock(&s->lock);
	return s;
}

static uint64_t entry_hash(const void *ctx, uint32_t v)
{
	return oidtab_hash_id(((const struct shard *)ctx)->v[v].oid);
}

/* The slot of oid in s: its entry's, or the empty one the probe met (a
 * table with slots only). */
static size_t find(const struct shard *s, const uint8_t oid[20])
{
	size_t k = oidtab_first(&s->table, oidtab_hash_id(oid));

	while (s->table.slot[k] && memcmp(s->v[s->table.slot[k] - 1].oid, oid, 20))
		k = oidtab_next(&s->table, k);
	return k;
}

static void clear_locked(struct shard *s)
{
	size_t bytes = 0;

	for (size_t i = 0; i < s->n; i++) {
		bytes += s->v[i].rawlen;
		free(s->v[i].raw);
	}
	atomic_fetch_sub(&rawbytes, bytes);
	atomic_fetch_sub(&entries, s->n);
	free(s->gitdir);
	free(s->v);
	free(s->pool);
	oidtab_release(&s->table);
	s->gitdir = NULL;
	s->v = NULL;
	s->pool = NULL;
	s->n = s->cap = s->npool = s->poolcap = 0;
}

/* The ids of the entries whose bytes were taken, oldest first: the first
 * to give their room to new bytes (a walk parsed them; one more may want
 * them, when a commit is in a series and on the mainline).  Its lock is
 * taken inside a shard's, never the other way round. */
static pthread_mutex_t spent_lock = PTHREAD_MUTEX_INITIALIZER;
static uint8_t (*spent)[20];
static size_t spent_head, spent_n, spent_cap;

static void spent_push(const uint8_t oid[20])
{
	pthread_mutex_lock(&spent_lock);
	ARRAY_GROW(spent, spent_n, spent_cap);
	memcpy(spent[spent_n++], oid, 20);
	pthread_mutex_unlock(&spent_lock);
}

/* The oldest id queued into *oid: 1, or 0 when none is left. */
static int spent_pop(uint8_t oid[20])
{
	int got = 0;

	pthread_mutex_lock(&spent_lock);
	if (spent_head < spent_n) {
		memcpy(oid, spent[spent_head++], 20);
		got = 1;
	} else {
		spent_head = spent_n = 0;
	}
	pthread_mutex_unlock(&spent_lock);
	return got;
}

static void spent_clear(void)
{
	pthread_mutex_lock(&spent_lock);
	free(spent);
	spent = NULL;
	spent_head = spent_n = spent_cap = 0;
	pthread_mutex_unlock(&spent_lock);
}

/* The repository the memo holds (its shards' gitdir, set at their first
 * entry), under owner_lock.  Taken before a shard's lock, never inside. */
static pthread_mutex_t owner_lock = PTHREAD_MUTEX_INITIALIZER;
static char *owner;

static void clear_shards(void)
{
	pthread_once(&shards_once, shards_init);
	for (size_t k = 0; k < SHARDS; k++) {
		pthread_mutex_lock(&shards[k].lock);
		clear_locked(&shards[k]);
		pthread_mutex_unlock(&shards[k].lock);
	}
	spent_clear();
}

/* The memo made gitdir's: emptied first when it holds another repository's. */
static void own(const char *gitdir)
{
	pthread_mutex_lock(&owner_lock);
	if (owner && strcmp(owner, gitdir)) {
		clear_shards();
		free(owner);
		owner = NULL;
	}
	if (!owner)
		owner = xstrdup(gitdir);
	pthread_mutex_unlock(&owner_lock);
}

int walk_memo_full(void)
{
	return atomic_load(&entries) >= WALK_MEMO_MAX;
}

/* Keep the bytes of a new entry when they fit in the budget: 1, else 0. */
static int take_budget(size_t len)
{
	size_t had = atomic_load(&rawbytes);

	do {
		if (had + len > WALK_MEMO_RAW_MAX)
			return 0;
	} while (!atomic_compare_exchange_weak(&rawbytes, &had, had + len));
	return 1;
}

/* A new entry for oid at slot k of s. */
static void add_locked(struct shard *s, size_t k, const uint8_t oid[20], int64_t time,
		       unsigned all_parents, const uint8_t (*parents)[20], unsigned nparents,
		       char **copy, size_t len)
{
	ARRAY_GROW(s->v, s->n, s->cap);
	struct memo_entry *e = &s->v[s->n];
	oidtab_put(&s->table, k, (uint32_t)s->n++);
	atomic_fetch_add(&entries, 1);
	memcpy(e->oid, oid, 20);
	e->time = time;
	e->all_parents = all_parents;
	e->nparents = (uint16_t)nparents;
	e->raw = NULL;
	e->rawlen = 0;
	e->spent = 0;
	if (*copy && take_budget(len)) {
		e->raw = *copy;
		e->rawlen = len;
		*copy = NULL;
	}
	if (nparents <= INLINE_PARENTS) {
		if (nparents)
			memcpy(e->parents.in, parents, (size_t)nparents * 20);
		return;
	}
	e->parents.first = s->npool;
	for (unsigned p = 0; p < nparents; p++) {
		ARRAY_GROW(s->pool, s->npool, s->poolcap);
		memcpy(s->pool[s->npool++], parents[p], 20);
	}
}

/* The entry of oid when its shard s holds gitdir's repository and oid (the
 * lock held), else NULL. */
static struct memo_entry *entry_locked(struct shard *s, const char *gitdir, const uint8_t oid[20])
{
	size_t k;

	if (!gitdir || !s->gitdir || !s->table.cap || strcmp(s->gitdir, gitdir))
		return NULL;
	k = find(s, oid);
	return s->table.slot[k] ? &s->v[s->table.slot[k] - 1] : NULL;
}

/* Room for len more bytes within the budget, when the bytes of spent
 * entries can make it: those are freed, oldest first. */
static void make_room(size_t len)
{
	uint8_t oid[20];

	while (atomic_load(&rawbytes) + len > WALK_MEMO_RAW_MAX && spent_pop(oid)) {
		struct shard *s = lock_shard(oid);
		struct memo_entry *e = entry_locked(s, s->gitdir, oid);
		if (e && e->spent && e->raw) {
			atomic_fetch_sub(&rawbytes, e->rawlen);
			free(e->raw);
			e->raw = NULL;
			e->rawlen = 0;
		}
		pthread_mutex_unlock(&s->lock);
	}
}

void walk_memo_give(const char *gitdir, const uint8_t oid[20], int64_t time,
		    unsigned all_parents, const uint8_t (*parents)[20], unsigned nparents,
		    char **bytes, size_t len)
{
	char *none = NULL, **copy = bytes ? bytes : &none;
	struct shard *s;

	if (!gitdir)
		return;
	if (*copy && !walk_memo_full())	/* (else nothing is kept) */
		make_room(len);
	s = lock_shard(oid);
	if (!s->gitdir || strcmp(s->gitdir, gitdir)) {	/* (a shard's first entry) */
		pthread_mutex_unlock(&s->lock);
		own(gitdir);
		s = lock_shard(oid);
		if (!s->gitdir)
			s->gitdir = xstrdup(gitdir);
	}
	if (!walk_memo_full() && !strcmp(s->gitdir, gitdir)) {
		oidtab_reserve(&s->table, 64, entry_hash, s);
		size_t k = find(s, oid);
		if (!s->table.slot[k])
			add_locked(s, k, oid, time, all_parents, parents, nparents, copy, len);
	}
	pthread_mutex_unlock(&s->lock);
}

void walk_memo_put(const char *gitdir, const uint8_t oid[20], int64_t time,
		   unsigned all_parents, const uint8_t (*parents)[20], unsigned nparents,
		   const void *raw, size_t len)
{
	char *copy = NULL;

	if (gitdir && raw) {	/* (copied before the lock: a fresh page's fault is slow) */
		copy = xmalloc(len + 1);
		memcpy(copy, raw, len);
	}
	walk_memo_give(gitdir, oid, time, all_parents, parents, nparents, &copy, len);
	free(copy);	/* (not kept) */
}

int walk_memo_get(const char *gitdir, const uint8_t oid[20], int64_t *time,
		  unsigned *all_parents, uint8_t (*parents)[20], unsigned *nparents)
{
	struct shard *s = lock_shard(oid);
	const struct memo_entry *e;

	if ((e = entry_locked(s, gitdir, oid))) {
		*time = e->time;
		*all_parents = e->all_parents;
		*nparents = e->nparents;
		if (e->nparents)
			memcpy(parents, e->nparents <= INLINE_PARENTS
						? (const void *)e->parents.in
						: (const void *)s->pool[e->parents.first],
			       (size_t)e->nparents * 20);
	}
	pthread_mutex_unlock(&s->lock);
	return e != NULL;
}

int walk_memo_has(const char *gitdir, const uint8_t oid[20])
{
	struct shard *s = lock_shard(oid);
	int found = entry_locked(s, gitdir, oid) != NULL;

	pthread_mutex_unlock(&s->lock);
	return found;
}

char *walk_memo_take_raw(const char *gitdir, const uint8_t oid[20], size_t *len)
{
	struct shard *s;
	struct memo_entry *e;
	char *raw = NULL;

	if (!atomic_load(&rawbytes))
		return NULL;
	s = lock_shard(oid);
	if ((e = entry_locked(s, gitdir, oid)) && e->raw && walk_memo_full()) {
		/* given up: see walk_memo.h */
		raw = e->raw;
		*len = e->rawlen;
		atomic_fetch_sub(&rawbytes, e->rawlen);
		e->raw = NULL;
		e->rawlen = 0;
	} else if (e && e->raw) {
		raw = xmalloc(e->rawlen + 1);
		memcpy(raw, e->raw, e->rawlen);
		*len = e->rawlen;
		if (!e->spent) {
			e->spent = 1;
			spent_push(oid);
		}
	}
	pthread_mutex_unlock(&s->lock);
	return raw;
}

void walk_memo_phase_done(void)
{
	if (walk_memo_full())
		heap_give_back();
}

void walk_memo_clear(void)
{
	int full = walk_memo_full();

	pthread_mutex_lock(&owner_lock);
	clear_shards();
	free(owner);
	owner = NULL;
	pthread_mutex_unlock(&owner_lock);
	if (full)
		heap_give_back();
}
