/* html.c — see html.h. */
#include "render/html.h"
#include "base/util.h"

#include <string.h>
#include <strings.h>

static const char *entity(char c)
{
	switch (c) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&#39;";
	}
	return NULL;
}

char *html_escape(const char *s)
{
	size_t len = 1;

	for (const char *p = s; *p; p++)
		len += entity(*p) ? strlen(entity(*p)) : 1;
	char *out = xmalloc(len), *q = out;
	for (const char *p = s; *p; p++) {
		const char *e = entity(*p);
		if (e) {
			memcpy(q, e, strlen(e));
			q += strlen(e);
		} else {
			*q++ = *p;
		}
	}
	*q = '\0';
	return out;
}

int html_url_template_ok(const char *tmpl)
{
	int ids = 0;

	for (const char *p = tmpl; *p; p++) {
		if (*p != '%')
			continue;
		if (p[1] == 's')
			ids++;
		else if (p[1] != '%')
			return 0;
		p++;
	}
	return ids == 1;
}

int html_url_scheme_ok(const char *tmpl)
{
	size_t n = strcspn(tmpl, ":/?#");

	if (tmpl[n] != ':')
		return 1;	/* no scheme: a relative link */
	return (n == 4 && !strncasecmp(tmpl, "http", 4)) ||
	       (n == 5 && !strncasecmp(tmpl, "https", 5)) ||
	       (n == 4 && !strncasecmp(tmpl, "file", 4));
}

char *html_url_expand(const char *tmpl, const char *id)
{
	char *out = xmalloc(strlen(tmpl) + strlen(id) + 1), *q = out;

	for (const char *p = tmpl; *p; p++) {
		if (*p == '%' && p[1] == 's') {
			memcpy(q, id, strlen(id));
			q += strlen(id);
			p++;
		} else if (*p == '%' && p[1] == '%') {
			*q++ = '%';
			p++;
		} else {
			*q++ = *p;
		}
	}
	*q = '\0';
	return out;
}
