/*
 * cache/infer.h — what the upstream inference (git/infer.h) reads of single
 * commits, kept between runs (`regtrace-infer-cache` in the git directory),
 * so that a re-run reads no candidate and compares no patch it had:
 *
 * - a candidate: a mainline commit whose identity key matched a series
 *   commit's, by its id: its author's email (as core/graph.h keeps it) and
 *   its subject (core/message.h), which the inference compares;
 * - a tie: a series commit and the candidates it was compared with (a key
 *   hashed from their ids, git/infer.c) and the candidate whose patch has
 *   the commit's patch-id, or no id (zeros) when none or several have it;
 * - a path group: a commit and one group of the paths its change touches (a
 *   key hashed from both, git/patch_compare.h) and that part's patch-id,
 *   which a tie with other candidates compares again.
 *
 * Each follows from commit ids alone (their bytes, their trees and their
 * parents'): a record never goes stale; a tie with another candidate is
 * another key.  What git would replace is another matter: the run opens no
 * inference cache where git replaces commits (refs/replace/, grafts), as
 * for the mainline cache.  A tie whose patches could not be read (a partial
 * clone's missing blob) is never kept.
 *
 * The file is a magic line, the format and tool versions, the candidates
 * sorted by id (each once), the ties, then the path groups, each sorted by
 * key (each once), and a seal (codec.h); a file that fails any check is
 * ignored whole, never half trusted.  Records are added, never dropped: the file is bounded by the
 * mainline commits that share an author and subject with a series commit,
 * and the ties among them.  A save writes only when something was added,
 * atomically, under a lock of the git directory, keeping what another run
 * saved since this one loaded the file.  Safe to share between threads.
 * Pure: no libgit2.
 */
#ifndef REGTRACE_CACHE_INFER_H
#define REGTRACE_CACHE_INFER_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "base/blobfile.h"
#include "base/oidmap.h"

#define INFERCACHE_FORMAT 3u

struct infer_candidate {
	uint8_t oid[20];
	char *email;		/* graph_author_make's email, never NULL */
	char *subject;		/* msg_facts.subject, never NULL */
};

/* A key and the 20 bytes kept by it: a tie's winner (zeros: none), a
 * path group's patch-id. */
struct infer_pair {
	uint8_t oid[20];	/* the key */
	uint8_t val[20];
};

/* Such records, each key once, found by key. */
struct infer_pairs {
	struct infer_pair *rec;
	size_t n, cap;
	struct oidtab at;
};

struct infercache {
	struct infer_candidate *cand;
	size_t ncand, cand_cap;
	struct oidtab cand_at;	/* by the first 8 bytes of the id */
	struct infer_pairs ties;
	struct infer_pairs groups;	/* path groups */
	struct infer_pairs blobs;	/* this run's blob line sums (never saved) */
	int dirty;		/* records were added since loading */
	const char *rejected;	/* why a file was ignored (for tests), or NULL */
	struct blobfile_stamp loaded;	/* the file as it was loaded */
	pthread_mutex_t lock;
};

void infercache_init(struct infercache *c);
/* Decode a file's bytes (not taken over); a bad file leaves c empty. */
void infercache_load_buffer(struct infercache *c, const uint8_t *buf, size_t len);
/* The file at path, if any (a missing file is an empty cache). */
void infercache_load_file(struct infercache *c, const char *path);

/* The candidate whose id begins with the 8 bytes head: 1 and copies of its
 * id, email and subject (to free) when exactly one record begins so, else
 * 0 (none, or several: then the repository is asked). */
int infercache_candidate(struct infercache *c, const uint8_t head[8], uint8_t oid[20],
			 char **email, char **subject);
void infercache_add_candidate(struct infercache *c, const uint8_t oid[20], const char *email,
			      const char *subject);
/* The winner of tie key into winner (zeros: none): 1, or 0 when not kept. */
int infercache_tie(struct infercache *c, const uint8_t key[20], uint8_t winner[20]);
void infercache_add_tie(struct infercache *c, const uint8_t key[20], const uint8_t winner[20]);
/* The patch-id of path group key into pid: 1, or 0 when not kept. */
int infercache_group(struct infercache *c, const uint8_t key[20], uint8_t pid[20]);
void infercache_add_group(struct infercache *c, const uint8_t key[20], const uint8_t pid[20]);
/* Blob oid's line sum (core/line_balance.h) as this run worked it out: 1
 * with *sum and *text (0: the diff may take the blob for binary, no sum),
 * or 0 when not; kept for the run only (a blob is read once however many
 * ties compare it), never saved. */
int infercache_blob_lines(struct infercache *c, const uint8_t oid[20], uint64_t *sum, int *text);
void infercache_add_blob_lines(struct infercache *c, const uint8_t oid[20], uint64_t sum,
			       int text);

uint8_t *infercache_encode(struct infercache *c, size_t *len);
/* Write the file when records were added; 0, or -1 with err set. */
int infercache_save(struct infercache *c, const char *path, char *err, size_t errlen);
void infercache_release(struct infercache *c);

#endif
