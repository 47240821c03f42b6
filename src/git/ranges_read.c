/* ranges_read.c — see ranges_read.h. */
#include "git/ranges_read.h"
#include "git/parallel.h"
#include "git/read_plan.h"
#include "base/util.h"

#include <stdlib.h>

struct groups {
	struct range_reading *v;
	struct read_options read;	/* the caller's, threads lowered */
	const struct progress *progress;
	struct read_plan plan;
};

/* Group g's ranges: their commits read together (repo.h: each commit once). */
static int read_group(void *ctx, git_repository *repo, size_t g)
{
	struct groups *p = ctx;
	size_t from = p->plan.first[g], n = p->plan.first[g + 1] - from;
	struct range_reading *v = xmalloc((n + 1) * sizeof(*v));

	for (size_t k = 0; k < n; k++)
		v[k] = p->v[p->plan.order[from + k]];
	repo_walk_ranges(repo, v, n, &p->read);
	for (size_t k = 0; k < n; k++)
		p->v[p->plan.order[from + k]] = v[k];
	free(v);
	progress_done(p->progress, n);
	return 0;
}

size_t ranges_read(git_repository *repo, struct range_reading *v, size_t n,
		   const struct read_options *opt, const struct progress *progress)
{
	size_t groups;

	struct groups p = { .v = v, .progress = progress };
	int *cached = xcalloc(n + 1, sizeof(int));

	if (opt)
		p.read = *opt;
	for (size_t i = 0; i < n; i++)
		cached[i] = repo_range_cached(repo, &v[i], &p.read);
	read_plan_make(cached, n, &p.plan);
	free(cached);
	if (p.plan.groups > 1)
		p.read.threads = 1;
	parallel_run(repo, p.plan.groups, read_group, &p);
	groups = p.plan.groups;
	read_plan_release(&p.plan);
	return groups;
}
