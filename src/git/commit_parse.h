/*
 * commit_parse.h — the header of a raw commit object, as git writes it:
 *
 *   tree <hex>\n  (parent <hex>\n)*  author ...\n  committer <who> <time> <tz>\n
 *   (other headers, continuation lines starting with a space)*  \n  message
 *
 * commit_parse() finds the parents, the committer time, the author (name,
 * email, time) and the message in a buffer it does not copy.  Pure: no libgit2, no I/O; any bytes give a
 * result or -1.
 */
#ifndef REGTRACE_COMMIT_PARSE_H
#define REGTRACE_COMMIT_PARSE_H

#include <stddef.h>
#include <stdint.h>

#define COMMIT_MAX_PARENTS 256	/* Linux has a 66-parent merge; git none over 256 */

struct raw_commit {
	uint8_t parents[COMMIT_MAX_PARENTS][20];
	unsigned nparents;		/* up to COMMIT_MAX_PARENTS are kept */
	unsigned all_parents;		/* how many the object names */
	int64_t time;			/* committer time, seconds; 0 if unreadable */
	int64_t author_time;		/* author time, seconds; 0 if unreadable */
	const char *author_name, *author_email;	/* point into the buffer; "" when */
	size_t author_name_len, author_email_len;	/* there is no author line */
	const char *message;		/* points into the buffer */
	size_t message_len;
};

/* 0 on success, -1 when buf is not a commit object's text. */
int commit_parse(const char *buf, size_t len, struct raw_commit *out);

/* 40 hex digits to 20 bytes; 0 or -1. */
int commit_hex_to_oid(const char *hex, uint8_t out[20]);

#endif
