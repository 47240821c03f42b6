/* heap.c — see heap.h. */
#define _DEFAULT_SOURCE		/* sbrk, madvise */
#include "base/heap.h"

#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#define HUGE_PAGE ((uintptr_t)2 << 20)
#define PROBE_SIZE ((size_t)64 << 10)	/* below the mmap threshold */
#define PROBES 64			/* at most 4 MB asked for */

static int prepared;	/* heap_prepare advised main's heap: glibc's allocator */

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
	prepared = 1;
	return (uintptr_t)end - from;
}

/* glibc's heaps of threads' arenas: each a mapping of this size at an
 * address it divides (arena.c: HEAP_MAX_SIZE, 2 * DEFAULT_MMAP_THRESHOLD_MAX) */
#define ARENA_HEAP ((uintptr_t)64 << 20)

/* Is [base, base + ARENA_HEAP) wholly mapped, by mappings of no file and
 * no name (/proc/self/maps)?  (A heap's mapping can begin below base or end
 * above its end: the kernel joins neighbouring heaps of the same rights.) */
static int arena_shaped(uintptr_t base)
{
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	uintptr_t at = base;
	int ok = 0;

	/* lines "LO-HI PERMS OFFSET DEV INODE [NAME]", by address */
	while (f && fgets(line, sizeof(line), f)) {
		char *e;
		unsigned long lo = strtoul(line, &e, 16), hi;
		if (*e != '-')
			break;
		hi = strtoul(e + 1, &e, 16);
		if (hi <= base)
			continue;
		for (int field = 0; field < 3; field++) {
			e += strspn(e, " ");
			e += strcspn(e, " ");
		}
		unsigned long inode = strtoul(e, &e, 10);
		e += strspn(e, " ");
		if (lo > at || inode || (*e && *e != '\n'))
			break;
		at = hi;
		if (at >= base + ARENA_HEAP) {
			ok = 1;
			break;
		}
	}
	if (f)
		fclose(f);
	return ok;
}

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25	/* Linux 6.1; glibc 2.36's headers lack it */
#endif

/* The heaps advised so far (an arena is taken by thread after thread), and
 * whether each one's first 2 MB was collapsed. */
static struct advised_heap {
	uintptr_t base;
	int collapsed;
} advised_heaps[16];
static size_t nadvised;
static pthread_mutex_t advised_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int collapse_threads;	/* heap_collapse_threads */

void heap_collapse_threads(int on)
{
	atomic_store(&collapse_threads, on);
}

/* The entry of the heap at base, or NULL; under advised_lock. */
static struct advised_heap *seen(uintptr_t base)
{
	for (size_t i = 0; i < nadvised; i++)
		if (advised_heaps[i].base == base)
			return &advised_heaps[i];
	return NULL;
}

/* Note the heap at base as advised (once: two threads of a new arena may
 * both advise it). */
static void remember(uintptr_t base)
{
	pthread_mutex_lock(&advised_lock);
	if (!seen(base) && nadvised < sizeof(advised_heaps) / sizeof(*advised_heaps))
		advised_heaps[nadvised++] = (struct advised_heap){ base, 0 };
	pthread_mutex_unlock(&advised_lock);
}

/* Was the heap at base advised (by an earlier thread of its arena)? */
static int advised_before(uintptr_t base)
{
	int found;

	pthread_mutex_lock(&advised_lock);
	found = seen(base) != NULL;
	pthread_mutex_unlock(&advised_lock);
	return found;
}

/* Is the heap at base to be collapsed now: asked for, and not done yet (by
 * an earlier thread of its arena)?  It is then counted as done. */
static int claim_collapse(uintptr_t base)
{
	struct advised_heap *h;
	int claim = 0;

	if (!atomic_load(&collapse_threads))
		return 0;
	pthread_mutex_lock(&advised_lock);
	if ((h = seen(base)) && !h->collapsed)
		claim = h->collapsed = 1;
	pthread_mutex_unlock(&advised_lock);
	return claim;
}

/* The heap's first 2 MB made one huge page now.  glibc wrote its header
 * there, and the first blocks, before the advice: that page's table then
 * kept each of its other pages small, faulted in one at a time (two thirds
 * of the page faults of a run after a release, 500 a thread's heap).
 * Where the kernel cannot (older than 6.1, or no huge page free) nothing
 * changes. */
static void collapse_first(uintptr_t base)
{
	(void)madvise((void *)base, HUGE_PAGE, MADV_COLLAPSE);
}

size_t heap_prepare_thread(void)
{
	/* too big for the thread's cache of small blocks, which can hold
	 * another arena's */
	void *volatile p = malloc(PROBE_SIZE);
	uintptr_t base = (uintptr_t)p & ~(ARENA_HEAP - 1);
	size_t advised = 0;

	if (p && prepared) {
		if (advised_before(base)) {
			advised = ARENA_HEAP;
		} else if (arena_shaped(base) && !madvise((void *)base, ARENA_HEAP, MADV_HUGEPAGE)) {
			remember(base);
			advised = ARENA_HEAP;
		}
		if (advised && claim_collapse(base))
			collapse_first(base);
	}
	free(p);
	return advised;
}
