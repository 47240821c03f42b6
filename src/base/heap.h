/*
 * heap.h — the process's heap made ready for a run that allocates tens of
 * megabytes in small blocks (decoded caches, a mainline's facts, a range's
 * commits): glibc's main heap grows HEAP_STEP at a time, and that first
 * stretch is marked for transparent huge pages (madvise MADV_HUGEPAGE).
 *
 * A thread's heap (glibc's arena: a 64 MB mapping at an address 64 MB
 * divides, shared by the threads that take it in turn) is advised the same
 * way by heap_prepare_thread, which every thread started through
 * thread_start (threads.h) calls first.
 *
 * Why: each 4 KB page a run touches for the first time costs a page fault,
 * about 5-7 µs on a virtual machine, and the kernel's time went to them: a
 * whole-repository `stats` on Open vSwitch took 17,700 faults cold and
 * 7,700 after one release (a third of its CPU).  With main's heap in 2 MB
 * pages: 3,100 and 3,300, and the threads' too: 1,700 and 1,500; CPU
 * 0.79 -> 0.64 -> 0.59 s and 0.177 -> 0.107 -> 0.091 s.
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

/* The same for the heap of the calling thread's arena, once heap_prepare
 * advised main's (else nothing: another allocator, or a limit), when the
 * 64 MB around a block of it is mapped, by no file (/proc/self/maps: else
 * glibc's arenas are not as assumed, and nothing is done).  Once
 * heap_collapse_threads(1) was said, the heap's first 2 MB, written before
 * the advice, is also collapsed into one huge page, once a heap, where the
 * kernel can (MADV_COLLAPSE).  Returns the bytes advised (0 or 64 MB). */
size_t heap_prepare_thread(void);

/* Whether heap_prepare_thread collapses (above); off until said.  A
 * collapse costs about 1 ms a heap (a 2 MB page cleared, the small pages'
 * mappings flushed): it pays back in a run whose threads allocate megabytes
 * each (500 page faults a heap saved), and is a loss in a small one (a small
 * scenario's stats: 17 -> 21 ms).  The run says which it is (cmd/run.c). */
void heap_collapse_threads(int on);

#endif
