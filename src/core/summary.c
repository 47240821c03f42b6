/* summary.c — see summary.h. */
#include "core/summary.h"
#include "base/util.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define AT(f) offsetof(struct census, f)
const size_t summary_count_at[] = {
	AT(commits), AT(tagged), AT(fixes), AT(reverts), AT(same_release), AT(visible),
	AT(pairs), AT(regressions), AT(duplicates), AT(reapplies), AT(ambiguous),
	AT(preemptive), AT(fixes_outside), AT(nonsha_fixes_lines), AT(reported),
	AT(fixes_outside_mainline), AT(with_upstream), AT(inferred_upstream),
	AT(ambiguous_upstream), AT(without_upstream), AT(mentions),
};
#undef AT
const size_t summary_ncounts = sizeof(summary_count_at) / sizeof(summary_count_at[0]);

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void copy_counts(struct census *to, const struct census *from)
{
	memset(to, 0, sizeof(*to));
	for (size_t i = 0; i < summary_ncounts; i++)
		memcpy((char *)to + summary_count_at[i], (const char *)from + summary_count_at[i],
		       sizeof(size_t));
}

/* A commit's 40 hex digits as 20 bytes (what id_to_hex() undoes). */
static void id_bytes(const char *hex, uint8_t out[20])
{
	for (size_t i = 0; i < 20; i++)
		out[i] = (uint8_t)(hex_digit(hex[2 * i]) << 4 | hex_digit(hex[2 * i + 1]));
}

void summary_take(struct summary *out, const struct series *s)
{
	memset(out, 0, sizeof(*out));
	out->name = dup_or_null(s->name);
	out->base = dup_or_null(s->base);
	out->tip = dup_or_null(s->tip);
	out->label = dup_or_null(s->label);
	out->base_date = s->base_date;
	copy_counts(&out->counts, &s->census);
	out->lifetimes = s->lifetimes;
	out->nsagas = s->sagas.n;
	out->rels = xcalloc(s->rels.n + 1, sizeof(*out->rels));
	for (size_t i = 0; i < s->rels.n; i++)
		out->rels[i] = (struct summary_release){ xstrdup(s->rels.r[i].name),
							 s->rels.r[i].number, s->rels.r[i].commit,
							 s->rels.r[i].date };
	out->nrels = s->rels.n;
	out->ids = xmalloc((s->g.n + 1) * sizeof(*out->ids));
	out->merge = xmalloc(s->g.n + 1);
	for (size_t c = 0; c < s->g.n; c++) {
		id_bytes(s->g.c[c].id, out->ids[c]);
		out->merge[c] = (uint8_t)!!s->g.c[c].is_merge;
	}
	out->nids = s->g.n;
	outside_init(&out->asks);
}

void summary_series(const struct summary *sm, struct series *s)
{
	memset(s, 0, sizeof(*s));
	s->name = dup_or_null(sm->name);
	s->base = dup_or_null(sm->base);
	s->tip = dup_or_null(sm->tip);
	s->label = dup_or_null(sm->label);
	s->base_date = sm->base_date;
	s->open = -1;
	graph_init(&s->g);
	for (size_t c = 0; c < sm->nids; c++) {
		char hex[41];
		struct msg_facts none;
		memset(&none, 0, sizeof(none));
		id_to_hex(hex, sm->ids[c]);
		graph_add(&s->g, hex, sm->merge[c], &none);
	}
	release_list_init(&s->rels);
	for (size_t i = 0; i < sm->nrels; i++) {
		release_list_add(&s->rels, sm->rels[i].name, sm->rels[i].number,
				 sm->rels[i].commit);
		s->rels.r[s->rels.n - 1].date = sm->rels[i].date;
	}
	copy_counts(&s->census, &sm->counts);
	s->lifetimes = sm->lifetimes;
	s->sagas.v = xcalloc(sm->nsagas + 1, sizeof(*s->sagas.v));
	s->sagas.n = sm->nsagas;
	s->channels = (struct channel_rules){ 1, NULL, 0 };
	outside_init(&s->outside);
}

void summary_matches(const struct mainline *m, size_t from, const uint32_t *keys, size_t nkeys,
		     struct summary_match **out, size_t *n)
{
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	for (size_t i = 0; m && m->nidents > from && i < nkeys; i++)
		for (size_t k = mainline_ident_find(m, keys[i], from);
		     k < m->nidents && m->ident_index[k].key == keys[i]; k++) {
			ARRAY_GROW(*out, *n, cap);
			(*out)[*n].key = keys[i];
			memcpy((*out)[(*n)++].head, m->ident_oid[m->ident_index[k].pos], 8);
		}
}

int summary_same_matches(const struct summary_match *a, size_t na,
			 const struct summary_match *b, size_t nb)
{
	if (na != nb)
		return 0;
	for (size_t i = 0; i < na; i++)
		if (a[i].key != b[i].key || memcmp(a[i].head, b[i].head, 8))
			return 0;
	return 1;
}

int summary_same_asks(const struct outside *a, const struct outside *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++) {
		const struct outside_id *x = &a->v[i], *y = &b->v[i];
		if (strcmp(x->id, y->id) || !x->known != !y->known || x->naliases != y->naliases)
			return 0;
		for (size_t k = 0; k < x->naliases; k++)
			if (strcmp(x->aliases[k], y->aliases[k]))
				return 0;
	}
	return 1;
}

void summary_release(struct summary *sm)
{
	free(sm->name);
	free(sm->base);
	free(sm->tip);
	free(sm->label);
	for (size_t i = 0; i < sm->nrels; i++)
		free(sm->rels[i].name);
	free(sm->rels);
	free(sm->ids);
	free(sm->merge);
	free(sm->keys);
	free(sm->matches);
	outside_release(&sm->asks);
	free(sm->mainline);
	memset(sm, 0, sizeof(*sm));
}
