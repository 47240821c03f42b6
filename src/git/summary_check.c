/* summary_check.c — see summary_check.h. */
#include "git/summary_check.h"
#include "git/repo.h"
#include "base/codec.h"
#include "base/sha1.h"
#include "base/util.h"
#include "core/release.h"

#include <stdlib.h>
#include <string.h>

int summary_key(git_repository *repo, const uint8_t run[20], const struct range *rg,
		uint8_t key[20])
{
	struct wbuf w = { 0 };
	git_oid base, tip;
	char ignored[256];
	int rc = -1;

	if (repo_resolve(repo, rg->base, &base, ignored, sizeof(ignored)) ||
	    repo_resolve(repo, rg->tip, &tip, ignored, sizeof(ignored)))
		return -1;
	wbuf_str(&w, "regtrace summary key 1");
	wbuf_bytes(&w, run, 20);
	wbuf_str(&w, rg->name);
	wbuf_str(&w, rg->base);
	wbuf_str(&w, rg->tip);
	wbuf_bytes(&w, base.id, 20);
	wbuf_bytes(&w, tip.id, 20);
	if (sha1(w.b, w.len, key) == 0)
		rc = 0;
	free(w.b);
	return rc;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static void put_tag(struct wbuf *w, const struct tag_info *ti)
{
	wbuf_str(w, ti->name);
	wbuf_bytes(w, ti->commit.id, 20);
	wbuf_uint(w, (uint64_t)ti->date, 8);
}

/* The tags on the commits ids[0..n) and on base's, each once, in the
 * table's order. */
static void put_tags_on(struct wbuf *w, const struct tag_table *t, const uint8_t (*ids)[20],
			size_t n, const struct tag_info *base)
{
	uint32_t *at = NULL;
	size_t k = 0, cap = 0, m;

	for (size_t i = 0; i <= n; i++) {
		const uint8_t *id = i < n ? ids[i] : base ? base->commit.id : NULL;
		const uint32_t *on = id ? tags_on(t, id, &m) : NULL;
		for (size_t j = 0; on && j < m; j++) {
			ARRAY_GROW(at, k, cap);
			at[k++] = on[j];
		}
	}
	if (k)
		qsort(at, k, sizeof(*at), cmp_u32);
	wbuf_str(w, "tags on");
	for (size_t i = 0; i < k; i++)
		if (!i || at[i] != at[i - 1])
			put_tag(w, &t->v[at[i]]);
	free(at);
}

int summary_tags(const struct tag_table *t, const char *base, const struct pattern *re,
		 const uint8_t (*ids)[20], size_t n, uint8_t out[20])
{
	int rc;
	struct wbuf w = { 0 };
	const char *key = release_base_name(base);
	const struct tag_info *bt = tags_find(t, key);
	size_t ncand = t->n;
	/* the names the release rule chooses among, as core/analyze.c asks */
	char **cand = !re ? release_candidates(&t->fold, key, &ncand) : NULL;
	char *const *names = cand ? cand : t->names;

	wbuf_str(&w, "regtrace summary tags 1");
	wbuf_uint(&w, ncand, 8);
	for (size_t i = 0; i < ncand; i++)
		wbuf_str(&w, names[i]);
	free(cand);
	wbuf_str(&w, "base");
	if (bt)
		put_tag(&w, bt);
	put_tags_on(&w, t, ids, n, bt);
	rc = sha1(w.b, w.len, out) < 0 ? -1 : 0;
	free(w.b);
	return rc;
}
