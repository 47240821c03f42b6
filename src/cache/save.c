/* cache/save.c — see cache/save.h. */
#include "cache/save.h"
#include "base/error.h"

#include <stdlib.h>

int cache_file_save(void *c, const struct cache_file_ops *ops, const char *path,
		    struct blobfile_stamp *loaded, char *err, size_t errlen)
{
	struct blobfile_stamp now;
	size_t len;
	uint8_t *b;
	int rc, lock;

	if ((lock = blobfile_lock(path, 10000)) == -1)
		return rt_fail(err, errlen, RT_EFAIL, "'%s': another run is saving it", path);
	blobfile_stamp(path, &now);
	if (!blobfile_same(loaded, &now))
		ops->merge(c, path);
	b = ops->encode(c, &len);
	rc = blobfile_write(path, b, len, err, errlen);
	free(b);
	if (rc == 0)
		blobfile_stamp(path, loaded);
	blobfile_unlock(lock);
	return rc;
}
