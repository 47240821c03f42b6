/* tags.c — see tags.h. */
#include "git/tags.h"
#include "base/util.h"
#include "cache/tags.h"
#include "git/ref_shadow.h"
#include "git/replace.h"
#include "git/tag_refs.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_PEEL_MAX (1L << 20)	/* tags of tags followed, at most */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct tag_table table;
static char *table_dir;		/* the repository it was read from */
static struct tagcache cache;
static char *cache_dir;		/* the repository the cache is of, or NULL */
static int line_usable;		/* the table was read with the cache (no replacements) */
static struct ref_shadow shadow;	/* what could come before a tag's ref */
static char *shadow_dir;	/* the git directory it was read from, or NULL */

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct tag_info *)a)->name, ((const struct tag_info *)b)->name);
}

/*
 * The commit and date of the tag ref r: 0, 1 when it names no commit (a
 * tree or a blob: left out), or -1 when it cannot be read.  An annotated tag
 * gives both without reading the commit (its target id and type are in the
 * tag object); only a lightweight one reads the commit.
 */
/* The date of commit c as git gives it: its replacement's when refs/replace/
 * replaces it (replace.h), else its own. */
static int64_t commit_date(git_repository *repo, git_commit *c, const struct replace_map *rm)
{
	const struct replacement *rp = rm ? replace_find(rm, git_commit_id(c)->id) : NULL;
	git_commit *to = NULL;
	git_oid oid;
	int64_t t = (int64_t)git_commit_time(c);

	if (rp && !rp->graft) {
		memcpy(oid.id, rp->to, 20);
		if (git_commit_lookup(&to, repo, &oid) == 0)
			t = (int64_t)git_commit_time(to);
		git_commit_free(to);
	}
	return t;
}

/* The commit and date id leads to (what a tag ref names): 0, 1 when it
 * names no commit (a tree or a blob: left out), or -1 when it cannot be
 * read.  An annotated tag gives both without reading the commit (its target
 * id and type are in the tag object); only a lightweight one reads the commit. */
static int read_tag(git_repository *repo, const git_oid *id, int cached,
		    const struct replace_map *rm, struct tag_info *out)
{
	git_object *obj = NULL;
	int rc = -1, has_date = 0;
	const struct tag_record *known = cached ? tagcache_find(&cache, id->id) : NULL;

	if (known) {
		memcpy(out->commit.id, known->commit, 20);
		out->date = known->date;
		return 0;
	}
	if (git_object_lookup(&obj, repo, id, GIT_OBJECT_ANY) < 0)
		goto out;
	/* peeled as deep as git peels (no cycle can be: a tag names its target by
	 * its hash); the bound only ends a walk of a million tags */
	for (long depth = 0; git_object_type(obj) == GIT_OBJECT_TAG && depth < TAG_PEEL_MAX; depth++) {
		git_tag *tag = (git_tag *)obj;
		if (depth == 0 && git_tag_tagger(tag)) {	/* the outermost tag's */
			out->date = git_tag_tagger(tag)->when.time;
			has_date = 1;
		}
		if (git_tag_target_type(tag) == GIT_OBJECT_COMMIT && has_date) {
			git_oid_cpy(&out->commit, git_tag_target_id(tag));
			rc = 0;
			goto learned;
		}
		git_object *next = NULL;
		int bad = git_tag_target(&next, tag) < 0;
		git_object_free(obj);
		obj = next;
		if (bad)
			goto out;
	}
	rc = 1;
	if (git_object_type(obj) == GIT_OBJECT_COMMIT) {
		git_oid_cpy(&out->commit, git_object_id(obj));
		if (!has_date)
			out->date = commit_date(repo, (git_commit *)obj, rm);
		rc = 0;
	}
learned:	/* what id leads to follows from its bytes: kept for the next run */
	if (rc == 0 && cached)
		tagcache_seen(&cache, id->id, out->commit.id, out->date);
out:
	git_object_free(obj);
	return rc;
}

static const char *git_why(void)
{
	const git_error *e = git_error_last();

	return e && e->message ? e->message : "unknown error";
}

/* The tag refs/tags/NAME naming id, git accepting the name: kept, left
 * out (no commit), or an error (-1). */
static int take_tag(git_repository *repo, const char *name, const git_oid *id, int cached,
		    const struct replace_map *rm, size_t *cap, char *err, size_t errlen)
{
	int rc;

	ARRAY_GROW(table.v, table.n, *cap);
	memset(&table.v[table.n], 0, sizeof(table.v[0]));
	if ((rc = read_tag(repo, id, cached, rm, &table.v[table.n])) < 0) {
		snprintf(err, errlen, "cannot read tag '%s': %s", name, git_why());
		return -1;
	}
	if (rc == 0)
		table.v[table.n++].name = xstrdup(name);
	return 0;
}

/* One ref of refs/tags/ as libgit2 lists it: skipped (invalid name, or no
 * commit), kept, or an error. */
static int take_ref(git_repository *repo, git_reference *r, int cached,
		    const struct replace_map *rm, size_t *cap, char *err, size_t errlen)
{
	const char *full = git_reference_name(r);
	git_reference *direct = NULL;
	int valid = 0, rc;

	if (git_reference_name_is_valid(&valid, full) < 0 || !valid) {
		if (!table.nskipped++)
			table.skipped = xstrdup(full);
		return 0;
	}
	/* a direct ref names its object already: resolving it would read the
	 * ref again (a stat and a read of its file) */
	if (git_reference_type(r) != GIT_REFERENCE_DIRECT && git_reference_resolve(&direct, r) < 0) {
		snprintf(err, errlen, "cannot read tag '%s': %s", full + strlen("refs/tags/"),
			 git_why());
		return -1;
	}
	rc = take_tag(repo, full + strlen("refs/tags/"), git_reference_target(direct ? direct : r),
		      cached, rm, cap, err, errlen);
	git_reference_free(direct);
	return rc;
}

static int cmp_by_commit(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int c = memcmp(table.v[x].commit.id, table.v[y].commit.id, 20);

	return c ? c : (x > y) - (x < y);
}

/* table.by_commit and table.at (tags.h: tags_on). */
static void index_by_commit(void)
{
	table.by_commit = xmalloc((table.n + 1) * sizeof(uint32_t));
	for (size_t i = 0; i < table.n; i++)
		table.by_commit[i] = (uint32_t)i;
	if (table.n)
		qsort(table.by_commit, table.n, sizeof(uint32_t), cmp_by_commit);
	oidmap_init(&table.at, table.n);
	for (size_t k = table.n; k-- > 0;)	/* the first place of each id wins */
		oidmap_put(&table.at, table.v[table.by_commit[k]].commit.id, (uint32_t)k);
}

const uint32_t *tags_on(const struct tag_table *t, const uint8_t oid[20], size_t *n)
{
	uint32_t k = t->n ? oidmap_get(&t->at, oid) : UINT32_MAX;
	size_t e = k;

	*n = 0;
	if (k == UINT32_MAX)
		return NULL;
	while (e < t->n && !memcmp(t->v[t->by_commit[e]].commit.id, oid, 20))
		e++;
	*n = e - k;
	return t->by_commit + k;
}

/* Every ref of refs/tags/ through libgit2's iterator (git_tag_list gives
 * up on the whole list, silently, at the first invalid name): 0, or -1. */
static int list_with_libgit2(git_repository *repo, int cached, const struct replace_map *rm,
			     size_t *cap, char *err, size_t errlen)
{
	git_reference_iterator *it = NULL;
	git_reference *r;
	int rc = 0, failed = 0;

	if (git_reference_iterator_glob_new(&it, repo, "refs/tags/*") < 0) {
		snprintf(err, errlen, "cannot list tags: %s", git_why());
		return -1;
	}
	while (!failed && (rc = git_reference_next(&r, it)) == 0) {
		failed = take_ref(repo, r, cached, rm, cap, err, errlen) < 0;
		git_reference_free(r);
	}
	if (!failed && rc != GIT_ITEROVER) {
		snprintf(err, errlen, "cannot list tags: %s", git_why());
		failed = 1;
	}
	git_reference_iterator_free(it);
	return failed ? -1 : 0;
}

/* Every ref of refs/tags/: read from the ref files when they are plain
 * (tag_refs.h), else through libgit2. */
static int list(git_repository *repo, int cached, const struct replace_map *rm, char *err,
		size_t errlen)
{
	struct tag_refs refs;
	size_t cap = 0;
	int rc = 0;

	if (tag_refs_read(git_repository_commondir(repo), &refs))
		return list_with_libgit2(repo, cached, rm, &cap, err, errlen);
	for (size_t i = 0; i < refs.n && !rc; i++) {
		git_oid id;
		memcpy(id.id, refs.v[i].id, 20);
		rc = take_tag(repo, refs.v[i].name, &id, cached, rm, &cap, err, errlen);
	}
	tag_refs_release(&refs);
	return rc;
}

static int load(git_repository *repo, char *err, size_t errlen)
{
	int cached = cache_dir && !strcmp(cache_dir, git_repository_commondir(repo));
	struct replace_map rm = { 0 };
	char rerr[256];
	int failed;

	/* a replaced commit dates a lightweight tag by its replacement, as git
	 * does; with replacements the tags cache (which does not know them) is
	 * left alone */
	if (replace_load(repo, &rm, rerr, sizeof(rerr)) == 0 && rm.n)
		cached = 0;
	failed = list(repo, cached, &rm, err, errlen) < 0;
	replace_release(&rm);
	if (failed)
		return -1;
	line_usable = cached;
	table.names = xcalloc(table.n + 1, sizeof(char *));
	if (table.n)
		qsort(table.v, table.n, sizeof(*table.v), cmp_name);
	for (size_t i = 0; i < table.n; i++)
		table.names[i] = table.v[i].name;
	tag_index_init(&table.fold, table.names, table.n);
	index_by_commit();
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

const struct tag_table *tags_loaded(void)
{
	const struct tag_table *t;

	pthread_mutex_lock(&lock);
	t = table_dir ? &table : NULL;
	pthread_mutex_unlock(&lock);
	return t;
}

const struct tag_info *tags_find(const struct tag_table *t, const char *name)
{
	struct tag_info key = { .name = (char *)name };

	return t->n ? bsearch(&key, t->v, t->n, sizeof(*t->v), cmp_name) : NULL;
}

/* A full object id, as libgit2 reads one: git takes it for an object's id
 * before any ref's name. */
static int full_id(const char *s)
{
	git_oid ignored;

	return strlen(s) == GIT_OID_HEXSZ && git_oid_fromstr(&ignored, s) == 0;
}

/* Does rev reach refs/tags/REV before any other ref (ref_shadow.h)? */
static int no_shadow(git_repository *repo, const char *rev)
{
	const char *gitdir = git_repository_path(repo);
	int clear;

	pthread_mutex_lock(&lock);
	if (shadow_dir && strcmp(shadow_dir, gitdir)) {
		ref_shadow_release(&shadow);
		free(shadow_dir);
		shadow_dir = NULL;
	}
	if (!shadow_dir) {
		ref_shadow_read(&shadow, gitdir, git_repository_commondir(repo));
		shadow_dir = xstrdup(gitdir);
	}
	clear = ref_shadow_clear(&shadow, rev);
	pthread_mutex_unlock(&lock);
	return clear;
}

int tags_commit_of(git_repository *repo, const char *rev, git_oid *commit)
{
	char ignored[256];
	const struct tag_table *t;
	const struct tag_info *ti = NULL;
	git_reference *ref = NULL;

	if (!rev || full_id(rev) || !(t = tags_of(repo, ignored, sizeof(ignored))))
		return 0;
	if (no_shadow(repo, rev) && (ti = tags_find(t, rev))) {
		git_oid_cpy(commit, &ti->commit);	/* (as below, without the lookup) */
		return 1;
	}
	if (git_reference_dwim(&ref, repo, rev) < 0)
		return 0;
	if (git_reference_type(ref) == GIT_REFERENCE_DIRECT &&
	    !strncmp(git_reference_name(ref), "refs/tags/", 10))
		ti = tags_find(t, git_reference_name(ref) + 10);
	if (ti)
		git_oid_cpy(commit, &ti->commit);
	git_reference_free(ref);
	return ti != NULL;
}

/* The cache, when the table was read with it (the lock held). */
static struct tagcache *line_cache(void)
{
	return table_dir && line_usable && cache_dir && !strcmp(cache_dir, table_dir) ? &cache
										   : NULL;
}

int tags_line_on(const uint8_t tip[20], const uint8_t commit[20])
{
	int on = -1;

	pthread_mutex_lock(&lock);
	if (line_cache())
		on = tagcache_line_on(&cache, tip, commit);
	pthread_mutex_unlock(&lock);
	return on;
}

int tags_line_tip(uint8_t tip[20])
{
	int has = 0;

	pthread_mutex_lock(&lock);
	if (line_cache() && cache.line.has) {
		memcpy(tip, cache.line.tip, 20);
		has = 1;
	}
	pthread_mutex_unlock(&lock);
	return has;
}

void tags_line_seen(const uint8_t tip[20], uint8_t (*head)[8], size_t n)
{
	pthread_mutex_lock(&lock);
	if (line_cache())
		tagcache_line_seen(&cache, tip, head, n);
	else
		free(head);
	pthread_mutex_unlock(&lock);
}

void tags_line_extend(const uint8_t tip[20], uint8_t (*head)[8], size_t n)
{
	pthread_mutex_lock(&lock);
	if (line_cache())
		tagcache_line_extend(&cache, tip, head, n);
	else
		free(head);
	pthread_mutex_unlock(&lock);
}

void tags_forget(void)
{
	for (size_t i = 0; i < table.n; i++)
		free(table.v[i].name);
	free(table.v);
	free(table.names);
	tag_index_release(&table.fold);
	free(table.skipped);
	if (table.by_commit)
		oidmap_release(&table.at);
	free(table.by_commit);
	free(table_dir);
	memset(&table, 0, sizeof(table));
	table_dir = NULL;
	line_usable = 0;
	ref_shadow_release(&shadow);
	free(shadow_dir);
	shadow_dir = NULL;
}

static char *cache_path(void)
{
	size_t n = strlen(cache_dir) + sizeof("regtrace-tags-cache");
	char *path = xmalloc(n);

	snprintf(path, n, "%sregtrace-tags-cache", cache_dir);
	return path;
}

void tags_cache_open(git_repository *repo)
{
	pthread_mutex_lock(&lock);
	tagcache_release(&cache);
	free(cache_dir);
	cache_dir = xstrdup(git_repository_commondir(repo));
	char *path = cache_path();
	tagcache_load_file(&cache, path);
	free(path);
	pthread_mutex_unlock(&lock);
}

void tags_cache_close(int save)
{
	char err[256];

	pthread_mutex_lock(&lock);
	if (save && cache_dir && table_dir && !strcmp(cache_dir, table_dir)) {	/* tags read */
		char *path = cache_path();
		tagcache_save(&cache, path, err, sizeof(err));
		free(path);
	}
	tagcache_release(&cache);
	free(cache_dir);
	cache_dir = NULL;
	pthread_mutex_unlock(&lock);
}
