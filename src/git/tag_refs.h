/*
 * tag_refs.h — the refs under refs/tags/ read straight from the files of
 * git's files backend: the loose refs of COMMONDIR/refs/tags/ (and its
 * directories), then COMMONDIR/packed-refs, a loose ref hiding the packed
 * one of the same name, as git and libgit2 list them.  libgit2's iterator
 * stats, opens and reads each loose ref by its whole path, five system
 * calls each: 1,140 loose tags (refs fetched since the last `git gc`, or
 * a history made with `git tag`) cost it about 14 ms of a 70 ms warm run,
 * these three relative to an open directory (3.5 ms).
 *
 * Only the plain case is read here: every loose file exactly 40 lower-case
 * hex digits and a newline (what git and libgit2 write), every packed-refs
 * line a header comment (first line only), "<id> <name>" or a "^<id>" peel
 * line, every name one git accepts (git_reference_name_is_valid), each
 * name once.  Anything else (a symbolic ref, other content, a lock file,
 * a dot file, a symbolic link, a name git refuses, a file or directory
 * that cannot be read) gives 1: the caller then lists the refs through
 * libgit2, whose rules (what it skips, warns about or fails on) apply
 * unchanged.
 */
#ifndef REGTRACE_TAG_REFS_H
#define REGTRACE_TAG_REFS_H

#include <stddef.h>
#include <stdint.h>

struct tag_ref {
	char *name;		/* after "refs/tags/" */
	uint8_t id[20];		/* what the ref names */
};

struct tag_refs {
	struct tag_ref *v;	/* sorted by name (strcmp), each once */
	size_t n, cap;
};

/* 0 with every tag ref of commondir in *out (to release); 1 with *out
 * empty when the refs are not all plain (above) and only libgit2 can list
 * them. */
int tag_refs_read(const char *commondir, struct tag_refs *out);
void tag_refs_release(struct tag_refs *r);

#endif
