/*
 * cache/summaries.h — the series' summaries (core/summary.h) kept between
 * runs (`regtrace-summaries` in the git directory), so that `stats` after
 * one new release counts only what changed (load/series_set.c says when a
 * summary still holds; doc/caches.md, "Summaries").
 *
 * Each summary is kept under a key (a digest of the run's settings and the
 * range: load/series_set.c).  A run marks the summaries it used and adds
 * those it made; its save writes those (at most SUMMARIES_KEEP), then at
 * most SUMMARIES_KEEP_OTHERS of the others it loaded, those another run
 * wrote last first (another command line's, another range's).  The rest
 * go: above all the summary of a range that a newer release replaced,
 * which no run asks for again, and which every run would load.
 *
 * The file is a magic line, the format and tool versions, the summaries
 * (each key once), and a seal (codec.h); a file that fails any check is
 * ignored whole.  A save writes only when a summary was added, atomically,
 * under a lock of the git directory, keeping what another run saved since
 * this one loaded the file (cache/save.h).  Safe to share between threads.
 * Pure: no libgit2.
 */
#ifndef REGTRACE_CACHE_SUMMARIES_H
#define REGTRACE_CACHE_SUMMARIES_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "base/blobfile.h"
#include "core/summary.h"

#define SUMMARIES_FORMAT 1u
#define SUMMARIES_KEEP 2048
#define SUMMARIES_KEEP_OTHERS 64

struct summaries {
	struct summary *v;
	uint8_t *used;		/* per summary: used or added by this run */
	size_t n, cap;
	int dirty;		/* a summary was added since loading */
	const char *rejected;	/* why a file was ignored (for tests), or NULL */
	struct blobfile_stamp loaded;
	pthread_mutex_t lock;
};

void summaries_init(struct summaries *c);
/* Decode a file's bytes (not taken over); a bad file leaves c empty. */
void summaries_load_buffer(struct summaries *c, const uint8_t *buf, size_t len);
/* The file at path, if any (a missing file: no summary). */
void summaries_load_file(struct summaries *c, const char *path);

/* The summary kept under key, marked used, or NULL.  It stays valid until
 * the next summaries_add or the release. */
const struct summary *summaries_find(struct summaries *c, const uint8_t key[20]);
/* Keep sm (taken over: *sm zeroed) under sm->key, replacing any there. */
void summaries_add(struct summaries *c, struct summary *sm);

/* The file's bytes (to free) and their count. */
uint8_t *summaries_encode(struct summaries *c, size_t *len);
/* Save c to path when a summary was added: 0, or nonzero with err set. */
int summaries_save(struct summaries *c, const char *path, char *err, size_t errlen);
void summaries_release(struct summaries *c);

#endif
