/*
 * pack_set.h — the commits of a repository's packs, read by any thread
 * without libgit2.
 *
 * libgit2 1.5 takes the process's one pack-window lock at every object
 * read, so threads that walk history through it (the series' walks, the
 * mainline's message readers: each with a handle of its own) still take
 * turns.  Here the packs of objects/pack are mapped once (pack_commits.h)
 * and a commit stored whole is inflated by the calling thread, with a
 * decompressor of its own.  Anything else (a commit stored as a delta, a loose
 * object, an alternate's, a pack added since, damage) gives nothing: the
 * caller reads it through libgit2, which reports what is wrong.  The bytes
 * are the object's, as libgit2 gives them; they are not hashed (libgit2 is
 * told not to either: library.c).  One repository at a time.
 */
#ifndef REGTRACE_PACK_SET_H
#define REGTRACE_PACK_SET_H

#include <stddef.h>
#include <stdint.h>

/* The bytes of commit oid of the repository whose common git directory is
 * commondir (with its final '/'), when one of its packs holds it whole: a
 * buffer to free (a '\0' after the object), *len set; else NULL.  The packs
 * are mapped at the first call; a call for another repository gives NULL. */
char *pack_set_read_commit(const char *commondir, const uint8_t oid[20], size_t *len);

/* The packs of the same repository, mapped as pack_set_read_commit maps
 * them (at the first call of either): *n of them, in the directory's order;
 * NULL when none or another repository's are mapped.  Valid until
 * pack_set_clear. */
struct pack_file;
const struct pack_file *pack_set_packs(const char *commondir, size_t *n);

/* Unmap the packs (the next call maps them again).  Not while another
 * thread reads (the packs' reader, pack_prefetch.h, is stopped first). */
void pack_set_clear(void);

#endif
