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
 * abort; a commit that fails has aborted already.  A symbolic link at the
 * target is replaced, not followed.
 *
 * Errors: -1 with "cannot write 'PATH': <strerror>" in err.  Nothing here
 * prints or exits.
 */
#ifndef REGTRACE_ATOMIC_FILE_H
#define REGTRACE_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

struct atomic_file {
	char *path;	/* the target, as given */
	char *tmp;	/* the temporary file beside it */
	FILE *fp;	/* open for writing on tmp */
};

int atomic_file_open(struct atomic_file *f, const char *path, char *err, size_t errlen);
int atomic_file_commit(struct atomic_file *f, char *err, size_t errlen);
void atomic_file_abort(struct atomic_file *f);

/* Returns -1 with "cannot write 'PATH': <strerror(errnum)>" in err. */
int atomic_file_error(const char *path, int errnum, char *err, size_t errlen);

#endif
