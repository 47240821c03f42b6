/* range_read.c — see range_read.h. */
#include "git/range_read.h"
#include "base/oidmap.h"
#include "git/replace.h"
#include "base/error.h"
#include "base/idsort.h"
#include "base/util.h"
#include "cache/commits.h"
#include "git/topo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Commit k of a cached range from the commit cache: date, parents in the
 * repository, facts and meta (as a walk with a cache reads them); 0, or -1
 * when the cache lacks it. */
static int cached_commit(const struct cache *c, const struct cache_range *x, uint32_t k,
			 struct walk_commit *out)
{
	struct cache_hit h;

	memcpy(out->oid, x->oids + (size_t)k * 20, 20);
	if (!cache_lookup(c, out->oid, &h))
		return -1;
	out->time = h.time;
	out->all_parents = h.all_parents;
	out->facts = xmalloc(sizeof(*out->facts));
	if (cache_facts(&h, out->facts) < 0) {
		msg_facts_release(out->facts);
		free(out->facts);
		out->facts = NULL;
		return -1;
	}
	out->meta = xmalloc(sizeof(*out->meta));
	cache_meta(&h, out->meta);
	return 0;
}

/* The whole range from the caches; 0, or -1 when a commit is missing. */
static int from_cache(const struct cache *c, const struct cache_range *x, struct walk_result *out)
{
	memset(out, 0, sizeof(*out));
	out->v = xcalloc((size_t)x->n + 1, sizeof(*out->v));
	for (uint32_t k = 0; k < x->n; k++) {
		struct walk_commit *wc = &out->v[out->n++];
		uint32_t np = x->first[k + 1] - x->first[k];
		wc->parents = xmalloc(((size_t)np + 1) * sizeof(uint32_t));
		memcpy(wc->parents, x->par + x->first[k], (size_t)np * sizeof(uint32_t));
		wc->nparents = np;
		if (cached_commit(c, x, k, wc) < 0) {
			walk_result_release_all(out);
			return -1;
		}
	}
	out->from_cache = out->n;
	return 0;
}

/* The commits an extended range painted: those the cached range had
 * painted and those TIP ^OLD TIP ^BASE painted, each once, none of the
 * range's own (old or new: OLD TIP hid the old ones), sorted.  The cached
 * ones are sorted already (this function wrote them) and the new ones
 * few: only those are sorted, then the two merged (sorting them all was
 * 15 M instructions of a run after a release); a cached list out of
 * order (a file not written here) is sorted with the rest. */
static void painted_join(const struct cache_range *x, const struct walk_result *nw,
			 const struct oidmap *old, const struct oidmap *new,
			 struct walk_result *out)
{
	const uint8_t (*had)[20] = (const uint8_t (*)[20])x->painted;
	size_t nhad = x->npainted, k = 0;
	uint8_t (*add)[20] = xmalloc(((size_t)nw->npainted + 1) * 20);
	uint8_t (*v)[20] = xmalloc((nhad + nw->npainted + 1) * 20);

	for (size_t p = 0; p < nw->npainted; p++)
		if (oidmap_get(old, nw->painted[p]) == UINT32_MAX &&
		    oidmap_get(new, nw->painted[p]) == UINT32_MAX)
			memcpy(add[k++], nw->painted[p], 20);
	if (ids_sorted_unique(had, nhad)) {
		out->npainted = ids_merge(had, nhad, (const uint8_t (*)[20])add,
					  ids_sort_unique(add, k), v);
	} else {
		memcpy(v, had, nhad * 20);
		memcpy(v + nhad, add, k * 20);
		out->npainted = ids_sort_unique(v, nhad + k);
	}
	out->painted = v;
	free(add);
}

/*
 * Put a cached range (old, its commits first) and the commits of TIP ^OLD
 * TIP ^BASE (nw, read with their parents' ids) together in history order.
 * A new commit's parent is in the range when it is a new commit or one of
 * the old range: the others are reachable from BASE.  0, or -1 when the
 * cache lacks an old commit.
 */
static int join(const struct cache *c, const struct cache_range *x, struct walk_result *nw,
		struct walk_result *out)
{
	size_t n = (size_t)x->n + nw->n;
	struct walk_commit *all = xcalloc(n + 1, sizeof(*all));
	struct topo_node *v = xcalloc(n + 1, sizeof(*v));
	uint32_t *order = xmalloc((n + 1) * sizeof(uint32_t)), *pos;
	struct oidmap old, new;
	int rc = 0;

	oidmap_init(&old, x->n);
	oidmap_init(&new, nw->n);
	for (uint32_t k = 0; k < x->n; k++)
		oidmap_put(&old, x->oids + (size_t)k * 20, k);
	for (size_t j = 0; j < nw->n; j++)
		oidmap_put(&new, nw->v[j].oid, (uint32_t)(x->n + j));
	for (uint32_t k = 0; k < x->n && !rc; k++) {
		uint32_t np = x->first[k + 1] - x->first[k];
		all[k].parents = xmalloc(((size_t)np + 1) * sizeof(uint32_t));
		memcpy(all[k].parents, x->par + x->first[k], (size_t)np * sizeof(uint32_t));
		all[k].nparents = np;
		rc = cached_commit(c, x, k, &all[k]);
	}
	for (size_t j = 0; j < nw->n && !rc; j++) {
		struct walk_commit *a = &all[x->n + j], *b = &nw->v[j];
		*a = *b;
		a->parents = xmalloc(((size_t)b->nparent_ids + 1) * sizeof(uint32_t));
		a->nparents = 0;
		a->parent_ids = NULL;
		for (unsigned p = 0; p < b->nparent_ids; p++) {
			uint32_t at = oidmap_get(&new, b->parent_ids[p]);
			if (at == UINT32_MAX)
				at = oidmap_get(&old, b->parent_ids[p]);
			if (at != UINT32_MAX)
				a->parents[a->nparents++] = at;
		}
		b->facts = NULL;	/* moved */
		b->meta = NULL;
	}
	for (size_t i = 0; i < n; i++)
		v[i] = (struct topo_node){ all[i].time, all[i].oid, all[i].parents, all[i].nparents };
	if (!rc && topo_sort(v, n, order) != n)
		rc = -1;	/* (a cycle: a corrupt cache) */
	memset(out, 0, sizeof(*out));
	if (!rc) {
		pos = xmalloc((n + 1) * sizeof(uint32_t));
		for (size_t i = 0; i < n; i++)
			pos[order[i]] = (uint32_t)i;
		out->v = xcalloc(n + 1, sizeof(*out->v));
		for (size_t i = 0; i < n; i++) {
			struct walk_commit *a = &all[order[i]];
			for (uint32_t p = 0; p < a->nparents; p++)
				a->parents[p] = pos[a->parents[p]];
			out->v[out->n++] = *a;
			a->parents = NULL;
			a->facts = NULL;
			a->meta = NULL;
		}
		out->from_cache = x->n + nw->from_cache;
		out->from_graph = nw->from_graph;
		out->from_objects = nw->from_objects;
		painted_join(x, nw, &old, &new, out);
		free(pos);
	}
	for (size_t i = 0; i < n; i++) {
		free(all[i].parents);
		walk_commit_free(&all[i]);
	}
	oidmap_release(&old);
	oidmap_release(&new);
	free(order);
	free(v);
	free(all);
	return rc;
}

/* TIP ^OLD TIP ^BASE joined to the cached (BASE, OLD TIP): 0 (out filled),
 * 1 when OLD TIP is no ancestor of TIP (or a commit is missing from the
 * cache), or an error. */
static int extend(git_repository *repo, const git_oid *base, const git_oid *tip,
		  const struct cache_range *x, const struct walk_options *opt,
		  struct walk_result *out, char *err, size_t errlen)
{
	struct walk_options wo = *opt;
	struct walk_result nw;
	git_oid hides[2];
	int rc;

	memcpy(hides[0].id, x->tip, 20);
	hides[1] = *base;
	wo.parent_ids = 1;
	if ((rc = walk_hiding(repo, hides, 2, tip, &wo, &nw, err, errlen)))
		return rc;
	/* OLD TIP is an ancestor of TIP exactly when it is a parent of a commit
	 * of TIP ^OLD TIP ^BASE (BASE..OLD TIP is not empty) */
	if (!nw.n || !(nw.hidden_parents & 1) || join(opt->cache, x, &nw, out) < 0)
		rc = 1;
	walk_result_release_all(&nw);
	return rc;
}

/* The range into the range cache (with the commits it painted, taken from
 * w). */
static void remember(struct cache *c, const git_oid *base, const git_oid *tip,
		     struct walk_result *w)
{
	size_t nedges = 0;

	if (!w->n || w->n >= UINT32_MAX || w->npainted >= UINT32_MAX)
		return;
	for (size_t i = 0; i < w->n; i++)
		nedges += w->v[i].nparents;
	uint8_t *oids = xmalloc(w->n * 20);
	uint32_t *first = xmalloc((w->n + 1) * sizeof(uint32_t));
	uint32_t *par = xmalloc((nedges + 1) * sizeof(uint32_t));
	first[0] = 0;
	for (size_t i = 0; i < w->n; i++) {
		memcpy(oids + i * 20, w->v[i].oid, 20);
		memcpy(par + first[i], w->v[i].parents, w->v[i].nparents * sizeof(uint32_t));
		first[i + 1] = first[i] + w->v[i].nparents;
	}
	cache_ranges_put(&c->ranges, base->id, tip->id, (uint32_t)w->n, oids, first, par,
			 (uint32_t)w->npainted, (uint8_t *)w->painted);
	w->painted = NULL;
	w->npainted = 0;
}

/* Replace refs or grafts change what a range holds without changing its ids:
 * then no range is taken from or kept in the cache (replace.h). */
static int has_replacements(git_repository *repo)
{
	struct replace_map m;
	char err[256];
	int any = replace_load(repo, &m, err, sizeof(err)) != RT_OK || m.n > 0;

	replace_release(&m);
	return any;
}

int range_read(git_repository *repo, const git_oid *base, const git_oid *tip,
	       const struct walk_options *opt, struct walk_result *out, enum range_way *way,
	       char *err, size_t errlen)
{
	struct cache *c = opt ? opt->cache : NULL;
	const struct cache_range *x;
	int rc;

	*way = RANGE_WALKED;
	if (!c || has_replacements(repo))
		return walk_range(repo, base, tip, opt, out, err, errlen);
	if ((x = cache_ranges_use(&c->ranges, base->id, tip->id)) && from_cache(c, x, out) == 0) {
		*way = RANGE_CACHED;
		return RT_OK;
	}
	if ((x = cache_ranges_of_base(&c->ranges, base->id, tip->id))) {
		rc = extend(repo, base, tip, x, opt, out, err, errlen);
		if (rc != 1) {
			if (!rc) {
				*way = RANGE_EXTENDED;
				remember(c, base, tip, out);
			}
			return rc;
		}
	}
	rc = walk_range(repo, base, tip, opt, out, err, errlen);
	if (!rc)
		remember(c, base, tip, out);
	return rc;
}

/* How a range the cache missed is read after the joint walk. */
enum then { TAKEN, ALONE, PLAIN };	/* filled; as range_read() alone; walked alone */

/* One walk for the ranges at miss[0..nmiss) (ext[k]: the cached range to
 * extend, or NULL); 0, or the walk's error (nothing filled). */
static int walk_misses(git_repository *repo, const git_oid *bases, const git_oid *tips,
		       const size_t *miss, const struct cache_range *const *ext, size_t nmiss,
		       const struct walk_options *opt, struct walk_result *outs, enum then *then,
		       char *err, size_t errlen)
{
	struct walk_spec *specs = xcalloc(nmiss + 1, sizeof(*specs));
	git_oid *hides = xmalloc((2 * nmiss + 1) * sizeof(git_oid));
	struct walk_result *got = xcalloc(nmiss + 1, sizeof(*got));
	struct walk_options wo = *opt;
	int rc;

	for (size_t k = 0; k < nmiss; k++) {
		size_t i = miss[k];
		size_t nh = 0;
		if (ext[k]) {
			memcpy(hides[2 * k].id, ext[k]->tip, 20);
			nh++;
			wo.parent_ids = 1;
		}
		hides[2 * k + nh++] = bases[i];
		specs[k] = (struct walk_spec){ &tips[i], &hides[2 * k], nh };
	}
	rc = walk_ranges(repo, specs, nmiss, &wo, got, err, errlen);
	for (size_t k = 0; k < nmiss && !rc; k++) {
		size_t i = miss[k];
		then[i] = TAKEN;
		if (!ext[k]) {
			outs[i] = got[k];
			continue;
		}
		/* as extend(): OLD TIP must be a parent of a commit of TIP ^OLD TIP ^BASE */
		if (!got[k].n || !(got[k].hidden_parents & 1) ||
		    join(opt->cache, ext[k], &got[k], &outs[i]) < 0)
			then[i] = PLAIN;
		walk_result_release_all(&got[k]);
	}
	for (size_t k = 0; rc && k < nmiss; k++)
		walk_result_release_all(&got[k]);
	free(got);
	free(hides);
	free(specs);
	return rc;
}

void range_read_set(git_repository *repo, const git_oid *bases, const git_oid *tips, size_t n,
		    const struct walk_options *opt, struct walk_result *outs, int *rcs,
		    char (*errs)[1024])
{
	struct cache *c = opt ? opt->cache : NULL;
	struct walk_options none = { 0 };
	size_t *miss = xmalloc((n + 1) * sizeof(size_t)), nmiss = 0;
	const struct cache_range **ext = xcalloc(n + 1, sizeof(*ext));
	enum then *then = xcalloc(n + 1, sizeof(*then));
	enum range_way way;
	const struct cache_range *x;

	if (!opt)
		opt = &none;
	if (c && has_replacements(repo))
		c = NULL;
	for (size_t i = 0; i < n; i++) {
		rcs[i] = 0;
		errs[i][0] = '\0';
		memset(&outs[i], 0, sizeof(outs[i]));
		if (c && (x = cache_ranges_use(&c->ranges, bases[i].id, tips[i].id)) &&
		    from_cache(c, x, &outs[i]) == 0)
			continue;
		ext[nmiss] = c ? cache_ranges_of_base(&c->ranges, bases[i].id, tips[i].id) : NULL;
		then[i] = ALONE;
		miss[nmiss++] = i;
	}
	if (nmiss > 1 && walk_misses(repo, bases, tips, miss, ext, nmiss, opt, outs, then,
				     errs[miss[0]], sizeof(errs[0])) != 0)
		errs[miss[0]][0] = '\0';	/* each walked alone: its own error */
	for (size_t k = 0; k < nmiss; k++) {
		size_t i = miss[k];
		if (then[i] == ALONE)
			rcs[i] = range_read(repo, &bases[i], &tips[i], opt, &outs[i], &way, errs[i],
					    sizeof(errs[i]));
		else if (then[i] == PLAIN && !(rcs[i] = walk_range(repo, &bases[i], &tips[i], opt,
								    &outs[i], errs[i],
								    sizeof(errs[i]))) && c)
			remember(c, &bases[i], &tips[i], &outs[i]);
		else if (then[i] == TAKEN && c)
			remember(c, &bases[i], &tips[i], &outs[i]);
	}
	free(then);
	free(ext);
	free(miss);
}
