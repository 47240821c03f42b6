/* reported.c — see reported.h. */
#include "core/reported.h"

#include <string.h>

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* Does s[0..n) start with word (lower case), in any case? */
static int starts(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word);

	if (n < k)
		return 0;
	for (size_t i = 0; i < k; i++)
		if (lower((unsigned char)s[i]) != word[i])
			return 0;
	return 1;
}

/* Where s[0..n) contains word (lower case), in any case, or NULL. */
static const char *find(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word);

	for (size_t i = 0; i + k <= n; i++)
		if (starts(s + i, n - i, word))
			return s + i;
	return NULL;
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* word followed by a digit somewhere in path[0..n): "/issues/12". */
static int numbered(const char *path, size_t n, const char *word)
{
	size_t k = strlen(word);
	const char *end = path + n;

	for (const char *q = path; q < end && (q = find(q, (size_t)(end - q), word)); q++)
		if (q + k < end && is_digit((unsigned char)q[k]))
			return 1;
	return 0;
}

int reported_tracker_url(const char *u, size_t n)
{
	const char *sep = find(u, n, "://");

	if (!sep)
		return 0;
	const char *host = sep + 3, *end = u + n, *h = host;
	while (h < end && *h != '/' && *h != '?' && *h != '#' && *h != ':')
		h++;
	size_t hn = (size_t)(h - host), pn = (size_t)(end - h);
	if (!hn)
		return 0;
	if (find(host, hn, "bugzilla") || starts(host, hn, "bugs."))
		return 1;
	if (find(h, pn, "show_bug.cgi") || numbered(h, pn, "/issues/") ||
	    numbered(h, pn, "/+bug/"))
		return 1;
	return hn == strlen("lore.kernel.org") && starts(host, hn, "lore.kernel.org") &&
	       starts(h, pn, "/regressions/");
}

/* The length of the key of a trailer "Key: value" (letters, digits, '-'), or 0. */
static size_t trailer_key(const char *p, size_t n)
{
	size_t k = 0;

	while (k < n && (is_digit((unsigned char)p[k]) || p[k] == '-' ||
			 (lower((unsigned char)p[k]) >= 'a' && lower((unsigned char)p[k]) <= 'z')))
		k++;
	return k < n && p[k] == ':' ? k : 0;
}

/* The value after "Key:", blanks trimmed; its length in *vn. */
static const char *value(const char *p, size_t n, size_t key, size_t *vn)
{
	const char *v = p + key + 1, *end = p + n;

	while (v < end && (*v == ' ' || *v == '\t'))
		v++;
	while (end > v && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	*vn = (size_t)(end - v);
	return v;
}

/* "reported-by", "reported-and-tested-by", ... */
static int reported_key(const char *p, size_t k)
{
	return (k == 11 && starts(p, k, "reported-by")) ||
	       (k > 16 && starts(p, k, "reported-and-") && starts(p + k - 3, 3, "-by"));
}

int reported_line(const char *p, size_t n)
{
	size_t key, vn, un = 0;
	const char *v;

	while (n && (*p == ' ' || *p == '\t'))
		p++, n--;
	if (starts(p, n, "#regzbot"))
		return 1;
	if (starts(p, n, "bugzilla id:"))	/* DPDK's, a key of two words */
		return value(p, n, 11, &vn) && vn;
	if (!(key = trailer_key(p, n)))
		return 0;
	v = value(p, n, key, &vn);
	if (!vn)
		return 0;
	if (reported_key(p, key) || (key == 6 && starts(p, key, "closes")) ||
	    (key == 11 && starts(p, key, "reported-at")) || (key == 8 && starts(p, key, "resolves")))
		return 1;
	if (!(key == 4 && starts(p, key, "link")) && !(key == 7 && starts(p, key, "buglink")))
		return 0;
	while (un < vn && v[un] != ' ' && v[un] != '\t')
		un++;
	return reported_tracker_url(v, un);
}
