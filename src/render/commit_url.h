/*
 * commit_url.h — the page of a commit on the forge a remote URL names, as a
 * commit-link template (html.h: "%s" for the full id), for the report's
 * links when --commit-url is not given:
 *   github.com                      https://github.com/OWNER/REPO/commit/%s
 *   gitlab.com, a host "gitlab.*"   https://HOST/GROUP/.../REPO/-/commit/%s
 *   git.kernel.org, or a path holding "cgit"
 *                                   https://HOST/PATH/commit/?id=%s (cgit;
 *                                   the path as served, ".git" kept)
 * from https://, http://, git://, ssh://[user@]host[:port]/ and scp-like
 * user@host:path forms, a final "/" and (but for cgit) ".git" removed.  A
 * gitweb cannot be told from a clone URL: --commit-url names one.  Anything
 * else (a local path, a file:// URL, another host, a URL holding '%',
 * quotes, backslashes or spaces): NULL, no links.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_COMMIT_URL_H
#define REGTRACE_COMMIT_URL_H

/* A new string (free() it), or NULL. */
char *commit_url_of_remote(const char *url);

#endif
