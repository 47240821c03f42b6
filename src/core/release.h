/*
 * release.h — which tags are releases of a series, and which release each
 * commit belongs to.
 *
 * A release of BASE..TIP is a tag named BASE.N (N decimal, no leading zero)
 * on a commit of the series.  A commit belongs to the lowest-numbered
 * release whose history contains it, else to none ("unreleased").
 * Pure: no libgit2, no I/O.
 */
#ifndef REGTRACE_RELEASE_H
#define REGTRACE_RELEASE_H

#include "base/pattern.h"
#include <stddef.h>
#include <stdint.h>

#include "core/graph.h"

struct release {
	char *name;		/* the tag name, e.g. "v4.19.35" */
	unsigned long number;	/* N */
	uint32_t commit;	/* index in the graph */
	int64_t date;		/* seconds since the epoch: tagger date, else commit date */
};

struct release_list {
	struct release *r;
	size_t n, cap;
};

/*
 * The series prefix for a BASE as written: BASE without "refs/tags/" or
 * "tags/".  Returns a pointer into base.
 */
const char *release_base_name(const char *base);

/* 1 and *n = N if tag is "<base>.<N>" (base's letters in any case), else 0. */
int release_number(const char *base, const char *tag, unsigned long *n);

/*
 * How one series names its releases.  Built in: "<key>.<N>" where key is
 * BASE, or BASE without a final ".0" when no tag BASE.N exists but tags
 * "<BASE without .0>.N" do (the X.Y.0 -> X.Y.N form: v8.0.0 -> v8.0.1),
 * or, when BASE is itself a point release P.M of a series P (P has a dot;
 * no tag BASE.N, N = 0 included; some tag P.N with N > M), P with the releases numbered
 * above M (from a point release: v4.19.50..v4.19.102; a series without its
 * P.0, whose first release is its base: libgit2's v1.6.1..v1.6.5).
 * With a project pattern (base/pattern.h: group 1 the series, group 2 the
 * number): tags whose group 1 equals the key, the key being group 1 of
 * BASE when BASE matches the pattern, else BASE.
 */
struct release_matcher {
	char *key;
	unsigned long above;	/* built in: releases numbered above it only */
	const struct pattern *re;
	/* built in: the fix re-release key.N.1 of the highest release key.N
	 * (a tag key.N.1, no other tag key.N.M, no release key.M with tags
	 * key.M.K: Xen's RELEASE-4.1.6.1), taken as a release numbered N */
	char **rerelease;
	unsigned long *rerelease_n;
	size_t nrerelease;
};

void release_matcher_init(struct release_matcher *m, const char *base, const struct pattern *re,
			  char *const *tags, size_t ntags);

/*
 * The tag names of a run in an order that finds those starting with a
 * prefix, in any case, by binary search: a series looks at the tags that
 * can be its releases (built in: BASE.N and the rest below, all of them
 * starting with its key and a dot), not at every tag of the repository.
 * Built once per tag table; names borrowed.
 */
struct tag_index {
	char *const *names;
	size_t n;
	uint32_t *order;	/* indexes of names, by their bytes ASCII-lowered */
};

void tag_index_init(struct tag_index *ix, char *const *names, size_t n);
void tag_index_release(struct tag_index *ix);
/* The names that the built-in rule may take as releases of BASE (those
 * starting with BASE, or BASE without a final ".0", then a dot; when none
 * of them is a release BASE.N, those starting with BASE up to its last
 * dot, for a point release; letters in any case), in names' order: a new
 * array (free() it) of *count. */
char **release_candidates(const struct tag_index *ix, const char *base, size_t *count);
int release_match(const struct release_matcher *m, const char *tag, unsigned long *n);
void release_matcher_release(struct release_matcher *m);

void release_list_init(struct release_list *l);
void release_list_add(struct release_list *l, const char *name,
		      unsigned long number, uint32_t commit);
void release_list_release(struct release_list *l);

/*
 * Sort the releases by number (then name) and set each commit's release
 * index in g.  Linear in the size of the graph.
 */
void release_attribute(struct release_list *l, struct graph *g);

/* The release's name, or "unreleased" for RELEASE_NONE. */
const char *release_name(const struct release_list *l, int release);

/* The index of the release named name (after release_attribute), or -1. */
int release_find(const struct release_list *l, const char *name);

/* One stable series found among tag names: BASE and its highest BASE.N. */
struct series_name {
	char *base, *tip;
	unsigned long top;
};

/* The series a series pattern finds among sorted tag names: every key with
 * two or more tags (base: the tag named as the key, else the lowest-numbered
 * one), unsorted; how many (release_discover.h: release_find_series). */
size_t release_pattern_series(char **sorted, size_t ntags, const struct pattern *re,
			      struct series_name **out);
void release_series_names_free(struct series_name *s, size_t n);

/* A version with a pre-release word (rc, pre, alpha, beta, dev, any case)
 * among the runs of letters after its first digit: 4.9.0-rc1, v2.0-beta2. */
int release_is_prerelease(const char *tag);

/* Release number n, after the next lower one prev, is a snapshot when it is
 * more than RELEASE_SNAPSHOT_FACTOR times prev plus RELEASE_SNAPSHOT_GAP
 * (0.8.9997 after 0.8.9; never a gap of missing tags, 4.19.35 after 4.19.6). */
#define RELEASE_SNAPSHOT_FACTOR 10ul
#define RELEASE_SNAPSHOT_GAP 100ul
int release_is_snapshot(unsigned long prev, unsigned long n);

/* Compare versions: runs of digits numerically, the rest bytewise. */
int release_version_cmp(const char *a, const char *b);

#endif
