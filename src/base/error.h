/*
 * error.h — how every layer reports failure: a status code, and a one-line
 * message written into the caller's buffer (err, errlen).  Nothing below
 * src/cmd prints or exits; main prints the message and exits with the code.
 *
 * A base primitive: includes nothing of regtrace.
 */
#ifndef REGTRACE_ERROR_H
#define REGTRACE_ERROR_H

#include <stddef.h>

/* Exit statuses too: 0 success, 1 error, 2 usage error. */
/* RT_EPARTIAL: the output is written, for every series that could be
 * counted; the others were named on stderr (a whole-repository run). */
enum { RT_OK = 0, RT_EFAIL = 1, RT_EUSAGE = 2, RT_EPARTIAL = 3 };

/* Format the message into err and return code. */
int rt_fail(char *err, size_t errlen, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
