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

#include <regex.h>
#include <stddef.h>
#include <git2.h>

#include "core/message.h"

struct project_config {
	regex_t series;
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
int config_compile(regex_t *re, const char *pattern, size_t ngroups, char *err, size_t errlen);

#endif
