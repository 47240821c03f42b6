/*
 * blobfile.h — a whole file in memory, and back: how the cache files (and a
 * repository's .regtrace) are read and written.
 *
 * blobfile_read_max() returns the bytes of the regular file at path (to
 * free) and their count, or NULL when it is missing, unreadable, not a
 * regular file (a FIFO is not waited on, a device not read), a symbolic
 * link (not followed), or larger than max bytes: a cache that cannot be
 * read is an empty one.  blobfile_read() caps at BLOBFILE_MAX.
 * blobfile_write() replaces the file atomically (atomic_file.h), without
 * syncing it (every file written so is a cache whose checksum rejects what a
 * crash may leave); 0, or -1 with "cannot write 'PATH': ..." in err.
 *
 * Two processes saving the same cache: blobfile_stamp() tells whether the
 * file changed since it was read (so that the saver merges what another
 * wrote), and blobfile_lock() serializes the savers of one directory (an
 * advisory flock on the directory itself: no lock file is left behind, and
 * a lock dies with its process).
 */
#ifndef REGTRACE_BLOBFILE_H
#define REGTRACE_BLOBFILE_H

#include <stddef.h>
#include <stdint.h>

#define BLOBFILE_MAX ((size_t)UINT32_MAX)	/* the caches index 32-bit offsets */

struct blobfile_stamp {
	uint64_t dev, ino, size;
	int64_t mtime_s, mtime_ns;
	int exists;
};

uint8_t *blobfile_read(const char *path, size_t *len);
uint8_t *blobfile_read_max(const char *path, size_t max, size_t *len);
/* The same, and the stamp of what was read (exists 0 when nothing was). */
uint8_t *blobfile_read_stamped(const char *path, size_t max, size_t *len,
			       struct blobfile_stamp *stamp);
/* The same file mapped read-only instead of copied (its pages are the page
 * cache's: nothing to clear, copy or count as the program's memory), to give
 * back with blobfile_unmap(p, len); NULL for an empty file too.  The files
 * regtrace writes are replaced by rename, never rewritten in place, so a
 * mapping keeps the bytes it was made with (a file truncated in place by
 * another program while a run reads it would end the run with SIGBUS, as for
 * git's own mapped files). */
uint8_t *blobfile_map_stamped(const char *path, size_t max, size_t *len,
			      struct blobfile_stamp *stamp);
/* The same without the stamp, and without reading the file in when mapping
 * it: for a large file of which a run reads a part (a pack). */
uint8_t *blobfile_map(const char *path, size_t max, size_t *len);
void blobfile_unmap(uint8_t *p, size_t len);
/* The stamp of the file at path now (not following a link). */
void blobfile_stamp(const char *path, struct blobfile_stamp *out);
int blobfile_same(const struct blobfile_stamp *a, const struct blobfile_stamp *b);
/* Lock the directory of path, waiting up to wait_ms: a descriptor for
 * blobfile_unlock; -1 when another process held it all that time; -2 when
 * the directory cannot be locked at all (then go on without). */
int blobfile_lock(const char *path, int wait_ms);
void blobfile_unlock(int fd);
int blobfile_write(const char *path, const uint8_t *buf, size_t len, char *err, size_t errlen);

#endif
