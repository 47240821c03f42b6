/*
 * mainline_set.h — the mainline of a load, read once for every series
 * (git/mainline_read.h, with the mainline cache of the source): what
 * `unfixed` and `stats --mainline` compare each series with
 * (core/unfixed_set.h), and where the upstream ids of commits whose message
 * names none are looked for (git/infer.h).  series_set_load() reads it when
 * the request needs it or a series has such commits (series_set.h).
 */
#ifndef REGTRACE_MAINLINE_SET_H
#define REGTRACE_MAINLINE_SET_H

#include <stddef.h>
#include <stdint.h>

#include "core/series.h"
#include "core/unfixed_set.h"
#include "git/mainline_read.h"
#include "load/source.h"

/* Series i's mainline REF ^BASE is m[i] from from[i] on: the shared read
 * for the series whose base is a mainline tag, its own read for the others;
 * whole is REF's whole history, read when some series' REF ^BASE is empty
 * and it has commits to infer upstream ids for (infer.h), else NULL. */
struct mainline_set {
	char *ref;
	struct mainline *shared;
	struct mainline **m;
	struct mainline_from *from;	/* .fix is 0 for a series read alone,
					   but for one borrowed: m[i] is then
					   m[.lender], not its own */
	struct mainline *whole;
	uint32_t *want;			/* the identity keys kept, sorted, owned */
	size_t nwant;
	uint64_t *want_bits;		/* their filter (core/mainline.h), owned */
	size_t n;
	git_repository *repo;		/* where the missing fixes' tags are found */
	char **bases;			/* the n bases, owned */
};

/* Read ref's mainline for the n bases (out zeroed; it takes ref and want,
 * n keys sorted and distinct, over).  labels: the set is compared with
 * (mainline_set_against, mainline_set_unfixed), so every mainline commit
 * that names others is named by its first mainline tag; without, only
 * inference reads it (mainline_set_for_inference) and a base's own
 * mainline may come from the cache without those names
 * (git/mainline_alone.h). */
int mainline_set_read(const struct load_source *src, char *ref, const char *const *bases,
		      size_t n, uint32_t *want, size_t nwant, int labels, struct mainline_set *out,
		      char *err, size_t errlen);
/* Series i's mainline for inferring upstream ids: *m and where it starts. */
void mainline_set_for_inference(const struct mainline_set *ms, size_t i,
				const struct mainline **m, size_t *from);
/* Series i's mainline for unfixed (core/unfixed_set.h). */
struct unfixed_against mainline_set_against(const struct mainline_set *ms, size_t i);
void mainline_set_release(struct mainline_set *ms);

/* unfixed_for_set() of s[0..n), each against its mainline in ms; each
 * missing fix that no mainline tag holds is named by the first tag of any
 * name that does (git/mainline_tags.h), or stays without (no tag yet, or
 * the repository could not tell). */
void mainline_set_unfixed(const struct mainline_set *ms, struct series *s, size_t n,
			  struct unfixed_set *out);

#endif
