/*
 * cache/answers.h — what a command printed, kept so that the same command
 * on the same repository prints it again without reading anything
 * (doc/caches.md, "Answers").
 *
 * An answer is kept under a key: a digest of everything the output depends
 * on (cmd/replay.h works it out: the program, its arguments and
 * environment, the refs, the settings, the objects the repository has).
 * Each answer is a file of its own, `regtrace-answers/<key in hex>` in the
 * git directory: a magic line, a format number, the version of regtrace,
 * the key, the exit status, the bytes written to stdout and those written
 * to stderr, and a seal (base/codec.h).  A file failing any check, or
 * holding another key, is no answer.  A directory keeps the ANSWERS_KEEP
 * answers written last; older ones are removed when one is added.  Pure:
 * the only I/O is the directory and its files.
 */
#ifndef REGTRACE_CACHE_ANSWERS_H
#define REGTRACE_CACHE_ANSWERS_H

#include <stddef.h>
#include <stdint.h>

#define ANSWERS_FORMAT 2u	/* 2: the seal's hash in four chains */
#define ANSWERS_KEEP 16
#define ANSWERS_MAX_BYTES ((size_t)64 << 20)	/* an output larger is not kept */

struct answer {
	int status;
	uint8_t *file;		/* the file's bytes (owned); out and err point into it */
	size_t file_len;
	const uint8_t *out, *err;
	size_t nout, nerr;
};

/* The answer kept under key in dir: 0 with *a set (answer_release), or -1
 * when there is none that passes every check. */
int answer_load(const char *dir, const uint8_t key[20], struct answer *a);
void answer_release(struct answer *a);

/* Keep an answer under key in dir (created when missing; replaced
 * atomically), then remove the oldest beyond ANSWERS_KEEP: 0, or -1 when it
 * could not be written (nothing is left half-written). */
int answer_save(const char *dir, const uint8_t key[20], int status, const void *out,
		size_t nout, const void *err, size_t nerr);

/* The bytes of a file holding this answer, sealed (to free: *len set). */
uint8_t *answer_encode(const uint8_t key[20], int status, const void *out, size_t nout,
		       const void *err, size_t nerr, size_t *len);
/* Decode a file's bytes for key (kept, not copied: a points into buf):
 * 0, or -1 when they fail a check. */
int answer_decode(const uint8_t *buf, size_t len, const uint8_t key[20], struct answer *a);

#endif
