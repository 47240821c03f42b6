/*
 * outside.h — what the repository says of the ids a range's messages name
 * that match none of its commits (core/identity.h, doc/dialects.md):
 *   - every revert id and Fixes id matching no commit: whether some object
 *     of the repository has that prefix (an id it does not know counts in
 *     fixes_outside_mainline);
 *   - a revert or Fixes id naming one commit of the repository, and an
 *     alias of a commit with several aliases that matches no other commit:
 *     that commit's own upstream ids (its message read with the project's
 *     rules), through which the census resolves the reference and tells a
 *     backport of a backport from a squashed backport.
 * Fills h->outside (sorted), and leaves h->resolver (core/history.h) built
 * for analyze(), which would build the same.  Read after the upstream ids are inferred
 * (infer.h), so that inferred ids count as matches.  Errors: RT_EFAIL
 * with a one-line message (an unreadable object database).
 *
 * The questions go through one outside_db for the whole run, which the
 * threads reading ranges share: the answers the packs gave an earlier run
 * (cache/outside.h: a pack added since is asked alone), the packs opened once
 * when an id is not among those answers, and the loose objects listed once
 * when an id's directory `objects/XX` exists.  With alternates, every id
 * is asked of the repository's whole database, and nothing is kept.
 */
#ifndef REGTRACE_OUTSIDE_H
#define REGTRACE_OUTSIDE_H

#include <stddef.h>
#include <git2.h>

#include "core/history.h"
#include "core/message.h"
#include "cache/outside.h"

#include <pthread.h>
#include <stdint.h>

struct oid_list {
	uint8_t (*v)[20];	/* sorted */
	size_t n, cap;
};

struct outside_db {
	struct askcache cache;
	char *cache_path;	/* NULL: nothing kept between runs */
	char *objects;		/* the objects directory */
	int packs_only;		/* asked of the packs, then the loose objects */
	struct ask_pack *packs;	/* the repository's now */
	int *is_new;		/* packs[i] is not in the cache's list */
	size_t npacks, nnew;
	uint8_t loose[256];	/* objects/XX may hold loose objects */
	pthread_mutex_t lock;	/* the rest, and cache.seen */
	int opened;		/* all, fresh: tried (fresh NULL: none added) */
	git_odb *all, *fresh;	/* every pack; those added since the cache's */
	int fresh_listed;	/* fresh_oids: the ids of fresh's packs */
	struct oid_list fresh_oids;
	int listed;		/* loose_oids: tried (loose_failed: ask the repository) */
	int loose_failed;
	struct oid_list loose_oids;
	int dirty;		/* the file to write differs from the one read */
};

/* Open db on the objects directory (NULL: no answer kept, every id asked of
 * the repository) and the cache file at cache_path (NULL: none), read
 * under the project's rules (cache_fingerprint()).  Reads directories and
 * that file only: no libgit2, so it may run in a thread of its own. */
void outside_db_open(struct outside_db *db, const char *objects, const char *cache_path,
		     uint64_t fingerprint);
int outside_read(git_repository *repo, const struct msg_rules *rules, struct history *h,
		 struct outside_db *db, char *err, size_t errlen);
/* The ids of asked (an outside_read's answers) asked again, as
 * outside_read asks them, into out (initialised; sorted): what the
 * repository says of them now.  Errors as outside_read's. */
int outside_ask_again(git_repository *repo, const struct msg_rules *rules,
		      const struct outside *asked, struct outside_db *db, struct outside *out,
		      char *err, size_t errlen);
/* Write the cache file when save and it changed (a failure only costs the
 * next run time), and release db. */
void outside_db_close(struct outside_db *db, int save);

#endif
