/*
 * idsort.h — lists of 20-byte object ids kept sorted (memcmp order), each
 * id once: sorting one, checking one, and merging two into a third in
 * linear time (a cached list grown by a few new ids costs a pass, not a
 * sort of everything again).  Pure.
 */
#ifndef REGTRACE_IDSORT_H
#define REGTRACE_IDSORT_H

#include <stddef.h>
#include <stdint.h>

/* Sort the n ids of v and drop repeats: how many are left. */
size_t ids_sort_unique(uint8_t (*v)[20], size_t n);
/* Are the n ids of v sorted, each once? */
int ids_sorted_unique(const uint8_t (*v)[20], size_t n);
/* The ids of a and of b (each sorted, each once) into out, sorted, each
 * once: how many (at most na + nb; out has room for that many, and is
 * neither a nor b). */
size_t ids_merge(const uint8_t (*a)[20], size_t na, const uint8_t (*b)[20], size_t nb,
		 uint8_t (*out)[20]);

#endif
