/* pack_set.c — see pack_set.h. */
#define _DEFAULT_SOURCE
#include "git/pack_set.h"
#include "git/pack_commits.h"
#include "base/util.h"

#include <dirent.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pack_set {
	char *commondir;
	struct pack_file *v;
	size_t n;
};

static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(struct pack_set *) opened;

/* Each thread's decompressor and buffer (released when the thread ends). */
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t reader_key;

static void reader_free(void *r)
{
	pack_reader_release(r);
	free(r);
}

static void make_key(void)
{
	if (pthread_key_create(&reader_key, reader_free))
		abort();
}

static struct pack_reader *my_reader(void)
{
	struct pack_reader *r;

	pthread_once(&key_once, make_key);
	if (!(r = pthread_getspecific(reader_key))) {
		r = xcalloc(1, sizeof(*r));
		if (pthread_setspecific(reader_key, r)) {
			free(r);
			return NULL;
		}
	}
	return r;
}

/* The packs of commondir's objects/pack, each checked as it is mapped. */
static struct pack_set *open_packs(const char *commondir)
{
	struct pack_set *s = xcalloc(1, sizeof(*s));
	char dir[4200], path[4500];
	size_t cap = 0;
	struct dirent *e;
	DIR *d;

	s->commondir = xstrdup(commondir);
	snprintf(dir, sizeof(dir), "%sobjects/pack", commondir);
	if (!(d = opendir(dir)))
		return s;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".idx"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		ARRAY_GROW(s->v, s->n, cap);
		if (pack_file_open(&s->v[s->n], path) == 0)
			s->n++;
	}
	closedir(d);
	return s;
}

static const struct pack_set *set_of(const char *commondir)
{
	struct pack_set *s = atomic_load(&opened);

	if (!s) {
		pthread_mutex_lock(&open_lock);
		if (!(s = atomic_load(&opened))) {
			s = open_packs(commondir);
			atomic_store(&opened, s);
		}
		pthread_mutex_unlock(&open_lock);
	}
	return strcmp(s->commondir, commondir) ? NULL : s;
}

const struct pack_file *pack_set_packs(const char *commondir, size_t *n)
{
	const struct pack_set *s = commondir ? set_of(commondir) : NULL;

	*n = s ? s->n : 0;
	return *n ? s->v : NULL;
}

char *pack_set_read_commit(const char *commondir, const uint8_t oid[20], size_t *len)
{
	const struct pack_set *s = commondir ? set_of(commondir) : NULL;
	struct pack_reader *r;

	if (!s || !s->n || !(r = my_reader()))
		return NULL;
	for (size_t k = 0; k < s->n; k++) {
		int64_t pos = pack_file_find(&s->v[k], oid);
		long got = pos < 0 ? -1 : pack_read_commit(&s->v[k], (uint32_t)pos, r);
		if (got < 0)
			continue;
		char *buf = r->buf;	/* (taken: the next read allocates its own) */
		r->buf = NULL;
		r->cap = 0;
		*len = (size_t)got;
		return buf;
	}
	return NULL;
}

void pack_set_clear(void)
{
	pthread_mutex_lock(&open_lock);
	struct pack_set *s = atomic_exchange(&opened, NULL);
	if (s) {
		for (size_t k = 0; k < s->n; k++)
			pack_file_close(&s->v[k]);
		free(s->v);
		free(s->commondir);
		free(s);
	}
	pthread_mutex_unlock(&open_lock);
}
