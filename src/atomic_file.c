/* atomic_file.c — see atomic_file.h. */
#include "atomic_file.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int atomic_file_error(const char *path, int errnum, char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errnum));
	return -1;
}

/* The directory part of path, with its slash ("" for none). */
static size_t dir_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) + 1 : 0;
}

/* "DIR/.NAME.XXXXXX" for "DIR/NAME". */
static char *temp_template(const char *path)
{
	size_t d = dir_len(path), n = strlen(path) + 9;
	char *t = xmalloc(n);

	snprintf(t, n, "%.*s.%s.XXXXXX", (int)d, path, path + d);
	return t;
}

/* The target's permissions if it is a regular file, else 0666 less umask. */
static mode_t target_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return st.st_mode & 07777;
	mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

/* An empty name, a trailing slash or a directory cannot become the file. */
static int check_target(const char *path)
{
	struct stat st;

	if (!path[0])
		return ENOENT;
	if (path[strlen(path) - 1] == '/' || (stat(path, &st) == 0 && S_ISDIR(st.st_mode)))
		return EISDIR;
	return 0;
}

int atomic_file_open(struct atomic_file *f, const char *path, char *err, size_t errlen)
{
	int fd, e = check_target(path);

	memset(f, 0, sizeof(*f));
	if (e)
		return atomic_file_error(path, e, err, errlen);
	f->tmp = temp_template(path);
	if ((fd = mkstemp(f->tmp)) < 0) {
		e = errno;
		free(f->tmp);
		f->tmp = NULL;
		return atomic_file_error(path, e, err, errlen);
	}
	f->path = xstrdup(path);
	if (fchmod(fd, target_mode(path)) < 0 || !(f->fp = fdopen(fd, "w"))) {
		e = errno;
		close(fd);
		atomic_file_abort(f);
		return atomic_file_error(path, e, err, errlen);
	}
	return 0;
}

void atomic_file_abort(struct atomic_file *f)
{
	if (f->fp)
		fclose(f->fp);
	if (f->tmp)
		unlink(f->tmp);
	free(f->tmp);
	free(f->path);
	memset(f, 0, sizeof(*f));
}

/* Best effort: make the rename itself durable. */
static void sync_dir(const char *path)
{
	size_t d = dir_len(path);
	char *dir = d ? xstrndup(path, d) : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

int atomic_file_commit(struct atomic_file *f, char *err, size_t errlen)
{
	int e = 0;

	if (ferror(f->fp))		/* a write failed: errno still says why */
		e = errno ? errno : EIO;
	else if (fflush(f->fp) != 0 || fsync(fileno(f->fp)) < 0)
		e = errno;
	if (fclose(f->fp) != 0 && !e)
		e = errno;
	f->fp = NULL;
	if (!e && rename(f->tmp, f->path) < 0)
		e = errno;
	if (e) {
		char *path = xstrdup(f->path);
		atomic_file_abort(f);
		atomic_file_error(path, e, err, errlen);
		free(path);
		return -1;
	}
	sync_dir(f->path);
	free(f->tmp);
	free(f->path);
	memset(f, 0, sizeof(*f));
	return 0;
}
