/* mainline.c — see mainline.h. */
#include "core/mainline.h"
#include "core/resolve.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

void mainline_init(struct mainline *m)
{
	memset(m, 0, sizeof(*m));
}

void mainline_strip(struct msg_facts *f)
{
	free(f->aliases);
	f->aliases = NULL;
	f->naliases = f->aliases_cap = 0;
	for (size_t i = 0; i < f->nrefs; i++) {
		free(f->refs[i].subject);
		f->refs[i].subject = NULL;
	}
	f->fixes_lines = f->nonsha_fixes_lines = 0;
	f->is_revert = f->cc_stable = f->autosel_form = f->reported = 0;
}

void mainline_add(struct mainline *m, const char id[41], struct msg_facts *facts,
		  const char *release)
{
	if (!facts->nrefs) {
		msg_facts_release(facts);
		return;
	}
	mainline_strip(facts);
	ARRAY_GROW(m->v, m->n, m->cap);
	struct mainline_fix *f = &m->v[m->n++];
	memcpy(f->id, id, 41);
	f->facts = *facts;
	f->release = release;
	memset(facts, 0, sizeof(*facts));
}

const char *mainline_tag(struct mainline *m, const char *name)
{
	ARRAY_GROW(m->tags, m->ntags, m->tags_cap);
	return m->tags[m->ntags++] = xstrdup(name);
}

void mainline_release(struct mainline *m)
{
	for (size_t i = 0; i < m->n; i++)
		msg_facts_release(&m->v[i].facts);
	for (size_t i = 0; i < m->ntags; i++)
		free(m->tags[i]);
	free(m->v);
	free(m->index);
	free(m->tags);
	memset(m, 0, sizeof(*m));
}

static int cmp_ref_at(const void *a, const void *b)
{
	const struct mainline_ref_at *x = a, *y = b;

	if (x->head != y->head)
		return x->head < y->head ? -1 : 1;
	if (x->fix != y->fix)
		return x->fix < y->fix ? -1 : 1;
	return (x->ref > y->ref) - (x->ref < y->ref);
}

void mainline_index(struct mainline *m)
{
	size_t cap = 0;

	free(m->index);
	m->index = NULL;
	m->nindex = 0;
	for (size_t k = 0; k < m->n; k++)
		for (size_t i = 0; i < m->v[k].facts.nrefs; i++) {
			ARRAY_GROW(m->index, m->nindex, cap);
			m->index[m->nindex++] = (struct mainline_ref_at){
				resolver_head(m->v[k].facts.refs[i].id), (uint32_t)k, (uint32_t)i };
		}
	if (m->nindex)
		qsort(m->index, m->nindex, sizeof(*m->index), cmp_ref_at);
}
