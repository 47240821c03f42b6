/* blobfile.c — see blobfile.h. */
#define _DEFAULT_SOURCE		/* flock */
#include "base/blobfile.h"
#include "base/atomic_file.h"
#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void stamp_of(const struct stat *st, struct blobfile_stamp *out)
{
	out->dev = (uint64_t)st->st_dev;
	out->ino = (uint64_t)st->st_ino;
	out->size = (uint64_t)st->st_size;
	out->mtime_s = (int64_t)st->st_mtim.tv_sec;
	out->mtime_ns = (int64_t)st->st_mtim.tv_nsec;
	out->exists = 1;
}

void blobfile_stamp(const char *path, struct blobfile_stamp *out)
{
	struct stat st;

	memset(out, 0, sizeof(*out));
	if (lstat(path, &st) == 0)
		stamp_of(&st, out);
}

int blobfile_same(const struct blobfile_stamp *a, const struct blobfile_stamp *b)
{
	return a->exists == b->exists &&
	       (!a->exists || (a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
			       a->mtime_s == b->mtime_s && a->mtime_ns == b->mtime_ns));
}

/* The regular file at path, opened (never a link, never waiting on a FIFO or
 * a device), with its stat; -1 when it is none or is larger than max. */
static int open_regular(const char *path, size_t max, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd >= 0 && (fstat(fd, st) < 0 || !S_ISREG(st->st_mode) || st->st_size < 0 ||
			(uint64_t)st->st_size > max)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* path mapped read-only (flags: mmap's, besides MAP_PRIVATE): as
 * blobfile_map_stamped. */
static uint8_t *map_regular(const char *path, size_t max, int flags, size_t *len,
			    struct blobfile_stamp *stamp)
{
	struct stat st;
	int fd = open_regular(path, max, &st);
	void *p = MAP_FAILED;

	*len = 0;
	if (stamp)
		memset(stamp, 0, sizeof(*stamp));
	if (fd < 0)
		return NULL;
	if (st.st_size > 0)
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | flags, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return NULL;
	*len = (size_t)st.st_size;
	if (stamp)
		stamp_of(&st, stamp);
	return p;
}

uint8_t *blobfile_map_stamped(const char *path, size_t max, size_t *len,
			      struct blobfile_stamp *stamp)
{
	return map_regular(path, max, MAP_POPULATE, len, stamp);
}

uint8_t *blobfile_map(const char *path, size_t max, size_t *len)
{
	return map_regular(path, max, 0, len, NULL);
}

void blobfile_unmap(uint8_t *p, size_t len)
{
	if (p)
		munmap(p, len);
}

uint8_t *blobfile_read_stamped(const char *path, size_t max, size_t *len,
			       struct blobfile_stamp *stamp)
{
	struct stat st;
	int fd = open_regular(path, max, &st);
	uint8_t *buf = NULL;
	size_t want, got = 0;
	ssize_t k;

	*len = 0;
	if (stamp)
		memset(stamp, 0, sizeof(*stamp));
	if (fd < 0)
		return NULL;
	want = (size_t)st.st_size;
	buf = xmalloc(want + 1);
	/* one byte more than the size: a file that grew meanwhile is not half read */
	while (got <= want && (k = read(fd, buf + got, want + 1 - got)) != 0) {
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			break;
		got += (size_t)k;
	}
	close(fd);
	if (got != want) {
		free(buf);
		return NULL;
	}
	*len = got;
	if (stamp)
		stamp_of(&st, stamp);
	return buf;
}

uint8_t *blobfile_read_max(const char *path, size_t max, size_t *len)
{
	return blobfile_read_stamped(path, max, len, NULL);
}

uint8_t *blobfile_read(const char *path, size_t *len)
{
	return blobfile_read_stamped(path, BLOBFILE_MAX, len, NULL);
}

int blobfile_lock(const char *path, int wait_ms)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path) + 1) : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	free(dir);
	if (fd < 0)
		return -1;
	for (int waited = 0;; waited += 20) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return fd;
		if (errno != EWOULDBLOCK || waited >= wait_ms)
			break;	/* (errno says which) */
		nanosleep(&(struct timespec){ 0, 20 * 1000000L }, NULL);
	}
	close(fd);
	return errno == EWOULDBLOCK ? -1 : -2;
}

void blobfile_unlock(int fd)
{
	if (fd >= 0)
		close(fd);	/* releases the flock */
}

int blobfile_write(const char *path, const uint8_t *buf, size_t len, char *err, size_t errlen)
{
	struct atomic_file f;

	if (atomic_file_open(&f, path, err, errlen) < 0)
		return -1;
	f.no_sync = 1;	/* a cache: a checksum, not a sync, makes a crash harmless */
	if (fwrite(buf, 1, len, f.fp) != len) {
		int e = errno;
		atomic_file_abort(&f);
		return atomic_file_error(path, e, err, errlen);
	}
	return atomic_file_commit(&f, err, errlen);
}
