/* pack_prefetch.c — see pack_prefetch.h. */
#define _DEFAULT_SOURCE
#include "git/pack_prefetch.h"
#include "git/commit_parse.h"
#include "git/pack_commits.h"
#include "git/pack_set.h"
#include "git/walk_memo.h"
#include "base/threads.h"
#include "base/util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct pack_prefetch {
	pthread_t tid;
	atomic_int stop;
	char *gitdir;
	size_t given;		/* commits put in the memo (PREFETCH_MAX) */
};

/* One pack's commits, oldest first, into the memo. */
static void read_pack(struct pack_prefetch *pf, const struct pack_file *p)
{
	struct pack_reader r = { 0 };
	struct raw_commit *rc = xmalloc(sizeof(*rc));
	uint32_t *pos = NULL;
	size_t n = pack_file_commits(p, &pos);

	for (size_t k = n; k-- > 0 && pf->given < PREFETCH_MAX && !atomic_load(&pf->stop);) {
		const uint8_t *oid = pack_file_oid(p, pos[k]);
		if (walk_memo_has(pf->gitdir, oid))
			continue;	/* (a walk read it first) */
		long len = pack_read_commit(p, pos[k], &r);
		if (len < 0 || commit_parse(r.buf, (size_t)len, rc) || rc->nparents != rc->all_parents)
			continue;
		walk_memo_give(pf->gitdir, oid, rc->time, rc->all_parents,
			       (const uint8_t (*)[20])rc->parents, rc->nparents, &r.buf, (size_t)len);
		if (!r.buf)	/* (kept: the next read allocates its own) */
			r.cap = 0;
		pf->given++;
	}
	free(pos);
	free(rc);
	pack_reader_release(&r);
}

/* The repository's packs (pack_set.h: mapped once for the run's walks
 * too), one after the other. */
static void *run(void *arg)
{
	struct pack_prefetch *pf = arg;
	size_t n;
	const struct pack_file *packs = pack_set_packs(pf->gitdir, &n);

	for (size_t k = 0; k < n && !atomic_load(&pf->stop); k++)
		read_pack(pf, &packs[k]);
	return NULL;
}

/* The reader that runs, if any (its start and stop under the lock). */
static pthread_mutex_t running_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pack_prefetch *running;

int pack_prefetch_start(const char *commondir)
{
	struct pack_prefetch *pf;
	int on;

	pthread_mutex_lock(&running_lock);
	if (!running && commondir && thread_count(2) >= 2) {
		pf = xcalloc(1, sizeof(*pf));
		atomic_init(&pf->stop, 0);
		pf->gitdir = xstrdup(commondir);
		if (thread_start(&pf->tid, run, pf) == 0) {
			running = pf;
		} else {
			free(pf->gitdir);
			free(pf);
		}
	}
	on = running != NULL;
	pthread_mutex_unlock(&running_lock);
	return on;
}

void pack_prefetch_stop(void)
{
	struct pack_prefetch *pf;

	pthread_mutex_lock(&running_lock);
	if ((pf = running)) {
		atomic_store(&pf->stop, 1);
		pthread_join(pf->tid, NULL);
		free(pf->gitdir);
		free(pf);
		running = NULL;
	}
	pthread_mutex_unlock(&running_lock);
}
