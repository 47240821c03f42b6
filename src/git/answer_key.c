/* answer_key.c — see answer_key.h. */
#include "git/answer_key.h"
#include "git/repo.h"
#include "base/blobfile.h"
#include "base/util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FILE_MAX ((size_t)64 << 20)	/* grafts, shallow, .regtrace: larger, no key */

/* What a ref points at: "=" and the id, or "->" and the ref it names (to
 * free). */
static char *target_of(git_reference *ref)
{
	char hex[42] = "=";
	const char *name;
	char *s;

	if (git_reference_type(ref) != GIT_REFERENCE_SYMBOLIC) {
		id_to_hex(hex + 1, git_reference_target(ref)->id);
		return xstrdup(hex);
	}
	name = git_reference_symbolic_target(ref);
	s = xmalloc(strlen(name) + 3);
	memcpy(s, "->", 2);
	memcpy(s + 2, name, strlen(name) + 1);
	return s;
}

struct named {
	char *name, *what;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

/* Put v[0..n) sorted by name, and free them. */
static void put_sorted(struct wbuf *w, struct named *v, size_t n)
{
	qsort(v, n, sizeof(*v), by_name);
	wbuf_uint(w, n, 8);
	for (size_t i = 0; i < n; i++) {
		wbuf_str(w, v[i].name);
		wbuf_str(w, v[i].what);
		free(v[i].name);
		free(v[i].what);
	}
	free(v);
}

/* HEAD, then every ref sorted by name with its target: 0, or -1. */
static int put_refs(git_repository *repo, struct wbuf *w)
{
	git_reference_iterator *it = NULL;
	git_reference *ref = NULL;
	struct named *v = NULL;
	size_t n = 0, cap = 0;
	int rc;

	if (git_reference_lookup(&ref, repo, "HEAD") == 0) {
		char *head = target_of(ref);
		wbuf_str(w, head);
		free(head);
		git_reference_free(ref);
	} else {
		wbuf_str(w, NULL);
	}
	if (git_reference_iterator_new(&it, repo) < 0)
		return -1;
	while ((rc = git_reference_next(&ref, it)) == 0) {
		ARRAY_GROW(v, n, cap);
		v[n].name = xstrdup(git_reference_name(ref));
		v[n++].what = target_of(ref);
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
	put_sorted(w, v, n);
	return rc == GIT_ITEROVER ? 0 : -1;
}

static int put_setting(const git_config_entry *e, void *payload)
{
	struct wbuf *w = payload;

	wbuf_str(w, e->name);
	wbuf_str(w, e->value);
	wbuf_uint(w, (uint64_t)(int64_t)e->level, 4);
	return 0;
}

/* Every setting in effect, in the order libgit2 gives them: 0, or -1. */
static int put_settings(git_repository *repo, struct wbuf *w)
{
	git_config *cfg = NULL;
	int rc;

	if (git_repository_config_snapshot(&cfg, repo) < 0)
		return -1;
	rc = git_config_foreach(cfg, put_setting, w) < 0 ? -1 : 0;
	git_config_free(cfg);
	wbuf_str(w, "");	/* (the end of the settings) */
	return rc;
}

/* The bytes of the file at dir + name ("" when missing): 0, or -1 when it
 * is too large to take. */
static int put_file(struct wbuf *w, const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 1, len = 0;
	char *path = xmalloc(n);
	struct stat st;
	uint8_t *text;

	snprintf(path, n, "%s%s", dir, name);
	text = blobfile_read_max(path, FILE_MAX, &len);
	/* (a file there that cannot be read whole: no key, rather than a wrong one) */
	int bad = !text && lstat(path, &st) == 0;
	free(path);
	wbuf_uint(w, text ? len : UINT64_MAX, 8);
	wbuf_bytes(w, text, text ? len : 0);
	free(text);
	return bad ? -1 : 0;
}

/* A directory entry's size and times, as text (to free). */
static char *stat_of(const struct stat *st)
{
	char buf[128];

	snprintf(buf, sizeof(buf), "%llu %lld.%09ld %llu", (unsigned long long)st->st_size,
		 (long long)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec,
		 (unsigned long long)st->st_ino);
	return xstrdup(buf);
}

/* The entries of dir that keep(name) accepts, sorted, each with its size
 * and times: 0, or -1 when dir cannot be listed. */
static int put_listing(struct wbuf *w, const char *dir, int (*keep)(const char *))
{
	DIR *d = opendir(dir);
	struct named *v = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		size_t len = strlen(dir) + strlen(e->d_name) + 2;
		char *path;
		struct stat st;
		if (!keep(e->d_name))
			continue;
		path = xmalloc(len);
		snprintf(path, len, "%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0) {
			ARRAY_GROW(v, n, cap);
			v[n].name = xstrdup(e->d_name);
			v[n++].what = stat_of(&st);
		}
		free(path);
	}
	closedir(d);
	put_sorted(w, v, n);
	return 0;
}

static int is_fanout(const char *name)
{
	return strlen(name) == 2 && strspn(name, "0123456789abcdef") == 2;
}

static int is_pack_file(const char *name)
{
	return strncmp(name, "pack-", 5) == 0;
}

/* The object store's listing (answer_key.h): 0, or -1. */
static int put_objects(git_repository *repo, struct wbuf *w)
{
	char *objects = repo_objects_dir(repo), *sub;
	size_t n;
	struct stat st;
	int rc = 0;

	if (!objects)
		return -1;
	n = strlen(objects) + 32;
	sub = xmalloc(n);
	snprintf(sub, n, "%s/info/alternates", objects);
	if (lstat(sub, &st) == 0)
		rc = -1;
	snprintf(sub, n, "%s/pack", objects);
	wbuf_str(w, objects);
	if (!rc && put_listing(w, sub, is_pack_file) < 0 && lstat(sub, &st) == 0)
		rc = -1;	/* (no pack directory at all: no packs) */
	if (!rc && put_listing(w, objects, is_fanout) < 0)
		rc = -1;
	free(sub);
	free(objects);
	return rc;
}

int answer_key_repo(git_repository *repo, struct wbuf *w)
{
	const char *common = git_repository_commondir(repo);
	const char *workdir = git_repository_workdir(repo);
	const char *graft_env = getenv("GIT_GRAFT_FILE");

	wbuf_str(w, git_repository_path(repo));
	wbuf_str(w, common);
	wbuf_str(w, workdir);
	if (put_refs(repo, w) < 0 || put_settings(repo, w) < 0)
		return -1;
	if (put_file(w, graft_env && *graft_env ? graft_env : common,
		     graft_env && *graft_env ? "" : "info/grafts") < 0 ||
	    put_file(w, git_repository_path(repo), "shallow") < 0 ||
	    put_file(w, common, "shallow") < 0 ||
	    (workdir && put_file(w, workdir, ".regtrace") < 0))
		return -1;
	return put_objects(repo, w);
}
