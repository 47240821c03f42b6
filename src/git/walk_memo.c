/* walk_memo.c — see walk_memo.h. */
#include "git/walk_memo.h"
#include "base/oidmap.h"
#include "base/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct memo_entry {
	uint8_t oid[20];
	int64_t time;
	uint32_t all_parents, nparents;
	size_t first;		/* its parents in pool */
	char *raw;		/* its object's bytes, or NULL */
	size_t rawlen;
};

static struct {
	pthread_mutex_t lock;
	char *gitdir;		/* the repository kept, or NULL */
	struct memo_entry *v;
	size_t n, cap;
	uint8_t (*pool)[20];
	size_t npool, poolcap;
	struct oidtab table;	/* the entries by id */
	size_t rawbytes;	/* the bytes of the objects kept */
} memo = { .lock = PTHREAD_MUTEX_INITIALIZER };

static uint64_t entry_hash(const void *ctx, uint32_t v)
{
	(void)ctx;
	return oidtab_hash_id(memo.v[v].oid);
}

/* The slot of oid: its entry's, or the empty one the probe met (a table
 * with slots only). */
static size_t find(const uint8_t oid[20])
{
	size_t k = oidtab_first(&memo.table, oidtab_hash_id(oid));

	while (memo.table.slot[k] && memcmp(memo.v[memo.table.slot[k] - 1].oid, oid, 20))
		k = oidtab_next(&memo.table, k);
	return k;
}

static void clear_locked(void)
{
	for (size_t i = 0; i < memo.n; i++)
		free(memo.v[i].raw);
	memo.rawbytes = 0;
	free(memo.gitdir);
	free(memo.v);
	free(memo.pool);
	oidtab_release(&memo.table);
	memo.gitdir = NULL;
	memo.v = NULL;
	memo.pool = NULL;
	memo.n = memo.cap = memo.npool = memo.poolcap = 0;
}

void walk_memo_put(const char *gitdir, const uint8_t oid[20], int64_t time,
		   unsigned all_parents, const uint8_t (*parents)[20], unsigned nparents,
		   const void *raw, size_t len)
{
	char *copy = NULL;

	if (!gitdir)
		return;
	if (raw) {	/* (copied before the lock: a fresh page's fault is slow) */
		copy = xmalloc(len + 1);
		memcpy(copy, raw, len);
	}
	pthread_mutex_lock(&memo.lock);
	if (memo.gitdir && strcmp(memo.gitdir, gitdir))
		clear_locked();
	if (!memo.gitdir)
		memo.gitdir = xstrdup(gitdir);
	if (memo.n < WALK_MEMO_MAX) {
		oidtab_reserve(&memo.table, 1024, entry_hash, NULL);
		size_t k = find(oid);
		if (!memo.table.slot[k]) {
			ARRAY_GROW(memo.v, memo.n, memo.cap);
			struct memo_entry *e = &memo.v[memo.n];
			memcpy(e->oid, oid, 20);
			e->time = time;
			e->all_parents = all_parents;
			e->nparents = nparents;
			e->first = memo.npool;
			e->raw = NULL;
			e->rawlen = 0;
			if (copy && memo.rawbytes + len <= WALK_MEMO_RAW_MAX) {
				e->raw = copy;
				e->rawlen = len;
				memo.rawbytes += len;
				copy = NULL;
			}
			for (unsigned p = 0; p < nparents; p++) {
				ARRAY_GROW(memo.pool, memo.npool, memo.poolcap);
				memcpy(memo.pool[memo.npool++], parents[p], 20);
			}
			oidtab_put(&memo.table, k, (uint32_t)memo.n++);
		}
	}
	pthread_mutex_unlock(&memo.lock);
	free(copy);	/* (not kept) */
}

/* The entry of oid when the memo holds gitdir's repository and oid (the
 * lock held), else NULL. */
static struct memo_entry *entry_locked(const char *gitdir, const uint8_t oid[20])
{
	size_t k;

	if (!gitdir || !memo.gitdir || !memo.table.cap || strcmp(memo.gitdir, gitdir))
		return NULL;
	k = find(oid);
	return memo.table.slot[k] ? &memo.v[memo.table.slot[k] - 1] : NULL;
}

int walk_memo_get(const char *gitdir, const uint8_t oid[20], int64_t *time,
		  unsigned *all_parents, uint8_t (*parents)[20], unsigned *nparents)
{
	const struct memo_entry *e;

	pthread_mutex_lock(&memo.lock);
	if ((e = entry_locked(gitdir, oid))) {
		*time = e->time;
		*all_parents = e->all_parents;
		*nparents = e->nparents;
		if (e->nparents)
			memcpy(parents, memo.pool[e->first], (size_t)e->nparents * 20);
	}
	pthread_mutex_unlock(&memo.lock);
	return e != NULL;
}

int walk_memo_has(const char *gitdir, const uint8_t oid[20])
{
	int found;

	pthread_mutex_lock(&memo.lock);
	found = entry_locked(gitdir, oid) != NULL;
	pthread_mutex_unlock(&memo.lock);
	return found;
}

char *walk_memo_take_raw(const char *gitdir, const uint8_t oid[20], size_t *len)
{
	struct memo_entry *e;
	char *raw = NULL;

	pthread_mutex_lock(&memo.lock);
	if (memo.rawbytes && (e = entry_locked(gitdir, oid)) && e->raw) {
		raw = e->raw;
		*len = e->rawlen;
		memo.rawbytes -= e->rawlen;
		e->raw = NULL;
		e->rawlen = 0;
	}
	pthread_mutex_unlock(&memo.lock);
	return raw;
}

void walk_memo_clear(void)
{
	pthread_mutex_lock(&memo.lock);
	clear_locked();
	pthread_mutex_unlock(&memo.lock);
}
