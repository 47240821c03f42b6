/* atomic_file.c — see atomic_file.h. */
#define _GNU_SOURCE		/* realpath, renameat2 */
#include "base/atomic_file.h"
#include "base/error.h"
#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the live temporary files, removed by a signal handler ---- */

/* The handler may touch only lock-free atomics (C11 7.14.1.1). */
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "atomic pointers must be lock-free");

static char *_Atomic live[ATOMIC_FILE_MAX];
/* Holding the caught signals protects a thread's own file and registration
 * only: a process's signal may be taken by another thread, between mkstemp()
 * and the registration of the file it made (a save in a thread of its own
 * left its temporary file behind).  So a thread making or renaming a file
 * counts itself in `busy`, and the handler, once it said `dying` (no file
 * made after that), waits for them before removing the files. */
static atomic_int busy;
static atomic_int dying;
static atomic_flag handlers_installed = ATOMIC_FLAG_INIT;
static const int caught[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };
#define NCAUGHT (sizeof(caught) / sizeof(caught[0]))

void atomic_file_cleanup(void)
{
	for (size_t i = 0; i < ATOMIC_FILE_MAX; i++) {
		char *p = atomic_load(&live[i]);
		if (p)
			unlink(p);
	}
}

/* Remove the temporary files, then die of the signal as if never caught. */
static void on_signal(int sig)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };

	atomic_store(&dying, 1);
	for (long spins = 0; atomic_load(&busy) && spins < 100000000L; spins++)
		;	/* (a few system calls of another thread, which holds the signals) */
	atomic_file_cleanup();
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	raise(sig);	/* blocked until the handler returns, then fatal */
}

static void caught_set(sigset_t *set)
{
	sigemptyset(set);
	for (size_t i = 0; i < NCAUGHT; i++)
		sigaddset(set, caught[i]);
}

/* Once per process; a signal ignored at that moment stays ignored. */
static void install_handlers(void)
{
	struct sigaction sa = { .sa_handler = on_signal }, old;

	if (atomic_flag_test_and_set(&handlers_installed))
		return;
	caught_set(&sa.sa_mask);
	for (size_t i = 0; i < NCAUGHT; i++)
		if (sigaction(caught[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(caught[i], &sa, NULL);
}

/* Hold the caught signals while a file and its registration change together,
 * counted in busy (above); 0, or -1 when a handler is already removing the
 * files (then nothing is to be made: the process is ending). */
static int hold_signals(sigset_t *old)
{
	sigset_t set;

	caught_set(&set);
	pthread_sigmask(SIG_BLOCK, &set, old);
	atomic_fetch_add(&busy, 1);
	if (atomic_load(&dying)) {
		atomic_fetch_sub(&busy, 1);
		pthread_sigmask(SIG_SETMASK, old, NULL);
		return -1;
	}
	return 0;
}

static void release_signals(const sigset_t *old)
{
	atomic_fetch_sub(&busy, 1);
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

static int register_tmp(char *tmp)
{
	for (size_t i = 0; i < ATOMIC_FILE_MAX; i++) {
		char *expected = NULL;
		if (atomic_compare_exchange_strong(&live[i], &expected, tmp))
			return 0;
	}
	return -1;
}

static void unregister_tmp(const char *tmp)
{
	for (size_t i = 0; i < ATOMIC_FILE_MAX; i++) {
		char *expected = (char *)tmp;
		if (atomic_compare_exchange_strong(&live[i], &expected, NULL))
			return;
	}
}

/* ---- writing ---- */

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

/* mkstemp and registration under held signals: a signal never finds the file unregistered. */
static int create_registered(char *tmp)
{
	sigset_t old;
	int fd, e = 0;

	if (hold_signals(&old)) {
		errno = EINTR;
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		e = errno;
	} else if (register_tmp(tmp) < 0) {
		unlink(tmp);
		close(fd);
		e = EMFILE;
		fd = -1;
	}
	release_signals(&old);
	errno = e;
	return fd;
}

int atomic_file_open(struct atomic_file *f, const char *path, char *err, size_t errlen)
{
	int fd, e = check_target(path);

	memset(f, 0, sizeof(*f));
	if (e)
		return atomic_file_error(path, e, err, errlen);
	install_handlers();
	f->tmp = temp_template(path);
	if ((fd = create_registered(f->tmp)) < 0) {
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
	sigset_t old;

	if (f->fp)
		fclose(f->fp);
	if (f->stream)
		close(f->fd);
	if (f->tmp) {
		int held = hold_signals(&old) == 0;
		unlink(f->tmp);
		unregister_tmp(f->tmp);
		if (held)
			release_signals(&old);
	}
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

/*
 * An unsynced file (a cache) over a regular file: the two names exchanged
 * (renameat2's RENAME_EXCHANGE, as atomic for a reader as rename), then the
 * old file removed under the temporary name.  0 when done; -1 (nothing
 * changed) where the target is no regular file or the file system cannot
 * exchange, for a plain rename.  Why: ext4 (its default auto_da_alloc)
 * starts writing a file's data back when a rename replaces another, so that
 * a crash cannot leave the new name empty: 0.5 to 3 ms of CPU and wall time
 * in each of the half-dozen caches a run saves, for files a checksum
 * already guards (doc/performance.md).
 */
static int exchange_over(const char *tmp, const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) ||
	    renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_EXCHANGE) < 0)
		return -1;
	if (unlink(tmp) == 0)
		return 0;
	/* The old one cannot be removed (it changed meanwhile): put it back and
	 * let the plain rename say what it says; if even that fails, the new
	 * file is in place and the old one stays under the temporary name. */
	return renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_EXCHANGE) < 0 ? 0 : -1;
}

/* Rename the temporary file over the target; 0 or an errno. */
static int rename_registered(struct atomic_file *f)
{
	sigset_t old;
	int e = 0;

	if (hold_signals(&old))
		return EINTR;
	if (!(f->no_sync && exchange_over(f->tmp, f->path) == 0) && rename(f->tmp, f->path) < 0)
		e = errno;
	else
		unregister_tmp(f->tmp);
	release_signals(&old);
	return e;
}

/* ---- outputs named by the user: a device, a FIFO or stdout is written, not replaced ---- */

/* Copy the finished temporary file to the stream target; 0 or an errno. */
static int copy_to_stream(const char *tmp, int out)
{
	char buf[65536];
	int in = open(tmp, O_RDONLY | O_CLOEXEC), e = 0;
	ssize_t k;

	if (in < 0)
		return errno;
	while (!e && (k = read(in, buf, sizeof(buf))) != 0) {
		if (k < 0)
			e = errno == EINTR ? 0 : errno;
		else
			e = write_all(out, buf, (size_t)k);
	}
	close(in);
	return e;
}

static int commit_stream(struct atomic_file *f, int e, char *err, size_t errlen)
{
	sigset_t old;

	if (!e)
		e = copy_to_stream(f->tmp, f->fd);
	if (close(f->fd) < 0 && !e && errno != EINTR)
		e = errno;
	f->fd = -1;
	int held = hold_signals(&old) == 0;
	unlink(f->tmp);
	unregister_tmp(f->tmp);
	if (held)
		release_signals(&old);
	if (e)
		atomic_file_error(f->path, e, err, errlen);
	free(f->tmp);
	free(f->path);
	memset(f, 0, sizeof(*f));
	return e ? -1 : 0;
}

/* The same file as stdout (written there: no "wrote PATH" may follow). */
static int same_as_stdout(const struct stat *st)
{
	struct stat out;

	return fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == st->st_dev &&
	       out.st_ino == st->st_ino;
}

/* A stream target, fd open on it: the bytes go to a temporary file under
 * $TMPDIR (a library may want a path) and are copied to fd at commit. */
static int open_stream(struct atomic_file *f, const char *path, int fd, char *err,
		       size_t errlen)
{
	const char *dir = getenv("TMPDIR");
	struct stat st;
	int tfd, e;
	size_t n;

	if (!dir || !*dir)
		dir = "/tmp";
	n = strlen(dir) + sizeof("/.regtrace-output.XXXXXX");
	f->tmp = xmalloc(n);
	snprintf(f->tmp, n, "%s/.regtrace-output.XXXXXX", dir);
	install_handlers();
	if ((tfd = create_registered(f->tmp)) < 0) {
		e = errno;
		free(f->tmp);
		f->tmp = NULL;
		close(fd);
		return atomic_file_error(path, e, err, errlen);
	}
	f->path = xstrdup(path);
	f->stream = 1;
	f->fd = fd;
	if (!(f->fp = fdopen(tfd, "w"))) {
		e = errno;
		close(tfd);
		atomic_file_abort(f);
		return atomic_file_error(path, e, err, errlen);
	}
	f->is_stdout = fstat(fd, &st) == 0 && same_as_stdout(&st);
	return 0;
}

/* The descriptor a name of one of this process's own descriptors names:
 * "-" and /dev/stdout are 1, /dev/stderr 2, /dev/fd/N and /proc/self/fd/N
 * are N; -1 for any other name. */
static int own_fd(const char *path)
{
	static const char *const dirs[] = { "/dev/fd/", "/proc/self/fd/" };
	char *end;

	if (!strcmp(path, "-") || !strcmp(path, "/dev/stdout"))
		return STDOUT_FILENO;
	if (!strcmp(path, "/dev/stderr"))
		return STDERR_FILENO;
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		size_t n = strlen(dirs[i]);
		if (strncmp(path, dirs[i], n) || path[n] < '0' || path[n] > '9')
			continue;
		long fd = strtol(path + n, &end, 10);
		if (!*end && fd >= 0 && fd <= INT_MAX)
			return (int)fd;
	}
	return -1;
}

/* A regular file or nothing at path: atomic_file_open, and whether it is
 * where stdout goes. */
static int open_regular(struct atomic_file *f, const char *path, char *err, size_t errlen)
{
	struct stat st;
	int rc = atomic_file_open(f, path, err, errlen);

	f->is_stdout = rc == 0 && stat(path, &st) == 0 && same_as_stdout(&st);
	return rc;
}

int atomic_file_open_output(struct atomic_file *f, const char *path, char *err, size_t errlen)
{
	struct stat st, lst;
	int fd, e, own = own_fd(path);

	memset(f, 0, sizeof(*f));
	if (own >= 0) {	/* written where that descriptor writes, never replaced */
		if ((fd = fcntl(own, F_DUPFD_CLOEXEC, 3)) < 0)
			return atomic_file_error(path, errno, err, errlen);
		return open_stream(f, path, fd, err, errlen);
	}
	if ((e = check_target(path)))
		return atomic_file_error(path, e, err, errlen);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* a FIFO waits for its reader, as a shell's `>fifo` does: `cat fifo &
		 * regtrace report -o fifo` must not depend on which starts first (a
		 * signal still ends the wait: the default action, no file made yet) */
		do
			fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
		while (fd < 0 && errno == EINTR);
		if (fd < 0)
			return atomic_file_error(path, errno, err, errlen);
		return open_stream(f, path, fd, err, errlen);
	}
	if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
		/* followed: the file it names is replaced; a link to nothing is an error */
		char *real = realpath(path, NULL);
		if (!real)
			return atomic_file_error(path, errno, err, errlen);
		int rc = atomic_file_open(f, real, err, errlen);
		free(real);
		f->is_stdout = rc == 0 && same_as_stdout(&st);
		return rc;
	}
	return open_regular(f, path, err, errlen);
}

int atomic_file_open_default(struct atomic_file *f, const char *path, char *err, size_t errlen)
{
	struct stat st;

	memset(f, 0, sizeof(*f));
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		rt_fail(err, errlen, RT_EFAIL, "refusing to write '%s': it is %s, and a name "
			"regtrace chose is never followed (give it with -o to write there)",
			path, S_ISLNK(st.st_mode) ? "a symbolic link" : "not a regular file");
		return -1;
	}
	return open_regular(f, path, err, errlen);
}

int atomic_file_commit(struct atomic_file *f, char *err, size_t errlen)
{
	int e = 0;

	if (ferror(f->fp))		/* a write failed: errno still says why */
		e = errno ? errno : EIO;
	else if (fflush(f->fp) != 0 || (!f->stream && !f->no_sync && fsync(fileno(f->fp)) < 0))
		e = errno;
	if (fclose(f->fp) != 0 && !e)
		e = errno;
	f->fp = NULL;
	if (f->stream)
		return commit_stream(f, e, err, errlen);
	if (!e)
		e = rename_registered(f);
	if (e) {
		char *path = xstrdup(f->path);
		atomic_file_abort(f);
		atomic_file_error(path, e, err, errlen);
		free(path);
		return -1;
	}
	if (!f->no_sync)
		sync_dir(f->path);
	free(f->tmp);
	free(f->path);
	memset(f, 0, sizeof(*f));
	return 0;
}

