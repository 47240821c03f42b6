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
 *
 * Colour (render/colour.h) keeps that promise: what a renderer writes into
 * a struct safe_text is escaped whole, as without colour, and the colour
 * sequences are not in that text at all but marks beside it (an offset and
 * one of the program's own SGR strings), written between the escaped bytes
 * by safe_text_end().  No byte of the text, so no byte of a repository,
 * can become a control sequence.
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

/* A colour sequence to write before the byte at offset `at` of the text. */
struct safe_text_mark {
	size_t at;
	const char *sgr;	/* a constant of the program (render/colour.c) */
};

/* A text renderer's output, built in memory and written safely at the end. */
struct safe_text {
	FILE *fp;	/* render into this */
	char *buf;
	size_t len;
	struct safe_text_mark *marks;	/* in the order of their offsets */
	size_t nmarks, marks_cap;
	struct safe_text *outer;	/* the one begun before, restored at the end */
};

/* 0, or -1 (no memory for the stream).  t becomes the text being rendered
 * (the one safe_text_mark() adds to) until safe_text_end(). */
int safe_text_begin(struct safe_text *t);
/* Write what was rendered to out, newlines kept, each mark's sequence at its
 * offset (a mark inside an unsafe character: after its U+FFFD); rc is the
 * renderer's status: returned, or -1 when writing failed. */
int safe_text_end(struct safe_text *t, FILE *out, int rc);

/* When fp is the stream of the text being rendered: sgr is to be written
 * where fp now stands.  Else nothing (a stream that is no safe text gets
 * no colour).  sgr must be a string constant of the program. */
void safe_text_mark(FILE *fp, const char *sgr);

#endif
