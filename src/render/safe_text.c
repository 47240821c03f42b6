/* safe_text.c — see safe_text.h. */
#include "render/safe_text.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

/* The text being rendered (safe_text_begin), for safe_text_mark(). */
static struct safe_text *current;

size_t safe_text_unsafe(const unsigned char *s, size_t avail, int keep_newline)
{
	if (s[0] == '\n')
		return keep_newline ? 0 : 1;
	if (s[0] < 0x20 || s[0] == 0x7f)
		return 1;
	if (avail >= 2 && s[0] == 0xc2 && s[1] >= 0x80 && s[1] < 0xa0)
		return 2;
	if (avail >= 3 && s[0] == 0xe2 && s[1] == 0x80 && (s[2] == 0xa8 || s[2] == 0xa9))
		return 3;
	/* bidirectional controls: U+200E/F (marks), U+202A..E (embeddings and
	 * overrides), U+2066..9 (isolates), U+061C (the Arabic letter mark) */
	if (avail >= 3 && s[0] == 0xe2 &&
	    ((s[1] == 0x80 && (s[2] == 0x8e || s[2] == 0x8f || (s[2] >= 0xaa && s[2] <= 0xae))) ||
	     (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9)))
		return 3;
	if (avail >= 2 && s[0] == 0xd8 && s[1] == 0x9c)
		return 2;
	return 0;
}

/* s[0..n) escaped, and before the byte at each offset the marks' sequences:
 * the unsafe characters are found over the whole of s, as without marks,
 * so a mark never splits one. */
static int write_marked(FILE *out, const char *s, size_t n, int keep_newline,
			const struct safe_text_mark *m, size_t nm)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t from = 0, k, j = 0;

	for (size_t i = 0; i < n;) {
		if (j < nm && m[j].at <= i) {
			fwrite(s + from, 1, i - from, out);
			from = i;
			while (j < nm && m[j].at <= i)
				fputs(m[j++].sgr, out);
		}
		if (!(k = safe_text_unsafe(u + i, n - i, keep_newline))) {
			i++;
			continue;
		}
		fwrite(s + from, 1, i - from, out);
		fputs("\xef\xbf\xbd", out);
		i += k;
		from = i;
	}
	fwrite(s + from, 1, n - from, out);
	while (j < nm)
		fputs(m[j++].sgr, out);
	return ferror(out) ? -1 : 0;
}

int safe_text_write(FILE *out, const char *s, size_t n, int keep_newline)
{
	return write_marked(out, s, n, keep_newline, NULL, 0);
}

int safe_text_begin(struct safe_text *t)
{
	memset(t, 0, sizeof(*t));
	t->fp = open_memstream(&t->buf, &t->len);
	if (!t->fp)
		return -1;
	t->outer = current;
	current = t;
	return 0;
}

void safe_text_mark(FILE *fp, const char *sgr)
{
	struct safe_text *t = current;
	long at;

	if (!t || t->fp != fp || (at = ftell(fp)) < 0)
		return;
	ARRAY_GROW(t->marks, t->nmarks, t->marks_cap);
	t->marks[t->nmarks++] = (struct safe_text_mark){ (size_t)at, sgr };
}

int safe_text_end(struct safe_text *t, FILE *out, int rc)
{
	current = t->outer;
	if (fclose(t->fp) != 0)
		rc = -1;
	if (rc == 0 && write_marked(out, t->buf, t->len, 1, t->marks, t->nmarks) < 0)
		rc = -1;
	free(t->buf);
	free(t->marks);
	return rc;
}
