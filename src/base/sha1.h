/*
 * sha1.h — SHA-1 (FIPS 180-4), to check the trailing checksum of git's
 * commit-graph files (git/cgraph_trust.h) and to name an answer kept for
 * a replay by its key (cmd/replay.h).  Not for anything secret.  Pure
 * (OpenSSL's libcrypto).  0, or -1 when libcrypto failed (out is then zeros,
 * which no commit-graph's checksum is taken for: cgraph_trust.h).
 */
#ifndef REGTRACE_SHA1_H
#define REGTRACE_SHA1_H

#include <stddef.h>
#include <stdint.h>

int sha1(const uint8_t *data, size_t len, uint8_t out[20]);

#endif
