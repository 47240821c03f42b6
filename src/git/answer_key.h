/*
 * answer_key.h — the state of a repository that a command's output depends
 * on, as bytes for an answer's key (cache/answers.h, cmd/replay.h).
 *
 * Objects are named by their hash, so the history a run reads is fixed by
 * the refs; what else it reads is taken too:
 *   - the repository's paths (git directory, common directory, work tree);
 *   - the refs, as the files that hold them, with their bytes: the
 *     pseudo-refs (HEAD, FETCH_HEAD, ...) and loose refs of the git
 *     directory and of the common one (git replace refs included), and
 *     packed-refs: a moved branch or tag, a new or deleted one, gives
 *     another key;
 *   - every setting in effect (git_config_foreach over a snapshot: all
 *     levels, includes followed), and the work tree's .regtrace file;
 *   - the grafts file and the shallow file, as bytes;
 *   - the object store as a listing: each pack file's name, size and time,
 *     and the time of each loose-object directory (an object added or
 *     removed changes its directory's time).  Ids a message names outside
 *     the ranges are looked up in the whole store (an abbreviated id may
 *     become ambiguous without any ref moving), and a partial clone may
 *     receive a missing object later: both show in the listing.
 * A repository whose store borrows another's (objects/info/alternates) has
 * no key: the other store could change unseen.  Not held: git attributes
 * (.gitattributes, info/attributes), which can make a file of a tie's diff
 * binary; the inference cache keeps the patch-ids of ties without them too
 * (cache/infer.h).
 */
#ifndef REGTRACE_ANSWER_KEY_H
#define REGTRACE_ANSWER_KEY_H

#include <git2.h>

#include "base/codec.h"

/* Append repo's state to w: 0, or -1 when it has no key (alternates, refs
 * or settings that cannot be read). */
int answer_key_repo(git_repository *repo, struct wbuf *w);

/* The same but for the paths, the refs and the object store's listing:
 * the settings, grafts, shallow and .regtrace, what a series' summary is
 * kept under besides its own range (load/series_set.c; a copy of the
 * repository elsewhere has the same).  -1 where the store borrows
 * another's (alternates), or something cannot be read. */
int answer_key_settings(git_repository *repo, struct wbuf *w);

#endif
