/* summary_use.c — see summary_use.h. */
#include "load/summary_use.h"
#include "base/util.h"
#include "git/summary_check.h"
#include "git/tags.h"

#include <stdlib.h>
#include <string.h>

void summary_use_find(git_repository *repo, struct summaries *sums, const uint8_t run[20],
		      const struct range *r, size_t n, const struct pattern *re,
		      const struct summary **kept, uint8_t (*keys)[20], uint8_t *have)
{
	char ignored[256];
	const struct tag_table *t = tags_of(repo, ignored, sizeof(ignored));

	for (size_t i = 0; i < n; i++) {
		const struct summary *sm = NULL;
		uint8_t tags[20];
		kept[i] = NULL;
		have[i] = t && summary_key(repo, run, &r[i], keys[i]) == 0;
		if (have[i])
			sm = summaries_find(sums, keys[i]);
		if (sm && summary_tags(t, sm->base, re, (const uint8_t (*)[20])sm->ids, sm->nids,
				       tags) == 0 && !memcmp(tags, sm->tags, 20))
			kept[i] = sm;
	}
}

int summary_use_holds(git_repository *repo, const struct msg_rules *rules,
		      struct outside_db *db, const struct mainline_set *ml, size_t i,
		      const struct summary *sm, char *err, size_t errlen)
{
	const struct mainline *m = NULL;
	struct summary_match *now;
	struct outside asks;
	size_t from = 0, nnow;
	int same;

	if (!ml != !sm->mainline || (ml && strcmp(ml->ref, sm->mainline)))
		return 0;
	if (ml)
		mainline_set_for_inference(ml, i, &m, &from);
	summary_matches(m, from, sm->keys, sm->nkeys, &now, &nnow);
	same = summary_same_matches(now, nnow, sm->matches, sm->nmatches);
	free(now);
	if (!same)
		return 0;
	outside_init(&asks);
	if (outside_ask_again(repo, rules, &sm->asks, db, &asks, err, errlen)) {
		outside_release(&asks);
		return -1;
	}
	same = summary_same_asks(&asks, &sm->asks);
	outside_release(&asks);
	return same;
}

/* The outside ids of o, copied. */
static void copy_outside(const struct outside *o, struct outside *out)
{
	outside_init(out);
	for (size_t k = 0; k < o->n; k++)
		outside_add(out, o->v[k].id, o->v[k].known,
			    (const char (*)[MSG_ID_MAX + 1])o->v[k].aliases, o->v[k].naliases);
	outside_sort(out);
}

void summary_use_parts(struct history *h, struct u32s *keys, struct summary_parts *out)
{
	u32s_sort_unique(keys);
	out->keys = keys->v;
	out->nkeys = keys->n;
	memset(keys, 0, sizeof(*keys));
	copy_outside(&h->outside, &out->asks);
	out->unsettled = h->ties_unread > 0;
}

void summary_use_parts_release(struct summary_parts *p)
{
	free(p->keys);
	outside_release(&p->asks);
	memset(p, 0, sizeof(*p));
}

void summary_use_keep(struct summaries *sums, const uint8_t key[20], const struct series *s,
		      struct summary_parts *p, const struct mainline_set *ml, size_t i,
		      const struct pattern *re)
{
	const struct tag_table *t = tags_loaded();
	const struct mainline *m = NULL;
	struct summary sm;
	size_t from = 0;

	if (p->unsettled || !t)
		return;
	summary_take(&sm, s);
	memcpy(sm.key, key, 20);
	if (summary_tags(t, sm.base, re, (const uint8_t (*)[20])sm.ids, sm.nids, sm.tags)) {
		summary_release(&sm);
		return;
	}
	if (ml) {
		mainline_set_for_inference(ml, i, &m, &from);
		sm.mainline = xstrdup(ml->ref);
	}
	summary_matches(m, from, p->keys, p->nkeys, &sm.matches, &sm.nmatches);
	sm.keys = p->keys;
	sm.nkeys = p->nkeys;
	p->keys = NULL;
	p->nkeys = 0;
	sm.asks = p->asks;
	outside_init(&p->asks);
	summaries_add(sums, &sm);
}
