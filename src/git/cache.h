/*
 * cache.h — what regtrace learned of each commit (date, parents, message
 * facts), kept between runs so that a re-run reads only new commits.
 *
 * The file (`regtrace-cache` in the repository's git directory) starts with
 * a magic line, the format and tool versions and a fingerprint of the rules
 * that shaped the facts (the project's alias patterns), and ends with a
 * checksum of all that precedes it.  A file that fails any check — wrong
 * version, other rules, bad checksum, a record out of bounds — is ignored
 * whole and rebuilt, never trusted.  cache_save() writes atomically (temp
 * file + rename), and only when something was added.
 * Records are found by id through an open-addressing table over the loaded
 * bytes; each is decoded only when asked for.
 *
 * The same file keeps the commits of each range read (cache_ranges.h) and
 * the directories each commit changes (cache_paths.h).  A save keeps the
 * commit and path records of the commits of the ranges it keeps, and
 * forgets the others.
 */
#ifndef REGTRACE_CACHE_H
#define REGTRACE_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "base/blobfile.h"
#include "base/codec.h"
#include "core/graph.h"
#include "core/message.h"
#include "git/cache_paths.h"
#include "git/cache_ranges.h"

#define CACHE_FORMAT 6u	/* the file's format (cache.c tells each one's change) */

struct cache {
	uint8_t *buf;		/* the loaded file; NULL when none was usable */
	size_t len;
	size_t body, body_end;	/* where the records are in buf */
	uint32_t *table;	/* record offset + 1; 0 = empty */
	size_t tcap, count;
	uint64_t fingerprint;
	struct wbuf add;	/* encoded records learned in this run */
	size_t addcount;
	const char *rejected;	/* why a file was ignored (for tests), or NULL */
	struct blobfile_stamp loaded;	/* the file as it was loaded (see cache_save) */
	size_t saved_addcount;	/* addcount when last saved (0: never) */
	struct cache_ranges ranges;	/* the commits of each range read */
	struct cache_paths paths;	/* the directories each commit changes */
};

struct cache_hit {
	int64_t time, author_time;
	const char *author_name, *author_email;	/* inside the cache, not NUL-ended */
	size_t author_name_len, author_email_len;
	unsigned all_parents, nparents;
	const uint8_t *parents;	/* nparents * 20 bytes, inside the cache */
	const uint8_t *record;	/* for cache_facts */
	int headers_only;	/* a commit a walk painted: date and parents, no
				   author, no facts (cache_facts fails) */
};

/* The fingerprint of a set of alias patterns (their source text). */
uint64_t cache_fingerprint(const char *const *patterns, size_t n);

void cache_init(struct cache *c, uint64_t fingerprint);
/* Take over a file's bytes (pure); a bad file leaves the cache empty. */
void cache_load_buffer(struct cache *c, uint8_t *buf, size_t len);
/* Read the file at path, if any (a missing file is an empty cache). */
void cache_load_file(struct cache *c, const char *path);

int cache_lookup(const struct cache *c, const uint8_t oid[20], struct cache_hit *out);
/* Decode the facts of a hit; 0, or -1 (then out is empty). */
int cache_facts(const struct cache_hit *h, struct msg_facts *out);

/* meta: the author and author time (its commit_time is `time`), or NULL. */
void cache_add(struct cache *c, const uint8_t oid[20], int64_t time, unsigned all_parents,
	       const uint8_t (*parents)[20], unsigned nparents, const struct commit_meta *meta,
	       const struct msg_facts *f);
/* A commit a walk only painted: its date and parents (cache_ranges.h).  A
 * full record of the same commit wins over it at the next save. */
void cache_add_headers(struct cache *c, const uint8_t oid[20], int64_t time,
		       unsigned all_parents, const uint8_t (*parents)[20], unsigned nparents);
/* The meta of a hit (author string to free). */
void cache_meta(const struct cache_hit *h, struct commit_meta *out);

/* The facts part of a record, for other cache files: put appends it;
 * get reads it back (0, or -1: then f holds what was read, to release). */
void cache_put_facts(struct wbuf *w, const struct msg_facts *f);
int cache_get_facts(struct rbuf *r, struct msg_facts *f);

/* Encode everything (old records and new) into a fresh buffer (pure). */
uint8_t *cache_encode(const struct cache *c, size_t *len);
/* The same, with only the records of the commits of the ranges and of the
 * commits they painted, each once, a full record rather than one without
 * facts (what a save writes). */
uint8_t *cache_encode_kept(const struct cache *c, size_t *len);
/* Write the file when records, ranges or paths were added since it was
 * loaded or last saved (or a range's use must be recorded): keep the ranges cache_ranges_settle() keeps and
 * forget the records of other commits; 0, or -1 with err set. */
/* A save is made under a lock of the git directory (blobfile_lock); when
 * another process saved the file since it was loaded, its records, ranges and
 * paths this cache lacks are taken first: two runs at once never leave less
 * than either kept. */
int cache_save(struct cache *c, const char *path, char *err, size_t errlen);
void cache_release(struct cache *c);

#endif
