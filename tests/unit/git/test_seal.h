/*
 * test_seal.h — a cache file's bytes sealed again after a test changed them
 * (base/codec.h: the seal is the hash of everything before its last 8 bytes,
 * little-endian), so that the loader judges the change, not the checksum.
 */
#ifndef TEST_SEAL_H
#define TEST_SEAL_H

#include <stddef.h>
#include <stdint.h>

#include "base/codec.h"

static inline void reseal(uint8_t *buf, size_t len)
{
	uint64_t h = codec_seal_hash(buf, len - 8);

	for (int i = 0; i < 8; i++)
		buf[len - 8 + i] = (uint8_t)(h >> (8 * i));
}

#endif
