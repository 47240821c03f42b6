/* ranges_read.c — see ranges_read.h. */
#include "git/ranges_read.h"
#include "git/parallel.h"
#include "base/threads.h"
#include "base/util.h"

#include <stdlib.h>

struct plan {
	struct range_reading *v;
	struct read_options read;	/* the caller's, threads lowered */
	const struct progress *progress;
	size_t *order;		/* the ranges in the order they are read */
	size_t *first;		/* group g: ranges order[first[g]..first[g + 1]) */
};

/* Group g's ranges: their commits read together (repo.h: each commit once). */
static int read_group(void *ctx, git_repository *repo, size_t g)
{
	struct plan *p = ctx;
	size_t from = p->first[g], n = p->first[g + 1] - from;
	struct range_reading *v = xmalloc((n + 1) * sizeof(*v));

	for (size_t k = 0; k < n; k++)
		v[k] = p->v[p->order[from + k]];
	repo_walk_ranges(repo, v, n, &p->read);
	for (size_t k = 0; k < n; k++)
		p->v[p->order[from + k]] = v[k];
	free(v);
	progress_done(p->progress, n);
	return 0;
}

/* The ranges to walk first, in groups of consecutive ones (thread_count()
 * of them); then each range the commit cache holds as it is, alone.  How
 * many groups. */
static size_t plan_groups(git_repository *repo, struct plan *p, size_t n)
{
	int *cached = xcalloc(n + 1, sizeof(int));
	size_t k = 0, nwalk, wgroups, groups;

	for (size_t i = 0; i < n; i++)
		cached[i] = repo_range_cached(repo, &p->v[i], &p->read);
	for (size_t i = 0; i < n; i++)
		if (!cached[i])
			p->order[k++] = i;
	nwalk = k;
	for (size_t i = 0; i < n; i++)
		if (cached[i])
			p->order[k++] = i;
	wgroups = nwalk ? thread_count(nwalk) : 0;
	groups = wgroups + (n - nwalk);
	p->first = xmalloc((groups + 1) * sizeof(size_t));
	for (size_t g = 0; g <= wgroups; g++)
		p->first[g] = wgroups ? nwalk * g / wgroups : 0;
	for (size_t g = wgroups + 1; g <= groups; g++)
		p->first[g] = nwalk + (g - wgroups);
	free(cached);
	return groups;
}

void ranges_read(git_repository *repo, struct range_reading *v, size_t n,
		 const struct read_options *opt, const struct progress *progress)
{
	struct plan p = { .v = v, .progress = progress };
	size_t groups;

	if (opt)
		p.read = *opt;
	p.order = xmalloc((n + 1) * sizeof(size_t));
	groups = plan_groups(repo, &p, n);
	if (groups > 1)
		p.read.threads = 1;
	parallel_run(repo, groups, read_group, &p);
	free(p.first);
	free(p.order);
}
