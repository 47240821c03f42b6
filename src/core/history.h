/*
 * history.h — what the git layer reads for one range, as plain data: the
 * input of the counting rules (analyze.h).
 *
 * The commits reachable from TIP and not from BASE in history order with
 * their parsed messages (graph.h) and upstream identities (identity.h:
 * the inferred ones), the tags whose commit is one of them, the names of
 * every tag of the repository (the release rules need them: release.h),
 * and what the repository says of the ids that name no commit of the
 * range (identity.h).  Pure data: no libgit2.
 */
#ifndef REGTRACE_HISTORY_H
#define REGTRACE_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "core/breakdown.h"
#include "core/graph.h"
#include "core/identity.h"
#include "core/release.h"

struct history_tag {
	const char *name;	/* borrowed from all_tags */
	uint32_t commit;	/* index into g */
	int64_t date;		/* the tagger's date, else the commit's */
};

struct resolver;

struct history {
	char *name;		/* the range as given ("BASE..TIP"), owned */
	char *base, *tip;	/* its two ends as given, owned */
	int64_t base_date;	/* BASE's date: the tag's (tagger, else commit) when
				   BASE names a tag, else the commit's */
	struct graph g;
	struct history_tag *tags;	/* in all_tags' order, owned */
	size_t ntags;
	char *const *all_tags;	/* every tag naming a commit, sorted; borrowed:
				   valid while the run's tag table lives */
	size_t nall_tags;
	const struct tag_index *tag_index;	/* all_tags by prefix (release.h),
						   borrowed; or NULL */
	struct outside outside;	/* sorted (outside_sort), owned */
	struct group_map *paths;	/* when asked (--by path): the subsystems each
					   commit touches (git/paths.h), owned; or NULL */
	uint32_t *ident_keys;	/* per commit of g, its identity key when the
				   upstream inference looks for it (git/infer.h:
				   infer_wanted's, kept for infer_upstream), or NULL */
	size_t nident_keys;	/* g.n when they were worked out */
	size_t ties_unread;	/* upstream ids left ambiguous because the patches
				   that would break the tie are missing (a partial
				   clone's absent blobs or trees: git/infer.h) */
	struct resolver *resolver;	/* built on g by whoever needed it first
					   (git/outside.h), owned, taken over by
					   analyze(); or NULL.  Valid while g's ids
					   and aliases stay as they are */
};

void history_init(struct history *h);
void history_release(struct history *h);

#endif
