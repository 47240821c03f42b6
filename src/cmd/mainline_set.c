/* mainline_set.c — see mainline_set.h. */
#include "cmd/mainline_set.h"
#include "cmd/progress_line.h"
#include "base/error.h"
#include "base/util.h"
#include "git/mainline_read.h"
#include "git/parallel.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Series i's rows against m, from its first mainline commit on. */
static void compute_one(struct series *s, const struct mainline *m, size_t from,
			struct unfixed *u)
{
	uint8_t *live = xmalloc(s->g.n + 1);

	census_live_at_end(&s->g, &s->census, live);
	unfixed_compute(&s->g, &s->r, live, m, from, u);
	s->open = (long)u->n;
	free(live);
}

struct computing {
	struct series *s;
	struct unfixed_set *out;
	const size_t *from;
};

/* Series i's rows (parallel.h; pure work, the handle is not used). */
static int compute_at(void *ctx, git_repository *repo, size_t i)
{
	struct computing *c = ctx;

	(void)repo;
	compute_one(&c->s[i], c->out->m[i], c->from[i], &c->out->u[i]);
	return 0;
}

char *mainline_ref(struct run *run, const char *given, char *err, size_t errlen)
{
	return mainline_default_ref(run->repo, given, err, errlen);
}

int unfixed_for_set(struct run *run, const char *ref, struct series *s, size_t n,
		    struct unfixed_set *out, char *err, size_t errlen)
{
	git_repository *repo = run->repo;
	const char **bases = xmalloc((n + 1) * sizeof(char *));
	size_t *from = xmalloc((n + 1) * sizeof(size_t));
	struct computing c = { s, out, from };
	struct progress_line line;
	int rc;

	out->n = n;
	out->shared = xcalloc(1, sizeof(*out->shared));
	out->m = xcalloc(n + 1, sizeof(*out->m));
	out->u = xcalloc(n + 1, sizeof(*out->u));
	for (size_t i = 0; i < n; i++)
		bases[i] = s[i].base;
	progress_line_begin(&line, "reading the mainline", "segments", 0);
	rc = mainline_read_set(repo, ref, bases, n, run->mainline_cache, out->shared, from,
			       &line.cb, err, errlen);
	progress_line_end(&line);
	if (!rc)
		mainline_index(out->shared);
	for (size_t i = 0; i < n && !rc; i++) {
		out->m[i] = out->shared;
		if (from[i] == SIZE_MAX) {	/* no mainline tag: this base alone */
			out->m[i] = xcalloc(1, sizeof(*out->m[i]));
			from[i] = 0;
			if ((rc = mainline_read(repo, ref, s[i].base, out->m[i], err, errlen)))
				break;
			mainline_index(out->m[i]);
		}
	}
	if (!rc)	/* every series against its mainline, several at once */
		parallel_run(repo, n, compute_at, &c);
	free(bases);
	free(from);
	return rc;
}

void unfixed_set_release(struct unfixed_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		unfixed_release(&set->u[i]);
		if (set->m[i] && set->m[i] != set->shared) {
			mainline_release(set->m[i]);
			free(set->m[i]);
		}
	}
	if (set->shared)
		mainline_release(set->shared);
	free(set->shared);
	free(set->m);
	free(set->u);
	memset(set, 0, sizeof(*set));
}

