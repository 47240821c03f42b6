/* close_tags.c — see close_tags.h. */
#include "core/close_tags.h"
#include "base/util.h"
#include "core/release.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct candidate {
	const char *name;
	size_t index;
	size_t distance;
};

static int is_alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Rule 1: tag is name followed by a separator and more. */
static int extends(const char *name, size_t len, const char *tag)
{
	return !strncmp(tag, name, len) && tag[len] && !is_alnum(tag[len]);
}

/* The edit distance of a and b, or limit + 1 when it is more than limit
 * (both at most CLOSE_TAGS_LONGEST + limit bytes long). */
static size_t distance(const char *a, size_t la, const char *b, size_t lb, size_t limit)
{
	size_t row[CLOSE_TAGS_LONGEST + 8], prev;

	if ((la > lb ? la - lb : lb - la) > limit || lb + 1 > sizeof(row) / sizeof(row[0]))
		return limit + 1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t best = row[0] = i;
		prev = i - 1;	/* row[j - 1] of the line before */
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], d = prev + (a[i - 1] != b[j - 1]);
			if (up + 1 < d)
				d = up + 1;
			if (row[j - 1] + 1 < d)
				d = row[j - 1] + 1;
			prev = up;
			row[j] = d;
			if (d < best)
				best = d;
		}
		if (best > limit)
			return limit + 1;
	}
	return row[lb] <= limit ? row[lb] : limit + 1;
}

static int by_distance_then_version(const void *pa, const void *pb)
{
	const struct candidate *a = pa, *b = pb;
	int c;

	if (a->distance != b->distance)
		return a->distance < b->distance ? -1 : 1;
	if ((c = release_version_cmp(a->name, b->name)))
		return c;
	return strcmp(a->name, b->name);
}

size_t close_tags(const char *name, char *const *names, size_t n, size_t *pick, size_t max)
{
	size_t len = strlen(name), limit = len / 3 < 2 ? len / 3 : 2, found = 0;
	struct candidate *c;

	if (len > CLOSE_TAGS_LONGEST || !n)
		return 0;
	c = xmalloc(n * sizeof(*c));
	for (size_t i = 0; i < n; i++)
		if (extends(name, len, names[i]))
			c[found++] = (struct candidate){ names[i], i, 0 };
	if (found)	/* rule 1 found some: rule 2 is not tried */
		limit = 0;
	for (size_t i = 0; limit && i < n; i++) {
		size_t d = distance(name, len, names[i], strlen(names[i]), limit);
		if (d <= limit && d > 0)
			c[found++] = (struct candidate){ names[i], i, d };
	}
	qsort(c, found, sizeof(*c), by_distance_then_version);
	for (size_t i = 0; i < found && i < max; i++)
		pick[i] = c[i].index;
	free(c);
	return found;
}

void close_tags_hint(char *buf, size_t len, const char *name, char *const *names, size_t n)
{
	size_t pick[CLOSE_TAGS_SHOWN];
	size_t found = close_tags(name, names, n, pick, CLOSE_TAGS_SHOWN), at;

	buf[0] = '\0';
	if (!found || len < 2)
		return;
	at = (size_t)snprintf(buf, len, " (tags that look close: ");
	for (size_t i = 0; i < found && i < CLOSE_TAGS_SHOWN && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "", names[pick[i]]);
	if (at < len)
		snprintf(buf + at, len - at, "%s)", found > CLOSE_TAGS_SHOWN ? ", ..." : "");
}
