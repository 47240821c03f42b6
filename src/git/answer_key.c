/* answer_key.c — see answer_key.h. */
#include "git/answer_key.h"
#include "git/replace.h"
#include "git/repo.h"
#include "base/blobfile.h"
#include "base/util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FILE_MAX ((size_t)64 << 20)	/* grafts, shallow, .regtrace: larger, no key */

struct named {
	char *name, *what;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

/* Put v[0..n) sorted by name, and free their strings. */
static void put_sorted(struct wbuf *w, struct named *v, size_t n)
{
	if (n)
		qsort(v, n, sizeof(*v), by_name);
	wbuf_uint(w, n, 8);
	for (size_t i = 0; i < n; i++) {
		wbuf_str(w, v[i].name);
		wbuf_str(w, v[i].what);
		free(v[i].name);
		free(v[i].what);
	}
}

/* A pseudo-ref's name, as git and libgit2 take them at the top of the git
 * directory: HEAD, FETCH_HEAD, ORIG_HEAD, ... (upper case, digits, '_'). */
static int is_pseudo_ref(const char *name)
{
	return *name >= 'A' && *name <= 'Z' &&
	       strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == strlen(name);
}

/* The bytes of the regular file at path as a string (to free), or NULL
 * when it cannot be read whole (*bad set when something is there). */
static char *file_text(const char *path, int *bad)
{
	size_t len = 0;
	uint8_t *text = blobfile_read_max(path, FILE_MAX, &len);
	struct stat st;
	char *s;

	if (!text) {
		*bad |= lstat(path, &st) == 0;
		return NULL;
	}
	s = xstrndup((const char *)text, len);
	if (strlen(s) != len)	/* (a NUL inside: no string holds it) */
		*bad = 1;
	free(text);
	return s;
}

/* Every file under dir/sub (recursively: the loose refs), each with its
 * bytes, into v: 0, or -1 when one cannot be read. */
static int collect_tree(const char *dir, const char *sub, struct named **v, size_t *n,
			size_t *cap)
{
	char *path = path_join(dir, sub);
	DIR *d = opendir(path);
	struct dirent *e;
	int bad = 0;

	if (!d) {
		struct stat st;
		bad = lstat(path, &st) == 0;	/* (none there: no loose refs) */
		free(path);
		return bad ? -1 : 0;
	}
	while (!bad && (e = readdir(d))) {
		char *name, *full;
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		name = path_join(sub, e->d_name);
		full = path_join(dir, name);
		if (lstat(full, &st) < 0) {
			bad = 1;
		} else if (S_ISDIR(st.st_mode)) {
			bad = collect_tree(dir, name, v, n, cap) < 0;
		} else {
			ARRAY_GROW(*v, *n, *cap);
			(*v)[*n].name = xstrdup(name);
			(*v)[(*n)++].what = file_text(full, &bad);
		}
		free(full);
		free(name);
	}
	closedir(d);
	free(path);
	return bad ? -1 : 0;
}

/* The pseudo-refs at the top of dir (HEAD, FETCH_HEAD, ...) into v. */
static int collect_pseudo(const char *dir, struct named **v, size_t *n, size_t *cap)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int bad = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (is_pseudo_ref(e->d_name)) {
			char *full = path_join(dir, e->d_name);
			ARRAY_GROW(*v, *n, *cap);
			(*v)[*n].name = xstrdup(e->d_name);
			(*v)[(*n)++].what = file_text(full, &bad);
			free(full);
		}
	closedir(d);
	return bad ? -1 : 0;
}

/*
 * The refs as the files that hold them (libgit2 1.5 keeps refs in files
 * only): the pseudo-refs and the loose refs of the git directory and of the
 * common one, and packed-refs, each with its bytes.  Reading them as bytes
 * is cheaper than listing the refs (FRRouting: 19,802 refs, 64 M
 * instructions in libgit2's iterator) and at least as telling: a ref that
 * moves changes a file.  0, or -1 when one cannot be read.
 */
static int put_refs(git_repository *repo, struct wbuf *w)
{
	const char *dirs[2] = { git_repository_path(repo), git_repository_commondir(repo) };
	struct named *v = NULL;
	size_t n = 0, cap = 0;
	int bad = 0, ndirs = strcmp(dirs[0], dirs[1]) ? 2 : 1;

	for (int i = 0; i < ndirs; i++) {
		size_t from = n;
		bad |= collect_pseudo(dirs[i], &v, &n, &cap) < 0;
		bad |= collect_tree(dirs[i], "refs", &v, &n, &cap) < 0;
		if (i == ndirs - 1) {
			char *packed = path_join(dirs[i], "packed-refs");
			ARRAY_GROW(v, n, cap);
			v[n].name = xstrdup("packed-refs");
			v[n++].what = file_text(packed, &bad);
			free(packed);
		}
		wbuf_str(w, dirs[i]);
		put_sorted(w, v + from, n - from);
		n = from;
	}
	free(v);
	return bad ? -1 : 0;
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

/* The bytes of the file at path (taken over: freed), a mark when missing:
 * 0, or -1 when something there cannot be read whole (no key, rather than
 * a wrong one). */
static int put_file(struct wbuf *w, char *path)
{
	size_t len = 0;
	struct stat st;
	uint8_t *text = blobfile_read_max(path, FILE_MAX, &len);
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
		char *path;
		struct stat st;
		if (!keep(e->d_name))
			continue;
		path = path_join(dir, e->d_name);
		if (lstat(path, &st) == 0) {
			ARRAY_GROW(v, n, cap);
			v[n].name = xstrdup(e->d_name);
			v[n++].what = stat_of(&st);
		}
		free(path);
	}
	closedir(d);
	put_sorted(w, v, n);
	free(v);
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
	struct stat st;
	int rc = 0;

	if (!objects)
		return -1;
	sub = path_join(objects, "info/alternates");
	if (lstat(sub, &st) == 0)
		rc = -1;
	free(sub);
	sub = path_join(objects, "pack");
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

	wbuf_str(w, git_repository_path(repo));
	wbuf_str(w, common);
	wbuf_str(w, workdir);
	if (put_refs(repo, w) < 0 || put_settings(repo, w) < 0)
		return -1;
	if (put_file(w, replace_grafts_path(repo)) < 0 ||
	    put_file(w, path_join(git_repository_path(repo), "shallow")) < 0 ||
	    put_file(w, path_join(common, "shallow")) < 0 ||
	    (workdir && put_file(w, path_join(workdir, ".regtrace")) < 0))
		return -1;
	return put_objects(repo, w);
}

int answer_key_settings(git_repository *repo, struct wbuf *w)
{
	const char *common = git_repository_commondir(repo);
	const char *workdir = git_repository_workdir(repo);
	char *objects = repo_objects_dir(repo), *alt = objects ? path_join(objects, "info/alternates")
								: NULL;
	struct stat st;
	int borrowed = !alt || lstat(alt, &st) == 0;

	free(alt);
	free(objects);
	if (borrowed)
		return -1;
	wbuf_uint(w, workdir != NULL, 1);	/* (the paths are not in it: a copy is the same) */
	if (put_settings(repo, w) < 0 || put_file(w, replace_grafts_path(repo)) < 0 ||
	    put_file(w, path_join(git_repository_path(repo), "shallow")) < 0 ||
	    put_file(w, path_join(common, "shallow")) < 0 ||
	    (workdir && put_file(w, path_join(workdir, ".regtrace")) < 0))
		return -1;
	return 0;
}
