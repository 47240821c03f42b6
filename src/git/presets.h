/*
 * presets.h — the built-in recipes of the projects regtrace knows
 * (doc/projects.md): one row per project, the patterns its recipe would
 * have a user write.  `--project NAME` or regtrace.project applies one
 * (git/config.h); preset_fitting() tells which one a repository looks like,
 * for the warning that names it.
 */
#ifndef REGTRACE_PRESETS_H
#define REGTRACE_PRESETS_H

#include <git2.h>

#define PRESET_PATTERNS_MAX 4

struct preset {
	const char *name;
	const char *series;		/* a series pattern, or NULL (the built-in forms) */
	const char *upstream[PRESET_PATTERNS_MAX];	/* NULL-terminated, each */
	const char *fixes[PRESET_PATTERNS_MAX];
	const char *reported[PRESET_PATTERNS_MAX];
	int linux_channels;		/* -1: as the repository says; 1: on */
	const char *paths[2];		/* files of HEAD's tree that say it is this
					   project (all of them) */
	const char *remote;		/* ... or a word of a remote's URL */
};

/* The preset of that name (ASCII case ignored), or NULL. */
const struct preset *preset_find(const char *name);
/* 1 when the preset has a pattern of its own (series, upstream, fixes or
 * reported): it reads more than the built-in forms. */
int preset_reads_more(const struct preset *p);
/* Every preset's name, ", " between them (for an error). */
const char *preset_names(void);
/* The preset whose files HEAD's tree has, or a word of whose a remote's
 * URL has; NULL when none does. */
const struct preset *preset_fitting(git_repository *repo);

#endif
