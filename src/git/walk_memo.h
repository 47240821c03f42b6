/*
 * walk_memo.h — the dates and parents of the commits this process read
 * from their objects, so that a later walk that only paints them (walk.h:
 * a commit reachable from what a range hides needs no message) takes them
 * from memory instead of inflating the object again.
 *
 * A whole-repository run walks the series' ranges, then the mainline's
 * segments (in parallel groups), then the bases' own mainlines: each walk
 * paints history below its bases that another walk read before (on
 * git/git, without a commit-graph, three commits painted for one in a
 * range: doc/performance.md).  Each commit's date and parents follow from
 * its id alone, so an entry never goes stale; entries are kept for the
 * repository of the first walk (its common git directory: a walk of
 * another repository starts the memo afresh), at most WALK_MEMO_MAX
 * commits, and never for a commit git replace or a graft changes (the
 * walker asks neither for those).  The objects of painted commits are kept
 * whole too (within a budget), so that a walk that wants one in a range
 * parses those bytes instead of inflating the object a second time.  Safe
 * to share between threads.
 */
#ifndef REGTRACE_WALK_MEMO_H
#define REGTRACE_WALK_MEMO_H

#include <stddef.h>
#include <stdint.h>

#define WALK_MEMO_MAX (1u << 18)	/* commits: about 20 MB at most */
/* Bytes of objects kept whole: git/git's 85,000 commits are 62 MB. */
#define WALK_MEMO_RAW_MAX ((size_t)64 << 20)

/* Keep commit oid of gitdir's repository: its committer date, its parent
 * count in the object and the first nparents of them; and, when raw is not
 * NULL, its object's bytes raw[0..len) (copied), while those kept stay
 * within WALK_MEMO_RAW_MAX, the bytes taken before freed for them, oldest
 * taken first: a commit a walk painted is often one the next walk wants in
 * a range, with its message (walk_memo_take_raw). */
void walk_memo_put(const char *gitdir, const uint8_t oid[20], int64_t time,
		   unsigned all_parents, const uint8_t (*parents)[20], unsigned nparents,
		   const void *raw, size_t len);
/* The same, the bytes *bytes[0..len) (from malloc) kept as they are: *bytes
 * set to NULL when kept, else left to the caller to free; bytes NULL or
 * *bytes NULL: none. */
void walk_memo_give(const char *gitdir, const uint8_t oid[20], int64_t time,
		    unsigned all_parents, const uint8_t (*parents)[20], unsigned nparents,
		    char **bytes, size_t len);
/* A copy of the bytes of commit oid's object, when kept: to free, *len
 * set; else NULL.  The bytes stay until new ones need their room (the
 * first taken go first): a commit in a series' range that is on the
 * mainline too (a fix merged both ways) is wanted by two walks.  Once the
 * memo holds WALK_MEMO_MAX commits no new bytes come, so none would ever
 * need that room: the bytes themselves are given then, and forgotten (a
 * second walk that wants them inflates the object again; on the merges
 * bench at full size, 1 of 45,723 objects). */
char *walk_memo_take_raw(const char *gitdir, const uint8_t oid[20], size_t *len);
/* The same, when kept: 1 with *time, *all_parents, *nparents and
 * parents[0..*nparents) (room for 256) set; 0 when not. */
int walk_memo_get(const char *gitdir, const uint8_t oid[20], int64_t *time,
		  unsigned *all_parents, uint8_t (*parents)[20], unsigned *nparents);
/* Whether commit oid of gitdir's repository is kept. */
int walk_memo_has(const char *gitdir, const uint8_t oid[20]);
/* Whether the memo holds WALK_MEMO_MAX commits: the walks read a history
 * that big. */
int walk_memo_full(void);
/* A phase of walks done: when the memo is full, the heaps' free pages given
 * back to the kernel (base/heap.h: each phase of a run that big leaves tens
 * of MB free in the threads' heaps); else nothing. */
void walk_memo_phase_done(void);
/* Forget everything (the memory given back, and the heaps' free pages with
 * it when the memo was full). */
void walk_memo_clear(void);

#endif
