/*
 * safe_text.h — what no output writes as is: C0 controls but the line ends
 * a format writes itself, DEL, C1 controls (U+0080..U+009F: NEL, CSI, OSC,
 * ST: a terminal obeys them), the line and paragraph separators
 * U+2028/U+2029, and the bidirectional controls (U+061C, U+200E/F,
 * U+202A..U+202E, U+2066..U+2069: they can make a line display in another
 * order than its bytes, "Trojan Source").  Subjects are cleaned of C0 and
 * C1 already (core/message.h), not of bidirectional controls; names are not
 * (a tag may hold any byte from 0x80, a path anything): text output and CSV
 * replace each such character by U+FFFD, JSON escapes it (\u009b).
 */
#ifndef REGTRACE_SAFE_TEXT_H
#define REGTRACE_SAFE_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* The byte length (1..3) of an unsafe character at s[0..avail), else 0; a
 * newline counts as unsafe unless keep_newline. */
size_t safe_text_unsafe(const unsigned char *s, size_t avail, int keep_newline);
/* s (n bytes) with each unsafe character as U+FFFD; 0, or -1 on a write error. */
int safe_text_write(FILE *out, const char *s, size_t n, int keep_newline);

/* A text renderer's output, built in memory and written safely at the end. */
struct safe_text {
	FILE *fp;	/* render into this */
	char *buf;
	size_t len;
};

/* 0, or -1 (no memory for the stream). */
int safe_text_begin(struct safe_text *t);
/* Write what was rendered to out, newlines kept; rc is the renderer's status:
 * returned, or -1 when writing failed. */
int safe_text_end(struct safe_text *t, FILE *out, int rc);

#endif
