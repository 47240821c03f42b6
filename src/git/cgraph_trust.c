/* cgraph_trust.c — see cgraph_trust.h. */
#include "git/cgraph_trust.h"
#include "base/blobfile.h"
#include "base/sha1.h"
#include "base/util.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ENTRIES 128

struct entry {
	char *name;		/* path relative to the git directory */
	uint64_t size, ino;
	int64_t mtime_s, mtime_ns;
	char sum[41];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct entry known[MAX_ENTRIES];	/* verified (this run or an earlier one) */
static size_t nknown;
static char *loaded_dir;	/* the git directory whose side file was read */

int cgraph_checksum_ok(const uint8_t *data, size_t len)
{
	uint8_t sum[20];

	if (len < 20)
		return 0;
	return sha1(data, len - 20, sum) == 0 && !memcmp(sum, data + len - 20, 20);
}

static void hex(const uint8_t *b, char out[41])
{
	for (int i = 0; i < 20; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
}

static void forget_all(void)
{
	for (size_t i = 0; i < nknown; i++)
		free(known[i].name);
	nknown = 0;
	free(loaded_dir);
	loaded_dir = NULL;
}

static void remember(const struct entry *e)
{
	for (size_t i = 0; i < nknown; i++)
		if (!strcmp(known[i].name, e->name)) {
			free(known[i].name);
			known[i] = *e;
			return;
		}
	if (nknown == MAX_ENTRIES)
		free(known[--nknown].name);	/* (the last: a chain has at most 64) */
	known[nknown++] = *e;
}

/* The side file's lines: "SIZE MTIME_S MTIME_NS INO SUM NAME". */
static void load_side(const char *gitdir)
{
	char path[4200], name[4096];
	size_t len;
	uint8_t *text;
	struct entry e;

	snprintf(path, sizeof(path), "%s%s", gitdir, CGRAPH_TRUST_FILE);
	if (!(text = blobfile_read_max(path, 65536, &len)))
		return;
	char *s = xstrndup((const char *)text, len), *line, *save = NULL;
	free(text);
	for (line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%" SCNu64 " %" SCNd64 " %" SCNd64 " %" SCNu64 " %40[0-9a-f] %4095[^\n]",
			   &e.size, &e.mtime_s, &e.mtime_ns, &e.ino, e.sum, name) == 6 &&
		    strlen(e.sum) == 40 && !strstr(name, "..")) {
			e.name = xstrdup(name);
			remember(&e);
		}
	}
	free(s);
}

static void save_side(const char *gitdir)
{
	char path[4200], err[256];
	size_t cap = 1, n = 0;
	char *text = xmalloc(cap);

	for (size_t i = 0; i < nknown; i++) {
		const struct entry *e = &known[i];
		size_t need = strlen(e->name) + 128;
		text = xrealloc(text, cap = n + need + 1);
		n += (size_t)snprintf(text + n, need, "%" PRIu64 " %" PRId64 " %" PRId64 " %" PRIu64
				      " %s %s\n", e->size, e->mtime_s, e->mtime_ns, e->ino, e->sum,
				      e->name);
	}
	snprintf(path, sizeof(path), "%s%s", gitdir, CGRAPH_TRUST_FILE);
	blobfile_write(path, (const uint8_t *)text, n, err, sizeof(err));	/* best effort */
	free(text);
}

static int matches(const struct entry *e, const char *name, const struct stat *st,
		   const char *sum)
{
	return !strcmp(e->name, name) && e->size == (uint64_t)st->st_size &&
	       e->ino == (uint64_t)st->st_ino && e->mtime_s == (int64_t)st->st_mtim.tv_sec &&
	       e->mtime_ns == (int64_t)st->st_mtim.tv_nsec && !strcmp(e->sum, sum);
}

int cgraph_trusted(const char *gitdir, const char *path, const struct stat *st,
		   const uint8_t *data, size_t len)
{
	size_t dl = strlen(gitdir);
	const char *name = strncmp(path, gitdir, dl) ? path : path + dl;
	char sum[41];
	int ok = 0;

	if (len < 20)
		return 0;
	hex(data + len - 20, sum);
	pthread_mutex_lock(&lock);
	if (!loaded_dir || strcmp(loaded_dir, gitdir)) {
		forget_all();	/* another repository (tests) */
		loaded_dir = xstrdup(gitdir);
		load_side(gitdir);
	}
	for (size_t i = 0; i < nknown && !ok; i++)
		ok = matches(&known[i], name, st, sum);
	if (!ok && cgraph_checksum_ok(data, len)) {
		struct entry e = { xstrdup(name), (uint64_t)st->st_size, (uint64_t)st->st_ino,
				   (int64_t)st->st_mtim.tv_sec, (int64_t)st->st_mtim.tv_nsec, "" };
		memcpy(e.sum, sum, sizeof(e.sum));
		remember(&e);
		save_side(gitdir);
		ok = 1;
	}
	pthread_mutex_unlock(&lock);
	return ok;
}
