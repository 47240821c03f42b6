/* say.c — see say.h. */
#include "cmd/say.h"

#include <stdio.h>
#include <string.h>

/* The escape of the character at s (n bytes consumed), or NULL to copy it. */
static const char *escape_at(const unsigned char *s, size_t *n, char buf[8])
{
	*n = 1;
	if (s[0] == '\n')
		return "\\n";
	if (s[0] == '\r')
		return "\\r";
	if (s[0] == '\t')
		return "\\t";
	if (s[0] < 0x20 || s[0] == 0x7f) {
		snprintf(buf, 8, "\\x%02x", s[0]);
		return buf;
	}
	if (s[0] == 0xc2 && s[1] >= 0x80 && s[1] < 0xa0) {	/* C1 */
		*n = 2;
		snprintf(buf, 8, "\\u%04x", s[1]);
		return buf;
	}
	if (s[0] == 0xe2 && s[1] == 0x80 && (s[2] == 0xa8 || s[2] == 0xa9)) {
		*n = 3;
		return s[2] == 0xa8 ? "\\u2028" : "\\u2029";
	}
	return NULL;
}

void say_escape(char *out, size_t outlen, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0, n;
	char buf[8];

	if (!outlen)
		return;
	while (*p) {
		const char *e = escape_at(p, &n, buf);
		size_t k = e ? strlen(e) : 1;
		if (o + k >= outlen)
			break;
		if (e)
			memcpy(out + o, e, k);
		else
			out[o] = (char)*p;
		o += k;
		p += n;
	}
	out[o] = '\0';
}

void say_error(const char *msg)
{
	char line[2048];

	say_escape(line, sizeof(line), msg);
	fprintf(stderr, "regtrace: %s\n", line);
}
