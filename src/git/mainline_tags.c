/* mainline_tags.c — see mainline_tags.h. */
#include "git/mainline_tags.h"
#include "git/tags.h"
#include "base/error.h"
#include "base/util.h"
#include "core/release.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mainline_tags_cmp(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	if (la < lb && !strncmp(a, b, la) && b[la] == '-')
		return 1;	/* b is a pre-release of a */
	if (lb < la && !strncmp(a, b, lb) && a[lb] == '-')
		return -1;
	return release_version_cmp(a, b);
}

static int cmp_names(const void *a, const void *b)
{
	return mainline_tags_cmp(*(char *const *)a, *(char *const *)b);
}

static int looks_like_version(const char *name)
{
	if (name[0] == 'v' || name[0] == 'V')
		name++;
	return name[0] >= '0' && name[0] <= '9';
}

/* The candidates, in version order: after base and every tag of the
 * mainline's own (not those found so: one fix's would bound the next's). */
static size_t candidates(const struct tag_table *t, const struct mainline *m, const char *base,
			 const char **out)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++) {
		const char *name = t->v[i].name;
		int after = looks_like_version(name) &&
			    (!base || mainline_tags_cmp(name, base) > 0);
		for (size_t k = 0; after && k < m->ntags; k++)
			after = mainline_tags_cmp(name, m->tags[k]) > 0;
		if (after)
			out[n++] = name;
	}
	qsort(out, n, sizeof(*out), cmp_names);
	return n;
}

int mainline_name_untagged(git_repository *repo, struct mainline *m, size_t i,
			   const char *base, char *err, size_t errlen)
{
	const struct tag_table *t;
	const char **cand;
	git_oid id;
	int rc = RT_OK;

	if (i >= m->n || m->v[i].release || git_oid_fromstr(&id, m->v[i].id))
		return RT_OK;
	if (!(t = tags_of(repo, err, errlen)))
		return RT_EFAIL;
	cand = xmalloc((t->n + 1) * sizeof(*cand));
	size_t nc = candidates(t, m, base, cand);
	for (size_t k = 0; k < nc; k++) {
		const git_oid *tip = &tags_find(t, cand[k])->commit;
		int holds = git_oid_equal(tip, &id) ? 1 : git_graph_descendant_of(repo, tip, &id);
		if (holds < 0) {
			rc = rt_fail(err, errlen, RT_EFAIL, "cannot tell whether tag '%s' holds %.12s",
				     cand[k], m->v[i].id);
			break;
		}
		if (holds) {
			m->v[i].release = mainline_tag_found(m, cand[k]);
			break;
		}
	}
	free(cand);
	return rc;
}
