/* blobfile.c — see blobfile.h. */
#include "base/blobfile.h"
#include "base/atomic_file.h"
#include "base/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

uint8_t *blobfile_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t cap = 0, got;

	*len = 0;
	if (!f)
		return NULL;
	do {
		if (*len == cap)
			buf = xrealloc(buf, cap = cap ? cap * 2 : 1 << 20);
		got = fread(buf + *len, 1, cap - *len, f);
		*len += got;
	} while (got > 0);
	if (ferror(f)) {
		free(buf);
		buf = NULL;
		*len = 0;
	}
	fclose(f);
	return buf;
}

int blobfile_write(const char *path, const uint8_t *buf, size_t len, char *err, size_t errlen)
{
	struct atomic_file f;

	if (atomic_file_open(&f, path, err, errlen) < 0)
		return -1;
	if (fwrite(buf, 1, len, f.fp) != len) {
		int e = errno;
		atomic_file_abort(&f);
		return atomic_file_error(path, e, err, errlen);
	}
	return atomic_file_commit(&f, err, errlen);
}
