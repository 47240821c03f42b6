/*
 * cache/save.h — the save that the mainline and inference caches share: a
 * cache file written whole, atomically, under a lock of its git directory
 * (base/blobfile.h: blobfile_lock), keeping what another run saved since
 * this one loaded the file.
 *
 * The steps, in this order: take the lock (waiting up to 10 s; a directory
 * that cannot be locked at all is written without); when the file is no
 * longer the one loaded (its stamp differs from *loaded), merge() takes its
 * contents into the cache first; encode() the cache and write it
 * (blobfile_write: a temporary file renamed over the old one); on success,
 * *loaded becomes the stamp of the file written; unlock.  So two runs that
 * save at once never leave less than either kept.  Pure of libgit2.
 */
#ifndef REGTRACE_CACHE_SAVE_H
#define REGTRACE_CACHE_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "base/blobfile.h"

struct cache_file_ops {
	/* take into c what the file at path holds and c lacks */
	void (*merge)(void *c, const char *path);
	/* c's bytes, to free, and their count */
	uint8_t *(*encode)(void *c, size_t *len);
};

/* Load the file at path into c: its bytes given to load (not kept after),
 * and *loaded its stamp; a missing file, or one that is not a regular file
 * (a FIFO, a link: not read), gives load nothing and *loaded the stamp of
 * what is there. */
void cache_file_load(void *c, void (*load)(void *c, const uint8_t *buf, size_t len),
		     const char *path, struct blobfile_stamp *loaded);

/* Save c to path as above: 0, or nonzero with err set (RT_EFAIL and
 * "'PATH': another run is saving it" when the lock was held all the time,
 * or blobfile_write's -1 and its message). */
int cache_file_save(void *c, const struct cache_file_ops *ops, const char *path,
		    struct blobfile_stamp *loaded, char *err, size_t errlen);

/* The same, but the file written by a thread of its own: the lock taken,
 * the merge and the encoding done here (c may change as soon as this
 * returns), then the write, *loaded's update and the unlock on that
 * thread, while the caller goes on.  0, or nonzero with err set (the lock
 * held all the time: nothing written).  A write that fails is not said (a
 * cache only costs time).  *loaded must last until cache_writes_wait(). */
int cache_file_save_soon(void *c, const struct cache_file_ops *ops, const char *path,
			 struct blobfile_stamp *loaded, char *err, size_t errlen);
/* Wait for every write cache_file_save_soon() started (each save does
 * first, and so does the process's exit). */
void cache_writes_wait(void);

#endif
