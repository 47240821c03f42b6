/* config.c — see config.h. */
#include "git/config.h"
#include "base/error.h"
#include "base/threads.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int config_compile(regex_t *re, const char *pattern, size_t ngroups, char *err, size_t errlen)
{
	char why[256];
	int rc = regcomp(re, pattern, REG_EXTENDED);

	if (rc) {
		regerror(rc, re, why, sizeof(why));
		snprintf(err, errlen, "bad pattern '%s': %s", pattern, why);
		return -1;
	}
	if (re->re_nsub < ngroups) {
		regfree(re);
		snprintf(err, errlen, "pattern '%s' needs %zu capture group%s", pattern, ngroups,
			 ngroups == 1 ? "" : "s");
		return -1;
	}
	return 0;
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

static int read_dotfile(git_repository *repo, struct project_config *p, char *err,
			size_t errlen)
{
	const char *wd = git_repository_workdir(repo);
	git_config *cfg = NULL;
	char path[4096];
	int rc = RT_OK;
	FILE *f;

	if (!wd)
		return RT_OK;
	snprintf(path, sizeof(path), "%s.regtrace", wd);
	if (!(f = fopen(path, "r")))
		return RT_OK;
	fclose(f);
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
	if (p->has_series)
		regfree(&p->series);
	for (size_t i = 0; i < p->rules.nupstream; i++) {
		regfree(&p->rules.upstream[i]);
		free(p->upstream_sources[i]);
	}
	free(p->rules.upstream);
	free(p->upstream_sources);
	memset(p, 0, sizeof(*p));
}
