/* mainline_set.c — see mainline_set.h. */
#include "cmd/mainline_set.h"
#include "cmd/progress_line.h"
#include "base/error.h"
#include "base/util.h"
#include "git/parallel.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

char *mainline_ref(struct run *run, const char *given, char *err, size_t errlen)
{
	return mainline_default_ref(run->repo, given, err, errlen);
}

/* REF's whole history, for a series whose REF ^BASE is empty. */
static int read_whole(struct run *run, struct mainline_set *ms, char *err, size_t errlen)
{
	size_t ncommits;
	int rc;

	ms->whole = xcalloc(1, sizeof(*ms->whole));
	ms->whole->want = ms->want;
	ms->whole->nwant = ms->nwant;
	ms->whole->want_bits = ms->want_bits;
	rc = mainline_read(run->repo, ms->ref, NULL, ms->whole, &ncommits, err, errlen);
	mainline_index(ms->whole);
	return rc;
}

int mainline_set_read(struct run *run, char *ref, const char *const *bases, size_t n,
		      uint32_t *want, size_t nwant, struct mainline_set *out, char *err,
		      size_t errlen)
{
	git_repository *repo = run->repo;
	struct progress_line line;
	int rc;

	out->ref = ref;
	out->want = want;
	out->nwant = nwant;
	out->want_bits = nwant ? mainline_want_filter(want, nwant) : NULL;
	out->n = n;
	out->shared = xcalloc(1, sizeof(*out->shared));
	out->shared->want = want;
	out->shared->nwant = nwant;
	out->shared->want_bits = out->want_bits;
	out->m = xcalloc(n + 1, sizeof(*out->m));
	out->from = xcalloc(n + 1, sizeof(*out->from));
	progress_line_begin(&line, run->quiet, "reading the mainline", "segments", 0);
	rc = mainline_read_set(repo, ref, bases, n, run_mainline_cache(run), out->shared, out->from,
			       &line.cb, err, errlen);
	progress_line_end(&line);
	if (!rc)
		mainline_index(out->shared);
	for (size_t i = 0; i < n && !rc; i++) {
		out->m[i] = out->shared;
		if (out->from[i].fix != SIZE_MAX)
			continue;
		/* no mainline tag: this base alone */
		out->m[i] = xcalloc(1, sizeof(*out->m[i]));
		out->m[i]->want = want;
		out->m[i]->nwant = nwant;
		out->m[i]->want_bits = out->want_bits;
		out->from[i] = (struct mainline_from){ 0, 0, 0 };
		rc = mainline_read(repo, ref, bases[i], out->m[i], &out->from[i].commits, err,
				   errlen);
		mainline_index(out->m[i]);
	}
	for (size_t i = 0; i < n && !rc && nwant && !out->whole; i++)
		if (!out->from[i].commits)
			rc = read_whole(run, out, err, errlen);
	return rc;
}

void mainline_set_for_inference(const struct mainline_set *ms, size_t i,
				const struct mainline **m, size_t *from)
{
	if (!ms->from[i].commits && ms->whole) {
		*m = ms->whole;
		*from = 0;
	} else {
		*m = ms->m[i];
		*from = ms->from[i].ident;
	}
}

void mainline_set_release(struct mainline_set *ms)
{
	for (size_t i = 0; ms->m && i < ms->n; i++)
		if (ms->m[i] && ms->m[i] != ms->shared) {
			mainline_release(ms->m[i]);
			free(ms->m[i]);
		}
	if (ms->shared)
		mainline_release(ms->shared);
	if (ms->whole)
		mainline_release(ms->whole);
	free(ms->shared);
	free(ms->whole);
	free(ms->m);
	free(ms->from);
	free(ms->want);
	free(ms->want_bits);
	free(ms->ref);
	memset(ms, 0, sizeof(*ms));
}

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
};

/* Series i's rows (parallel.h; pure work, the handle is not used). */
static int compute_at(void *ctx, git_repository *repo, size_t i)
{
	struct computing *c = ctx;
	const struct mainline_set *ms = c->out->ms;

	(void)repo;
	compute_one(&c->s[i], ms->m[i], ms->from[i].fix, &c->out->u[i]);
	return 0;
}

void unfixed_for_set(struct run *run, const struct mainline_set *ms, struct series *s, size_t n,
		     struct unfixed_set *out)
{
	struct computing c = { s, out };

	out->ms = ms;
	out->n = n;
	out->u = xcalloc(n + 1, sizeof(*out->u));
	/* every series against its mainline, several at once */
	parallel_run(run->repo, n, compute_at, &c);
}

void unfixed_count_open(const struct mainline_set *ms, struct series *s, size_t i)
{
	struct unfixed u = { 0 };

	compute_one(s, ms->m[i], ms->from[i].fix, &u);
	unfixed_release(&u);
}

void unfixed_set_release(struct unfixed_set *set)
{
	for (size_t i = 0; set->u && i < set->n; i++)
		unfixed_release(&set->u[i]);
	free(set->u);
	memset(set, 0, sizeof(*set));
}
