/* answers.c — see answers.h. */
#include "cache/answers.h"
#include "base/blobfile.h"
#include "base/codec.h"
#include "base/util.h"
#include "base/version.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "regtrace answer\n"

uint8_t *answer_encode(const uint8_t key[20], int status, const void *out, size_t nout,
		       const void *err, size_t nerr, size_t *len)
{
	struct wbuf w = { 0 };

	wbuf_head(&w, MAGIC, ANSWERS_FORMAT, REGTRACE_VERSION);
	wbuf_bytes(&w, key, 20);
	wbuf_uint(&w, (uint64_t)(unsigned)status, 1);
	wbuf_uint(&w, nout, 8);
	wbuf_bytes(&w, out, nout);
	wbuf_uint(&w, nerr, 8);
	wbuf_bytes(&w, err, nerr);
	wbuf_seal(&w);
	*len = w.len;
	return w.b;
}

/* The next length-prefixed bytes of r: NULL when r turns bad. */
static const uint8_t *take_bytes(struct rbuf *r, size_t *n)
{
	uint64_t len = rbuf_uint(r, 8);

	if (r->bad || len > (uint64_t)(r->end - r->p)) {
		r->bad = 1;
		return NULL;
	}
	*n = (size_t)len;
	return rbuf_take(r, *n);
}

int answer_decode(const uint8_t *buf, size_t len, const uint8_t key[20], struct answer *a)
{
	struct rbuf r = { buf, buf + len - (len >= 8 ? 8 : len), 0 };
	const uint8_t *k;

	memset(a, 0, sizeof(*a));
	if (rbuf_head(&r, buf, len, strlen(MAGIC) + 4 + 20 + 1 + 16, MAGIC, ANSWERS_FORMAT,
		      REGTRACE_VERSION, "not an answer"))
		return -1;
	k = rbuf_take(&r, 20);
	a->status = (int)rbuf_uint(&r, 1);
	a->out = take_bytes(&r, &a->nout);
	a->err = take_bytes(&r, &a->nerr);
	if (r.bad || r.p != r.end || !k || memcmp(k, key, 20)) {
		memset(a, 0, sizeof(*a));
		return -1;
	}
	return 0;
}

/* dir/<key in hex>, to free. */
static char *answer_path(const char *dir, const uint8_t key[20])
{
	char hex[41];

	id_to_hex(hex, key);
	return path_join(dir, hex);
}

int answer_load(const char *dir, const uint8_t key[20], struct answer *a)
{
	char *path = answer_path(dir, key);
	size_t len = 0;
	uint8_t *buf = blobfile_read_max(path, ANSWERS_MAX_BYTES + 4096, &len);

	free(path);
	if (!buf || answer_decode(buf, len, key, a) < 0) {
		free(buf);
		memset(a, 0, sizeof(*a));
		return -1;
	}
	a->file = buf;
	a->file_len = len;
	return 0;
}

void answer_release(struct answer *a)
{
	free(a->file);
	memset(a, 0, sizeof(*a));
}

/* An answer's file name: 40 lower-case hex digits. */
static int is_answer_name(const char *name)
{
	size_t n = strspn(name, "0123456789abcdef");

	return n == 40 && !name[n];
}

struct kept {
	char name[41];
	int64_t s, ns;
};

static int newer_first(const void *pa, const void *pb)
{
	const struct kept *a = pa, *b = pb;

	if (a->s != b->s)
		return a->s > b->s ? -1 : 1;
	if (a->ns != b->ns)
		return a->ns > b->ns ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* Remove the answers of dir beyond the ANSWERS_KEEP newest. */
static void prune(const char *dir)
{
	DIR *d = opendir(dir);
	struct kept *v = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		struct stat st;
		char *path;
		if (!is_answer_name(e->d_name))
			continue;
		path = path_join(dir, e->d_name);
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			ARRAY_GROW(v, n, cap);
			memcpy(v[n].name, e->d_name, 41);
			v[n].s = (int64_t)st.st_mtim.tv_sec;
			v[n].ns = (int64_t)st.st_mtim.tv_nsec;
			n++;
		}
		free(path);
	}
	closedir(d);
	if (n > ANSWERS_KEEP)
		qsort(v, n, sizeof(*v), newer_first);
	for (size_t i = ANSWERS_KEEP; i < n; i++) {
		char *path = path_join(dir, v[i].name);
		unlink(path);
		free(path);
	}
	free(v);
}

int answer_save(const char *dir, const uint8_t key[20], int status, const void *out,
		size_t nout, const void *err, size_t nerr)
{
	char ignored[256], *path;
	uint8_t *buf;
	size_t len;
	int rc;

	if (nout > ANSWERS_MAX_BYTES || nerr > ANSWERS_MAX_BYTES - nout)
		return -1;
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		return -1;
	buf = answer_encode(key, status, out, nout, err, nerr, &len);
	path = answer_path(dir, key);
	rc = blobfile_write(path, buf, len, ignored, sizeof(ignored));
	free(path);
	free(buf);
	if (rc == 0)
		prune(dir);
	return rc;
}
