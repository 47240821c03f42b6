/*
 * probe.h — what kind of project a repository holds, for defaults that
 * depend on it (the report's commit links).
 */
#ifndef REGTRACE_PROBE_H
#define REGTRACE_PROBE_H

#include <git2.h>

/* 1 if the tree of commit tip_id (40 hex digits, or NULL) has MAINTAINERS
 * and Kbuild at the top, or some remote's URL contains "linux". */
int probe_is_linux(git_repository *repo, const char *tip_id);
/* 1 if some remote's URL contains word. */
int probe_remote_has(git_repository *repo, const char *word);

/* The URL of the remote "origin", else of the first remote in the
 * configuration (a new string: free() it), or NULL when there is none. */
char *probe_remote_url(git_repository *repo);

#endif
