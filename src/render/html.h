/*
 * html.h — text that is safe inside HTML, and commit-link templates.
 *
 * html_escape() replaces the five characters & < > " ' with entities, so
 * its result is safe both as element text and inside a quoted attribute
 * value; every other byte is copied as it is.
 *
 * A commit-link template is a URL holding exactly one "%s", which stands
 * for a commit's full 40-hex id; "%%" stands for a literal '%', and any
 * other '%' directive makes the template invalid.  The template is never
 * given to printf.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_HTML_H
#define REGTRACE_HTML_H

#include <stddef.h>

/* A new string (free() it): s with & < > " ' replaced by entities. */
char *html_escape(const char *s);

/* 1 if tmpl has exactly one "%s" and no directive but "%%", else 0. */
int html_url_template_ok(const char *tmpl);
/* 1 when tmpl is an http, https or file link, or relative (no scheme):
 * never javascript:, data: or another scheme a browser would run. */
int html_url_scheme_ok(const char *tmpl);

/* A new string (free() it): tmpl (valid) with "%s" -> id and "%%" -> '%'. */
char *html_url_expand(const char *tmpl, const char *id);

#endif
