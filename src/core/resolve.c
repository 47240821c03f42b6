/* resolve.c — see resolve.h. */
#include "core/resolve.h"
#include "core/message.h"
#include "base/radix.h"
#include "base/util.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static int cmp_key(const void *pa, const void *pb)
{
	const struct resolver_key *a = pa, *b = pb;
	int c = a->num != b->num ? (a->num > b->num) - (a->num < b->num) : strcmp(a->hex, b->hex);

	return c ? c : (a->commit > b->commit) - (a->commit < b->commit);
}

/* The keys in cmp_key order: by number, then each run of equal numbers
 * (rare: 16 digits in common, but a history can make them many) by the rest. */
static void sort_keys(struct resolver *r)
{
	radix_sort(r->keys, r->nkeys, sizeof(*r->keys), offsetof(struct resolver_key, num),
		   sizeof(r->keys->num));
	for (size_t i = 0, j; i < r->nkeys; i = j) {
		for (j = i + 1; j < r->nkeys && r->keys[j].num == r->keys[i].num; j++)
			;
		if (j - i > 1)
			qsort(r->keys + i, j - i, sizeof(*r->keys), cmp_key);
	}
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
	r->keys[r->nkeys].len = (uint32_t)strlen(hex);
	r->keys[r->nkeys].num = hex_prefix_value(hex, r->keys[r->nkeys].len);
	r->nkeys++;
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

/* The first MSG_ID_MIN digits of key i; every key and id has that many. */
static uint32_t head(const struct resolver *r, size_t i)
{
	return resolver_key_head(r, i);
}

uint32_t resolver_head(const char *id)
{
	uint32_t v = 0;
	size_t i = 0;

	for (; i < MSG_ID_MIN && id[i]; i++)	/* (hex_prefix_value()'s first digits) */
		v = v << 4 | (uint32_t)(id[i] <= '9' ? id[i] - '0' : id[i] - 'a' + 10);
	return v << (4 * (MSG_ID_MIN - i));
}

static size_t slot_of(const struct resolver *r, uint32_t h)
{
	size_t k = (h * 2654435761u) & (r->nslots - 1);

	while (r->slot[k] && r->slot[k] != h + 1)
		k = (k + 1) & (r->nslots - 1);
	return k;
}

/* Keys sharing their first 7 digits are adjacent: index where each run starts. */
static void index_heads(struct resolver *r)
{
	for (r->nslots = 16; r->nslots < r->nkeys * 2; r->nslots *= 2)
		;
	r->slot = xcalloc(r->nslots, sizeof(uint32_t));
	r->first = xcalloc(r->nslots, sizeof(uint32_t));
	for (size_t i = 0; i < r->nkeys; i++) {
		if (i && head(r, i) == head(r, i - 1))
			continue;
		size_t k = slot_of(r, head(r, i));
		r->slot[k] = head(r, i) + 1;
		r->first[k] = (uint32_t)i;
	}
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
	sort_keys(r);
	index_heads(r);
	join_copies(r, g);
}

void resolver_release(struct resolver *r)
{
	free(r->keys);
	free(r->slot);
	free(r->first);
	free(r->cls);
	memset(r, 0, sizeof(*r));
}

/* The first key of [a, b) not less than id (keys are sorted by hex). */
static size_t lower_bound(const struct resolver *r, size_t a, size_t b, const char *id)
{
	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if (strcmp(r->keys[mid].hex, id) < 0)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

/* The end of the run of keys from a whose first 7 digits are h. */
static size_t run_end(const struct resolver *r, size_t a, uint32_t h)
{
	size_t b = r->nkeys;

	while (a < b) {
		size_t mid = a + (b - a) / 2;
		if (head(r, mid) <= h)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

/* Push key i's commit; 0 once more than RESOLVER_MATCH_MAX commits are in. */
static int push_match(struct u32s *out, uint32_t commit)
{
	u32s_push(out, commit);
	if (out->n <= RESOLVER_MATCH_MAX)
		return 1;
	u32s_sort_unique(out);	/* (a commit may match by several keys) */
	return out->n <= RESOLVER_MATCH_MAX;
}

/* The keys of [a, b) that are id or extend it, then those id extends (each
 * a prefix of id, 7 or more digits, found by its own search): a long run
 * of keys sharing their first 7 digits costs its logarithm per id. */
static void match_in_run(const struct resolver *r, size_t a, size_t b, const char *id,
			 size_t len, struct u32s *out)
{
	char prefix[MSG_ID_MAX + 1];

	for (size_t i = lower_bound(r, a, b, id); i < b; i++)
		if (strncmp(r->keys[i].hex, id, len) || !push_match(out, r->keys[i].commit))
			return;
	for (size_t l = MSG_ID_MIN; l < len && l <= MSG_ID_MAX; l++) {
		memcpy(prefix, id, l);
		prefix[l] = '\0';
		for (size_t i = lower_bound(r, a, b, prefix); i < b; i++)
			if (strcmp(r->keys[i].hex, prefix) || !push_match(out, r->keys[i].commit))
				break;
	}
}

/*
 * A key matches id when one is a prefix of the other: both then share the
 * first 7 digits, so only that run of keys is looked at (a short run one
 * key after the other, a long one by binary searches).
 */
void resolver_match(const struct resolver *r, const char *id, struct u32s *out)
{
	size_t len = strlen(id), a;
	uint32_t h;
	size_t k;

	out->n = 0;
	if (len < MSG_ID_MIN || !r->nkeys)
		return;
	h = resolver_head(id);
	k = slot_of(r, h);
	if (!r->slot[k])
		return;
	a = r->first[k];
	if (a + 16 < r->nkeys && head(r, a + 16) == h) {	/* a long run */
		match_in_run(r, a, run_end(r, a, h), id, len, out);
	} else {
		for (size_t i = a; i < r->nkeys && head(r, i) == h; i++) {
			size_t klen = r->keys[i].len;
			if (!strncmp(r->keys[i].hex, id, klen < len ? klen : len) &&
			    !push_match(out, r->keys[i].commit))
				break;
		}
	}
	u32s_sort_unique(out);
}

uint32_t resolver_class(struct resolver *r, uint32_t commit)
{
	return find(r->cls, commit);
}
