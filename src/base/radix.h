/*
 * radix.h — a stable sort of fixed-size records by an unsigned integer key
 * they carry (a field of 4 or 8 bytes, in the machine's order).  Records
 * of equal keys keep their input order, so records made in the order of a
 * tie-breaker come out as a comparison sort by (key, tie-breaker) puts
 * them, in O(n) time and n records of scratch: qsort() cost a tenth of a
 * warm run in the id resolvers and the mainline's index.  One counting pass
 * by the key's top bits (about four records a bucket: the keys sorted are
 * id prefixes and hashes, spread over their width), then each bucket: by
 * insertion when it holds a few, else least significant byte first, one
 * pass a byte, a pass skipped when every key has the same byte there (so
 * keys that are not spread cost one pass more than that alone; eight
 * passes over every record cost the resolvers 370 instructions a key).
 * Pure.
 */
#ifndef REGTRACE_RADIX_H
#define REGTRACE_RADIX_H

#include <stddef.h>
#include <stdint.h>

void radix_sort(void *v, size_t n, size_t size, size_t key_offset, size_t key_bytes);

/* Sort n 64-bit values ascending: radix_sort on the values themselves (an
 * 8-byte key at offset 0), compiled for that shape, every copy one move.
 * Linear; it sorts 8-byte id prefixes (tags.c: qsort took 4% of a run
 * after a release). */
void sort_u64(uint64_t *v, size_t n);

#endif
