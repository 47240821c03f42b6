/* identity.c — see identity.h. */
#include "core/identity.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void outside_init(struct outside *o)
{
	memset(o, 0, sizeof(*o));
}

void outside_add(struct outside *o, const char *id, int known,
		 const char (*aliases)[MSG_ID_MAX + 1], size_t naliases)
{
	free(o->slot);		/* (outside_sort() makes it again) */
	o->slot = NULL;
	ARRAY_GROW(o->v, o->n, o->cap);
	struct outside_id *e = &o->v[o->n++];
	memset(e, 0, sizeof(*e));
	str_copy(e->id, sizeof(e->id), id);
	e->known = known;
	if (naliases) {
		e->aliases = xmalloc(naliases * sizeof(*e->aliases));
		memcpy(e->aliases, aliases, naliases * sizeof(*e->aliases));
		e->naliases = naliases;
	}
}

static int cmp_outside(const void *a, const void *b)
{
	return strcmp(((const struct outside_id *)a)->id, ((const struct outside_id *)b)->id);
}

static uint64_t id_hash(const char *id)
{
	uint64_t h = 0xcbf29ce484222325ull;	/* FNV-1a */

	for (; *id; id++)
		h = (h ^ (unsigned char)*id) * 0x100000001b3ull;
	return h;
}

/* Entry i's slot, or the empty one where id would go. */
static size_t slot_of(const struct outside *o, const char *id)
{
	size_t k = (size_t)id_hash(id) & (o->nslots - 1);

	while (o->slot[k] && strcmp(o->v[o->slot[k] - 1].id, id))
		k = (k + 1) & (o->nslots - 1);
	return k;
}

void outside_sort(struct outside *o)
{
	size_t k = 0;

	if (o->n)
		qsort(o->v, o->n, sizeof(*o->v), cmp_outside);
	for (size_t i = 0; i < o->n; i++) {
		if (k && !strcmp(o->v[k - 1].id, o->v[i].id)) {
			free(o->v[i].aliases);
			continue;
		}
		o->v[k++] = o->v[i];
	}
	o->n = k;
	free(o->slot);
	for (o->nslots = 16; o->nslots < 2 * o->n; o->nslots *= 2)
		;
	o->slot = xcalloc(o->nslots, sizeof(uint32_t));
	for (size_t i = 0; i < o->n; i++)
		o->slot[slot_of(o, o->v[i].id)] = (uint32_t)i + 1;
}

const struct outside_id *outside_find(const struct outside *o, const char *id)
{
	size_t lo = 0, hi = o ? o->n : 0;

	if (o && o->slot) {
		uint32_t at = o->slot[slot_of(o, id)];
		return at ? &o->v[at - 1] : NULL;
	}

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(o->v[mid].id, id);
		if (!c)
			return &o->v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void outside_release(struct outside *o)
{
	for (size_t i = 0; i < o->n; i++)
		free(o->v[i].aliases);
	free(o->v);
	free(o->slot);
	memset(o, 0, sizeof(*o));
}

void identity_infer(struct graph *g, uint32_t c, const char *id)
{
	struct msg_facts *f = &g->c[c].facts;

	ARRAY_GROW_FROM(f->aliases, f->naliases, f->aliases_cap, 1);
	str_copy(f->aliases[f->naliases++], MSG_ID_MAX + 1, id);
	g->c[c].upstream = UPSTREAM_INFERRED;
	g->c[c].inferred_among = 1;
}

void identity_infer_tie(struct graph *g, uint32_t c, const char *id, size_t among)
{
	identity_infer(g, c, id);
	g->c[c].inferred_among = among > UINT32_MAX ? UINT32_MAX : (uint32_t)among;
}

void identity_ambiguous(struct graph *g, uint32_t c)
{
	g->c[c].upstream = UPSTREAM_AMBIGUOUS;
}

static uint32_t fnv32(uint32_t h, unsigned char c)
{
	return (h ^ c) * 16777619u;
}

static unsigned char fold(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + ('a' - 'A')) : c;
}

uint32_t identity_key(const char *author, const char *subject)
{
	uint32_t h = 2166136261u;
	int space = 0;

	for (const char *p = author ? author : ""; *p; p++)
		h = fnv32(h, fold((unsigned char)*p));
	h = fnv32(h, 0);
	for (const char *p = subject ? subject : ""; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == ' ' || c == '\t') {
			space = 1;
			continue;
		}
		if (space)
			h = fnv32(h, ' ');
		space = 0;
		h = fnv32(h, fold(c));
	}
	return h;
}

int identity_same_id(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	return !strncmp(a, b, la < lb ? la : lb);
}

/* The names of what c reverts, pushed as pointers into names. */
struct names {
	const char **v;
	size_t n, cap;
};

static void add_name(struct names *ns, const char *id)
{
	ARRAY_GROW(ns->v, ns->n, ns->cap);
	ns->v[ns->n++] = id;
}

/* Every alias of the commits of m but c. */
static void add_aliases_of(struct names *ns, const struct graph *g, const struct u32s *m,
			   uint32_t c)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct msg_facts *f = &g->c[m->v[i]].facts;
		for (size_t a = 0; m->v[i] != c && a < f->naliases; a++)
			add_name(ns, f->aliases[a]);
	}
}

static void reverted_names(const struct graph *g, const struct resolver *r,
			   const struct outside *o, uint32_t c, struct names *ns,
			   struct u32s *m)
{
	const struct msg_facts *f = &g->c[c].facts;

	ns->n = 0;
	for (size_t i = 0; i < f->nrefs; i++) {
		if (f->refs[i].kind != MSG_REF_REVERT)
			continue;
		add_name(ns, f->refs[i].id);
		resolver_match(r, f->refs[i].id, m);
		add_aliases_of(ns, g, m, c);
		const struct outside_id *e = m->n ? NULL : outside_find(o, f->refs[i].id);
		for (size_t a = 0; e && a < e->naliases; a++) {
			add_name(ns, e->aliases[a]);
			resolver_match(r, e->aliases[a], m);
			add_aliases_of(ns, g, m, c);
		}
	}
}

/* Mark (commit, alias) pairs in drop: the aliases of c that a name names. */
static void mark_named(const struct msg_facts *f, uint32_t c, const struct names *ns,
		       struct u32s *drop)
{
	for (size_t a = 0; a < f->naliases; a++)
		for (size_t i = 0; i < ns->n; i++)
			if (identity_same_id(f->aliases[a], ns->v[i])) {
				u32s_push(drop, c);
				u32s_push(drop, (uint32_t)a);
				break;
			}
}

/* Remove alias a of commit c (the marks come in ascending order of alias
 * for each commit, so removing from the last keeps the others' places). */
static void drop_alias(struct graph_commit *gc, size_t a)
{
	struct msg_facts *f = &gc->facts;

	memmove(f->aliases[a], f->aliases[a + 1], (f->naliases - a - 1) * sizeof(*f->aliases));
	if (!--f->naliases)
		gc->upstream = UPSTREAM_NONE;
}

/* Decided on the whole graph first: r's keys point into the aliases, so
 * none may move while r is asked. */
size_t identity_drop_quoted(struct graph *g, const struct resolver *r,
			    const struct outside *o)
{
	struct names ns = { 0 };
	struct u32s m = { 0 }, drop = { 0 };
	size_t n;

	for (uint32_t c = 0; c < g->n; c++) {
		const struct graph_commit *gc = &g->c[c];
		if (gc->is_merge || gc->upstream != UPSTREAM_MESSAGE || !gc->facts.is_revert)
			continue;
		reverted_names(g, r, o, c, &ns, &m);
		mark_named(&gc->facts, c, &ns, &drop);
	}
	for (size_t i = drop.n; i >= 2; i -= 2)
		drop_alias(&g->c[drop.v[i - 2]], drop.v[i - 1]);
	n = drop.n / 2;
	free(ns.v);
	u32s_release(&m);
	u32s_release(&drop);
	return n;
}
