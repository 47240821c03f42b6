/* packed_refs.c — see packed_refs.h. */
#include "git/packed_refs.h"
#include "base/blobfile.h"
#include "base/util.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

int packed_refs_map(const char *commondir, uint8_t **text, size_t *len)
{
	char *path = path_join(commondir, "packed-refs");
	struct stat st;
	int rc = 0;

	*text = NULL;
	*len = 0;
	if (lstat(path, &st) < 0)
		rc = errno == ENOENT ? 0 : -1;
	else if (!S_ISREG(st.st_mode))
		rc = -1;
	else if (st.st_size && !(*text = blobfile_map_stamped(path, BLOBFILE_MAX, len, NULL)))
		rc = -1;
	free(path);
	return rc;
}
