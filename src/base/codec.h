/*
 * codec.h — the little-endian byte encoding of regtrace's cache files.
 *
 * A wbuf grows as values are appended; an rbuf reads them back and turns
 * bad (every later read fails, returning 0 or NULL) as soon as a read would
 * pass its end, so a decoder checks once, at the end.  Strings are a 4-byte
 * length then the bytes (no NUL); length UINT32_MAX stands for NULL.
 * Pure: no I/O.
 */
#ifndef REGTRACE_CODEC_H
#define REGTRACE_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define CODEC_FNV_INIT 0xcbf29ce484222325ull

struct wbuf {
	uint8_t *b;
	size_t len, cap;
};

struct rbuf {
	const uint8_t *p, *end;
	int bad;
};

/* Room for n more bytes (the buffer at least doubles). */
void wbuf_grow(struct wbuf *w, size_t n);
/* Room for n more bytes, no more when it must grow: a buffer whose size is
 * known is then never copied as it fills. */
void wbuf_reserve(struct wbuf *w, size_t n);

/* Inline, as the readers below: a save writes a few numbers per record. */
static inline void wbuf_bytes(struct wbuf *w, const void *p, size_t n)
{
	if (w->len + n > w->cap)
		wbuf_grow(w, n);
	if (n)		/* p may be NULL then */
		memcpy(w->b + w->len, p, n);
	w->len += n;
}

/* v's low nbytes (at most 8), little-endian. */
static inline void wbuf_uint(struct wbuf *w, uint64_t v, size_t nbytes)
{
	uint8_t tmp[8];

	for (size_t i = 0; i < nbytes; i++)
		tmp[i] = (uint8_t)(v >> (8 * i));
	wbuf_bytes(w, tmp, nbytes);
}
void wbuf_str(struct wbuf *w, const char *s);	/* s may be NULL */

/* The next n bytes (left in place), or NULL when fewer are left (r turns bad). */
static inline const uint8_t *rbuf_take(struct rbuf *r, size_t n)
{
	if (r->bad || r->p > r->end || (size_t)(r->end - r->p) < n) {
		r->bad = 1;
		return NULL;
	}
	const uint8_t *q = r->p;
	r->p += n;
	return q;
}

/* The nbytes at q (at most 8) as a little-endian number (with nbytes a
 * constant, as where it is called, one load on a little-endian machine). */
static inline uint64_t codec_le(const uint8_t *q, size_t nbytes)
{
	uint64_t v = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&v, q, nbytes);
#else
	for (size_t i = 0; i < nbytes; i++)
		v |= (uint64_t)q[i] << (8 * i);
#endif
	return v;
}

/* n signed 64-bit numbers, 8 bytes each, little-endian (one copy on a
 * little-endian machine). */
static inline void wbuf_i64s(struct wbuf *w, const int64_t *v, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	wbuf_bytes(w, v, n * sizeof(*v));
#else
	for (size_t i = 0; i < n; i++)
		wbuf_uint(w, (uint64_t)v[i], 8);
#endif
}

/* The next nbytes (at most 8) as a little-endian number; 0 when r turns
 * bad.  Inline: called a few times for every record a warm run decodes. */
static inline uint64_t rbuf_uint(struct rbuf *r, size_t nbytes)
{
	const uint8_t *q = rbuf_take(r, nbytes);

	return q ? codec_le(q, nbytes) : 0;
}
/* n numbers as wbuf_i64s writes them into v; 0, or -1 when fewer bytes are
 * left (r turns bad, v untouched). */
static inline int rbuf_i64s(struct rbuf *r, int64_t *v, size_t n)
{
	const uint8_t *q = n <= SIZE_MAX / 8 ? rbuf_take(r, n * 8) : (r->bad = 1, NULL);

	if (!q)
		return -1;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n)
		memcpy(v, q, n * 8);
#else
	for (size_t i = 0; i < n; i++)
		v[i] = (int64_t)codec_le(q + 8 * i, 8);
#endif
	return 0;
}
/* A string of at most max bytes without NUL (NULL allowed when nullable);
 * 0, or -1 (then *out is NULL). */
int rbuf_str(struct rbuf *r, size_t max, int nullable, char **out);
/* The same string left in place: *p its bytes (not NUL-ended; NULL for a
 * NULL string) and *len its length. */
int rbuf_str_view(struct rbuf *r, size_t max, int nullable, const uint8_t **p, size_t *len);

/* FNV-1a, 64 bits, continuing from h (CODEC_FNV_INIT to start). */
uint64_t codec_fnv(const uint8_t *p, size_t n, uint64_t h);

/*
 * The seal's hash, 64 bits, 8 bytes at a time (little-endian words, the
 * last one zero-padded; the length is mixed in first), in four chains: the
 * words of each 32-byte block go one to each; the words after the last
 * block and the padded tail continue the first, into which the other three
 * are then mixed.  Each step is a bijection of a chain's state, and of the
 * word for a given state, so a file differing from another in one word
 * never has its hash.  Byte by byte FNV cost 6% of a warm run; one chain,
 * bound by its multiplications' latency, 4.6 ms of CPU for the merges
 * bench's 18.6 MB of caches; four, a third of that.
 */
uint64_t codec_seal_hash(const uint8_t *p, size_t n);

/* A sealed file: the seal's hash of everything before the last 8 bytes,
 * stored in them. */
void wbuf_seal(struct wbuf *w);
int codec_sealed(const uint8_t *p, size_t len);

/*
 * The head of a regtrace file: a magic string, a 4-byte format number and
 * the version of regtrace that wrote it; the file is sealed (above).
 * rbuf_head() checks a whole file's bytes (at least min + 8 of them) and
 * leaves r after the head: NULL, or why the file is not usable: not_ours
 * (wrong size or magic), "checksum mismatch" or "another version".
 */
void wbuf_head(struct wbuf *w, const char *magic, uint32_t format, const char *version);
const char *rbuf_head(struct rbuf *r, const uint8_t *buf, size_t len, size_t min,
		      const char *magic, uint32_t format, const char *version,
		      const char *not_ours);

#endif
