/* cache/save.c — see cache/save.h. */
#include "cache/save.h"
#include "base/error.h"
#include "base/threads.h"
#include "base/util.h"

#include <pthread.h>
#include <stdlib.h>

/* A write under way (cache_file_save_soon), and the ones not waited for. */
struct pending {
	pthread_t tid;
	int lock;
	char *path;
	uint8_t *b;
	size_t len;
	struct blobfile_stamp *loaded;
	struct pending *next;
};

static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pending *pending;

/* The lock, and the cache as the file holds it too when another run saved
 * since: the lock's descriptor, or -1 with err set. */
static int lock_merged(void *c, const struct cache_file_ops *ops, const char *path,
		       const struct blobfile_stamp *loaded, char *err, size_t errlen)
{
	struct blobfile_stamp now;
	int lock;

	if ((lock = blobfile_lock(path, 10000)) == -1) {
		rt_fail(err, errlen, RT_EFAIL, "'%s': another run is saving it", path);
		return -1;
	}
	blobfile_stamp(path, &now);
	if (!blobfile_same(loaded, &now))
		ops->merge(c, path);
	return lock;
}

int cache_file_save(void *c, const struct cache_file_ops *ops, const char *path,
		    struct blobfile_stamp *loaded, char *err, size_t errlen)
{
	size_t len;
	uint8_t *b;
	int rc, lock;

	cache_writes_wait();	/* (its lock, and perhaps *loaded) */
	if ((lock = lock_merged(c, ops, path, loaded, err, errlen)) == -1)
		return RT_EFAIL;
	b = ops->encode(c, &len);
	rc = blobfile_write(path, b, len, err, errlen);
	free(b);
	if (rc == 0)
		blobfile_stamp(path, loaded);
	blobfile_unlock(lock);
	return rc;
}

static void *write_pending(void *arg)
{
	struct pending *w = arg;
	char ignored[256];

	if (blobfile_write(w->path, w->b, w->len, ignored, sizeof(ignored)) == 0)
		blobfile_stamp(w->path, w->loaded);
	blobfile_unlock(w->lock);
	free(w->b);
	w->b = NULL;
	return NULL;
}

int cache_file_save_soon(void *c, const struct cache_file_ops *ops, const char *path,
			 struct blobfile_stamp *loaded, char *err, size_t errlen)
{
	static int registered;
	struct pending *w;
	int lock;

	cache_writes_wait();
	if ((lock = lock_merged(c, ops, path, loaded, err, errlen)) == -1)
		return RT_EFAIL;
	w = xcalloc(1, sizeof(*w));
	w->lock = lock;
	w->path = xstrdup(path);
	w->loaded = loaded;
	w->b = ops->encode(c, &w->len);
	if (thread_start(&w->tid, write_pending, w) != 0) {
		write_pending(w);	/* (no thread: written here) */
		free(w->path);
		free(w);
		return RT_OK;
	}
	pthread_mutex_lock(&pending_lock);
	w->next = pending;
	pending = w;
	if (!registered)	/* (a write never left half done at the exit) */
		registered = atexit(cache_writes_wait) == 0;
	pthread_mutex_unlock(&pending_lock);
	return RT_OK;
}

void cache_writes_wait(void)
{
	pthread_mutex_lock(&pending_lock);
	while (pending) {
		struct pending *w = pending;
		pending = w->next;
		pthread_join(w->tid, NULL);
		free(w->path);
		free(w);
	}
	pthread_mutex_unlock(&pending_lock);
}

void cache_file_load(void *c, void (*load)(void *c, const uint8_t *buf, size_t len),
		     const char *path, struct blobfile_stamp *loaded)
{
	size_t len;
	uint8_t *buf = blobfile_map_stamped(path, BLOBFILE_MAX, &len, loaded);

	if (!buf)
		blobfile_stamp(path, loaded);
	else
		load(c, buf, len);
	blobfile_unmap(buf, len);
}
