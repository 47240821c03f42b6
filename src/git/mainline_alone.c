/* mainline_alone.c — see mainline_alone.h. */
#include "git/mainline_alone.h"
#include "git/mainline_read.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

/* The first 8 bytes of the commits the mainline tags of t name. */
static size_t tag_heads(const struct tag_table *t, uint8_t (**out)[8])
{
	size_t n = 0;

	*out = xmalloc((t->n + 1) * sizeof(**out));
	for (size_t i = 0; i < t->n; i++)
		if (mainline_is_tag(t->v[i].name))
			memcpy((*out)[n++], t->v[i].commit.id, 8);
	return n;
}

/* Does a mainline tag name one of s's commits?  (By the first 8 bytes: a
 * false "yes" only costs reading that base alone.) */
static int holds_tag(const struct segment *s, uint8_t (*heads)[8], size_t nheads)
{
	for (size_t k = 0; nheads && s->ident_oid && k < s->ncommits; k++)
		for (size_t j = 0; j < nheads; j++)
			if (!memcmp(s->ident_oid[k], heads[j], 8))
				return 1;
	return 0;
}

/* The tail tip ^base from its walk (w released). */
static void take_walk(struct segment *s, const uint8_t base[20], const uint8_t tip[20],
		      struct walk_result *w)
{
	memset(s, 0, sizeof(*s));
	memcpy(s->from, base, 20);
	memcpy(s->to, tip, 20);
	s->tail = 1;
	s->alone = 1;
	s->ident_oid = xmalloc((w->n + 1) * sizeof(*s->ident_oid));
	s->ident_key = xmalloc((w->n + 1) * sizeof(*s->ident_key));
	for (size_t k = 0; k < w->n; k++) {
		memcpy(s->ident_oid[k], w->v[k].oid, 8);
		s->ident_key[k] = w->v[k].key;
		mainline_drop_meta(&w->v[k]);
		if (w->v[k].facts) {
			ARRAY_GROW(s->v, s->n, s->cap);
			memcpy(s->v[s->n].oid, w->v[k].oid, 20);
			s->v[s->n++].facts = *w->v[k].facts;
		}
		free(w->v[k].facts);
		w->v[k].facts = NULL;
	}
	s->ncommits = (uint32_t)w->n;
	walk_result_release(w);
}

/* Read the tails of base[idx[0..n)] in one walk into the cache; 0, or -1
 * when the walk failed (nothing added). */
static int read_tails(git_repository *repo, const uint8_t tip[20], const uint8_t (*base)[20],
		      const size_t *idx, size_t n, struct segcache *cache)
{
	struct walk_options wo = mainline_walk_options();
	struct walk_spec *specs = xcalloc(n + 1, sizeof(*specs));
	git_oid *ends = xmalloc((n + 1) * sizeof(*ends)), top;
	struct walk_result *outs = xcalloc(n + 1, sizeof(*outs));
	char ignored[512];
	int rc;

	memcpy(top.id, tip, 20);
	for (size_t k = 0; k < n; k++) {
		memcpy(ends[k].id, base[idx[k]], 20);
		specs[k] = (struct walk_spec){ &top, &ends[k], 1 };
	}
	rc = walk_ranges(repo, specs, n, &wo, outs, ignored, sizeof(ignored));
	for (size_t k = 0; k < n; k++) {
		struct segment s;
		if (rc) {
			walk_result_release(&outs[k]);
			continue;
		}
		take_walk(&s, base[idx[k]], tip, &outs[k]);
		segcache_add(cache, &s);
	}
	free(outs);
	free(ends);
	free(specs);
	return rc ? -1 : 0;
}

/* Is base i's commit that of an earlier base still to do? */
static int repeated(const uint8_t (*base)[20], const int *todo, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (todo[j] && !memcmp(base[j], base[i], 20))
			return 1;
	return 0;
}

void mainline_alone_fill(git_repository *repo, const struct tag_table *t,
			 const uint8_t tip[20], const uint8_t (*base)[20], const int *todo,
			 size_t n, struct segcache *cache, int *ok)
{
	size_t *idx = xmalloc((n + 1) * sizeof(size_t)), nread = 0, nheads;
	uint8_t (*heads)[8];

	for (size_t i = 0; i < n; i++) {
		ok[i] = 0;
		if (todo[i] && !repeated(base, todo, i) && !segcache_find_alone(cache, base[i], tip))
			idx[nread++] = i;
	}
	if (nread && read_tails(repo, tip, base, idx, nread, cache) < 0) {
		free(idx);
		return;
	}
	nheads = tag_heads(t, &heads);
	for (size_t i = 0; i < n; i++) {
		const struct segment *s;
		/* a repeated base is read alone: its tail's facts move once */
		if (todo[i] && !repeated(base, todo, i) && (s = segcache_find_alone(cache, base[i], tip)))
			ok[i] = !holds_tag(s, heads, nheads);
	}
	free(heads);
	free(idx);
}

void mainline_alone_take(struct segcache *cache, const uint8_t base[20], const uint8_t tip[20],
			 struct mainline *out, size_t *ncommits)
{
	struct segment *s = segcache_find_alone(cache, base, tip);
	char hex[41];
	git_oid oid;

	for (size_t i = 0; i < s->n; i++) {
		memcpy(oid.id, s->v[i].oid, 20);
		git_oid_tostr(hex, sizeof(hex), &oid);
		mainline_add(out, hex, &s->v[i].facts, NULL);
	}
	for (size_t i = 0; out->nwant && s->ident_oid && i < s->ncommits; i++)
		mainline_add_ident(out, s->ident_oid[i], s->ident_key[i]);
	*ncommits = s->ncommits;
}
