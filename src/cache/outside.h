/*
 * cache/outside.h — what the packs answered about the ids named outside the
 * ranges (git/outside.h), kept between runs (`regtrace-outside-cache` in the
 * git directory), so that a re-run asks the packs nothing it asked before.
 *
 * An answer is how many objects of the packs have the id as a prefix
 * (none, one, several), the one's full id, and, once its message was read,
 * the upstream ids that message gives under the project's rules (whose
 * fingerprint the file keeps).  Loose objects are never in an answer: they
 * are asked every run.  The answers hold for the packs the file lists (by
 * name, which is a hash of the pack, and index size): while every one of
 * them is still there, a pack added since is asked alone and its answer
 * joined (ask_join()); a listed pack gone makes the file useless.
 *
 * The file is a magic line, a format number, the version of regtrace, the
 * fingerprint, the packs sorted, the answers sorted by id (each id once),
 * and a seal (codec.h); a file failing any check is ignored whole.  Pure:
 * no git; the only I/O is reading and writing the file.
 */
#ifndef REGTRACE_CACHE_OUTSIDE_H
#define REGTRACE_CACHE_OUTSIDE_H

#include <stddef.h>
#include <stdint.h>

#include "core/message.h"

#define ASKCACHE_FORMAT 2u	/* 2: the seal's hash in four chains */
#define ASK_PACK_NAME_MAX 100	/* "pack-<hash>.idx" */

enum ask_count { ASK_NONE, ASK_ONE, ASK_MANY };

struct ask_answer {
	uint8_t count;		/* enum ask_count */
	uint8_t oid[20];	/* ASK_ONE: the object (else zeros) */
};

struct ask_record {
	char id[MSG_ID_MAX + 1];	/* as named: 7..40 lower-case hex */
	struct ask_answer a;
	int read;		/* the object's message was read: aliases are its */
	char (*aliases)[MSG_ID_MAX + 1];	/* owned */
	size_t naliases;
};

struct ask_pack {
	char name[ASK_PACK_NAME_MAX + 1];
	uint64_t idx_size;
};

struct askcache {
	uint64_t fingerprint;
	struct ask_pack *packs;	/* loaded: what the answers are about, sorted */
	size_t npacks;
	struct ask_record *v;	/* loaded: sorted by id */
	size_t n;
	struct ask_record *seen;	/* this run's, in any order */
	size_t nseen, cap;
	const char *rejected;	/* why a file was ignored, or NULL */
	int loaded;		/* a file was read and kept (even one of no answer) */
};

/* b's answer joined to a's, for two disjoint sets of objects: several when
 * the two found different objects (one object found twice is one). */
void ask_join(struct ask_answer *a, const struct ask_answer *b);
/* The answer of a sorted array of object ids for hex prefix id. */
void ask_in_oids(const uint8_t (*oids)[20], size_t n, const char *id, struct ask_answer *a);

void askcache_init(struct askcache *c, uint64_t fingerprint);
/* Decode a file's bytes (not taken over); a bad file leaves c empty. */
void askcache_load_buffer(struct askcache *c, const uint8_t *buf, size_t len);
void askcache_load_file(struct askcache *c, const char *path);
/*
 * Compare the loaded packs with those of the repository now (cur, any
 * order): is_new[i] says whether cur[i] came since.  Returns how many did,
 * or SIZE_MAX when a loaded pack is gone (the loaded answers are then
 * dropped, and every cur[i] is new).
 */
size_t askcache_new_packs(struct askcache *c, const struct ask_pack *cur, size_t n,
			  int *is_new);
/* The loaded answer for exactly id, or NULL. */
const struct ask_record *askcache_find(const struct askcache *c, const char *id);
/* An answer of this run (copied, with its aliases). */
void askcache_seen(struct askcache *c, const struct ask_record *r);
/* Move from's records seen to c's (from keeps none). */
void askcache_take_seen(struct askcache *c, struct askcache *from);
/* The file for packs: the answers seen, and, with keep_loaded, the loaded
 * ones not seen (to free). */
uint8_t *askcache_encode(struct askcache *c, const struct ask_pack *packs, size_t npacks,
			 int keep_loaded, size_t *len);
void askcache_release(struct askcache *c);

#endif
