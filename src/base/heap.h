/*
 * heap.h — the process's heap made ready for a run that allocates tens of
 * megabytes in small blocks (decoded caches, a mainline's facts, a range's
 * commits): glibc's main heap grows HEAP_STEP at a time, and that first
 * stretch is marked for transparent huge pages (madvise MADV_HUGEPAGE).
 *
 * Why: each 4 KB page a run touches for the first time costs a page fault,
 * about 5-7 µs on a virtual machine, and the kernel's time went to them: a
 * whole-repository `stats` on Open vSwitch took 17,700 faults cold and
 * 7,700 after one release (a third of its CPU).  With main's heap in 2 MB
 * pages: 3,100 and 3,300; CPU 0.79 -> 0.64 s and 0.177 -> 0.107 s.
 *
 * The threads' heaps (glibc's arenas, where the walks allocate) are left to
 * the kernel's default.  Advised too, they had made the run after a release
 * faster still, but a cold run pays for every fresh 2 MB page the kernel
 * clears, and on a virtual machine whose free memory the host takes back a
 * page never touched since is dearer still (the kernel's time of one and
 * the same run varied from 0.07 to 0.41 s): git/git's cold
 * whole-repository run, 12 rotated rounds, 0.975 s with them advised,
 * 0.850 s without (CPU 1.70 -> 1.51 s); the run after a release 0.106 ->
 * 0.099 s (doc/performance.md).
 *
 * The stretch is reserved, not allocated: only what is touched is memory,
 * rounded up to 2 MB pages at its growing end.  Where huge pages are off
 * (`never`) the advice changes nothing; where they are `always` it adds
 * nothing but the larger steps.  Under a sanitizer or valgrind, whose
 * allocators are not glibc's heap, nothing is advised.  Under a limit of
 * the address space or the data size (ulimit -v, -d) nothing is changed:
 * glibc asks for the pad with every growth and does not ask again without
 * it, so near the limit an allocation would fail that fits.
 */
#ifndef REGTRACE_HEAP_H
#define REGTRACE_HEAP_H

#include <stddef.h>

#define HEAP_STEP ((size_t)64 << 20)

/* Make the heap ready (above); once, before a run opens a repository and
 * starts its threads (a command that reads none needs none of it).  Returns the bytes advised for huge pages (0 when the
 * heap did not grow where it could be advised). */
size_t heap_prepare(void);

/* Give the kernel back every page the heaps hold free (glibc's malloc_trim:
 * each thread's arena, not only the top of main's).  A thread's freed
 * blocks serve only that arena's later allocations, and a run's phases
 * allocate on other threads than the phase before: on the merges bench at
 * full size, 380 MB of the heaps were free at the mainline's end, about
 * 130 MB of it touched (so counted as the process's memory), beside 110 to
 * 180 MB in use.  For the end of a phase of a run that big: each call walks
 * every arena's free blocks. */
void heap_give_back(void);

#endif
