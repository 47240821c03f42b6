/*
 * release_discover.h — the stable series among a repository's tags, with
 * every decision: each series found (base, tip, release count) and each
 * candidate rejected with the rule that rejected it (doc/dialects.md
 * "Series discovery").
 *
 * The facts that need the repository (which commit each tag names, which
 * tags are on the mainline's first-parent line) come in as plain data
 * (git/discover.c gathers them); a caller that has none gives each tag a
 * commit of its own and no first-parent line.  Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_RELEASE_DISCOVER_H
#define REGTRACE_RELEASE_DISCOVER_H

#include "base/pattern.h"
#include "core/release.h"
#include <stddef.h>
#include <stdint.h>

/* One tag as discovery sees it. */
struct tag_fact {
	const char *name;	/* borrowed: outlives the discovery */
	uint32_t commit;	/* equal for two tags naming one commit */
	int first_parent;	/* on the mainline's first-parent line */
};

/* The project's corrections (regtrace.series, regtrace.excludeSeries):
 * ranges "BASE..TIP" to add, bases to drop.  Borrowed. */
struct discovery_config {
	const char *const *add;
	size_t nadd;
	const char *const *exclude;
	size_t nexclude;
};

struct series_found {
	char *base, *tip;
	size_t nreleases;	/* releases of the series up to tip */
	unsigned long top;	/* the tip's number (release_match of base) */
	int by_config;		/* added by regtrace.series */
};

/* A candidate rejected: a base, a range or a tag; rule: a short name
 * (RULE_* below, static); reason: one line. */
struct series_rejected {
	char *candidate;
	const char *rule;
	char *reason;
};

struct series_discovery {
	struct series_found *found;	/* newest first (version of base after its prefix, descending) */
	size_t nfound, capfound;
	struct series_rejected *rejected;	/* in the order the rules ran */
	size_t nrejected, caprejected;
};

/* The rules' names, as `regtrace series` shows them. */
#define RULE_NAMESPACE "namespace"
#define RULE_PRERELEASE "prerelease"
#define RULE_DOWNSTREAM "downstream"
#define RULE_PRE_ONE "pre-1.0"
#define RULE_RETAG "retag"
#define RULE_BETA "beta"
#define RULE_SNAPSHOT "snapshot"
#define RULE_NO_RELEASE "no-release"
#define RULE_NO_BASE "no-base"
#define RULE_FIX_RERELEASE "fix-rerelease"
#define RULE_RELEASE_IS_BASE "release-is-base"
#define RULE_SUBPROJECT "subproject"
#define RULE_DEVELOPMENT "development-line"
#define RULE_CONFIG "config"

/*
 * Every series among tags (any order; names need not be unique in case),
 * by the built-in rules, or with re by the pattern alone; then cfg's
 * corrections (cfg may be NULL).  out is filled (and must be released with
 * discovery_release) even when nothing is found.
 */
void release_discover(const struct tag_fact *tags, size_t ntags, const struct pattern *re,
		      const struct discovery_config *cfg, struct series_discovery *out);
void discovery_release(struct series_discovery *d);

/* The pure name rules, one per class of tags (doc/dialects.md):
 * a base with a downstream number after its version (v239-13); */
int release_is_downstream(const char *base);
/* a base (a series key) 0.X whose last number is 90..99: a line of
 * snapshots before 1.0 (git's v0.99, Open vSwitch's v0.90); not tcpdump's
 * 4.99 nor GCC's 2.95, real series; */
int release_is_pre_version(const char *key);
/* a release number of three digits or more starting "99" (0.8.1.999,
 * 0.7.2.997): a beta of the next version; */
int release_is_beta_number(unsigned long n);
/* the tag prefix of a name: what comes before its first digit, lower case,
 * a lone "v" counted as none ("gitgui-", "release-", ""); into buf. */
void release_prefix(const char *name, char *buf, size_t len);

/*
 * The series among tag names (doc/dialects.md "Series discovery"): every
 * tag BASE with at least one tag BASE.N, and every tag P.0 with tags P.N
 * but no tag P (the X.Y.0 form), except that
 *   - a BASE that is a pre-release (release_is_prerelease) is no base;
 *   - in number order, a release number N after M with
 *     release_is_snapshot(M, N) is a snapshot: it and every higher number
 *     are no releases of BASE (a base left with none is no base);
 *   - a release that is itself the base of a series belongs to that
 *     series, not to BASE's: BASE's tip is its highest other release (a
 *     base left with none is no series);
 *   - a tag with a '/' (a namespace: docker/frr-8.4) is neither.
 * With a pattern, every series key with two or more tags (base: the tag
 * named as the key, else the lowest-numbered one); the pattern decides and
 * the rules above do not apply.  Sorted newest first (by version of BASE,
 * descending).  The caller frees with release_series_names_free.
 */
void release_find_series(char **tags, size_t ntags, const struct pattern *re,
			 struct series_name **out, size_t *nout);

#endif
