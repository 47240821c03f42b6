/*
 * tags.h — the repository's tags, read once per run and shared by every
 * reader (discovery, releases, the mainline), from any thread.
 *
 * Each tag that names a commit, directly or through annotated tags, with
 * that commit and its date: the tagger's for an annotated tag, else the
 * commit's.  A tag naming a tree or a blob is left out (doc/rules.md "Releases").
 * Names are sorted (strcmp).  Errors: NULL with a one-line message in err.
 */
#ifndef REGTRACE_TAGS_H
#define REGTRACE_TAGS_H

#include <stddef.h>
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
};

/* The tags of repo's repository (the same table for every handle on it). */
const struct tag_table *tags_of(git_repository *repo, char *err, size_t errlen);
/* The tag named name, or NULL. */
const struct tag_info *tags_find(const struct tag_table *t, const char *name);
/* Forget the table (at the end of a run). */
void tags_forget(void);

#endif
