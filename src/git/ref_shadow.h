/*
 * ref_shadow.h — whether a short name reaches its tag the way git resolves
 * it, told once per run from the refs directories and packed-refs instead
 * of a ref lookup per name (git_reference_dwim stats and reads the loose
 * and packed refs of each rule it tries: a hundred range ends cost Open
 * vSwitch 400 system calls).
 *
 * git's order for a short name NAME (and libgit2's): NAME itself, then
 * refs/NAME, then refs/tags/NAME, ...  NAME itself is tried only when it is
 * a valid one-level name, which libgit2 takes only in capitals and '_' (as
 * HEAD or FETCH_HEAD), and refs/NAME only when a ref of that name exists.
 * So refs/tags/NAME, when it exists, is what NAME names exactly when NAME
 * has no '/', has a character other than a capital or '_', and no entry
 * of that name is in the refs directory of the git directory or of the
 * common one, nor a "refs/NAME" line in packed-refs.  Anything that cannot
 * be read, or another kind of name, leaves it to libgit2.
 */
#ifndef REGTRACE_REF_SHADOW_H
#define REGTRACE_REF_SHADOW_H

#include <stddef.h>

struct ref_shadow {
	char **names;	/* the entries of refs/, and the names of packed
			   refs directly under refs/ */
	size_t n, cap;
	int known;	/* all of them were read */
};

/* Read them for a repository's git directory and common directory (the
 * same, or NULL, outside a worktree). */
void ref_shadow_read(struct ref_shadow *s, const char *gitdir, const char *commondir);
/* 1 when NAME surely reaches refs/tags/NAME before any other ref (if that
 * one exists), 0 when only a ref lookup can tell. */
int ref_shadow_clear(const struct ref_shadow *s, const char *name);
void ref_shadow_release(struct ref_shadow *s);

#endif
