/* config.c — see config.h. */
#include "git/config.h"
#include "git/presets.h"
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
	for (size_t i = 0; !rc && i < p->rules.nfixes; i++)
		rc = limit_hit(p->rules.fixes[i], err, errlen);
	for (size_t i = 0; !rc && i < p->rules.nchannels; i++)
		rc = limit_hit(p->rules.channels[i], err, errlen);
	for (size_t i = 0; !rc && i < p->rules.nreported; i++)
		rc = limit_hit(p->rules.reported[i], err, errlen);
	return rc;
}

/* "KIND TEXT", kept for the fingerprint of the facts it shapes. */
static void add_source(struct project_config *p, const char *kind, const char *text)
{
	size_t n = strlen(kind) + strlen(text) + 2;

	ARRAY_GROW(p->sources, p->nsources, p->sources_cap);
	p->sources[p->nsources] = xmalloc(n);
	snprintf(p->sources[p->nsources++], n, "%s %s", kind, text);
}

/* Compile pattern into (*v)[*n] (one capture group: the id). */
static int add_id_pattern(struct project_config *p, struct pattern ***v, size_t *n, size_t *cap,
			  const char *kind, const char *pattern, char *err, size_t errlen)
{
	ARRAY_GROW(*v, *n, *cap);
	if (config_compile(&(*v)[*n], pattern, 1, err, errlen))
		return -1;
	(*n)++;
	add_source(p, kind, pattern);
	return 0;
}

static int add_upstream(struct project_config *p, const char *pattern, char *err,
			size_t errlen)
{
	return add_id_pattern(p, &p->rules.upstream, &p->rules.nupstream, &p->upstream_cap,
			      "upstream", pattern, err, errlen);
}

static int add_fixes(struct project_config *p, const char *pattern, char *err, size_t errlen)
{
	struct pattern *re;

	if (config_compile(&re, pattern, 1, err, errlen))
		return -1;
	size_t groups = pattern_groups(re);
	pattern_free(re);
	if (groups > MSG_PATTERN_GROUPS) {
		snprintf(err, errlen, "pattern '%s' has more than %d capture groups", pattern,
			 MSG_PATTERN_GROUPS);
		return -1;
	}
	return add_id_pattern(p, &p->rules.fixes, &p->rules.nfixes, &p->fixes_cap, "fixes",
			      pattern, err, errlen);
}

/* A report pattern (no capture group needed): a line matching it says
 * someone hit what the commit fixes. */
static int add_reported(struct project_config *p, const char *pattern, char *err,
			size_t errlen)
{
	ARRAY_GROW(p->rules.reported, p->rules.nreported, p->reported_cap);
	if (config_compile(&p->rules.reported[p->rules.nreported], pattern, 0, err, errlen))
		return -1;
	p->rules.nreported++;
	add_source(p, "reported", pattern);
	return 0;
}

/* A channel pattern named name (no capture group needed). */
static int add_channel(struct project_config *p, const char *name, const char *pattern,
		       char *err, size_t errlen)
{
	size_t cap = p->channels_cap;

	if (p->rules.nchannels >= MSG_CHANNELS_MAX) {
		snprintf(err, errlen, "more than %d channel patterns", MSG_CHANNELS_MAX);
		return -1;
	}
	ARRAY_GROW(p->rules.channels, p->rules.nchannels, p->channels_cap);
	if (cap != p->channels_cap)
		p->channel_names = xrealloc(p->channel_names,
					    p->channels_cap * sizeof(char *));
	if (config_compile(&p->rules.channels[p->rules.nchannels], pattern, 0, err, errlen))
		return -1;
	p->channel_names[p->rules.nchannels++] = xstrdup(name);
	add_source(p, "channel", name);
	add_source(p, "channel-pattern", pattern);
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

static int add_word(char ***v, size_t *n, size_t *cap, const char *word)
{
	ARRAY_GROW(*v, *n, *cap);
	(*v)[(*n)++] = xstrdup(word ? word : "");
	return 0;
}

static int add_series(struct project_config *p, const char *range, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	return add_word(&p->series_add, &p->nseries_add, &p->series_add_cap, range);
}

static int add_exclude(struct project_config *p, const char *base, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	return add_word(&p->series_exclude, &p->nseries_exclude, &p->series_exclude_cap, base);
}

struct multivar_ctx {
	struct project_config *p;
	char *err;
	size_t errlen;
	int (*add)(struct project_config *p, const char *pattern, char *err, size_t errlen);
};

static int on_pattern(const git_config_entry *e, void *payload)
{
	struct multivar_ctx *x = payload;

	return x->add(x->p, e->value, x->err, x->errlen) ? -1 : 0;
}

/* Every value of a multi-valued key. */
static int read_multi(git_config *cfg, const char *key, struct multivar_ctx *x, char *sub,
		      size_t sublen)
{
	*x->err = '\0';
	if (git_config_get_multivar_foreach(cfg, key, NULL, on_pattern, x) < 0 && *x->err) {
		snprintf(sub, sublen, "%s", x->err);
		return RT_EFAIL;
	}
	return RT_OK;
}

/* "regtrace.channelpattern.NAME", however the subsection is spelt (git
 * lower-cases the section and the name, not the subsection). */
static int channel_key(const char *name)
{
	static const char prefix[] = "regtrace.channelpattern.";

	return strlen(name) > sizeof(prefix) - 1 &&
	       !strncasecmp(name, prefix, sizeof(prefix) - 1) &&
	       !strchr(name + sizeof(prefix) - 1, '.');
}

/*
 * Every regtrace.channelPattern.NAME, in the order of the file.  A plain
 * iterator rather than git_config_foreach_match(), whose regex matching
 * leaks in libgit2 1.5 (as git/probe.c says).
 */
static int read_channels(git_config *cfg, struct project_config *p, char *sub, size_t sublen)
{
	git_config_iterator *it = NULL;
	git_config_entry *e;
	int rc = RT_OK;

	if (git_config_iterator_new(&it, cfg) < 0)
		return RT_OK;
	while (!rc && git_config_next(&e, it) == 0)
		if (channel_key(e->name) &&
		    add_channel(p, strrchr(e->name, '.') + 1, e->value ? e->value : "", sub,
				sublen))
			rc = RT_EFAIL;
	git_config_iterator_free(it);
	return rc;
}

static int read_linux_channels(git_config *cfg, struct project_config *p, char *sub,
			       size_t sublen)
{
	int v, rc;

	if (p->linux_channels >= 0)
		return RT_OK;
	rc = git_config_get_bool(&v, cfg, "regtrace.linuxChannels");
	if (rc == 0)
		p->linux_channels = v;
	else if (rc != GIT_ENOTFOUND) {
		snprintf(sub, sublen, "regtrace.linuxChannels is not true or false");
		return RT_EFAIL;
	}
	return RT_OK;
}

/* Read one config source; where names it in errors. */
static int read_source(git_config *cfg, struct project_config *p, const char *where,
		       char *err, size_t errlen)
{
	git_config_entry *e = NULL;
	struct multivar_ctx x = { p, err, errlen, add_upstream };
	char sub[512];
	int rc = RT_OK;

	if (git_config_get_entry(&e, cfg, "regtrace.seriesPattern") == 0) {
		if (set_series(p, e->value, sub, sizeof(sub)) < 0)
			rc = RT_EFAIL;
		git_config_entry_free(e);
	}
	if (!p->preset_name && git_config_get_entry(&e, cfg, "regtrace.project") == 0) {
		p->preset_name = xstrdup(e->value ? e->value : "");
		git_config_entry_free(e);
	}
	if (!rc)
		rc = read_multi(cfg, "regtrace.upstreamPattern", &x, sub, sizeof(sub));
	x.add = add_fixes;
	if (!rc)
		rc = read_multi(cfg, "regtrace.fixesPattern", &x, sub, sizeof(sub));
	x.add = add_reported;
	if (!rc)
		rc = read_multi(cfg, "regtrace.reportedPattern", &x, sub, sizeof(sub));
	x.add = add_series;
	if (!rc)
		rc = read_multi(cfg, "regtrace.series", &x, sub, sizeof(sub));
	x.add = add_exclude;
	if (!rc)
		rc = read_multi(cfg, "regtrace.excludeSeries", &x, sub, sizeof(sub));
	if (!rc)
		rc = read_channels(cfg, p, sub, sizeof(sub));
	if (!rc)
		rc = read_linux_channels(cfg, p, sub, sizeof(sub));
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

/* The recipe named (git/presets.h), after every other source: its patterns
 * add to theirs, its series pattern is taken when none was given. */
static int apply_preset(struct project_config *p, char *err, size_t errlen)
{
	const struct preset *k;

	if (!p->preset_name)
		return RT_OK;
	if (!(k = preset_find(p->preset_name)))
		return rt_fail(err, errlen, RT_EFAIL,
			       "regtrace.project: unknown project '%.100s' (one of: %s)",
			       p->preset_name, preset_names());
	p->preset = k;
	add_source(p, "project", k->name);
	if (k->series && set_series(p, k->series, err, errlen))
		return RT_EFAIL;
	for (size_t i = 0; i < PRESET_PATTERNS_MAX && k->upstream[i]; i++)
		if (add_upstream(p, k->upstream[i], err, errlen))
			return RT_EFAIL;
	for (size_t i = 0; i < PRESET_PATTERNS_MAX && k->fixes[i]; i++)
		if (add_fixes(p, k->fixes[i], err, errlen))
			return RT_EFAIL;
	for (size_t i = 0; i < PRESET_PATTERNS_MAX && k->reported[i]; i++)
		if (add_reported(p, k->reported[i], err, errlen))
			return RT_EFAIL;
	if (p->linux_channels < 0 && k->linux_channels >= 0)
		p->linux_channels = k->linux_channels;
	return RT_OK;
}

static int read_cli(const struct config_words *c, struct project_config *p, char *err, size_t errlen)
{
	if (c->project) {
		if (!preset_find(c->project))
			return rt_fail(err, errlen, RT_EUSAGE, "unknown project '%.100s' (one of: %s)",
				       c->project, preset_names());
		p->preset_name = xstrdup(c->project);
	}
	if (c->series_pattern && set_series(p, c->series_pattern, err, errlen))
		return RT_EUSAGE;
	for (size_t i = 0; i < c->nupstream_patterns; i++)
		if (add_upstream(p, c->upstream_patterns[i], err, errlen))
			return RT_EUSAGE;
	for (size_t i = 0; i < c->nfixes_patterns; i++)
		if (add_fixes(p, c->fixes_patterns[i], err, errlen))
			return RT_EUSAGE;
	return RT_OK;
}

int config_load(git_repository *repo, const struct config_words *c, struct project_config *p,
		char *err, size_t errlen)
{
	git_config *cfg = NULL;
	int rc;

	memset(p, 0, sizeof(*p));
	p->linux_channels = -1;
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
	if ((rc = read_dotfile(repo, p, err, errlen)))
		return rc;
	return apply_preset(p, err, errlen);
}

const struct msg_rules *config_msg_rules(const struct project_config *p)
{
	if (!p || !(p->rules.nupstream || p->rules.nfixes || p->rules.nchannels ||
		    p->rules.nreported))
		return NULL;
	return &p->rules;
}

void config_release(struct project_config *p)
{
	free(p->preset_name);
	pattern_free(p->series);
	for (size_t i = 0; i < p->rules.nupstream; i++)
		pattern_free(p->rules.upstream[i]);
	for (size_t i = 0; i < p->rules.nfixes; i++)
		pattern_free(p->rules.fixes[i]);
	for (size_t i = 0; i < p->rules.nchannels; i++) {
		pattern_free(p->rules.channels[i]);
		free(p->channel_names[i]);
	}
	for (size_t i = 0; i < p->rules.nreported; i++)
		pattern_free(p->rules.reported[i]);
	free(p->rules.reported);
	for (size_t i = 0; i < p->nsources; i++)
		free(p->sources[i]);
	for (size_t i = 0; i < p->nseries_add; i++)
		free(p->series_add[i]);
	for (size_t i = 0; i < p->nseries_exclude; i++)
		free(p->series_exclude[i]);
	free(p->series_add);
	free(p->series_exclude);
	free(p->rules.upstream);
	free(p->rules.fixes);
	free(p->rules.channels);
	free(p->channel_names);
	free(p->sources);
	memset(p, 0, sizeof(*p));
}

int config_colour_value(const char *v)
{
	static const char *const words[] = { "never", "always", "auto", "false", "no", "off",
					     "", "true", "yes", "on" };
	static const int value[] = { 0, 1, 2, 0, 0, 0, 0, 2, 2, 2 };
	char *end;
	long n;

	if (!v)		/* "[color] ui" alone: true */
		return 2;
	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (!strcasecmp(v, words[k]))
			return value[k];
	n = strtol(v, &end, 10);	/* a number: git's boolean */
	return *end || end == v ? -1 : n ? 2 : 0;
}

/* key's colour setting in cfg, or -1 (not set, or no colour value). */
static int colour_key(git_config *cfg, const char *key)
{
	git_config_entry *e = NULL;
	int v = -1;

	if (git_config_get_entry(&e, cfg, key) == 0) {
		v = config_colour_value(e->value);
		git_config_entry_free(e);
	}
	return v;
}

void config_terminal(git_repository *repo, struct terminal_config *t)
{
	git_config *cfg = NULL;
	git_config_entry *e = NULL;

	t->colour = -1;
	t->pager = NULL;
	if (git_repository_config_snapshot(&cfg, repo) < 0)
		return;
	if ((t->colour = colour_key(cfg, "color.regtrace")) < 0)
		t->colour = colour_key(cfg, "color.ui");
	if (git_config_get_entry(&e, cfg, "core.pager") == 0) {
		t->pager = xstrdup(e->value ? e->value : "");
		git_config_entry_free(e);
	}
	git_config_free(cfg);
}

void config_terminal_release(struct terminal_config *t)
{
	free(t->pager);
	t->pager = NULL;
}
