/*
 * cache/paths.h — the directories each commit changes (git/paths.h: against its
 * first parent), kept in the commit cache's file (cache/commits.h) so that a re-run
 * of `--by path` reads no tree.  A commit's record is its id and the
 * distinct directories of the files it changes, each with a trailing '/'
 * ("drivers/acpi/acpica/"; "" for a file at the top), so that any depth can
 * be cut from it.  Decoding checks every record (ids unique, directories at
 * most CACHE_PATHS_DIR_MAX bytes without NUL); any doubt rejects the whole
 * file.  Lookups and additions may come from several threads.  Pure: no
 * libgit2, no I/O.
 */
#ifndef REGTRACE_CACHE_PATHS_H
#define REGTRACE_CACHE_PATHS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "base/codec.h"
#include "base/oidmap.h"

#define CACHE_PATHS_DIR_MAX 4096

struct cache_paths {
	struct oidtab table;	/* the records by id: positions in rec */
	const uint8_t **rec;	/* every record indexed (id first) */
	size_t count, reccap;	/* count: records indexed */
	uint8_t **own;		/* the records added in this run */
	size_t nown, owncap;
	int changed;
	pthread_mutex_t lock;
};

void cache_paths_init(struct cache_paths *p);
void cache_paths_release(struct cache_paths *p);

/* The bytes cache_paths_encode writes at most (every record kept). */
size_t cache_paths_size(const struct cache_paths *p);
/* The paths section of a file: decode (0, or -1: then p is empty; records
 * point into the buffer, which must outlive p) and encode the records whose
 * commit keep() accepts (keep NULL: all). */
int cache_paths_decode(struct cache_paths *p, struct rbuf *in);
void cache_paths_encode(const struct cache_paths *p, struct wbuf *out,
			int (*keep)(void *ctx, const uint8_t oid[20]), void *ctx);

/* Call fn with each directory of oid's record; 1, or 0 when there is none
 * (fn is not called). */
int cache_paths_get(struct cache_paths *p, const uint8_t oid[20],
		    void (*fn)(void *ctx, const char *dir), void *ctx);
/* Record oid's directories (a record already there is kept). */
void cache_paths_put(struct cache_paths *p, const uint8_t oid[20], const char *const *dirs,
		     size_t n);

/* Copy into to the records of from it lacks (another run's save). */
void cache_paths_merge(struct cache_paths *to, const struct cache_paths *from);

#endif
