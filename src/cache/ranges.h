/*
 * cache/ranges.h — the commits of each range read (BASE..TIP: their ids in
 * history order and their parents inside the range, as positions), kept in
 * the commit cache's file (cache/commits.h) so that a re-run of the same range walks
 * nothing and a range whose TIP moved forward walks only the new part
 * (git/range_read.h).  The commits' dates, parents and facts are the commit
 * cache's records.  Each range also lists the commits its walk painted
 * (reachable from BASE, read to tell the range's commits from BASE's
 * history): the commit cache keeps their dates and parents (records without
 * facts), so that extending the range repaints them without reading them.
 *
 * Which ranges a save keeps: every range used in this run; of the others,
 * those used within the last CACHE_RANGES_MAX_AGE saves of the file, at most
 * CACHE_RANGES_PER_BASE of one BASE (the most recently used).  The commit
 * cache then forgets the records no kept range holds, so the file is bounded
 * by the ranges a repository is asked about, not by every history ever read.
 * Decoding checks every range (each parent before its child, no range twice);
 * any doubt rejects the whole file.  Lookups and additions may come from
 * several threads.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_CACHE_RANGES_H
#define REGTRACE_CACHE_RANGES_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "base/codec.h"

#define CACHE_RANGES_MAX_AGE 32
#define CACHE_RANGES_PER_BASE 4
#define CACHE_RANGES_REFRESH 8	/* a range used this many saves ago is stamped again */

struct cache_range {
	uint8_t base[20], tip[20];
	uint64_t used;		/* the save of the file that last used it */
	uint32_t n;		/* commits */
	const uint8_t *oids;	/* n * 20 bytes, in history order */
	uint32_t *first;	/* n + 1: commit k's parents are par[first[k]..first[k + 1]) */
	uint32_t *par;		/* positions, each below its child's */
	uint32_t npainted;	/* commits its walk painted (above) */
	const uint8_t *painted;	/* npainted * 20 bytes */
	uint8_t *own;		/* the ids' storage when not in the loaded file */
	uint8_t *own_painted;	/* the painted ids' storage, likewise */
	int fresh;		/* used in this run */
	int stored;		/* as in the commit cache's main file (cache/commits.h): a light
				   save need not write it */
};

struct cache_ranges {
	struct cache_range **v;	/* never moved once added: readers keep pointers */
	size_t n, cap;
	uint64_t saves;		/* how many times the file was saved */
	int changed;		/* something to save: a new range, or an old stamp */
	pthread_mutex_t lock;
};

void cache_ranges_init(struct cache_ranges *r);
void cache_ranges_release(struct cache_ranges *r);

/* The ranges section of a file: decode (0, or -1: then r is empty; the ids
 * point into the buffer, which must outlive r) and encode. */
int cache_ranges_decode(struct cache_ranges *r, struct rbuf *in);
void cache_ranges_encode(const struct cache_ranges *r, struct wbuf *out);

/* (base, tip), marked used in this run; NULL when not cached. */
const struct cache_range *cache_ranges_use(struct cache_ranges *r, const uint8_t base[20],
					   const uint8_t tip[20]);
/* The cached range of base, other than (base, tip), with the most commits:
 * the one to extend; NULL when none. */
const struct cache_range *cache_ranges_of_base(struct cache_ranges *r, const uint8_t base[20],
					       const uint8_t tip[20]);
/* Add (base, tip), used in this run, taking over oids (n * 20 bytes), first
 * (n + 1), par and painted (npainted * 20 bytes, or NULL) (malloc'ed); a
 * range already there is kept, the new one freed. */
void cache_ranges_put(struct cache_ranges *r, const uint8_t base[20], const uint8_t tip[20],
		      uint32_t n, uint8_t *oids, uint32_t *first, uint32_t *par,
		      uint32_t npainted, uint8_t *painted);

/* Before a save: drop the ranges not kept (above) and stamp the used ones
 * with this save. */
void cache_ranges_settle(struct cache_ranges *r);
/* A light save (cache/commits.h) writes only the ranges not stored; it may be made
 * when settling would drop no range and no stored range used in this run is
 * due to be stamped again (CACHE_RANGES_REFRESH): 1 then.  Settling it
 * stamps only the fresh ranges not stored. */
int cache_ranges_light_ok(struct cache_ranges *r);
void cache_ranges_settle_light(struct cache_ranges *r);
/* Mark every range stored (the ranges of a main file just loaded or written). */
void cache_ranges_mark_stored(struct cache_ranges *r);
/* The bytes the ranges' section takes (cache_ranges_encode's), or, with
 * unstored, the section of the ranges not stored; encode the latter (with
 * the count of saves); decoding is cache_ranges_decode. */
size_t cache_ranges_size(const struct cache_ranges *r, int unstored);
void cache_ranges_encode_unstored(const struct cache_ranges *r, struct wbuf *out);
/* Take the ranges of `from` (a main file's light save, loaded over the main
 * file's ranges in r): each replaces r's range of the same BASE and TIP (its
 * stamp is newer), or is added; r's count of saves becomes from's.  -1 when
 * from's count of saves is below r's (then r is unchanged). */
int cache_ranges_overlay(struct cache_ranges *r, struct cache_ranges *from);

/* Copy into to the ranges of from it lacks, with their last use (another
 * run's save, merged before this one's: cache/commits.h). */
void cache_ranges_merge(struct cache_ranges *to, const struct cache_ranges *from);

#endif
