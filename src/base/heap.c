/* heap.c — see heap.h. */
#define _DEFAULT_SOURCE		/* sbrk, madvise */
#include "base/heap.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#define HUGE_PAGE ((uintptr_t)2 << 20)
#define PROBE_SIZE ((size_t)64 << 10)	/* below the mmap threshold */
#define PROBES 64			/* at most 4 MB asked for */

/* Is the process's address space or data size limited (ulimit -v, -d)? */
static int limited(void)
{
	struct rlimit as, data;

	return getrlimit(RLIMIT_AS, &as) || as.rlim_cur != RLIM_INFINITY ||
	       getrlimit(RLIMIT_DATA, &data) || data.rlim_cur != RLIM_INFINITY;
}

size_t heap_prepare(void)
{
	char *start, *end;
	uintptr_t from;

	if (limited())
		return 0;
	/* (setting the pad also keeps glibc's mmap threshold at 128 KB: a
	 * bigger block is mapped on its own and returned when freed.  Letting
	 * such blocks into the heap, as glibc's moving threshold does, cost
	 * git/git's cold run 15% more peak memory for no time won.) */
	mallopt(M_TOP_PAD, (int)HEAP_STEP);
	start = sbrk(0);
	/* blocks until the heap grows by one and the pad: its top holds up to
	 * 132 KB at first (volatile: else each pair is optimized away) */
	void *volatile probe[PROBES];
	size_t n = 0;
	while (n < PROBES && sbrk(0) == start)
		probe[n++] = malloc(PROBE_SIZE);
	while (n)
		free(probe[--n]);
	end = sbrk(0);
	if (start == (char *)-1 || end == (char *)-1 || end <= start)
		return 0;
	from = ((uintptr_t)start + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	if ((uintptr_t)end <= from || madvise((void *)from, (uintptr_t)end - from, MADV_HUGEPAGE))
		return 0;
	return (uintptr_t)end - from;
}

void heap_give_back(void)
{
	malloc_trim(0);
}
