/*
 * pack_commits.h — the commit objects of one pack read straight from its
 * files, without libgit2: the index (version 2) and the pack mapped
 * read-only, the commits found in pack order (git writes a pack's commits
 * first, newest first, then its trees and blobs), each inflated with
 * libdeflate (whole-buffer: the pack says each object's size; on git/git's
 * 80,844 commits stored whole 3.4 µs a commit against zlib's 4.9).
 *
 * Why: without a commit-graph, discovery learns the mainline's
 * first-parent line one commit at a time (each object inflated to learn its
 * parent), with nothing else able to start; a second thread reading the
 * packs' commits oldest first (pack_prefetch.h) meets it half-way.  libgit2
 * 1.5 takes a lock of the object database and the global pack-window lock
 * at every read, so a second reader through it mostly waits.
 *
 * A commit stored as a delta (by offset or by id: Open vSwitch's 3,311 of
 * 33,791, git/git's 14,778 of 203,352, chains of 6 at most) is given too:
 * its base read the same way, the delta applied (each went through
 * libgit2's locks and zlib: 7% of a cold Open vSwitch run).  The commits
 * listed for a reader (pack_file_commits) are those stored whole.  Any
 * doubt gives nothing: a delta that does not fit its base or make the size
 * it says, a base that is no commit, not in the pack, or deeper than
 * DELTA_DEPTH_MAX (pack_commits.c), a file that is not
 * what its header says, an index whose fan-out decreases, an offset outside
 * the pack, a pack whose trailing checksum is not the one its index names,
 * a size over PACK_COMMIT_MAX, an object whose zlib stream does not end
 * where its size says or fails its check.  What is given is the object's
 * bytes as libgit2 would give them; what is not is read as before, and
 * libgit2 reports the damage.
 */
#ifndef REGTRACE_PACK_COMMITS_H
#define REGTRACE_PACK_COMMITS_H

#include <stddef.h>
#include <stdint.h>

#define PACK_COMMIT_MAX ((size_t)16 << 20)	/* bytes: a commit larger is left */
/* Trees and blobs in a row that end a pack's commits.  A pack git repacks
 * (gc) writes the objects tags name among its commits, tags' trees and
 * blobs too (git/git's junio-gpg-pub, Linux's v2.6.11-tree): stopping at
 * the first of them left 2,192 of git/git's 85,361 commits to read. */
#define PACK_TIPS_RUN 32

struct pack_file {
	const uint8_t *idx, *pack, *rev;	/* rev: the .rev file's, or NULL */
	size_t idxlen, packlen, revlen;
	uint32_t n;			/* objects */
	size_t nlarge;			/* 8-byte offsets in the index */
	int mapped;			/* the files are mapped (pack_file_close unmaps) */
};

/* Map the pack of index file idx_path (and its .rev, when there is one)
 * and check them (above): 0, or -1 with nothing mapped. */
int pack_file_open(struct pack_file *p, const char *idx_path);
/* The same over bytes the caller holds (borrowed; rev may be NULL); on -1, p
 * is zeroed (no objects). */
int pack_file_from(struct pack_file *p, const void *idx, size_t idxlen, const void *pack,
		   size_t packlen, const void *rev, size_t revlen);
void pack_file_close(struct pack_file *p);

/* The id of the object at index position pos (< p->n). */
const uint8_t *pack_file_oid(const struct pack_file *p, uint32_t pos);

/* The index position of the object oid, or -1 when the pack lacks it. */
int64_t pack_file_find(const struct pack_file *p, const uint8_t oid[20]);

/* The index positions of the pack's commits stored whole, in pack order,
 * up to its first run of PACK_TIPS_RUN trees and blobs: how many, *out set
 * (to free; NULL when none).  Pack order is the .rev file's when it holds,
 * else the offsets sorted. */
size_t pack_file_commits(const struct pack_file *p, uint32_t **out);

/* A reader's state: its decompressor, and the buffer of the last object
 * read. */
struct pack_reader {
	void *dec;		/* libdeflate's decompressor */
	char *buf;
	size_t cap;
};

/* The commit at index position pos inflated (its delta applied) into r->buf:
 * its length, or -1 (no commit, or damaged: above).  r starts zeroed. */
long pack_read_commit(const struct pack_file *p, uint32_t pos, struct pack_reader *r);
void pack_reader_release(struct pack_reader *r);

#endif
