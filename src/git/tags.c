/* tags.c — see tags.h. */
#include "git/tags.h"
#include "base/util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct tag_table table;
static char *table_dir;		/* the repository it was read from */

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct tag_info *)a)->name, ((const struct tag_info *)b)->name);
}

/*
 * The commit and date of one tag; 0, or -1 when it names no commit.  An
 * annotated tag gives both without reading the commit (its target id and
 * type are in the tag object); only a lightweight one reads the commit.
 */
static int read_tag(git_repository *repo, const char *name, struct tag_info *out)
{
	char *ref = xmalloc(strlen(name) + sizeof("refs/tags/"));
	git_reference *r = NULL, *direct = NULL;
	git_object *obj = NULL;
	int rc = -1, has_date = 0;

	sprintf(ref, "refs/tags/%s", name);
	if (git_reference_lookup(&r, repo, ref) < 0 || git_reference_resolve(&direct, r) < 0 ||
	    git_object_lookup(&obj, repo, git_reference_target(direct), GIT_OBJECT_ANY) < 0)
		goto out;
	for (int depth = 0; git_object_type(obj) == GIT_OBJECT_TAG && depth < 100; depth++) {
		git_tag *tag = (git_tag *)obj;
		if (depth == 0 && git_tag_tagger(tag)) {	/* the outermost tag's */
			out->date = git_tag_tagger(tag)->when.time;
			has_date = 1;
		}
		if (git_tag_target_type(tag) == GIT_OBJECT_COMMIT && has_date) {
			git_oid_cpy(&out->commit, git_tag_target_id(tag));
			rc = 0;
			goto out;
		}
		git_object *next = NULL;
		int bad = git_tag_target(&next, tag) < 0;
		git_object_free(obj);
		obj = next;
		if (bad)
			goto out;
	}
	if (git_object_type(obj) == GIT_OBJECT_COMMIT) {
		git_oid_cpy(&out->commit, git_object_id(obj));
		if (!has_date)
			out->date = git_commit_time((git_commit *)obj);
		rc = 0;
	}
out:
	git_object_free(obj);
	git_reference_free(direct);
	git_reference_free(r);
	free(ref);
	return rc;
}

static int load(git_repository *repo, char *err, size_t errlen)
{
	git_strarray names = { 0 };

	if (git_tag_list(&names, repo) < 0) {
		snprintf(err, errlen, "cannot list tags: %s",
			 git_error_last() ? git_error_last()->message : "unknown error");
		return -1;
	}
	table.v = xcalloc(names.count + 1, sizeof(*table.v));
	table.names = xcalloc(names.count + 1, sizeof(char *));
	for (size_t i = 0; i < names.count; i++)
		if (read_tag(repo, names.strings[i], &table.v[table.n]) == 0)
			table.v[table.n++].name = xstrdup(names.strings[i]);
	git_strarray_dispose(&names);
	if (table.n)
		qsort(table.v, table.n, sizeof(*table.v), cmp_name);
	for (size_t i = 0; i < table.n; i++)
		table.names[i] = table.v[i].name;
	return 0;
}

const struct tag_table *tags_of(git_repository *repo, char *err, size_t errlen)
{
	const char *dir = git_repository_commondir(repo);
	const struct tag_table *t = &table;

	pthread_mutex_lock(&lock);
	if (table_dir && strcmp(table_dir, dir))
		tags_forget();		/* another repository (tests) */
	if (!table_dir) {
		if (load(repo, err, errlen) < 0) {
			tags_forget();
			t = NULL;
		} else {
			table_dir = xstrdup(dir);
		}
	}
	pthread_mutex_unlock(&lock);
	return t;
}

const struct tag_info *tags_find(const struct tag_table *t, const char *name)
{
	struct tag_info key = { .name = (char *)name };

	return t->n ? bsearch(&key, t->v, t->n, sizeof(*t->v), cmp_name) : NULL;
}

void tags_forget(void)
{
	for (size_t i = 0; i < table.n; i++)
		free(table.v[i].name);
	free(table.v);
	free(table.names);
	free(table_dir);
	memset(&table, 0, sizeof(table));
	table_dir = NULL;
}
