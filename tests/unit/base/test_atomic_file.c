/* Unit tests for atomic_file.c: the temporary file beside the target, commit, abort, the
 * errors, and the registry of live temporary files that a signal removes, in a fresh
 * directory under $TMPDIR (or /tmp). */
#define _XOPEN_SOURCE 700	/* mknod, S_IFCHR */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <sys/sysmacros.h>
#include <time.h>

#include "base/atomic_file.h"

struct dir {
	char path[512];
};

static int setup(void **state)
{
	struct dir *d = calloc(1, sizeof(*d));
	const char *tmp = getenv("TMPDIR");

	snprintf(d->path, sizeof(d->path), "%s/test_atomic_file.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(d->path))
		return -1;
	*state = d;
	return 0;
}

static int teardown(void **state)
{
	struct dir *d = *state;
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", d->path);
	free(d);
	return system(cmd) == 0 ? 0 : -1;
}

static void in_dir(const struct dir *d, const char *name, char *out, size_t len)
{
	snprintf(out, len, "%s/%s", d->path, name);
}

static size_t entries(const struct dir *d)
{
	DIR *dir = opendir(d->path);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(dir);
	while ((e = readdir(dir)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(dir);
	return n;
}

static void assert_contents(const char *path, const char *want)
{
	char buf[256] = "";
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	assert_string_equal(buf, want);
}

static void write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	chmod(path, mode);
}

static void test_commit_new(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], err[700];
	struct stat st;

	in_dir(d, "out.html", path, sizeof(path));
	umask(022);
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	assert_non_null(strstr(f.tmp, "/.out.html."));
	fputs("hello\n", f.fp);
	assert_int_equal(access(path, F_OK), -1);	/* nothing at the target yet */
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_contents(path, "hello\n");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	assert_int_equal(entries(d), 1);
}

static void test_commit_replaces_and_keeps_mode(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], err[700];
	struct stat st;

	in_dir(d, "db", path, sizeof(path));
	write_file(path, "old", 0600);
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	fputs("new", f.fp);
	assert_contents(path, "old");
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_contents(path, "new");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(entries(d), 1);
}

/* Without the sync (a cache): replaced whole all the same, no temporary file left. */
static void test_commit_no_sync(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], err[700];

	in_dir(d, "cache", path, sizeof(path));
	write_file(path, "old", 0644);
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	f.no_sync = 1;
	fputs("new cache", f.fp);
	assert_contents(path, "old");
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_contents(path, "new cache");
	assert_int_equal(entries(d), 1);
}

/* Without the sync, over what is no plain file of its own: a directory made at the target
 * while the file was written stays and the commit fails, leaving no temporary file; a symbolic link is replaced, not followed; another name of
 * the old file (a hard link) and a reader that has it open keep the old contents. */
static void test_commit_no_sync_over_others(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], other[600], err[700], buf[8] = "";
	struct stat st;

	in_dir(d, "dir", path, sizeof(path));
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	f.no_sync = 1;
	fputs("new", f.fp);
	assert_int_equal(mkdir(path, 0755), 0);	/* (made while the file was written) */
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), -1);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(entries(d), 1);

	in_dir(d, "link", path, sizeof(path));
	in_dir(d, "linked", other, sizeof(other));
	write_file(other, "target", 0644);
	assert_int_equal(symlink(other, path), 0);
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	f.no_sync = 1;
	fputs("new", f.fp);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_contents(path, "new");
	assert_contents(other, "target");
	assert_int_equal(entries(d), 3);

	in_dir(d, "cache", path, sizeof(path));
	in_dir(d, "cache-too", other, sizeof(other));
	write_file(path, "old", 0644);
	assert_int_equal(link(path, other), 0);
	int fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	f.no_sync = 1;
	fputs("new", f.fp);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_contents(path, "new");
	assert_contents(other, "old");
	assert_int_equal(read(fd, buf, sizeof(buf) - 1), 3);
	assert_string_equal(buf, "old");
	close(fd);
	assert_int_equal(entries(d), 5);
}

/* A library may write the temporary file by its path instead of the stream. */
static void test_commit_by_path(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], err[700];

	in_dir(d, "lib.db", path, sizeof(path));
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	write_file(f.tmp, "written elsewhere", 0644);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_contents(path, "written elsewhere");
}

static void test_abort_keeps_old(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], err[700];

	in_dir(d, "keep", path, sizeof(path));
	write_file(path, "old", 0644);
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	fputs("half a repo", f.fp);
	assert_int_equal(entries(d), 2);
	atomic_file_abort(&f);
	assert_contents(path, "old");
	assert_int_equal(entries(d), 1);
	assert_null(f.fp);
	assert_null(f.tmp);
}

static void assert_open_fails(const char *path, const char *why)
{
	struct atomic_file f;
	char err[700], want[700];

	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot write '%s': %s", path, why);
	assert_string_equal(err, want);
	assert_null(f.tmp);
	assert_null(f.fp);
}

static void test_open_errors(void **state)
{
	struct dir *d = *state;
	char path[600];

	in_dir(d, "missing/out.html", path, sizeof(path));
	assert_open_fails(path, "No such file or directory");
	assert_open_fails(d->path, "Is a directory");
	in_dir(d, "sub/", path, sizeof(path));
	assert_open_fails(path, "Is a directory");
	assert_open_fails("", "No such file or directory");
	in_dir(d, "file", path, sizeof(path));
	write_file(path, "x", 0644);
	in_dir(d, "file/below", path, sizeof(path));
	assert_open_fails(path, "Not a directory");
	assert_int_equal(entries(d), 1);
}

/* The target became a directory meanwhile: the rename fails, the commit aborts. */
static void test_commit_error_aborts(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], err[700], want[700];

	in_dir(d, "late", path, sizeof(path));
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	fputs("data", f.fp);
	assert_int_equal(mkdir(path, 0755), 0);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot write '%s': Is a directory", path);
	assert_string_equal(err, want);
	assert_int_equal(entries(d), 1);	/* only the directory */
	assert_null(f.tmp);
}

/* A temporary file's path stays registered only until commit or abort: a file created at
 * the same path afterwards is not the cleanup's to remove. */
static void assert_unregistered(const char *tmp)
{
	write_file(tmp, "someone else's", 0644);
	atomic_file_cleanup();
	assert_contents(tmp, "someone else's");
	unlink(tmp);
}

static void test_commit_unregisters(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], tmp[700], err[700];

	in_dir(d, "done", path, sizeof(path));
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	snprintf(tmp, sizeof(tmp), "%s", f.tmp);
	fputs("new", f.fp);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_unregistered(tmp);
	assert_contents(path, "new");
	assert_int_equal(entries(d), 1);
}

static void test_abort_unregisters(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], tmp[700], err[700];

	in_dir(d, "dropped", path, sizeof(path));
	assert_int_equal(atomic_file_open(&f, path, err, sizeof(err)), 0);
	snprintf(tmp, sizeof(tmp), "%s", f.tmp);
	atomic_file_abort(&f);
	assert_unregistered(tmp);
	assert_int_equal(entries(d), 0);
}

/* The cleanup removes every live temporary file and nothing else; the files stay open:
 * a commit then fails (its temporary file is gone), an abort still works. */
static void test_cleanup_removes_live(void **state)
{
	struct dir *d = *state;
	struct atomic_file a, b;
	char pa[600], pb[600], err[700], want[700];

	in_dir(d, "a", pa, sizeof(pa));
	in_dir(d, "b", pb, sizeof(pb));
	write_file(pa, "old a", 0644);
	assert_int_equal(atomic_file_open(&a, pa, err, sizeof(err)), 0);
	assert_int_equal(atomic_file_open(&b, pb, err, sizeof(err)), 0);
	fputs("new a", a.fp);
	assert_int_equal(entries(d), 3);
	atomic_file_cleanup();
	assert_int_equal(access(a.tmp, F_OK), -1);
	assert_int_equal(access(b.tmp, F_OK), -1);
	assert_int_equal(entries(d), 1);
	assert_contents(pa, "old a");
	assert_int_equal(atomic_file_commit(&a, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot write '%s': No such file or directory", pa);
	assert_string_equal(err, want);
	atomic_file_abort(&b);
	assert_contents(pa, "old a");
	assert_int_equal(entries(d), 1);
}

/* ATOMIC_FILE_MAX live files at once; one more fails and leaves nothing behind. */
static void test_registry_full(void **state)
{
	struct dir *d = *state;
	struct atomic_file f[ATOMIC_FILE_MAX + 1];
	char path[600], err[700], want[700];
	int i;

	for (i = 0; i < ATOMIC_FILE_MAX; i++) {
		snprintf(path, sizeof(path), "%s/f%d", d->path, i);
		assert_int_equal(atomic_file_open(&f[i], path, err, sizeof(err)), 0);
	}
	in_dir(d, "one-more", path, sizeof(path));
	assert_int_equal(atomic_file_open(&f[i], path, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot write '%s': %s", path, strerror(EMFILE));
	assert_string_equal(err, want);
	assert_null(f[i].tmp);
	assert_int_equal(entries(d), ATOMIC_FILE_MAX);
	atomic_file_abort(&f[0]);
	assert_int_equal(atomic_file_open(&f[0], path, err, sizeof(err)), 0);
	for (i = 0; i < ATOMIC_FILE_MAX; i++)
		atomic_file_abort(&f[i]);
	assert_int_equal(entries(d), 0);
}

/* A child with a live temporary file gets sig: it dies of sig (the handler re-raised it),
 * its temporary file is gone, the old target is as it was. */
static void assert_signal_cleans(const struct dir *d, int sig)
{
	char path[600], err[700];
	int status;
	pid_t pid;

	in_dir(d, "target", path, sizeof(path));
	write_file(path, "old", 0644);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct atomic_file f;
		if (atomic_file_open(&f, path, err, sizeof(err)) < 0 || fputs("half", f.fp) < 0 ||
		    fflush(f.fp) != 0)
			_exit(2);
		raise(sig);
		_exit(3);	/* the signal did not kill */
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), sig);
	assert_contents(path, "old");
	assert_int_equal(entries(d), 1);
}

static void test_signals_clean_up(void **state)
{
	const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };

	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		assert_signal_cleans(*state, sigs[i]);
}

/* ---- outputs named by the user (issue 15.3): special files are written, not replaced ---- */

/* A FIFO with a reader (a child process that reads it whole into a file): the reader gets
 * every byte, and the FIFO is still a FIFO. */
static void test_output_fifo(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], got[600], err[700];
	struct stat st;
	int status;

	in_dir(d, "fifo", path, sizeof(path));
	in_dir(d, "got", got, sizeof(got));
	assert_int_equal(mkfifo(path, 0600), 0);
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		char buf[256];
		FILE *in = fopen(path, "r"), *out = fopen(got, "w");
		size_t n;
		if (!in || !out)
			_exit(2);
		while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
			fwrite(buf, 1, n, out);
		_exit(fclose(out) == 0 ? 0 : 3);
	}
	/* whichever of the two opens first, the open waits for the other (no retry loop) */
	alarm(30);	/* a hang fails the test */
	assert_int_equal(atomic_file_open_output(&f, path, err, sizeof(err)), 0);
	alarm(0);
	fputs("through the fifo\n", f.fp);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	if (lstat(path, &st) < 0 || !S_ISFIFO(st.st_mode)) {
		kill(pid, SIGKILL);	/* its FIFO is gone: it would wait forever */
		waitpid(pid, &status, 0);
		fail_msg("the FIFO was replaced");
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_contents(got, "through the fifo\n");
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(entries(d), 2);	/* fifo, got: no temporary file left */
}

/* A FIFO without a reader yet: the open waits for one (as a shell's `>fifo` does), then
 * the reader gets every byte.  The writer is a child that opens the FIFO first; the reader
 * comes 300 ms later (a writer that gave up at once, ENXIO, has exited by then and the
 * reader's open would wait forever: the alarm fails the test). */
static void test_output_fifo_waits_for_reader(void **state)
{
	struct dir *d = *state;
	char path[600], err[700], buf[64];
	struct stat st;
	int status;

	in_dir(d, "fifo", path, sizeof(path));
	assert_int_equal(mkfifo(path, 0600), 0);
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct atomic_file f;
		if (atomic_file_open_output(&f, path, err, sizeof(err)) < 0)
			_exit(2);
		fputs("after the wait\n", f.fp);
		_exit(atomic_file_commit(&f, err, sizeof(err)) == 0 ? 0 : 3);
	}
	nanosleep(&(struct timespec){ 0, 300000000 }, NULL);
	assert_int_equal(waitpid(pid, &status, WNOHANG), 0);	/* still waiting */
	alarm(30);
	int fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	ssize_t n, got = 0;
	while ((n = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
		got += n;
	close(fd);
	alarm(0);
	buf[got] = 0;
	assert_string_equal(buf, "after the wait\n");
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(entries(d), 1);
}

/* Character devices (made in the test directory: needs root): /dev/null's twin takes the
 * bytes and stays a device; /dev/full's twin fails with ENOSPC, said, and stays a device. */
static void test_output_devices(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char null[600], full[600], err[700];
	struct stat st;

	in_dir(d, "null", null, sizeof(null));
	in_dir(d, "full", full, sizeof(full));
	if (mknod(null, S_IFCHR | 0666, makedev(1, 3)) < 0 ||
	    mknod(full, S_IFCHR | 0666, makedev(1, 7)) < 0)
		skip();		/* not root */
	assert_int_equal(atomic_file_open_output(&f, null, err, sizeof(err)), 0);
	fputs("gone", f.fp);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_int_equal(lstat(null, &st), 0);
	assert_true(S_ISCHR(st.st_mode));

	assert_int_equal(atomic_file_open_output(&f, full, err, sizeof(err)), 0);
	fputs("no room", f.fp);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "No space left on device"));
	assert_int_equal(lstat(full, &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_int_equal(entries(d), 2);
}

/* A symbolic link is followed: the file it names is replaced, the link stays a link. */
static void test_output_symlink_followed(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], real[600], err[700];
	struct stat st;

	in_dir(d, "real.html", real, sizeof(real));
	in_dir(d, "link.html", path, sizeof(path));
	write_file(real, "old", 0640);
	assert_int_equal(symlink("real.html", path), 0);
	assert_int_equal(atomic_file_open_output(&f, path, err, sizeof(err)), 0);
	fputs("new", f.fp);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_contents(real, "new");
	assert_int_equal(stat(real, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);
	assert_int_equal(entries(d), 2);
}

/* A regular file or nothing: as atomic_file_open (temporary file beside it, renamed). */
static void test_output_regular(void **state)
{
	struct dir *d = *state;
	struct atomic_file f;
	char path[600], err[700];

	in_dir(d, "out.db", path, sizeof(path));
	assert_int_equal(atomic_file_open_output(&f, path, err, sizeof(err)), 0);
	assert_non_null(strstr(f.tmp, "/.out.db."));
	fputs("db", f.fp);
	assert_int_equal(atomic_file_commit(&f, err, sizeof(err)), 0);
	assert_contents(path, "db");
	assert_int_equal(entries(d), 1);
}

int main(void)
{
	/* A shell starting this test in the background without job control ignores SIGINT;
	 * an ignored signal stays ignored (the handlers leave it so), so the signal tests
	 * start from the defaults whatever the test was started from. */
	const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);

	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_commit_new, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commit_replaces_and_keeps_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commit_no_sync, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commit_no_sync_over_others, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commit_by_path, setup, teardown),
		cmocka_unit_test_setup_teardown(test_abort_keeps_old, setup, teardown),
		cmocka_unit_test_setup_teardown(test_open_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commit_error_aborts, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commit_unregisters, setup, teardown),
		cmocka_unit_test_setup_teardown(test_abort_unregisters, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cleanup_removes_live, setup, teardown),
		cmocka_unit_test_setup_teardown(test_registry_full, setup, teardown),
		cmocka_unit_test_setup_teardown(test_signals_clean_up, setup, teardown),
		cmocka_unit_test_setup_teardown(test_output_fifo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_output_fifo_waits_for_reader, setup, teardown),
		cmocka_unit_test_setup_teardown(test_output_devices, setup, teardown),
		cmocka_unit_test_setup_teardown(test_output_symlink_followed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_output_regular, setup, teardown),
	};
	return cmocka_run_group_tests_name("atomic_file", tests, NULL, NULL);
}
