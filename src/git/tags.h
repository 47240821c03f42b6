/*
 * tags.h — the repository's tags, read once per run and shared by every
 * reader (discovery, releases, the mainline), from any thread.
 *
 * Each tag that names a commit, directly or through annotated tags, with
 * that commit and its date: the tagger's for an annotated tag, else the
 * commit's.  A tag naming a tree or a blob is left out (doc/rules.md "Releases").
 * Names are sorted (strcmp).  A ref under refs/tags/ whose name git would
 * refuse (git_reference_name_is_valid: "refs/tags/lo ose", "refs/tags/a..b")
 * is skipped, as git skips it, and counted in nskipped (the caller warns:
 * nothing here prints).  Errors: NULL with a one-line message in err, for
 * any failure to list the refs or to read a tag (a tag whose object is
 * missing, say): never an empty or partial table.
 */
#ifndef REGTRACE_TAGS_H
#define REGTRACE_TAGS_H

#include <stddef.h>
#include <stdint.h>

#include "base/oidmap.h"
#include "core/release.h"
#include <stdint.h>
#include <git2.h>

struct tag_info {
	char *name;
	git_oid commit;
	int64_t date;
};

struct tag_table {
	struct tag_info *v;
	char **names;		/* v[i].name, as release.h takes them */
	size_t n;
	size_t nskipped;	/* refs/tags/ refs with invalid names, skipped */
	char *skipped;		/* the first of them (full ref name), or NULL */
	struct tag_index fold;	/* names by prefix, any case (core/release.h) */
	uint32_t *by_commit;	/* the indexes of v, by commit id, then index */
	struct oidmap at;	/* a commit id -> its first place in by_commit */
};

/* The tags of t on commit oid (indexes of t->v, increasing): *n of them
 * from the returned place.  Built once per table: a range's tags cost the
 * range's commits, not the repository's tags. */
const uint32_t *tags_on(const struct tag_table *t, const uint8_t oid[20], size_t *n);

/* The tags of repo's repository (the same table for every handle on it). */
const struct tag_table *tags_of(git_repository *repo, char *err, size_t errlen);
/* The table read so far in this run, or NULL: never reads the repository. */
const struct tag_table *tags_loaded(void);
/* The tag named name, or NULL. */
const struct tag_info *tags_find(const struct tag_table *t, const char *name);
/* 1 with *commit set when rev names, as git resolves a name (a full id
 * first, then git_reference_dwim's refs in git's order), a tag of repo's
 * table: its commit as the table has it, no object read; else 0, and rev is
 * to be resolved the usual way (an id, another ref, a tag of no commit, a
 * revision such as v1.0~2, a table that cannot be read, rev NULL).  The commit's
 * object is not looked at (a walk from it reads it). */
int tags_commit_of(git_repository *repo, const char *rev, git_oid *commit);
/* The tags cache's first-parent line of the mainline (cache/tags.h), when
 * the table was read with that cache (none with replacements): is commit
 * on the first-parent line of tip?  1 on, 0 off, -1 not known. */
int tags_line_on(const uint8_t tip[20], const uint8_t commit[20]);
/* The tip of the line the tags cache holds into tip: 1, or 0 for none. */
int tags_line_tip(uint8_t tip[20]);
/* The line this run used (head taken over), for the cache to keep. */
void tags_line_seen(const uint8_t tip[20], uint8_t (*head)[8], size_t n);
/* The same, when tip's line runs down to the line the cache holds through
 * the commits of head (taken over): theirs and that line's
 * (tagcache_line_extend). */
void tags_line_extend(const uint8_t tip[20], uint8_t (*head)[8], size_t n);
/* Forget the table (at the end of a run). */
void tags_forget(void);
/* Take what each tag ref names from the tags cache of repo's git directory
 * (cache/tags.h) when tags_of reads that repository; tags_cache_close()
 * saves what the run saw when save is set (only costs time when it cannot)
 * and forgets it. */
void tags_cache_open(git_repository *repo);
void tags_cache_close(int save);

#endif
