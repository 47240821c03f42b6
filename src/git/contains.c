/* contains.c — see contains.h. */
#include "git/contains.h"
#include "base/error.h"
#include "base/util.h"
#include "git/mainline_read.h"
#include "git/tags.h"

#include <stdlib.h>
#include <string.h>

int contains_full_id(git_repository *repo, const char *id, char hex[41])
{
	size_t len = strlen(id);
	git_object *obj = NULL;
	git_oid oid;
	int rc;

	if (len < 7 || len > 40 || git_oid_fromstrn(&oid, id, len) < 0)
		return 1;
	rc = git_object_lookup_prefix(&obj, repo, &oid, len, GIT_OBJECT_ANY);
	if (rc == GIT_EAMBIGUOUS)
		return 2;
	if (rc < 0 || git_object_type(obj) != GIT_OBJECT_COMMIT) {
		git_object_free(obj);
		return 1;
	}
	git_oid_tostr(hex, 41, git_object_id(obj));
	git_object_free(obj);
	return 0;
}

static int contains_oid(git_repository *repo, const git_oid *rev, const git_oid *c)
{
	return git_oid_equal(rev, c) || git_graph_descendant_of(repo, rev, c) == 1;
}

int contains_in(git_repository *repo, const git_oid *rev, const char *hex)
{
	git_oid c;

	if (git_oid_fromstr(&c, hex) < 0)
		return 0;
	return contains_oid(repo, rev, &c);
}

static int cmp_name(const void *a, const void *b)
{
	return mainline_tag_cmp(*(const char *const *)a, *(const char *const *)b);
}

int contains_tags_load(git_repository *repo, struct contains_tags *out, char *err,
		       size_t errlen)
{
	const struct tag_table *t = tags_of(repo, err, errlen);

	memset(out, 0, sizeof(*out));
	if (!t)
		return RT_EFAIL;
	out->name = xcalloc(t->n + 1, sizeof(*out->name));
	out->commit = xcalloc(t->n + 1, sizeof(*out->commit));
	for (size_t i = 0; i < t->n; i++)
		if (mainline_is_tag(t->v[i].name))
			out->name[out->n++] = t->v[i].name;
	qsort(out->name, out->n, sizeof(*out->name), cmp_name);
	for (size_t i = 0; i < out->n; i++)
		out->commit[i] = tags_find(t, out->name[i])->commit;
	return RT_OK;
}

void contains_tags_release(struct contains_tags *t)
{
	free(t->name);
	free(t->commit);
	memset(t, 0, sizeof(*t));
}

long contains_first_tag(git_repository *repo, const struct contains_tags *t, const char *hex)
{
	size_t lo = 0, hi = t->n;
	git_oid c;

	if (git_oid_fromstr(&c, hex) < 0)
		return -1;
	while (lo < hi) {	/* the first tag holding c, the ones before not */
		size_t mid = lo + (hi - lo) / 2;
		if (contains_oid(repo, &t->commit[mid], &c))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo < t->n ? (long)lo : -1;
}

long contains_tag_rank(const struct contains_tags *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->name[i], name))
			return (long)i;
	return -1;
}
