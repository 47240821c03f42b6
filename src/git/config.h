/*
 * config.h — a project's settings: its series pattern, its upstream-id
 * patterns, its fix-line patterns, its channel patterns and whether the
 * Linux channel rules apply, from the command line, the repository's git
 * config and a `.regtrace` file at the top of the work tree (git-config
 * syntax, same keys):
 *   regtrace.seriesPattern        the first of command line, git config, .regtrace;
 *   regtrace.upstreamPattern      multi-valued; all three sources add up;
 *   regtrace.fixesPattern         multi-valued; all three sources add up;
 *   regtrace.reportedPattern      multi-valued (git config and .regtrace add
 *                                 up): a line matching one says someone hit
 *                                 what the commit fixes (core/reported.h);
 *   regtrace.channelPattern.NAME  a channel NAME (git config and .regtrace, in
 *                                 that order, each in file order);
 *   regtrace.linuxChannels        true or false: the Linux channel rules on or
 *                                 off whatever the repository looks like
 *                                 (git config, else .regtrace).
 *   regtrace.project              a built-in recipe (git/presets.h): the first
 *                                 of command line (--project), git config,
 *                                 .regtrace; its patterns add to the others,
 *                                 its series pattern comes after theirs;
 *   regtrace.series               BASE..TIP, a series discovery adds
 *                                 (multi-valued; git config and .regtrace add up);
 *   regtrace.excludeSeries        BASE, a series discovery drops (the same).
 */
#ifndef REGTRACE_CONFIG_H
#define REGTRACE_CONFIG_H

#include <stddef.h>
#include <git2.h>

#include "base/pattern.h"
#include "core/message.h"

struct preset;

struct project_config {
	const struct preset *preset;	/* the recipe applied, or NULL */
	char *preset_name;		/* its name as given, until applied */
	struct pattern *series;		/* or NULL */
	int has_series;
	struct msg_rules rules;
	size_t upstream_cap, fixes_cap, channels_cap, reported_cap;
	char **channel_names;	/* one per rules.channels, lower-case */
	char **sources;		/* every pattern that shapes the facts of a message,
				   tagged with its kind: the cache's fingerprint */
	size_t nsources, sources_cap;
	int linux_channels;	/* -1 not set (the repository decides), 0, 1 */
	char **series_add, **series_exclude;	/* regtrace.series, .excludeSeries */
	size_t nseries_add, nseries_exclude, series_add_cap, series_exclude_cap;
};

/* The patterns given on the command line. */
struct config_words {
	const char *series_pattern;	/* or NULL */
	const char *const *upstream_patterns;
	size_t nupstream_patterns;
	const char *const *fixes_patterns;
	size_t nfixes_patterns;
	const char *project;		/* --project NAME, or NULL */
};

/* RT_OK, RT_EUSAGE (a bad command-line pattern) or RT_EFAIL. */
int config_load(git_repository *repo, const struct config_words *c, struct project_config *out,
		char *err, size_t errlen);
void config_release(struct project_config *p);

/* The project's message rules, or NULL when it has no pattern of its own. */
const struct msg_rules *config_msg_rules(const struct project_config *p);

/* Compile a pattern needing at least ngroups capture groups (pure). */
int config_compile(struct pattern **re, const char *pattern, size_t ngroups, char *err,
		   size_t errlen);
/* RT_OK, or RT_EFAIL when a match of one of the patterns hit its limit
 * (base/pattern.h): then the answer may lack what the pattern would have
 * found, so it is an error, said with the pattern. */
int config_check_limits(const struct project_config *p, char *err, size_t errlen);

/*
 * The terminal's settings, from the repository's git config as git reads
 * it (with the user's and the system's; not .regtrace):
 *   color.regtrace   colour of regtrace's text, before color.ui (as git's
 *                    color.diff, color.status for its commands);
 *   color.ui         colour of every program, git's own key;
 *   core.pager       the pager, after GIT_PAGER and before PAGER.
 */
struct terminal_config {
	int colour;	/* 0 never, 1 always, 2 auto (cmd/cli.h's CLI_COLOUR_*),
			   or -1: neither key set, or set to no colour value */
	char *pager;	/* core.pager, or NULL */
};
void config_terminal(git_repository *repo, struct terminal_config *t);
void config_terminal_release(struct terminal_config *t);
/* A colour setting as git reads one (pure): never, always, auto (any case);
 * else a boolean (true, yes, on, a non-zero number, or no value at all:
 * auto; false, no, off, 0, empty: never); -1 for anything else. */
int config_colour_value(const char *value);

#endif
