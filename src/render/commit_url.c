/* commit_url.c — see commit_url.h. */
#include "render/commit_url.h"

#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* host and path of url, each a new string; 0, or -1 for a form not known. */
static int split(const char *url, char **host, char **path)
{
	const char *h, *slash, *colon;

	if (!strncmp(url, "https://", 8) || !strncmp(url, "http://", 7) ||
	    !strncmp(url, "ssh://", 6) || !strncmp(url, "git://", 6)) {
		h = strstr(url, "://") + 3;
		const char *at = strchr(h, '@');
		slash = strchr(h, '/');
		if (at && (!slash || at < slash))
			h = at + 1;
		if (!slash)
			return -1;
		colon = memchr(h, ':', (size_t)(slash - h));	/* a port: dropped */
		*host = xstrndup(h, (size_t)((colon ? colon : slash) - h));
		*path = xstrdup(slash + 1);
		return 0;
	}
	colon = strchr(url, ':');	/* user@host:path */
	slash = strchr(url, '/');
	if (!colon || (slash && slash < colon) || colon == url)
		return -1;
	h = strchr(url, '@');
	h = h && h < colon ? h + 1 : url;
	*host = xstrndup(h, (size_t)(colon - h));
	*path = xstrdup(colon + 1);
	return 0;
}

/* Characters a template may not hold as they are. */
static int clean(const char *s)
{
	return !strpbrk(s, "%\"'<> \t\r\n\\");
}

static void trim(char *path)
{
	size_t n = strlen(path);

	while (n && path[n - 1] == '/')
		path[--n] = '\0';
	if (n > 4 && !strcmp(path + n - 4, ".git"))
		path[n -= 4] = '\0';
	while (n && path[n - 1] == '/')
		path[--n] = '\0';
}

static char *make(const char *fmt, const char *host, const char *path)
{
	size_t n = strlen(fmt) + strlen(host) + strlen(path) + 1;
	char *out = xmalloc(n);

	snprintf(out, n, fmt, host, path);
	return out;
}

static char *template_of(const char *host, char *path)
{
	size_t n;

	if (strstr(path, "cgit") || !strcmp(host, "git.kernel.org")) {	/* cgit: the path
									   as served, .git kept */
		while ((n = strlen(path)) && path[n - 1] == '/')
			path[n - 1] = '\0';
		return *path ? make("https://%s/%s/commit/?id=%%s", host, path) : NULL;
	}
	trim(path);
	if (!*path)
		return NULL;
	if (!strcmp(host, "github.com"))
		return make("https://%s/%s/commit/%%s", host, path);
	if (!strcmp(host, "gitlab.com") || !strncmp(host, "gitlab.", 7))
		return make("https://%s/%s/-/commit/%%s", host, path);
	return NULL;
}

char *commit_url_of_remote(const char *url)
{
	char *host = NULL, *path = NULL, *out = NULL;

	if (!url || !clean(url) || split(url, &host, &path) < 0)
		return NULL;
	if (*host && !strchr(host, '/'))
		out = template_of(host, path);
	free(host);
	free(path);
	return out;
}
