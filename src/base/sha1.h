/*
 * sha1.h — SHA-1 (FIPS 180-4), to check the trailing checksum of git's
 * commit-graph files (git/cgraph_trust.h).  Not for anything secret.  Pure.
 */
#ifndef REGTRACE_SHA1_H
#define REGTRACE_SHA1_H

#include <stddef.h>
#include <stdint.h>

void sha1(const uint8_t *data, size_t len, uint8_t out[20]);

#endif
