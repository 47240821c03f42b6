/*
 * lookup.h — one commit by name (`explain`): the full id of any revision
 * git understands (an id or a prefix of one, a tag, HEAD~2), and its
 * message as the walk reads it (walk.h: the raw object's, up to the first
 * NUL).  Errors: RT_EFAIL with a one-line message in err.
 */
#ifndef REGTRACE_LOOKUP_H
#define REGTRACE_LOOKUP_H

#include <stddef.h>
#include <git2.h>

int lookup_commit(git_repository *repo, const char *rev, char hex[41], char *err,
		  size_t errlen);
/* The commit rev names (*out, to free), peeling tags: "unknown revision
 * 'REV'" when it names nothing, "'REV' does not name a commit" for a tree or
 * a blob (the words a range's ends use too). */
int lookup_peel(git_repository *repo, const char *rev, git_commit **out, char *err,
		size_t errlen);
/* *msg is to free (NUL-terminated; *len without the NUL). */
int lookup_message(git_repository *repo, const char hex[41], char **msg, size_t *len,
		   char *err, size_t errlen);

#endif
