/*
 * heap.h — the process's heap made ready for a run that allocates tens of
 * megabytes in small blocks (decoded caches, a mainline's facts, a range's
 * commits): glibc's main heap grows HEAP_STEP at a time, and that first
 * stretch is marked for transparent huge pages (madvise MADV_HUGEPAGE).
 *
 * Why: each 4 KB page a run touches for the first time costs a page fault,
 * about 5-7 µs on a virtual machine, and the kernel's time went to them: a
 * whole-repository `stats` on Open vSwitch took 17,700 faults cold and
 * 7,500 warm after one release (a third of its CPU).  With the heap in
 * 2 MB pages: 2,900 and 3,400 (the rest are the worker threads' own heaps,
 * which glibc maps itself), and 0.77 -> 0.64 s and 0.17 -> 0.11 s of CPU.
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

/* Make the heap ready (above); once, first thing in main, before the
 * threads start.  Returns the bytes advised for huge pages (0 when the
 * heap did not grow where it could be advised). */
size_t heap_prepare(void);

#endif
