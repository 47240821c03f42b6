/*
 * blobfile.h — a whole file in memory, and back: how the cache files are
 * read and written.
 *
 * blobfile_read() returns the bytes of the file at path (to free) and their
 * count, or NULL when it is missing or unreadable (a cache that cannot be
 * read is an empty one).  blobfile_write() replaces the file atomically
 * (atomic_file.h); 0, or -1 with "cannot write 'PATH': ..." in err.
 */
#ifndef REGTRACE_BLOBFILE_H
#define REGTRACE_BLOBFILE_H

#include <stddef.h>
#include <stdint.h>

uint8_t *blobfile_read(const char *path, size_t *len);
int blobfile_write(const char *path, const uint8_t *buf, size_t len, char *err, size_t errlen);

#endif
