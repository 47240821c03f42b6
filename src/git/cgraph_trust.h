/*
 * cgraph_trust.h — may a commit-graph file be used?  Only when its trailing
 * SHA-1 (gitformat-commit-graph: the hash of every byte before it) holds: a
 * flipped byte in a parent field parses fine and changes every count (a
 * systemd-stable range read 4,769 commits instead of 924).
 *
 * Hashing costs about 0.6 ms a MB here (libcrypto; 6 ms with a portable
 * loop): a file found sound is remembered by its
 * path, size, modification time (ns), inode and checksum, in this process and
 * in the git directory's `regtrace-graph-checked` (text, one line a file), so
 * that later runs hash it again only once it changed.  What is not covered:
 * a change that keeps size, mtime and inode (touch -r after an edit in
 * place), which git's own writer never makes.  Thread-safe (one lock);
 * nothing printed; a side file that cannot be read or written only costs a
 * hash.
 */
#ifndef REGTRACE_CGRAPH_TRUST_H
#define REGTRACE_CGRAPH_TRUST_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#define CGRAPH_TRUST_FILE "regtrace-graph-checked"

/* 1 when the file at path (st: its fstat; data, len: its bytes) may be
 * used; gitdir (with its final '/') holds the side file. */
int cgraph_trusted(const char *gitdir, const char *path, const struct stat *st,
		   const uint8_t *data, size_t len);
/* SHA-1 of data[0..len-20) equals data[len-20..len) (pure). */
int cgraph_checksum_ok(const uint8_t *data, size_t len);

#endif
