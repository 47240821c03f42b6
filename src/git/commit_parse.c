/* commit_parse.c — see commit_parse.h. */
#include "git/commit_parse.h"
#include "base/util.h"

#include <string.h>

int commit_hex_to_oid(const char *hex, uint8_t out[20])
{
	for (int i = 0; i < 5; i++) {	/* (8 digits at a time: base/util.h) */
		uint64_t w;
		memcpy(&w, hex + 8 * i, 8);
		if (!hex8_lanes_ok(w))
			return -1;
		uint32_t v = (uint32_t)hex8_value(w);
		out[4 * i] = (uint8_t)(v >> 24);
		out[4 * i + 1] = (uint8_t)(v >> 16);
		out[4 * i + 2] = (uint8_t)(v >> 8);
		out[4 * i + 3] = (uint8_t)v;
	}
	return 0;
}

/* "<who> <time> <tz>": the number before the last space. */
static int64_t header_time(const char *p, const char *end)
{
	const char *sp = end;
	int64_t t = 0;

	while (sp > p && sp[-1] != ' ')
		sp--;		/* start of tz */
	if (sp <= p)
		return 0;
	const char *q = sp - 1;	/* the space before tz */
	const char *d = q;
	while (d > p && d[-1] >= '0' && d[-1] <= '9')
		d--;
	for (; d < q && t < ((int64_t)1 << 50); d++)
		t = t * 10 + (*d - '0');
	return t;
}

/* "Name <email> <time> <tz>": name before " <", email inside "<>". */
static void author(const char *p, const char *end, struct raw_commit *out)
{
	const char *lt = memchr(p, '<', (size_t)(end - p));
	const char *gt = lt ? memchr(lt, '>', (size_t)(end - lt)) : NULL;
	const char *name_end = lt && gt ? lt : end;

	while (name_end > p && name_end[-1] == ' ')
		name_end--;
	out->author_name = p;
	out->author_name_len = (size_t)(name_end - p);
	if (lt && gt) {
		out->author_email = lt + 1;
		out->author_email_len = (size_t)(gt - lt - 1);
		out->author_time = header_time(gt, end);
	}
}

int commit_parse(const char *buf, size_t len, struct raw_commit *out)
{
	const char *p = buf, *end = buf + len;

	memset(out, 0, sizeof(*out));
	out->author_name = out->author_email = "";
	if (len < 46 || memcmp(p, "tree ", 5) || p[45] != '\n')
		return -1;
	p += 46;
	while (end - p >= 48 && !memcmp(p, "parent ", 7) && p[47] == '\n') {
		if (out->nparents < COMMIT_MAX_PARENTS &&
		    commit_hex_to_oid(p + 7, out->parents[out->nparents]) == 0)
			out->nparents++;
		out->all_parents++;
		p += 48;
	}
	while (p < end && *p != '\n') {	/* other headers, up to the blank line */
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		if (eol - p > 10 && !memcmp(p, "committer ", 10))
			out->time = header_time(p + 10, eol);
		else if (eol - p > 7 && !memcmp(p, "author ", 7))
			author(p + 7, eol, out);
		p = nl ? nl + 1 : end;
	}
	if (p < end)
		p++;		/* the blank line */
	out->message = p;
	out->message_len = (size_t)(end - p);
	/* read up to the first NUL, as libgit2 returns it (doc/rules.md "Limits") */
	const char *nul = memchr(p, '\0', out->message_len);
	if (nul)
		out->message_len = (size_t)(nul - p);
	return 0;
}
