/*
 * tree_diff.h — the directories of the files that differ between two trees
 * (git's raw tree objects), reading trees only, never a blob: entries are
 * matched by name in git's tree order, a file differs when its id or mode
 * does, and a subtree is read only when its id differs (every file of an
 * added or deleted subtree differs).  This is what a partial clone made
 * with `--filter=blob:none` holds.
 *
 * Each directory is given once, with a trailing '/' ("drivers/acpi/"), ""
 * for files at the top.  A path deeper than TREE_DIFF_DIR_MAX bytes counts
 * in its first directories that fit.  Pure: trees are read through the
 * caller's callback; a tree that cannot be read or parsed is an error.
 */
#ifndef REGTRACE_TREE_DIFF_H
#define REGTRACE_TREE_DIFF_H

#include <stddef.h>
#include <stdint.h>

#define TREE_DIFF_DIR_MAX 4000

/* Read tree oid: its bytes in *data, *len; *handle is passed back to
 * release.  0, or -1 (missing, not a tree). */
struct tree_source {
	int (*read)(void *ctx, const uint8_t oid[20], const uint8_t **data, size_t *len,
		    void **handle);
	void (*release)(void *ctx, void *handle);
	void *ctx;
};

struct tree_dirs {
	char **v;
	size_t n, cap;
};

/* The directories of the files that differ between trees a and b (either
 * NULL: the empty tree), added to dirs (each once); 0, or -1. */
int tree_diff_dirs(const struct tree_source *src, const uint8_t *a, const uint8_t *b,
		   struct tree_dirs *dirs);
void tree_dirs_release(struct tree_dirs *d);

/* One entry of a raw tree at *p: 1 (and *p moved past it), 0 at the end,
 * -1 when malformed. */
struct tree_entry {
	const char *name;
	size_t len;
	unsigned mode;
	const uint8_t *oid;
};
int tree_next(const uint8_t **p, const uint8_t *end, struct tree_entry *e);
/* git's order of tree entries (a subtree's name as if it ended in '/'). */
int tree_entry_cmp(const struct tree_entry *a, const struct tree_entry *b);

#endif
