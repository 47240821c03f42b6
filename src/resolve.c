/* resolve.c — see resolve.h. */
#include "resolve.h"
#include "message.h"

#include <stdlib.h>
#include <string.h>

static int cmp_key(const void *pa, const void *pb)
{
	const struct resolver_key *a = pa, *b = pb;
	int c = strcmp(a->hex, b->hex);

	return c ? c : (a->commit > b->commit) - (a->commit < b->commit);
}

/* First key whose hex is >= the first len characters of id. */
static size_t lower_bound(const struct resolver *r, const char *id, size_t len)
{
	size_t lo = 0, hi = r->nkeys;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strncmp(r->keys[mid].hex, id, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The first 16 hex digits of id (fewer: padded with zeros) as a number. */
static uint64_t hex_number(const char *id, size_t len)
{
	uint64_t v = 0;

	for (size_t i = 0; i < 16; i++) {
		char ch = i < len ? id[i] : '0';
		v = v << 4 | (uint64_t)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
	}
	return v;
}

/* First key whose number is >= v. */
static size_t lower_bound_number(const struct resolver *r, uint64_t v)
{
	size_t lo = 0, hi = r->nkeys;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r->num[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static uint32_t find(uint32_t *cls, uint32_t x)
{
	while (cls[x] != x) {
		cls[x] = cls[cls[x]];
		x = cls[x];
	}
	return x;
}

static void add_key(struct resolver *r, size_t *cap, const char *hex, uint32_t c)
{
	ARRAY_GROW(r->keys, r->nkeys, *cap);
	r->keys[r->nkeys].hex = hex;
	r->keys[r->nkeys].commit = c;
	r->nkeys++;
	if (strlen(hex) < MSG_ID_MAX)
		r->short_lengths |= (uint64_t)1 << strlen(hex);
}

/* Every commit sharing a key with one of c's aliases is a copy of c. */
static void join_copies(struct resolver *r, const struct graph *g)
{
	struct u32s m = { 0 };

	for (uint32_t c = 0; c < g->n; c++) {
		const struct msg_facts *f = &g->c[c].facts;
		for (size_t a = 0; a < f->naliases; a++) {
			resolver_match(r, f->aliases[a], &m);
			for (size_t k = 0; k < m.n; k++)
				r->cls[find(r->cls, m.v[k])] = find(r->cls, c);
		}
	}
	u32s_release(&m);
}

void resolver_init(struct resolver *r, const struct graph *g)
{
	size_t cap = 0;

	memset(r, 0, sizeof(*r));
	r->ncommits = g->n;
	r->cls = xmalloc((g->n + 1) * sizeof(uint32_t));
	for (uint32_t c = 0; c < g->n; c++) {
		r->cls[c] = c;
		if (g->c[c].is_merge)
			continue;
		add_key(r, &cap, g->c[c].id, c);
		for (size_t a = 0; a < g->c[c].facts.naliases; a++)
			add_key(r, &cap, g->c[c].facts.aliases[a], c);
	}
	if (r->nkeys)
		qsort(r->keys, r->nkeys, sizeof(*r->keys), cmp_key);
	r->num = xmalloc((r->nkeys + 1) * sizeof(uint64_t));
	for (size_t i = 0; i < r->nkeys; i++)
		r->num[i] = hex_number(r->keys[i].hex, strlen(r->keys[i].hex));
	join_copies(r, g);
}

void resolver_release(struct resolver *r)
{
	free(r->keys);
	free(r->num);
	free(r->cls);
	memset(r, 0, sizeof(*r));
}

void resolver_match(const struct resolver *r, const char *id, struct u32s *out)
{
	size_t len = strlen(id);
	uint64_t lo = hex_number(id, len), hi = lo;

	if (len < 16)
		hi |= ((uint64_t)1 << (4 * (16 - len))) - 1;
	out->n = 0;
	/* keys that start with id: their numbers are in [lo, hi] */
	for (size_t i = lower_bound_number(r, lo); i < r->nkeys && r->num[i] <= hi; i++)
		if (!strncmp(r->keys[i].hex, id, len))
			u32s_push(out, r->keys[i].commit);
	/* keys that are a proper prefix of id (only lengths some key has) */
	for (size_t l = MSG_ID_MIN; l < len; l++) {
		if (!(r->short_lengths & ((uint64_t)1 << l)))
			continue;
		for (size_t i = lower_bound(r, id, l); i < r->nkeys &&
		     strlen(r->keys[i].hex) == l && !strncmp(r->keys[i].hex, id, l); i++)
			u32s_push(out, r->keys[i].commit);
	}
	u32s_sort_unique(out);
}

uint32_t resolver_class(struct resolver *r, uint32_t commit)
{
	return find(r->cls, commit);
}
