/*
 * config.h — a project's settings: its series pattern and its upstream-id
 * patterns, from the command line, the repository's git config
 * (regtrace.seriesPattern, regtrace.upstreamPattern, multi-valued) and a
 * `.regtrace` file at the top of the work tree (git-config syntax, same
 * keys).  The series pattern is the first of command line, git config,
 * .regtrace; upstream patterns from all three add up.
 */
#ifndef REGTRACE_CONFIG_H
#define REGTRACE_CONFIG_H

#include <stddef.h>
#include <git2.h>

#include "base/pattern.h"
#include "core/message.h"

struct project_config {
	struct pattern *series;		/* or NULL */
	int has_series;
	struct msg_rules rules;
	size_t cap;
	char **upstream_sources;	/* the patterns' text, for the cache's fingerprint */
};

/* The patterns given on the command line. */
struct config_words {
	const char *series_pattern;	/* or NULL */
	const char *const *upstream_patterns;
	size_t nupstream_patterns;
};

/* RT_OK, RT_EUSAGE (a bad command-line pattern) or RT_EFAIL. */
int config_load(git_repository *repo, const struct config_words *c, struct project_config *out,
		char *err, size_t errlen);
void config_release(struct project_config *p);

/* Compile a pattern needing at least ngroups capture groups (pure). */
int config_compile(struct pattern **re, const char *pattern, size_t ngroups, char *err,
		   size_t errlen);
/* RT_OK, or RT_EFAIL when a match of one of the patterns hit its limit
 * (base/pattern.h): then the answer may lack what the pattern would have
 * found, so it is an error, said with the pattern. */
int config_check_limits(const struct project_config *p, char *err, size_t errlen);

#endif
