/* mainline_extend.c — see mainline_extend.h. */
#include "git/mainline_extend.h"
#include "base/oidmap.h"
#include "base/util.h"
#include "git/mainline_alone.h"
#include "git/topo.h"
#include "git/walk.h"

#include <stdlib.h>
#include <string.h>

/* The old and the new commits as one set to order: old's first, each with
 * its id as the tail keeps it (8 bytes, then zeros) and the one before it
 * as its parent; then the walk's. */
struct both {
	size_t m, n;
	uint8_t (*pad)[20];	/* old's ids, padded */
	struct oidmap at;	/* pad -> old's position */
	uint32_t *prev;		/* prev[i] == i - 1: old commit i's parent */
	uint32_t **par;		/* each new commit's parents */
	struct topo_node *node;	/* m + n */
	uint32_t *order;
	int32_t *fix;		/* per old commit: its place in old->v, or -1 */
};

static void both_release(struct both *b)
{
	for (size_t j = 0; j < b->n; j++)
		free(b->par[j]);
	free(b->par);
	free(b->pad);
	free(b->prev);
	free(b->node);
	free(b->order);
	free(b->fix);
	oidmap_release(&b->at);
}

/* Old's commits: 0 when two have the same 8 bytes, or its commits naming
 * others are not a run of them in order (facts shared with other tails:
 * no chain's). */
static int take_old(struct both *b, const struct segment *old)
{
	size_t p = 0;

	for (size_t i = 0; i < b->m; i++) {
		memcpy(b->pad[i], old->ident_oid[i], 8);
		if (!oidmap_add(&b->at, b->pad[i], (uint32_t)i))
			return 0;
		b->prev[i] = (uint32_t)i - 1;
		b->node[i] = (struct topo_node){ old->time[i], b->pad[i], i ? &b->prev[i] : NULL,
						 i ? 1u : 0u };
		b->fix[i] = -1;
		if (p < old->n && !memcmp(old->v[p].oid, old->ident_oid[i], 8))
			b->fix[i] = (int32_t)p++;
	}
	return p == old->n;
}

/* Where id's first 8 bytes are an old commit's: its place, or UINT32_MAX. */
static uint32_t old_at(const struct both *b, const uint8_t *id)
{
	uint8_t key[20] = { 0 };

	memcpy(key, id, 8);
	return oidmap_get(&b->at, key);
}

/* The walk's commits, with their parents among the old and the new ones:
 * 0 when one has an old one's 8 bytes. */
static int take_new(struct both *b, const struct walk_result *w)
{
	for (size_t j = 0; j < b->n; j++) {
		const struct walk_commit *c = &w->v[j];
		uint32_t np = 0;
		if (old_at(b, c->oid) != UINT32_MAX)
			return 0;
		b->par[j] = xmalloc((c->nparents + c->nparent_ids + 1) * sizeof(uint32_t));
		for (uint32_t k = 0; k < c->nparents; k++)
			b->par[j][np++] = (uint32_t)b->m + c->parents[k];
		for (unsigned k = 0; k < c->nparent_ids; k++) {
			uint32_t at = old_at(b, c->parent_ids[k]);
			if (at != UINT32_MAX)
				b->par[j][np++] = at;
		}
		b->node[b->m + j] = (struct topo_node){ c->time, c->oid, b->par[j], np };
	}
	return 1;
}

/* out from b's order: the old commits' identities, dates and facts (moved
 * out of old), the new ones' (moved out of w). */
static void make_tail(const struct both *b, struct segment *old, struct walk_result *w,
		      const uint8_t tip[20], struct segment *out)
{
	size_t t = b->m + b->n;

	memcpy(out->from, old->from, 20);
	memcpy(out->to, tip, 20);
	out->tail = 1;
	out->alone = old->alone;
	out->newest = old->newest;
	memcpy(out->newest_id, old->newest_id, 20);
	out->ncommits = (uint32_t)t;
	out->ident_oid = xmalloc((t + 1) * sizeof(*out->ident_oid));
	out->ident_key = xmalloc((t + 1) * sizeof(*out->ident_key));
	out->time = xmalloc((t + 1) * sizeof(*out->time));
	out->cap = old->n + 1;
	for (size_t j = 0; j < b->n; j++)
		out->cap += w->v[j].facts != NULL;
	out->v = xcalloc(out->cap, sizeof(*out->v));
	for (size_t k = 0; k < t; k++) {
		uint32_t x = b->order[k];
		if (x < b->m) {
			memcpy(out->ident_oid[k], old->ident_oid[x], 8);
			out->ident_key[k] = old->ident_key[x];
			out->time[k] = old->time[x];
			if (b->fix[x] >= 0)
				out->v[out->n++] = old->v[b->fix[x]];
			continue;
		}
		struct walk_commit *c = &w->v[x - b->m];
		if (mainline_later(c->time, c->oid, out->newest, out->newest_id)) {
			out->newest = c->time;	/* (a base's own tail's greatest) */
			memcpy(out->newest_id, c->oid, 20);
		}
		memcpy(out->ident_oid[k], c->oid, 8);
		out->ident_key[k] = c->key;
		out->time[k] = c->time;
		if (c->facts) {
			memcpy(out->v[out->n].oid, c->oid, 20);
			out->v[out->n++].facts = *c->facts;
			free(c->facts);
			c->facts = NULL;
		}
	}
	old->n = 0;	/* (its facts are out's) */
}

/* The walk's commits merged with old's into out: 1, or 0 (nothing moved). */
static int merge(struct segment *old, struct walk_result *w, const uint8_t tip[20],
		 struct segment *out)
{
	struct both b = { .m = old->ncommits, .n = w->n };
	size_t t = b.m + b.n;
	int ok;

	b.pad = xcalloc(b.m + 1, sizeof(*b.pad));
	b.prev = xmalloc((b.m + 1) * sizeof(*b.prev));
	b.par = xcalloc(b.n + 1, sizeof(*b.par));
	b.node = xcalloc(t + 1, sizeof(*b.node));
	b.order = xmalloc((t + 1) * sizeof(*b.order));
	b.fix = xmalloc((b.m + 1) * sizeof(*b.fix));
	oidmap_init(&b.at, b.m);
	ok = take_old(&b, old) && take_new(&b, w) && topo_sort(b.node, t, b.order) == t;
	if (ok)
		make_tail(&b, old, w, tip, out);
	both_release(&b);
	return ok;
}

int mainline_extend_tail(git_repository *repo, struct segment *old, const uint8_t tip[20],
			 const struct mainline_walks *mw, struct segment *out)
{
	struct walk_options wo = mainline_walk_options(mw);
	struct walk_result w;
	git_oid hides[2], to;
	char ignored[256];
	int ok;

	if (!old->time || !old->ident_oid || !old->tail || old->broken ||
	    !memcmp(old->to, tip, 20))
		return 0;
	segment_own(old);	/* (a base's own tail may end another's arrays) */
	memcpy(hides[0].id, old->from, 20);
	memcpy(hides[1].id, old->to, 20);
	memcpy(to.id, tip, 20);
	wo.parent_ids = 1;
	if (walk_hiding(repo, hides, 2, &to, &wo, &w, ignored, sizeof(ignored)))
		return 0;
	/* OLD a parent of a new commit: an ancestor of TIP (when none is new,
	 * TIP is an ancestor of OLD: rewound) */
	ok = w.n && (w.hidden_parents & 2) && merge(old, &w, tip, out);
	walk_result_release_all(&w);	/* (what out did not take) */
	return ok;
}
