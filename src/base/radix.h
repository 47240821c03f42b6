/*
 * radix.h — a stable sort of fixed-size records by an unsigned integer key
 * they carry (a field of 4 or 8 bytes, in the machine's order): least
 * significant byte first, one pass a byte, a pass skipped when every key
 * has the same byte there.  Records of equal keys keep their input order,
 * so records made in the order of a tie-breaker come out as a comparison
 * sort by (key, tie-breaker) puts them, in O(n) time and n records of
 * scratch: qsort() cost a tenth of a warm run in the id resolvers and the
 * mainline's index.  Pure.
 */
#ifndef REGTRACE_RADIX_H
#define REGTRACE_RADIX_H

#include <stddef.h>

void radix_sort(void *v, size_t n, size_t size, size_t key_offset, size_t key_bytes);

#endif
