/* config.c — see config.h. */
#include "git/config.h"
#include "base/blobfile.h"
#include "base/error.h"
#include "base/threads.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define DOTFILE_MAX 65536

int config_compile(struct pattern **re, const char *pattern, size_t ngroups, char *err,
		   size_t errlen)
{
	return pattern_compile(re, pattern, ngroups, err, errlen);
}

static int limit_hit(const struct pattern *re, char *err, size_t errlen)
{
	unsigned long n = re ? pattern_limit_hits(re) : 0;

	if (!n)
		return RT_OK;
	return rt_fail(err, errlen, RT_EFAIL,
		       "pattern '%.200s' is too costly: %lu match%s stopped at its limit (%u steps, "
		       "%u KiB); simplify it", pattern_source(re), n, n == 1 ? "" : "es",
		       PATTERN_MATCH_LIMIT, PATTERN_HEAP_LIMIT);
}

int config_check_limits(const struct project_config *p, char *err, size_t errlen)
{
	int rc = limit_hit(p->series, err, errlen);

	for (size_t i = 0; !rc && i < p->rules.nupstream; i++)
		rc = limit_hit(p->rules.upstream[i], err, errlen);
	return rc;
}

static int add_upstream(struct project_config *p, const char *pattern, char *err,
			size_t errlen)
{
	size_t cap = p->cap;

	ARRAY_GROW(p->rules.upstream, p->rules.nupstream, p->cap);
	if (cap != p->cap)
		p->upstream_sources = xrealloc(p->upstream_sources, p->cap * sizeof(char *));
	if (config_compile(&p->rules.upstream[p->rules.nupstream], pattern, 1, err, errlen))
		return -1;
	p->upstream_sources[p->rules.nupstream++] = xstrdup(pattern);
	return 0;
}

static int set_series(struct project_config *p, const char *pattern, char *err, size_t errlen)
{
	if (p->has_series)
		return 0;
	if (config_compile(&p->series, pattern, 2, err, errlen))
		return -1;
	p->has_series = 1;
	return 0;
}

struct multivar_ctx {
	struct project_config *p;
	char *err;
	size_t errlen;
};

static int on_upstream(const git_config_entry *e, void *payload)
{
	struct multivar_ctx *x = payload;

	return add_upstream(x->p, e->value, x->err, x->errlen) ? -1 : 0;
}

/* Read one config source; where names it in errors. */
static int read_source(git_config *cfg, struct project_config *p, const char *where,
		       char *err, size_t errlen)
{
	git_config_entry *e = NULL;
	struct multivar_ctx x = { p, err, errlen };
	char sub[512];
	int rc = RT_OK;

	if (git_config_get_entry(&e, cfg, "regtrace.seriesPattern") == 0) {
		if (set_series(p, e->value, sub, sizeof(sub)) < 0)
			rc = RT_EFAIL;
		git_config_entry_free(e);
	}
	if (!rc && git_config_get_multivar_foreach(cfg, "regtrace.upstreamPattern", NULL,
						   on_upstream, &x) < 0 && *err) {
		snprintf(sub, sizeof(sub), "%s", err);
		rc = RT_EFAIL;
	}
	if (rc)
		snprintf(err, errlen, "%s: %s", where, sub);
	return rc;
}

/* A section [include] or [includeIf ...] at the start of a line: libgit2
 * would read the file it names (a FIFO, /dev/zero, anything readable). */
static int has_include(const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i && b[i - 1] != '\n')
			continue;
		size_t j = i;
		while (j < n && (b[j] == ' ' || b[j] == '\t'))
			j++;
		if (j >= n || b[j++] != '[')
			continue;
		while (j < n && (b[j] == ' ' || b[j] == '\t'))
			j++;
		if (n - j >= 7 && !strncasecmp((const char *)b + j, "include", 7))
			return 1;
	}
	return 0;
}

/*
 * The work tree's .regtrace comes with the repository, from whoever wrote it:
 * read only as a regular file (not a link, not a FIFO or device) of at most
 * DOTFILE_MAX bytes, without include sections; its patterns are bounded like
 * any (base/pattern.h).
 */
static int read_dotfile(git_repository *repo, struct project_config *p, char *err,
			size_t errlen)
{
	const char *wd = git_repository_workdir(repo);
	git_config *cfg = NULL;
	char path[4096];
	int rc = RT_OK;
	struct stat st;
	uint8_t *text;
	size_t n;

	if (!wd)
		return RT_OK;
	snprintf(path, sizeof(path), "%s.regtrace", wd);
	if (lstat(path, &st) < 0)
		return RT_OK;
	if (!(text = blobfile_read_max(path, DOTFILE_MAX, &n)))
		return rt_fail(err, errlen, RT_EFAIL, "cannot read %s: not a regular file of at most "
			       "%d KB (a .regtrace is not followed as a link)", path, DOTFILE_MAX / 1024);
	int include = has_include(text, n);
	free(text);
	if (include)
		return rt_fail(err, errlen, RT_EFAIL, "%s: an include section (a .regtrace may not "
			       "read other files)", path);
	if (git_config_open_ondisk(&cfg, path) < 0) {
		snprintf(err, errlen, "cannot read %s: %s", path, git_error_last() ?
			 git_error_last()->message : "unknown error");
		return RT_EFAIL;
	}
	rc = read_source(cfg, p, path, err, errlen);
	git_config_free(cfg);
	return rc;
}

static int read_cli(const struct config_words *c, struct project_config *p, char *err, size_t errlen)
{
	if (c->series_pattern && set_series(p, c->series_pattern, err, errlen))
		return RT_EUSAGE;
	for (size_t i = 0; i < c->nupstream_patterns; i++)
		if (add_upstream(p, c->upstream_patterns[i], err, errlen))
			return RT_EUSAGE;
	return RT_OK;
}

int config_load(git_repository *repo, const struct config_words *c, struct project_config *p,
		char *err, size_t errlen)
{
	git_config *cfg = NULL;
	int rc;

	memset(p, 0, sizeof(*p));
	if ((rc = read_cli(c, p, err, errlen)))
		return rc;
	if (git_repository_config_snapshot(&cfg, repo) == 0) {
		*err = '\0';
		rc = read_source(cfg, p, "git config", err, errlen);
		git_config_free(cfg);
		if (rc)
			return rc;
	}
	*err = '\0';
	return read_dotfile(repo, p, err, errlen);
}

void config_release(struct project_config *p)
{
	pattern_free(p->series);
	for (size_t i = 0; i < p->rules.nupstream; i++) {
		pattern_free(p->rules.upstream[i]);
		free(p->upstream_sources[i]);
	}
	free(p->rules.upstream);
	free(p->upstream_sources);
	memset(p, 0, sizeof(*p));
}
