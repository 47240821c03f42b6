/* replace.c — see replace.h. */
#include "git/replace.h"
#include "base/blobfile.h"
#include "base/error.h"
#include "base/util.h"
#include "git/commit_parse.h"
#include "git/packed_refs.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int cmp_from(const void *a, const void *b)
{
	return memcmp(((const struct replacement *)a)->from, ((const struct replacement *)b)->from,
		      20);
}

static const char *git_why(void)
{
	const git_error *e = git_error_last();

	return e && e->message ? e->message : "unknown error";
}

static struct replacement *entry(struct replace_map *m, size_t *cap, const uint8_t from[20])
{
	for (size_t i = 0; i < m->n; i++)
		if (!memcmp(m->v[i].from, from, 20))
			return &m->v[i];
	ARRAY_GROW(m->v, m->n, *cap);
	struct replacement *r = &m->v[m->n++];
	memset(r, 0, sizeof(*r));
	memcpy(r->from, from, 20);
	memcpy(r->to, from, 20);
	return r;
}

/* Does p[0..n) hold the string s? */
static int holds(const uint8_t *p, size_t n, const char *s)
{
	size_t k = strlen(s);
	const uint8_t *end = p + n, *q = p;

	while (k && (size_t)(end - q) >= k && (q = memchr(q, s[0], (size_t)(end - q) - k + 1))) {
		if (!memcmp(q, s, k))
			return 1;
		q++;
	}
	return 0;
}

/* Is there surely no ref under prefix ("refs/replace/")?  No loose one (no
 * such directory in the common directory) and no packed one (packed-refs,
 * a text of "<id> <name>" lines, does not hold prefix anywhere).  Listing
 * them through libgit2 parses every packed ref first (a third of Open
 * vSwitch's 63 kB of them took 3 M instructions); a repository rarely has
 * any.  0 (maybe some) when either cannot be told. */
static int surely_none(git_repository *repo, const char *prefix)
{
	const char *common = git_repository_commondir(repo);
	struct stat sb;
	size_t len;
	uint8_t *text;
	char *path;
	int none;

	if (!common || strncmp(prefix, "refs/", 5))
		return 0;
	path = path_join(common, prefix);
	none = lstat(path, &sb) < 0 && (errno == ENOENT || errno == ENOTDIR);
	free(path);
	if (!none || packed_refs_map(common, &text, &len) < 0)
		return 0;	/* (maybe some: libgit2 tells) */
	none = !text || !holds(text, len, prefix);
	blobfile_unmap(text, len);
	return none;
}

/* refs/replace/<40 hex>: the ref's (peeled) target replaces the id. */
static int load_refs(git_repository *repo, struct replace_map *m, size_t *cap, char *err,
		     size_t errlen)
{
	const char *base = getenv("GIT_REPLACE_REF_BASE");
	char prefix[1024], glob[1030];
	git_reference_iterator *it = NULL;
	git_reference *r, *direct;
	git_oid from;
	int rc;

	if (!base || !*base)
		base = "refs/replace/";
	snprintf(prefix, sizeof(prefix), "%s%s", base, base[strlen(base) - 1] == '/' ? "" : "/");
	snprintf(glob, sizeof(glob), "%s*", prefix);
	if (surely_none(repo, prefix))
		return RT_OK;
	if (git_reference_iterator_glob_new(&it, repo, glob) < 0)
		return rt_fail(err, errlen, RT_EFAIL, "cannot list replace refs: %s", git_why());
	while ((rc = git_reference_next(&r, it)) == 0) {
		const char *name = git_reference_name(r), *hex = strrchr(name, '/') + 1;
		if (strlen(hex) == 40 && git_oid_fromstr(&from, hex) == 0) {
			if (git_reference_resolve(&direct, r) < 0) {
				rc = rt_fail(err, errlen, RT_EFAIL, "cannot read %s: %s", name, git_why());
				git_reference_free(r);
				break;
			}
			memcpy(entry(m, cap, from.id)->to, git_reference_target(direct)->id, 20);
			git_reference_free(direct);
		}
		git_reference_free(r);
	}
	git_reference_iterator_free(it);
	if (rc != GIT_ITEROVER && rc != RT_EFAIL)
		return rt_fail(err, errlen, RT_EFAIL, "cannot list replace refs: %s", git_why());
	return rc == GIT_ITEROVER ? RT_OK : RT_EFAIL;
}

/* One grafts line: "<commit> <parent>...", blanks between; '#' a comment. */
static int graft_line(struct replace_map *m, size_t *cap, char *line)
{
	char *save = NULL, *w = strtok_r(line, " \t\r", &save);
	git_oid oid;

	if (!w || w[0] == '#')
		return 0;
	if (strlen(w) != 40 || git_oid_fromstr(&oid, w) < 0)
		return -1;
	struct replacement *r = entry(m, cap, oid.id);
	r->graft = 1;
	free(r->parents);
	r->parents = NULL;
	r->nparents = 0;
	while ((w = strtok_r(NULL, " \t\r", &save))) {
		if (strlen(w) != 40 || git_oid_fromstr(&oid, w) < 0 ||
		    r->nparents == COMMIT_MAX_PARENTS)
			return -1;
		r->parents = xrealloc(r->parents, (r->nparents + 1) * 20);
		memcpy(r->parents[r->nparents++], oid.id, 20);
	}
	return 0;
}

char *replace_grafts_path(git_repository *repo)
{
	const char *env = getenv("GIT_GRAFT_FILE");

	return env && *env ? xstrdup(env) : path_join(git_repository_commondir(repo), "info/grafts");
}

static int load_grafts(git_repository *repo, struct replace_map *m, size_t *cap, char *err,
		       size_t errlen)
{
	char *path = replace_grafts_path(repo);
	size_t len;
	uint8_t *text;
	int rc = RT_OK, lineno = 0;

	if (!(text = blobfile_read_max(path, (size_t)64 << 20, &len))) {
		free(path);
		return RT_OK;	/* none (or none readable as a regular file) */
	}
	char *s = xstrndup((const char *)text, len), *save = NULL;
	free(text);
	for (char *line = strtok_r(s, "\n", &save); line && !rc; line = strtok_r(NULL, "\n", &save))
		if (++lineno, graft_line(m, cap, line) < 0)
			rc = rt_fail(err, errlen, RT_EFAIL, "%s:%d: not a grafts line", path, lineno);
	free(s);
	free(path);
	return rc;
}

static int read_map(git_repository *repo, struct replace_map *out, char *err, size_t errlen)
{
	size_t cap = 0;
	int rc = RT_OK;

	memset(out, 0, sizeof(*out));
	if (!getenv("GIT_NO_REPLACE_OBJECTS"))
		rc = load_refs(repo, out, &cap, err, errlen);
	if (!rc)
		rc = load_grafts(repo, out, &cap, err, errlen);
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_from);
	/* a replacement replaced in turn: followed, at most 5 deep (as git) */
	for (size_t i = 0; i < out->n; i++) {
		const struct replacement *r = &out->v[i];
		for (int depth = 0; depth < 5 && !out->v[i].graft; depth++) {
			const struct replacement *next = replace_find(out, r->to);
			if (!next || next == &out->v[i] || next->graft)
				break;
			memcpy(out->v[i].to, next->to, 20);
			r = next;
		}
	}
	return rc;
}

/*
 * The map read once per repository and process: each walk, range and
 * thread asks for it, and listing refs/replace/ costs all the repository's
 * refs each time (libgit2 compares every packed ref with the glob): 1,600
 * ranges over 97,600 tags spent a third of their time there.
 */
static struct {
	pthread_mutex_t lock;
	char *dir;		/* the common directory it was read for, or NULL */
	struct replace_map map;
} memo = { PTHREAD_MUTEX_INITIALIZER, NULL, { NULL, 0 } };

static void copy_map(struct replace_map *to, const struct replace_map *from)
{
	to->n = from->n;
	to->v = xmalloc((from->n + 1) * sizeof(*to->v));
	if (from->n)
		memcpy(to->v, from->v, from->n * sizeof(*to->v));
	for (size_t i = 0; i < to->n; i++) {
		if (!from->v[i].nparents)
			continue;
		to->v[i].parents = xmalloc(from->v[i].nparents * 20u);
		memcpy(to->v[i].parents, from->v[i].parents, from->v[i].nparents * 20u);
	}
}

int replace_load(git_repository *repo, struct replace_map *out, char *err, size_t errlen)
{
	const char *dir = git_repository_commondir(repo);
	int rc = RT_OK;

	pthread_mutex_lock(&memo.lock);
	if (memo.dir && dir && !strcmp(memo.dir, dir)) {
		copy_map(out, &memo.map);
	} else if (!(rc = read_map(repo, out, err, errlen)) && dir) {
		replace_release(&memo.map);
		free(memo.dir);
		memo.dir = xstrdup(dir);
		copy_map(&memo.map, out);
	}
	pthread_mutex_unlock(&memo.lock);
	return rc;
}

const struct replacement *replace_find(const struct replace_map *m, const uint8_t oid[20])
{
	struct replacement key;

	if (!m->n)
		return NULL;
	memcpy(key.from, oid, 20);
	return bsearch(&key, m->v, m->n, sizeof(*m->v), cmp_from);
}

void replace_release(struct replace_map *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->v[i].parents);
	free(m->v);
	memset(m, 0, sizeof(*m));
}
