/* codec.c — see codec.h. */
#include "base/codec.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

void wbuf_grow(struct wbuf *w, size_t n)
{
	while (w->len + n > w->cap) {
		w->cap = w->cap ? w->cap * 2 : 4096;
		w->b = xrealloc(w->b, w->cap);
	}
}

void wbuf_reserve(struct wbuf *w, size_t n)
{
	if (w->len + n <= w->cap)
		return;
	w->cap = w->len + n;
	w->b = xrealloc(w->b, w->cap);
}

void wbuf_str(struct wbuf *w, const char *s)
{
	if (!s) {
		wbuf_uint(w, UINT32_MAX, 4);
		return;
	}
	wbuf_uint(w, strlen(s), 4);
	wbuf_bytes(w, s, strlen(s));
}

int rbuf_str_view(struct rbuf *r, size_t max, int nullable, const uint8_t **p, size_t *len)
{
	uint32_t n = (uint32_t)rbuf_uint(r, 4);

	*p = NULL;
	*len = 0;
	if (r->bad)
		return -1;
	if (n == UINT32_MAX)
		return nullable ? 0 : -1;
	if (n > max || !(*p = rbuf_take(r, n)) || memchr(*p, '\0', n)) {
		*p = NULL;
		return -1;
	}
	*len = n;
	return 0;
}

int rbuf_str(struct rbuf *r, size_t max, int nullable, char **out)
{
	const uint8_t *p;
	size_t n;

	*out = NULL;
	if (rbuf_str_view(r, max, nullable, &p, &n))
		return -1;
	if (p)
		*out = xstrndup((const char *)p, n);
	return 0;
}

uint64_t codec_fnv(const uint8_t *p, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

static uint64_t seal_step(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0x9fb21c651e98df25ull;	/* odd: a bijection */
	return h ^ (h >> 32);			/* so is this */
}

uint64_t codec_seal_hash(const uint8_t *p, size_t n)
{
	uint64_t s = CODEC_FNV_INIT ^ ((uint64_t)n * 0x9e3779b97f4a7c15ull), w = 0;
	uint64_t l0 = s, l1 = s ^ 1, l2 = s ^ 2, l3 = s ^ 3;
	size_t i = 0;

	for (; n - i >= 32; i += 32) {	/* four chains, side by side */
		l0 = seal_step(l0, codec_le(p + i, 8));
		l1 = seal_step(l1, codec_le(p + i + 8, 8));
		l2 = seal_step(l2, codec_le(p + i + 16, 8));
		l3 = seal_step(l3, codec_le(p + i + 24, 8));
	}
	for (; n - i >= 8; i += 8)
		l0 = seal_step(l0, codec_le(p + i, 8));
	for (size_t k = 0; i + k < n; k++)
		w |= (uint64_t)p[i + k] << (8 * k);
	uint64_t h = seal_step(l0, w);
	h = seal_step(seal_step(seal_step(h, l1), l2), l3);
	h ^= h >> 33;		/* every bit of the state into every bit */
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

void wbuf_seal(struct wbuf *w)
{
	wbuf_uint(w, codec_seal_hash(w->b, w->len), 8);
}

int codec_sealed(const uint8_t *p, size_t len)
{
	struct rbuf r = { p + (len >= 8 ? len - 8 : 0), p + len, 0 };

	return len >= 8 && rbuf_uint(&r, 8) == codec_seal_hash(p, len - 8);
}

void wbuf_head(struct wbuf *w, const char *magic, uint32_t format, const char *version)
{
	wbuf_bytes(w, magic, strlen(magic));
	wbuf_uint(w, format, 4);
	wbuf_str(w, version);
}

const char *rbuf_head(struct rbuf *r, const uint8_t *buf, size_t len, size_t min,
		      const char *magic, uint32_t format, const char *version,
		      const char *not_ours)
{
	size_t m = strlen(magic);
	char *ver = NULL;
	int same;

	if (len < min + 8 || memcmp(buf, magic, m))
		return not_ours;
	if (!codec_sealed(buf, len))
		return "checksum mismatch";
	rbuf_take(r, m);
	same = rbuf_uint(r, 4) == format && !rbuf_str(r, 64, 0, &ver) && !strcmp(ver, version);
	free(ver);
	return same ? NULL : "another version";
}
