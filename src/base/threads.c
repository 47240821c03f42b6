/* threads.c — see threads.h. */
#include "base/threads.h"

#include <stdlib.h>
#include <unistd.h>

size_t thread_count(size_t n)
{
	const char *env = getenv("REGTRACE_THREADS");
	long t = env ? atol(env) : sysconf(_SC_NPROCESSORS_ONLN);

	if (t < 1)
		t = 1;
	if (t > THREADS_MAX)
		t = THREADS_MAX;
	return (size_t)t < n ? (size_t)t : (n ? n : 1);
}
