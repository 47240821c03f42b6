/*
 * oidmap.h — commit ids (20 bytes, borrowed: they must outlive the map) to
 * positions, in an open-addressing table keyed by the ids' first 8 bytes
 * (uniform already).  Sized once for n ids; an id put twice keeps the last
 * position.  Made with oidmap_init_set(), it is a set of ids (no
 * positions: oidmap_add() and oidmap_has() only).  Pure.
 */
#ifndef REGTRACE_OIDMAP_H
#define REGTRACE_OIDMAP_H

#include <stddef.h>
#include <stdint.h>

struct oidmap {
	const uint8_t **oid;	/* NULL: empty */
	uint32_t *pos;		/* NULL: a set */
	size_t cap;
};

void oidmap_init(struct oidmap *m, size_t n);
void oidmap_init_set(struct oidmap *m, size_t n);
void oidmap_put(struct oidmap *m, const uint8_t *oid, uint32_t pos);
/* The position of oid, or UINT32_MAX when it was never put. */
uint32_t oidmap_get(const struct oidmap *m, const uint8_t *oid);
/* Put oid (at pos, in a map) unless it is there: 1 when it was not, else 0
 * (its position kept). */
int oidmap_add(struct oidmap *m, const uint8_t *oid, uint32_t pos);
int oidmap_has(const struct oidmap *m, const uint8_t *oid);
void oidmap_release(struct oidmap *m);

#endif
