/*
 * fuzz_answers.c — libFuzzer harness for src/cache/answers.c (.git/regtrace-
 * answers/KEY: what a command printed, kept to print again).
 *
 * The file carries a checksum, so raw fuzzed bytes would stop there: the
 * input's first 20 bytes are the key asked for and the rest the body after
 * the head, which the harness seals into a well-formed file (magic, format,
 * version, checksum).  Checked:
 *
 *  - a rejected file leaves an empty answer;
 *  - a loaded one: its stdout and stderr lie within the file, its key is
 *    the one asked for, and it encodes to the very bytes loaded;
 *  - the same bytes asked for under another key are rejected.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/codec.h"
#include "base/version.h"
#include "fuzz_common.h"
#include "fuzz_seal.h"
#include "cache/answers.h"

#define MAGIC "regtrace answer\n"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct answer a;
	uint8_t key[20], other[20];
	size_t len, len2;

	if (size < 20)
		return 0;
	memcpy(key, data, 20);
	uint8_t *file = fuzz_sealed(MAGIC, ANSWERS_FORMAT, data + 20, size - 20, &len);
	if (answer_decode(file, len, key, &a) < 0) {
		CHECK(!a.out && !a.err && !a.nout && !a.nerr, "a rejected answer keeps bytes");
		free(file);
		return 0;
	}
	CHECK(a.out >= file && a.out + a.nout <= file + len, "stdout outside the file");
	CHECK(a.err >= file && a.err + a.nerr <= file + len, "stderr outside the file");
	uint8_t *again = answer_encode(key, a.status, a.out, a.nout, a.err, a.nerr, &len2);
	CHECK(len2 == len && !memcmp(again, file, len), "the answer encodes to other bytes");
	memcpy(other, key, 20);
	other[19] ^= 1;
	CHECK(answer_decode(file, len, other, &a) < 0, "an answer found under another key");
	free(again);
	free(file);
	return 0;
}
