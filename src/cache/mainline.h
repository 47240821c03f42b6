/*
 * cache/mainline.h — what regtrace learned of the mainline between two of its
 * tags, kept between runs so that `unfixed` and `stats --mainline` read
 * only the mainline commits of segments they have not seen.
 *
 * A segment is the history TO ^FROM (TO a mainline tag, or the branch tip
 * for the tail after the last tag): how many commits it has, the commits
 * that name others (their facts, as core/unfixed.h keeps them: stripped,
 * core/mainline.h, so a file naming a mention is corrupt), in walk order,
 * and for every commit, in walk order, the first 8 bytes of its id and its
 * identity key (core/identity.h: author and subject, for inferring upstream
 * ids) — 12 bytes a commit.  A segment whose FROM turned out no ancestor of
 * its TO (the walk found FROM no parent of its commits) is kept as such,
 * with nothing else, so that a chain broken there is not walked again.  A
 * base's own mainline (a base off the mainline: git/mainline_alone.h) is a
 * tail of its own kind, never taken for a link of a chain, with the date and
 * id of its greatest commit by (committer date, id) (28 bytes after the
 * flags).  A tail read by a walk (a chain's, or a base's own that holds its
 * arrays rather than ending the longest one's) keeps its commits' committer
 * dates too (8 bytes each, after the identities), so that the run after its
 * branch moved on walks the new commits alone (git/mainline_extend.h).  The file (`regtrace-mainline-cache` in the git directory) holds a
 * magic line, the format and tool versions, the facts of the commits the
 * bases' own tails name others in (each commit once, however many of these
 * nested tails hold it; a tail names their places), the segments (a base's
 * own tail that ends the longest one of its tip, segment_ends, as that
 * one's index: format 10), and a
 * checksum of all that precedes it (codec.h); a file that fails any check
 * is ignored whole, never half trusted.  A tail segment replaces the older tail that
 * starts at the same tag, so moving branches do not pile up.
 * Pure: no libgit2; segcache_save writes atomically (atomic_file.h).
 */
#ifndef REGTRACE_CACHE_MAINLINE_H
#define REGTRACE_CACHE_MAINLINE_H

#include <stddef.h>
#include <stdint.h>

#include "base/blobfile.h"
#include "core/message.h"

struct seg_fix {
	uint8_t oid[20];
	struct msg_facts facts;
	int shared;		/* facts borrowed from the cache's pool of the bases'
				   tails' facts (struct segcache's pools): never freed
				   with the segment, nor to be taken over */
};

/* The facts of the bases' own tails as a file holds them, each commit's once
 * (the tails name their places: cache/mainline.c), kept while the cache is. */
struct seg_pool {
	struct seg_fix *v;
	size_t n;
};

struct segment {
	uint8_t from[20], to[20];
	int tail;		/* to is a branch tip, not a tag */
	int broken;		/* from is no parent of a commit of TO ^FROM (no
				   link of a chain: mainline_read.h); then
				   nothing else is kept */
	int alone;		/* a base's own mainline (git/mainline_alone.h):
				   TO ^FROM, FROM not checked as a link */
	int64_t newest;		/* alone: its last commit in history order's */
	uint8_t newest_id[20];	/* committer date and id (the greatest of all) */
	uint32_t ncommits;
	struct seg_fix *v;
	size_t n, cap;
	uint8_t (*ident_oid)[8];	/* ncommits of them, or NULL when none */
	uint32_t *ident_key;
	int64_t *time;		/* a tail read by a walk (a chain's, a base's
				   own): each commit's committer date, in walk
				   order (so that the next run extends it:
				   git/mainline_extend.h); else NULL */
	int borrowed;		/* v, ident_oid, ident_key and time are the end of an
				   owner's (struct segcache's owners), shared with
				   the other segments that end it: read them only,
				   their facts too (segment_own before growing) */
};

#define SEGCACHE_FORMAT 13u	/* the file's format (cache/mainline.c tells each one's change) */

struct segcache {
	struct segment *v;
	size_t n, cap;
	int dirty;		/* segments were added since loading */
	const char *rejected;	/* why a file was ignored (for tests), or NULL */
	const char *path;	/* the file it was loaded from and is saved to
				   (borrowed), or NULL */
	struct blobfile_stamp loaded;	/* the file as it was loaded (see segcache_save) */
	struct seg_pool *pools;	/* the pools the tails' shared facts point into
				   (the file's, and those of files merged) */
	size_t npools;
	struct segment *owners;	/* the arrays borrowed segments end, each
				   released with the cache */
	size_t nowners, owners_cap;
};

void segcache_init(struct segcache *c);
/* Read a file's bytes (not taken over); a bad file leaves the cache empty. */
void segcache_load_buffer(struct segcache *c, const uint8_t *buf, size_t len);
/* The file at path, if any (a missing file is an empty cache); path is
 * kept (borrowed) as where to save. */
void segcache_load_file(struct segcache *c, const char *path);

/* The segment TO ^FROM of a chain (a link, or a broken one), or NULL. */
struct segment *segcache_find(struct segcache *c, const uint8_t from[20], const uint8_t to[20]);
/* The base's own mainline TO ^FROM (segment.alone), or NULL. */
struct segment *segcache_find_alone(struct segcache *c, const uint8_t from[20],
				    const uint8_t to[20]);
/* A chain's tail from FROM to any tip, or NULL. */
struct segment *segcache_find_tail_from(struct segcache *c, const uint8_t from[20]);
/* The base's own mainline from FROM to any tip, or NULL. */
struct segment *segcache_find_alone_from(struct segcache *c, const uint8_t from[20]);
/* Take s over (s is left empty); the cache becomes dirty.  A tail replaces
 * the tail of the same kind (alone or not) that starts where it does. */
void segcache_add(struct segcache *c, struct segment *s);

uint8_t *segcache_encode(const struct segcache *c, size_t *len);
/* Write the file when dirty; 0, or -1 with err set.  As cache_save: under a
 * lock of the git directory, keeping the segments another process saved
 * since this cache was loaded (a tail of ours wins over one of theirs that
 * starts at the same tag). */
int segcache_save(struct segcache *c, const char *path, char *err, size_t errlen);
/* The same, written by a thread of its own (cache/save.h: cache_file_save_
 * soon): c may change as soon as this returns, and must last until
 * cache_writes_wait(). */
int segcache_save_soon(struct segcache *c, const char *path, char *err, size_t errlen);
void segment_release(struct segment *s);
/* Make s own its arrays before growing them: copies of a borrowed
 * segment's, their facts then borrowed (seg_fix.shared) from the owner. */
void segment_own(struct segment *s);
/* s's arrays become c's, shared: s and any segment that ends it may
 * borrow them (segment.borrowed) for as long as c lives. */
void segcache_hold(struct segcache *c, struct segment *s);
void segcache_release(struct segcache *c);
/* Is s the end of l: its commits (identities: first 8 bytes and key) and
 * its commits naming others (ids) l's last ones, in the same order?  Then
 * what s holds is what l holds from there on (the file keeps such a base's
 * own tail as a reference to the longer one: format 10; and a base's own
 * mainline is borrowed from the longer one's: git/mainline_read.h). */
int segment_ends(const struct segment *s, const struct segment *l);

#endif
