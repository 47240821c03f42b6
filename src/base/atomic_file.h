/*
 * atomic_file.h — write a file so that its readers see either the old file
 * or the whole new one, never a part of it.
 *
 * atomic_file_open() creates a temporary file beside the target (in the same
 * directory, so that rename(2) replaces the target atomically), named
 * ".NAME.XXXXXX", with the permissions of the target when it exists, else
 * 0666 less the umask, and opens a stream on it.  Write through f->fp, or
 * let a library write to the path f->tmp (and close it) before committing.
 * atomic_file_commit() flushes, fsyncs and closes the temporary file,
 * renames it over the target and fsyncs the directory.
 * atomic_file_abort() closes and removes the temporary file: the target is
 * left as it was.  Every successful open ends in exactly one commit or
 * abort; a commit that fails has aborted already.  Whatever is at the
 * target (a symbolic link, a FIFO: regtrace's own files) is replaced, not
 * followed or written: see atomic_file_open_output for outputs.
 *
 * Signals: from open until commit or abort the temporary file's path is
 * registered (at most ATOMIC_FILE_MAX at once; one more open fails with
 * EMFILE).  The first open installs, for the rest of the process, a handler
 * for SIGHUP, SIGINT, SIGPIPE and SIGTERM (each unless ignored then) that
 * removes every registered file, restores the default disposition and
 * raises the signal again: the process dies of it, leaving any old target
 * as it was and no temporary file.  Creating, renaming and removing a
 * temporary file happen together with its (un)registration, with those
 * signals held.  Registry and handler are safe when several threads open
 * files; an atomic_file itself belongs to one thread.
 *
 * Errors: -1 with "cannot write 'PATH': <strerror>" in err.  Nothing here
 * prints or exits, except through the signal handler.
 */
#ifndef REGTRACE_ATOMIC_FILE_H
#define REGTRACE_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

#define ATOMIC_FILE_MAX 16

struct atomic_file {
	char *path;	/* the target, as given (the file a followed link names) */
	char *tmp;	/* the temporary file beside it (under $TMPDIR for a stream) */
	FILE *fp;	/* open for writing on tmp */
	int stream;	/* 1: copied to fd at commit, not renamed */
	int fd;		/* the stream target (stream only) */
	int is_stdout;	/* the target is the file stdout writes to */
	int no_sync;	/* set after open: the commit syncs neither the file nor
			   its directory (a cache, whose checksum rejects what a
			   crash may leave: losing it only costs time) */
};

int atomic_file_open(struct atomic_file *f, const char *path, char *err, size_t errlen);
int atomic_file_commit(struct atomic_file *f, char *err, size_t errlen);
void atomic_file_abort(struct atomic_file *f);

/*
 * The same for an output the user named (report -o, export --sqlite):
 *  - "-", /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N name this
 *    process's own descriptor: written through a copy of it (appending to a
 *    log that stdout appends to, following what a shell wrote before), never
 *    replaced, whatever file it is open on;
 *  - a path naming (through links) a character or block device or a
 *    FIFO, is written as a stream, never replaced: opened at once (a FIFO
 *    waits there for its reader, as a shell's redirection does), the bytes built in
 *    a temporary file under $TMPDIR and copied to it by commit, whose write
 *    errors (ENOSPC on /dev/full) are errors;
 *  - a symbolic link to a regular file is followed: that file is replaced
 *    (temporary file beside it, rename); a link to nothing is an error;
 *  - a regular file or nothing: as atomic_file_open.
 * is_stdout tells that the output went to where stdout goes.
 */
int atomic_file_open_output(struct atomic_file *f, const char *path, char *err, size_t errlen);

/*
 * An output under a name regtrace chose (report's regtrace-report.html in
 * the current directory, perhaps a work tree whose files a repository
 * wrote): a regular file or nothing, replaced as atomic_file_open does.  A
 * symbolic link, a FIFO or a device there is refused ("refusing to write
 * 'PATH': it is a symbolic link ..."), never followed or written to.
 * Returns 0, or -1 with err set.
 */
int atomic_file_open_default(struct atomic_file *f, const char *path, char *err, size_t errlen);

/*
 * Remove every registered temporary file (async-signal-safe; the handler's
 * work).  The atomic_files stay open: each still ends in commit (which then
 * fails) or abort.
 */
void atomic_file_cleanup(void);

/* Returns -1 with "cannot write 'PATH': <strerror(errnum)>" in err. */
int atomic_file_error(const char *path, int errnum, char *err, size_t errlen);

#endif
