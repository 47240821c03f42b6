/*
 * bench/gen/base.c — allocation, growing strings, the random streams
 * (splitmix64), SHA-1 and git object ids, the set of id prefixes kept unique.
 */
#include "gen.h"

void die(const char *fmt, ...)
{
	va_list ap;

	fputs("bench-gen: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void *xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xrealloc(void *p, size_t sz)
{
	p = realloc(p, sz ? sz : 1);
	if (!p)
		die("out of memory");
	return p;
}

static void sb_grow(struct sb *b, size_t more)
{
	if (b->n + more + 1 > b->cap) {
		size_t c = b->cap ? b->cap : 256;
		while (b->n + more + 1 > c)
			c *= 2;
		b->p = xrealloc(b->p, c);
		b->cap = c;
	}
}

void sb_putn(struct sb *b, const char *s, size_t n)
{
	sb_grow(b, n);
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

void sb_puts(struct sb *b, const char *s)
{
	sb_putn(b, s, strlen(s));
}

void sb_putc(struct sb *b, char c)
{
	sb_grow(b, 1);
	b->p[b->n++] = c;
	b->p[b->n] = '\0';
}

void sb_printf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("vsnprintf");
	sb_grow(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

void sb_reset(struct sb *b)
{
	b->n = 0;
	if (b->p)
		b->p[0] = '\0';
}

/* splitmix64: the only source of randomness. */
uint64_t sm64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint32_t rbelow(uint64_t *s, uint32_t n)
{
	return n ? (uint32_t)(((sm64(s) >> 32) * (uint64_t)n) >> 32) : 0;
}

double runif(uint64_t *s)
{
	return (double)(sm64(s) >> 11) * (1.0 / 9007199254740992.0);
}

uint64_t g_seed = 1;

/* An independent stream for (salt, index). */
uint64_t stream(uint64_t salt, uint64_t i)
{
	uint64_t s = g_seed ^ (salt * 0xd1b54a32d192ed03ULL) ^ (i * 0x8cb92ba72f3d8dd7ULL);

	sm64(&s);
	return s;
}

#define ROL(x, k) (((x) << (k)) | ((x) >> (32 - (k))))

static void sha1_block(uint32_t h[5], const uint8_t *p)
{
	uint32_t w[80], a, b, c, d, e, t;

	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 80; i++)
		w[i] = ROL(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	for (int i = 0; i < 80; i++) {
		uint32_t f, k;
		if (i < 20)
			f = (b & c) | (~b & d), k = 0x5a827999;
		else if (i < 40)
			f = b ^ c ^ d, k = 0x6ed9eba1;
		else if (i < 60)
			f = (b & c) | (b & d) | (c & d), k = 0x8f1bbcdc;
		else
			f = b ^ c ^ d, k = 0xca62c1d6;
		t = ROL(a, 5) + f + e + k + w[i];
		e = d, d = c, c = ROL(b, 30), b = a, a = t;
	}
	h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
}

void sha1_init(struct sha1 *s)
{
	s->h[0] = 0x67452301, s->h[1] = 0xefcdab89, s->h[2] = 0x98badcfe;
	s->h[3] = 0x10325476, s->h[4] = 0xc3d2e1f0;
	s->len = 0, s->n = 0;
}

void sha1_update(struct sha1 *s, const void *data, size_t len)
{
	const uint8_t *p = data;

	s->len += len;
	if (s->n) {
		size_t k = 64 - s->n < len ? 64 - s->n : len;
		memcpy(s->buf + s->n, p, k);
		s->n += k, p += k, len -= k;
		if (s->n < 64)
			return;
		sha1_block(s->h, s->buf);
		s->n = 0;
	}
	for (; len >= 64; p += 64, len -= 64)
		sha1_block(s->h, p);
	memcpy(s->buf, p, len);
	s->n = len;
}

void sha1_final(struct sha1 *s, uint8_t out[20])
{
	uint64_t bits = s->len * 8;
	uint8_t pad = 0x80, zero = 0, lenb[8];

	sha1_update(s, &pad, 1);
	while (s->n != 56)
		sha1_update(s, &zero, 1);
	for (int i = 0; i < 8; i++)
		lenb[i] = (uint8_t)(bits >> (56 - 8 * i));
	sha1_update(s, lenb, 8);
	for (int i = 0; i < 5; i++) {
		out[4 * i] = (uint8_t)(s->h[i] >> 24);
		out[4 * i + 1] = (uint8_t)(s->h[i] >> 16);
		out[4 * i + 2] = (uint8_t)(s->h[i] >> 8);
		out[4 * i + 3] = (uint8_t)s->h[i];
	}
}

/* "<type> <len>\0<data>" */
void git_hash(const char *type, const void *data, size_t len, uint8_t out[20])
{
	char hdr[48];
	struct sha1 s;
	int n = snprintf(hdr, sizeof(hdr), "%s %zu", type, len);

	sha1_init(&s);
	sha1_update(&s, hdr, (size_t)n + 1);
	sha1_update(&s, data, len);
	sha1_final(&s, out);
}

void hex(const uint8_t id[20], char out[41])
{
	static const char d[] = "0123456789abcdef";

	for (int i = 0; i < 20; i++)
		out[2 * i] = d[id[i] >> 4], out[2 * i + 1] = d[id[i] & 15];
	out[40] = '\0';
}

/* The first 12 hex digits as a number: the prefix kept unique. */
uint64_t prefix48(const uint8_t id[20])
{
	uint64_t v = 0;

	for (int i = 0; i < 6; i++)
		v = v << 8 | id[i];
	return v;
}

/* Open-addressing set of 48-bit prefixes (stored +1 so 0 means empty). */
static uint64_t *pset;
static size_t pset_cap, pset_n;

int pset_insert(uint64_t v)
{
	if (2 * (pset_n + 1) > pset_cap) {
		size_t oc = pset_cap;
		uint64_t *old = pset;
		pset_cap = oc ? 2 * oc : 1 << 16;
		pset = xcalloc(pset_cap, sizeof(*pset));
		pset_n = 0;
		for (size_t i = 0; i < oc; i++)
			if (old[i])
				pset_insert(old[i] - 1);
		free(old);
	}
	size_t m = pset_cap - 1, i = (size_t)((v * 0x9e3779b97f4a7c15ULL) >> 20) & m;
	for (; pset[i]; i = (i + 1) & m)
		if (pset[i] == v + 1)
			return 0;
	pset[i] = v + 1;
	pset_n++;
	return 1;
}
