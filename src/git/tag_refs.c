/* tag_refs.c — see tag_refs.h. */
#define _DEFAULT_SOURCE		/* d_type */
#include "git/tag_refs.h"
#include "base/blobfile.h"
#include "base/util.h"
#include "git/commit_parse.h"
#include "git/packed_refs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <git2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TAG_REFS_DEPTH 64	/* directories in directories, at most */
#define PREFIX "refs/tags/"

/* Add refs/tags/NAME (n bytes) naming id, when git accepts the name: 0, or 1. */
static int add(struct tag_refs *r, const char *name, size_t n, const uint8_t id[20])
{
	char *full = xmalloc(strlen(PREFIX) + n + 1);
	int valid = 0;

	memcpy(full, PREFIX, strlen(PREFIX));
	memcpy(full + strlen(PREFIX), name, n);
	full[strlen(PREFIX) + n] = '\0';
	if (git_reference_name_is_valid(&valid, full) < 0 || !valid) {
		free(full);
		return 1;
	}
	memmove(full, full + strlen(PREFIX), n + 1);
	ARRAY_GROW(r->v, r->n, r->cap);
	r->v[r->n].name = full;
	memcpy(r->v[r->n].id, id, 20);
	r->n++;
	return 0;
}

/* The loose ref file name in directory dfd, refs/tags/PATH: 0, or 1. */
static int read_loose(int dfd, const char *name, const char *path, struct tag_refs *r)
{
	char buf[64];
	uint8_t id[20];
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t got;

	if (fd < 0)
		return 1;
	got = read(fd, buf, sizeof(buf));
	close(fd);
	if (got != 41 || buf[40] != '\n' || commit_hex_to_oid(buf, id) < 0)
		return 1;
	return add(r, path, strlen(path), id);
}

static int read_dir(int dfd, const char *path, struct tag_refs *r, int depth);

/* Entry e of directory dfd (refs/tags/PATH/...): 0, or 1. */
static int read_entry(int dfd, const struct dirent *e, const char *path, struct tag_refs *r,
		      int depth)
{
	size_t len = strlen(e->d_name);
	int type = e->d_type, rc;
	char *sub;

	if (e->d_name[0] == '.' || (len >= 5 && !strcmp(e->d_name + len - 5, ".lock")))
		return 1;
	if (type == DT_UNKNOWN) {
		struct stat st;
		if (fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			return 1;
		type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
	}
	if (type != DT_DIR && type != DT_REG)
		return 1;
	sub = xmalloc(strlen(path) + len + 2);
	sprintf(sub, "%s%s%s", path, *path ? "/" : "", e->d_name);
	if (type == DT_REG) {
		rc = read_loose(dfd, e->d_name, sub, r);
	} else {
		int cfd = depth >= TAG_REFS_DEPTH ? -1 :
			  openat(dfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		rc = cfd < 0 ? 1 : read_dir(cfd, sub, r, depth + 1);
	}
	free(sub);
	return rc;
}

/* The loose refs of directory dfd, refs/tags/PATH (dfd closed here): 0, or 1. */
static int read_dir(int dfd, const char *path, struct tag_refs *r, int depth)
{
	DIR *d = fdopendir(dfd);
	struct dirent *e;
	int rc = 0;

	if (!d) {
		close(dfd);
		return 1;
	}
	while (!rc && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			rc = read_entry(dirfd(d), e, path, r, depth);
	closedir(d);
	return rc;
}

/* COMMONDIR/refs/tags/ (none there: no loose tag): 0, or 1. */
static int read_loose_refs(const char *commondir, struct tag_refs *r)
{
	char *dir = path_join(commondir, PREFIX);
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	free(dir);
	if (dfd < 0)
		return errno == ENOENT ? 0 : 1;
	return read_dir(dfd, "", r, 0);
}

/* The refs/tags/ lines of packed-refs text: 0, or 1. */
static int read_packed_text(const char *p, const char *end, struct tag_refs *r)
{
	int after_ref = 0;
	uint8_t id[20];

	if (p < end && *p == '#') {	/* the header */
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			return 1;
		p = eol + 1;
	}
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = eol ? (size_t)(eol - p) : 0;
		if (!eol || memchr(p, '\r', n))
			return 1;
		if (*p == '^') {
			if (!after_ref || n != 41 || commit_hex_to_oid(p + 1, id) < 0)
				return 1;
			after_ref = 0;
		} else {
			if (n < 42 || p[40] != ' ' || commit_hex_to_oid(p, id) < 0)
				return 1;
			if (n > 41 + strlen(PREFIX) && !memcmp(p + 41, PREFIX, strlen(PREFIX)) &&
			    add(r, p + 41 + strlen(PREFIX), n - 41 - strlen(PREFIX), id))
				return 1;
			after_ref = 1;
		}
		p = eol + 1;
	}
	return 0;
}

static int read_packed(const char *commondir, struct tag_refs *r)
{
	uint8_t *text;
	size_t len;
	int rc;

	if (packed_refs_map(commondir, &text, &len) < 0)
		return 1;
	rc = text ? read_packed_text((const char *)text, (const char *)text + len, r) : 0;
	blobfile_unmap(text, len);
	return rc;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct tag_ref *)a)->name, ((const struct tag_ref *)b)->name);
}

/* Sorted, each name once: 0, or 1 when a name comes twice. */
static int sort_unique(struct tag_refs *r)
{
	if (r->n)
		qsort(r->v, r->n, sizeof(*r->v), cmp_name);
	for (size_t i = 1; i < r->n; i++)
		if (!strcmp(r->v[i - 1].name, r->v[i].name))
			return 1;
	return 0;
}

/* Loose and packed, sorted, into out: a loose ref hides the packed one. */
static void merge(struct tag_refs *loose, struct tag_refs *packed, struct tag_refs *out)
{
	size_t i = 0, j = 0;

	while (i < loose->n || j < packed->n) {
		int c = i == loose->n ? 1 : j == packed->n ? -1 :
			strcmp(loose->v[i].name, packed->v[j].name);
		struct tag_ref *from = c <= 0 ? &loose->v[i++] : &packed->v[j++];
		if (c == 0) {
			free(packed->v[j].name);
			j++;
		}
		ARRAY_GROW(out->v, out->n, out->cap);
		out->v[out->n++] = *from;
	}
	free(loose->v);
	free(packed->v);
}

int tag_refs_read(const char *commondir, struct tag_refs *out)
{
	struct tag_refs loose = { 0 }, packed = { 0 };

	memset(out, 0, sizeof(*out));
	if (read_loose_refs(commondir, &loose) || read_packed(commondir, &packed) ||
	    sort_unique(&loose) || sort_unique(&packed)) {
		tag_refs_release(&loose);
		tag_refs_release(&packed);
		return 1;
	}
	merge(&loose, &packed, out);
	return 0;
}

void tag_refs_release(struct tag_refs *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->v[i].name);
	free(r->v);
	memset(r, 0, sizeof(*r));
}
