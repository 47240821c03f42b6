/* output.c — see output.h. */
#include "cmd/pager.h"
#include "cmd/output.h"
#include "cmd/request.h"
#include "base/atomic_file.h"
#include "base/error.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int cmd_write_failed(char *err, size_t errlen)
{
	return rt_fail(err, errlen, RT_EFAIL, "cannot write output: %s", strerror(errno));
}

int cmd_print_set(const struct cli *c, struct run *run, set_render_fn *render, char *err,
		  size_t errlen)
{
	struct load_request rq;
	struct series_set set;
	int rc;

	request_of(c, &rq);
	rc = series_set_load(&rq, &run->src, &set, err, errlen);
	if (!rc)
		pager_start();	/* (only when text is to go to a terminal) */
	if (!rc && (render(run->out, c, &set) < 0 || fflush(run->out) != 0))
		rc = cmd_write_failed(err, errlen);
	series_set_end(&set);
	return rc;
}

int cmd_write_set(const struct cli *c, struct run *run, const char *path, const char *dflt,
		  set_write_fn *write, char *err, size_t errlen)
{
	struct load_request rq;
	struct atomic_file f;
	struct series_set set;
	int rc, to_stdout;

	if (!path) {	/* a name regtrace chose: never followed (atomic_file.h) */
		path = dflt;
		if (atomic_file_open_default(&f, path, err, errlen) < 0)
			return RT_EFAIL;
	} else if (atomic_file_open_output(&f, path, err, errlen) < 0) {
		return RT_EFAIL;
	}
	to_stdout = f.is_stdout;	/* then "wrote PATH" would land in the output */
	request_of(c, &rq);
	rc = series_set_load(&rq, &run->src, &set, err, errlen);
	if (!rc && write(c, run, &set, &f, err, errlen) < 0)
		rc = RT_EFAIL;
	series_set_end(&set);
	if (rc)
		atomic_file_abort(&f);
	else if (atomic_file_commit(&f, err, errlen) < 0)
		rc = RT_EFAIL;
	if (!rc && !to_stdout && (printf("wrote %s\n", path) < 0 || fflush(stdout) != 0))
		rc = cmd_write_failed(err, errlen);
	return rc;
}
