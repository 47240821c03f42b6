/*
 * cache/tags.h — what each tag object (or commit) a tag ref names resolves
 * to, kept between runs (`regtrace-tags-cache` in the git directory), so
 * that a re-run reads no tag object.
 *
 * A record maps the id a ref names to the commit it leads to and the
 * tag's date (git/tags.h): both follow from that object's bytes alone, so a
 * record never goes stale.  The file also keeps the mainline's **line**
 * (series discovery, git/discover.c): a mainline tip and the first 8 bytes
 * of the id of every commit on that tip's first-parent line, which follow
 * from the tip alone.  The file is a magic line, a format number, the
 * version of regtrace, the records sorted by id (each id once), the line (a
 * flag, the tip, its commits' heads sorted, each once), and a seal
 * (codec.h); a file that fails any check is ignored whole.  A save keeps
 * exactly the records of the refs seen in the run and the line it used
 * (the one loaded when it used none), and writes only when that differs
 * from what was loaded.  Encoding and decoding are pure.
 */
#ifndef REGTRACE_CACHE_TAGS_H
#define REGTRACE_CACHE_TAGS_H

#include <stddef.h>
#include <stdint.h>

#define TAGCACHE_FORMAT 3u	/* the file's format (cache/tags.c tells each one's change) */

struct tag_record {
	uint8_t id[20];		/* what the ref names */
	uint8_t commit[20];	/* the commit it leads to */
	int64_t date;
};

/* A first-parent line: the heads of its commits, sorted, each once. */
struct tag_line {
	int has;
	uint8_t tip[20];
	uint8_t (*head)[8];
	size_t n;
};

struct tagcache {
	struct tag_record *v;	/* loaded: sorted by id */
	size_t n;
	struct tag_record *seen;	/* this run's, in any order */
	size_t nseen, cap;
	struct tag_line line;	/* loaded */
	struct tag_line line_seen;	/* this run's (has: one to save) */
	const char *rejected;	/* why a file was ignored, or NULL */
};

void tagcache_init(struct tagcache *c);
/* Decode a file's bytes (not taken over); a bad file leaves c empty. */
void tagcache_load_buffer(struct tagcache *c, const uint8_t *buf, size_t len);
void tagcache_load_file(struct tagcache *c, const char *path);
/* The record of id, or NULL; a record found counts as seen. */
const struct tag_record *tagcache_find(struct tagcache *c, const uint8_t id[20]);
/* A record learned by reading the objects. */
void tagcache_seen(struct tagcache *c, const uint8_t id[20], const uint8_t commit[20],
		   int64_t date);
/* Is commit on the line of tip (by the first 8 bytes of its id): the one
 * seen in this run (tagcache_line_seen) when it is tip's, else the loaded
 * one?  1 on, 0 off, -1 not known (no line of that tip). */
int tagcache_line_on(const struct tagcache *c, const uint8_t tip[20], const uint8_t commit[20]);
/* This run's line: tip and the heads of its commits (taken over, to free;
 * sorted and made unique here). */
void tagcache_line_seen(struct tagcache *c, const uint8_t tip[20], uint8_t (*head)[8], size_t n);
/* This run's line: tip's, whose first-parent line runs down to the loaded
 * line's tip through the commits of head (taken over, to free; the loaded
 * tip not among them): those heads merged into the loaded line's, which
 * stay sorted and unique, without copying or sorting the loaded ones again.
 * Without a loaded line, as tagcache_line_seen. */
void tagcache_line_extend(struct tagcache *c, const uint8_t tip[20], uint8_t (*head)[8],
			  size_t n);
/* The records seen, sorted, each once, and the line seen, as a file (to free). */
uint8_t *tagcache_encode(struct tagcache *c, size_t *len);
/* Write the file when the records seen are not those loaded: 0, or -1 with
 * err.  Only costs time when it fails. */
int tagcache_save(struct tagcache *c, const char *path, char *err, size_t errlen);
void tagcache_release(struct tagcache *c);

#endif
