/*
 * cache/commits.h — what regtrace learned of each commit (date, parents, message
 * facts), kept between runs so that a re-run reads only new commits.
 *
 * The file (`regtrace-cache` in the repository's git directory) starts with
 * a magic line, the format and tool versions and a fingerprint of the rules
 * that shaped the facts (the project's alias patterns), and ends with a
 * checksum of all that precedes it.  A file that fails any check — wrong
 * version, other rules, bad checksum, a record out of bounds — is ignored
 * whole and rebuilt, never trusted.  cache_save() writes atomically (temp
 * file + rename), and only when something was added.
 * Records are found by id through a table of offsets into the loaded bytes
 * (struct oidtab: base/oidmap.h); each is decoded only when asked for.
 *
 * The same file keeps the commits of each range read (cache/ranges.h) and
 * the directories each commit changes (cache/paths.h).  A save keeps the
 * commit and path records of the commits of the ranges it keeps, and
 * forgets the others.
 *
 * A light save leaves that main file as it is and writes beside it
 * (`regtrace-cache-added`) what was learned since it was written: the
 * records and the ranges it lacks.  That file names the main file it adds
 * to (its length and checksum) and is ignored, whole, when it does not
 * match, or is damaged.  A save is light when the main file was loaded and
 * nobody saved since, no path was learned, no range is to be forgotten or
 * stamped again (cache/ranges.h), and the additions stay within a quarter of
 * the main file; otherwise it writes the main file whole (forgetting what
 * no range uses) and removes the additions.  The day after a release thus
 * writes the new range, not the whole file again.
 */
#ifndef REGTRACE_CACHE_COMMITS_H
#define REGTRACE_CACHE_COMMITS_H

#include <stddef.h>
#include <stdint.h>

#include "base/blobfile.h"
#include "base/codec.h"
#include "base/oidmap.h"
#include "core/graph.h"
#include "core/message.h"
#include "cache/paths.h"
#include "cache/ranges.h"

#define CACHE_FORMAT 11u	/* the file's format (cache/commits.c tells each one's change) */
#define CACHE_ADDED_FORMAT 2u	/* the additions file's (a light save's, below) */

struct cache {
	uint8_t *buf;		/* the loaded file; NULL when none was usable */
	size_t len;
	int mapped, amapped;	/* buf, abuf: mapped (blobfile.h), else malloc'ed */
	size_t body, body_end;	/* where the records are in buf */
	struct oidtab table;	/* ids to record offsets (rec_at() in cache/commits.c);
				   no slot when no file was usable */
	size_t count;		/* the records indexed (table.used) */
	uint64_t fingerprint;
	struct wbuf add;	/* encoded records learned in this run */
	size_t addcount;
	const char *rejected;	/* why a file was ignored (for tests), or NULL */
	struct blobfile_stamp loaded;	/* the file as it was loaded (see cache_save) */
	size_t saved_addcount;	/* addcount when last saved (0: never) */
	struct cache_ranges ranges;	/* the commits of each range read */
	struct cache_paths paths;	/* the directories each commit changes */
	/* the additions file (a light save's), read over the main file */
	uint8_t *abuf;		/* NULL when none was usable */
	size_t alen, abody, abody_end;
	const char *arejected;	/* why it was ignored (for tests), or NULL */
	struct blobfile_stamp aloaded;
	int whole;		/* the main file was written in this run: later saves
				   write it whole too */
};

#define CACHE_ADDED_SUFFIX "-added"	/* the additions file: the main file's name + this */

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
/* Take over an additions file's bytes (pure), after cache_load_buffer; one
 * that does not add to the loaded main file, or is damaged, is ignored
 * (abuf NULL, arejected set) and the main file's records and ranges stay. */
void cache_load_added_buffer(struct cache *c, uint8_t *buf, size_t len);
/* Read the file at path and its additions file, if any (a missing file is
 * an empty cache). */
void cache_load_file(struct cache *c, const char *path);
/* The record in slot k of the id table (from its length on), or NULL. */
const uint8_t *cache_slot_record(const struct cache *c, size_t k);

int cache_lookup(const struct cache *c, const uint8_t oid[20], struct cache_hit *out);
/* Decode the facts of a hit; 0, or -1 (then out is empty). */
int cache_facts(const struct cache_hit *h, struct msg_facts *out);

/* meta: the author and author time (its commit_time is `time`), or NULL. */
void cache_add(struct cache *c, const uint8_t oid[20], int64_t time, unsigned all_parents,
	       const uint8_t (*parents)[20], unsigned nparents, const struct commit_meta *meta,
	       const struct msg_facts *f);
/* A commit a walk only painted: its date and parents (cache/ranges.h).  A
 * full record of the same commit wins over it at the next save. */
void cache_add_headers(struct cache *c, const uint8_t oid[20], int64_t time,
		       unsigned all_parents, const uint8_t (*parents)[20], unsigned nparents);
/* The meta of a hit (author string to free). */
void cache_meta(const struct cache_hit *h, struct commit_meta *out);

/* The facts part of a record, for other cache files: put appends it;
 * get reads it back (0, or -1: then f holds what was read, to release). */
void cache_put_facts(struct wbuf *w, const struct msg_facts *f);
int cache_get_facts(struct rbuf *r, struct msg_facts *f);

/* The additions file of a light save (pure): the records of the loaded
 * additions and of this run (each id once, a full record rather than one
 * without facts) and the ranges not stored in the main file. */
uint8_t *cache_encode_added(const struct cache *c, size_t *len);
/* Encode everything (old records and new) into a fresh buffer (pure). */
uint8_t *cache_encode(const struct cache *c, size_t *len);
/* The same, with only the records of the commits of the ranges and of the
 * commits they painted, each once, a full record rather than one without
 * facts (what a save writes). */
uint8_t *cache_encode_kept(const struct cache *c, size_t *len);
/* Write the file when records, ranges or paths were added since it was
 * loaded or last saved (or a range's use must be recorded): lightly (above),
 * or whole: keep the ranges cache_ranges_settle() keeps and forget the
 * records of other commits; 0, or -1 with err set. */
/* A save is made under a lock of the git directory (blobfile_lock); when
 * another process saved the file since it was loaded, its records, ranges and
 * paths this cache lacks are taken first: two runs at once never leave less
 * than either kept. */
int cache_save(struct cache *c, const char *path, char *err, size_t errlen);
void cache_release(struct cache *c);

#endif
