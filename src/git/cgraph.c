/* cgraph.c — see cgraph.h. */
#include "git/cgraph.h"

#include <string.h>

#define ID_OIDF 0x4f494446u
#define ID_OIDL 0x4f49444cu
#define ID_CDAT 0x43444154u
#define ID_EDGE 0x45444745u
#define CDAT_SIZE 36u		/* tree id, parent 1, parent 2, generation and date */
#define PARENT_NONE 0x70000000u
#define PARENT_EXTRA 0x80000000u

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t be64(const uint8_t *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

void cgraph_init(struct cgraph *g)
{
	memset(g, 0, sizeof(*g));
}

/* Find the chunks; sizes from consecutive offsets. */
static int read_chunks(struct cgraph_layer *l, const uint8_t *data, size_t len)
{
	unsigned nchunks = data[6];
	size_t table = 8, oidl_len = 0, cdat_len = 0, edge_len = 0;

	if (table + (nchunks + 1) * 12 > len)
		return -1;
	for (unsigned i = 0; i < nchunks; i++) {
		const uint8_t *e = data + table + i * 12;
		uint64_t off = be64(e + 4), next = be64(e + 16);
		if (off > len || next > len || next < off)
			return -1;
		switch (be32(e)) {
		case ID_OIDF:
			if (next - off != 1024)
				return -1;
			l->fanout = data + off;
			break;
		case ID_OIDL:
			l->oids = data + off, oidl_len = next - off;
			break;
		case ID_CDAT:
			l->cdat = data + off, cdat_len = next - off;
			break;
		case ID_EDGE:
			l->edges = data + off, edge_len = next - off;
			break;
		}
	}
	if (!l->fanout || !l->oids || !l->cdat)
		return -1;
	l->n = be32(l->fanout + 255 * 4);
	l->nedges = edge_len / 4;
	if (oidl_len != (size_t)l->n * 20 || cdat_len != (size_t)l->n * CDAT_SIZE)
		return -1;
	for (int i = 1; i < 256; i++)
		if (be32(l->fanout + (i - 1) * 4) > be32(l->fanout + i * 4))
			return -1;
	return 0;
}

int cgraph_add_layer(struct cgraph *g, const uint8_t *data, size_t len)
{
	struct cgraph_layer l;

	memset(&l, 0, sizeof(l));
	if (g->nlayers >= CGRAPH_MAX_LAYERS || len < 8 + 12 || memcmp(data, "CGPH", 4) ||
	    data[4] != 1 || data[5] != 1 || read_chunks(&l, data, len) < 0)
		return -1;
	if ((uint64_t)g->total + l.n > 0x6fffffffu)
		return -1;
	l.offset = g->total;
	g->layer[g->nlayers++] = l;
	g->total += l.n;
	return 0;
}

static int64_t find_in_layer(const struct cgraph_layer *l, const uint8_t oid[20])
{
	uint32_t lo = oid[0] ? be32(l->fanout + (oid[0] - 1) * 4) : 0;
	uint32_t hi = be32(l->fanout + oid[0] * 4);

	if (hi > l->n || lo > hi)
		return -1;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int c = memcmp(l->oids + (size_t)mid * 20, oid, 20);
		if (!c)
			return (int64_t)l->offset + mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

int64_t cgraph_find(const struct cgraph *g, const uint8_t oid[20])
{
	for (int i = g->nlayers - 1; i >= 0; i--) {
		int64_t p = find_in_layer(&g->layer[i], oid);
		if (p >= 0)
			return p;
	}
	return -1;
}

int cgraph_positions_exact(const struct cgraph *g)
{
	const struct cgraph_layer *l = &g->layer[0];

	if (g->nlayers != 1)
		return 0;
	for (uint32_t i = 0, b = 0; i < l->n; i++) {
		const uint8_t *oid = l->oids + (size_t)i * 20;
		while (b < 256 && be32(l->fanout + b * 4) <= i)	/* i's bucket */
			b++;
		if (b != oid[0] || (i && memcmp(oid - 20, oid, 20) >= 0))
			return 0;
	}
	return 1;
}

static const struct cgraph_layer *layer_of(const struct cgraph *g, uint32_t pos)
{
	for (int i = g->nlayers - 1; i >= 0; i--)
		if (pos >= g->layer[i].offset && pos - g->layer[i].offset < g->layer[i].n)
			return &g->layer[i];
	return NULL;
}

const uint8_t *cgraph_oid(const struct cgraph *g, uint32_t pos)
{
	const struct cgraph_layer *l = layer_of(g, pos);

	return l ? l->oids + (size_t)(pos - l->offset) * 20 : NULL;
}

/* A parent lies in the commit's layer or below (a layer names nothing above
 * it), and is not the commit itself. */
static int add_parent(const struct cgraph_layer *l, uint32_t pos, struct cgraph_commit *out,
		      uint32_t p)
{
	if (p >= l->offset + l->n || p == pos)
		return -1;
	out->all_parents++;
	if (out->nparents < CGRAPH_MAX_PARENTS)
		out->parents[out->nparents++] = p;
	return 0;
}

/* Octopus merges: parents 2.. listed in EDGE from index e, last one flagged. */
static int extra_parents(const struct cgraph_layer *l, uint32_t pos, uint32_t e,
			 struct cgraph_commit *out)
{
	for (;; e++) {
		if (e >= l->nedges)
			return -1;
		uint32_t v = be32(l->edges + (size_t)e * 4);
		if (add_parent(l, pos, out, v & ~PARENT_EXTRA) < 0)
			return -1;
		if (v & PARENT_EXTRA)
			return 0;
	}
}

int cgraph_commit(const struct cgraph *g, uint32_t pos, struct cgraph_commit *out)
{
	const struct cgraph_layer *l = layer_of(g, pos);

	memset(out, 0, sizeof(*out));
	if (!l)
		return -1;
	const uint8_t *c = l->cdat + (size_t)(pos - l->offset) * CDAT_SIZE;
	uint32_t p1 = be32(c + 20), p2 = be32(c + 24);
	out->time = (int64_t)(be64(c + 28) & 0x3ffffffffull);
	out->generation = (uint32_t)(be64(c + 28) >> 34);
	if (p1 != PARENT_NONE && add_parent(l, pos, out, p1) < 0)
		return -1;
	if (p2 == PARENT_NONE)
		return 0;
	if (p2 & PARENT_EXTRA)
		return extra_parents(l, pos, p2 & ~PARENT_EXTRA, out);
	return add_parent(l, pos, out, p2);
}
