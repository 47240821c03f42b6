/*
 * packed_refs.h — a repository's packed-refs file (in its common
 * directory), mapped read-only for a scan of its "<id> <name>" lines
 * without libgit2, which parses every packed ref into its own tables first
 * (ref_shadow.h, replace.c).
 */
#ifndef REGTRACE_PACKED_REFS_H
#define REGTRACE_PACKED_REFS_H

#include <stddef.h>
#include <stdint.h>

/* 0 with *text and *len its bytes (NULL and 0 when there is no such file or
 * it is empty), to give back with blobfile_unmap; -1 when it is there but
 * cannot be read (not a regular file, unreadable): only libgit2 can tell. */
int packed_refs_map(const char *commondir, uint8_t **text, size_t *len);

#endif
