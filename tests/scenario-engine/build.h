/*
 * build.h — make the git repository that a parsed scenario describes, as
 * FORMAT.md says: fixed author, committer and dates, so every build of a
 * scenario gives the same ids.
 *
 * build_repo() creates a fresh non-bare repository at dir (which must not
 * exist or be empty) and fills ids with the id of every commit.  Errors come
 * back as -1 with a one-line message in err ("line N: ..." when a line of
 * the scenario is at fault); nothing here prints or exits.  Each call
 * initialises and shuts down libgit2 itself.
 */
#ifndef REGTRACE_SCENARIO_BUILD_H
#define REGTRACE_SCENARIO_BUILD_H

#include <stddef.h>

#include "scenario.h"

struct build_ids {
	char (*hex)[SCENARIO_HEX + 1];	/* hex[n]: commit n, whose label
					 * is scenario_label(s, n) */
	size_t n;
};

/* Read a whole file into a fresh NUL-ended *buf (free() it); err gets
 * strerror() alone, the caller names the file. */
int build_read_file(const char *path, char **buf, size_t *len,
		    char *err, size_t errlen);

/* Read and parse the scenario file at path. */
int build_load(const char *path, struct scenario *out, char *err,
	       size_t errlen);

int build_repo(const struct scenario *s, const char *dir,
	       struct build_ids *ids, char *err, size_t errlen);

/* The label whose id is hex (any case), or NULL. */
const char *build_ids_label(const struct scenario *s,
			    const struct build_ids *ids, const char *hex);

void build_ids_release(struct build_ids *ids);

#endif
