/* analyze.c — see analyze.h. */
#include "core/analyze.h"
#include "base/error.h"
#include "base/util.h"
#include "core/age.h"
#include "core/channel.h"

#include <stdlib.h>
#include <string.h>

/* "4.19.102" for v4.19..v4.19.102 (TIP one of the releases found); the
 * range otherwise. */
static char *series_label(const char *range, const struct release_list *rels, const char *tip)
{
	const char *t = release_base_name(tip);

	if (release_find(rels, t) < 0)
		return xstrdup(range);
	if (t[0] == 'v' && t[1] >= '0' && t[1] <= '9')
		t++;
	return msg_clean_text(t, strlen(t), 4096);
}

/* The releases (release.h) among the tags of the range. */
static void find_releases(const struct history *h, const char *base, const struct pattern *re,
			  struct series *s)
{
	struct release_matcher m;
	unsigned long n;
	const char *key = release_base_name(base);
	size_t ncand = h->nall_tags;
	char **cand = h->tag_index && !re ? release_candidates(h->tag_index, key, &ncand) : NULL;

	/* the tags that can be releases, not every tag of the repository */
	release_matcher_init(&m, key, re, cand ? cand : h->all_tags, ncand);
	free(cand);
	for (size_t i = 0; i < h->ntags; i++) {
		if (!release_match(&m, h->tags[i].name, &n))
			continue;
		release_list_add(&s->rels, h->tags[i].name, n, h->tags[i].commit);
		s->rels.r[s->rels.n - 1].date = h->tags[i].date;
	}
	release_matcher_release(&m);
}

static int until_index(const struct series *s, const struct rules *r, int *until, char *err,
		       size_t errlen)
{
	*until = -1;
	if (!r || !r->introduced_until)
		return RT_OK;
	*until = release_find(&s->rels, r->introduced_until);
	if (*until < 0)
		return rt_fail(err, errlen, RT_EFAIL, "'%s' is not a release of %s",
			       r->introduced_until, s->name);
	return RT_OK;
}

/* --by: the census per channel (read from messages) or per path (paths
 * read by the git layer, taken over). */
static void break_down(const struct rules *r, struct group_map *paths, struct series *s)
{
	const char *by = r->by;
	struct group_map map;

	if (!strcmp(by, "channel"))
		channel_groups(&s->g, &s->channels, &map);
	else if (paths)
		map = *paths;
	else
		group_map_init(&map, s->g.n);
	s->by = xmalloc(sizeof(*s->by));
	breakdown_compute(&s->g, &s->census, by, &map, s->by);
}

int analyze(struct history *h, const struct rules *r, struct series *s, char *err,
	    size_t errlen)
{
	struct group_map *paths = h->paths;
	struct resolver *built = h->resolver;	/* on h->g, which s->g becomes */
	int until, rc;

	release_list_init(&s->rels);
	s->open = -1;
	s->name = msg_clean_text(h->name, strlen(h->name), 4096);
	s->base = h->base;
	s->tip = h->tip;
	s->base_date = h->base_date;
	h->base = h->tip = NULL;
	s->g = h->g;
	graph_init(&h->g);
	s->outside = h->outside;
	outside_init(&h->outside);
	s->channels = r && r->channels ? *r->channels
				       : (struct channel_rules){ 1, NULL, 0 };	/* Linux */
	find_releases(h, s->base, r ? r->series_re : NULL, s);
	s->label = series_label(s->name, &s->rels, s->tip);
	h->paths = NULL;
	h->resolver = NULL;
	history_release(h);
	release_attribute(&s->rels, &s->g);
	if ((rc = until_index(s, r, &until, err, errlen)))
		goto out;
	if (built) {
		s->r = *built;
		free(built);
		built = NULL;
	} else {
		resolver_init(&s->r, &s->g);
	}
	if (identity_drop_quoted(&s->g, &s->r, &s->outside)) {
		resolver_release(&s->r);
		resolver_init(&s->r, &s->g);
	}
	census_compute(&s->g, &s->r, &s->outside, until, &s->census);
	sagas_compute(&s->g, &s->census, &s->r, &s->sagas);
	timeline_compute(&s->g, &s->rels, &s->census, &s->timeline);
	s->life = xmalloc((s->census.nlinks + 1) * sizeof(*s->life));
	for (size_t i = 0; i < s->census.nlinks; i++)
		s->life[i] = lifetime_of(&s->g, &s->rels, &s->census.links[i]);
	lifetime_summarize(&s->g, &s->rels, &s->census, &s->lifetimes);
	if (r && r->by)
		break_down(r, paths, s);
	else if (paths)
		group_map_release(paths);
	free(paths);
	return RT_OK;
out:
	if (built)
		resolver_release(built);
	free(built);
	if (paths)
		group_map_release(paths);
	free(paths);
	return rc;
}

void analyze_show_mentions(struct series *s)
{
	census_show_mentions(&s->census);
	free(s->life);
	s->life = xmalloc((s->census.nlinks + 1) * sizeof(*s->life));
	for (size_t i = 0; i < s->census.nlinks; i++)
		s->life[i] = lifetime_of(&s->g, &s->rels, &s->census.links[i]);
}

void series_release_all(struct series *s)
{
	sagas_release(&s->sagas);
	timeline_release(&s->timeline);
	free(s->life);
	resolver_release(&s->r);
	if (s->by)
		breakdown_release(s->by);
	free(s->by);
	if (s->age)
		age_row_release(s->age);
	free(s->age);
	census_release(&s->census);
	outside_release(&s->outside);
	release_list_release(&s->rels);
	graph_release(&s->g);
	free(s->name);
	free(s->label);
	free(s->base);
	free(s->tip);
	memset(s, 0, sizeof(*s));
}
