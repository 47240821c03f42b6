/* mainline_set.c — see mainline_set.h. */
#include "load/mainline_set.h"
#include "base/error.h"
#include "base/util.h"
#include "git/infer.h"
#include "git/mainline_tags.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* REF's whole history, for a series whose REF ^BASE is empty. */
static int read_whole(const struct load_source *src, const struct mainline_walks *mw,
		      struct mainline_set *ms, char *err, size_t errlen)
{
	size_t ncommits;
	int rc;

	ms->whole = xcalloc(1, sizeof(*ms->whole));
	ms->whole->want = ms->want;
	ms->whole->nwant = ms->nwant;
	ms->whole->want_bits = ms->want_bits;
	rc = mainline_read(src->repo, ms->ref, NULL, mw, ms->whole, &ncommits, err, errlen);
	mainline_index(ms->whole);
	return rc;
}

/* A mainline of one base's own, to read into. */
static struct mainline *own_mainline(const struct mainline_set *ms)
{
	struct mainline *m = xcalloc(1, sizeof(*m));

	m->want = ms->want;
	m->nwant = ms->nwant;
	m->want_bits = ms->want_bits;
	return m;
}

static void drop_own(struct mainline *m)
{
	mainline_release(m);
	free(m);
}

int mainline_set_read(const struct load_source *src, char *ref, const char *const *bases,
		      size_t n, uint32_t *want, size_t nwant, int labels, struct mainline_set *out,
		      char *err, size_t errlen)
{
	git_repository *repo = src->repo;
	const struct progress *progress;
	struct infer_note note = { source_infer_cache(src), NULL };
	struct mainline_walks mw = { src->cache, NULL };
	int rc;

	out->ref = ref;
	out->want = want;
	out->nwant = nwant;
	out->want_bits = nwant ? mainline_want_filter(want, nwant) : NULL;
	out->n = n;
	out->repo = repo;
	out->bases = xcalloc(n + 1, sizeof(char *));
	for (size_t i = 0; i < n; i++)
		out->bases[i] = bases[i] ? xstrdup(bases[i]) : NULL;	/* NULL: not read */
	out->shared = xcalloc(1, sizeof(*out->shared));
	out->shared->want = want;
	out->shared->nwant = nwant;
	out->shared->want_bits = out->want_bits;
	note.want = out->shared;
	if (note.cache && nwant)	/* the candidates kept as they are read */
		mw.note = &note;
	out->m = xcalloc(n + 1, sizeof(*out->m));
	out->from = xcalloc(n + 1, sizeof(*out->from));
	for (size_t i = 0; i < n; i++)
		out->m[i] = own_mainline(out);
	progress = source_phase_begin(src, "reading the mainline", "segments", 0);
	rc = mainline_read_set(repo, ref, bases, n, labels, source_mainline_cache(src), &mw,
			       out->shared, out->m, out->from, progress, err, errlen);
	source_phase_end(src);
	if (!rc)
		mainline_index(out->shared);
	for (size_t i = 0; i < n && !rc; i++) {
		if (out->from[i].borrowed) {
			drop_own(out->m[i]);	/* (the lender's is indexed below) */
			out->m[i] = out->m[out->from[i].lender];
			continue;
		}
		if (out->from[i].fix != SIZE_MAX) {
			drop_own(out->m[i]);
			out->m[i] = out->shared;
			continue;
		}
		if (!out->from[i].alone) {	/* this base alone */
			out->from[i] = (struct mainline_from){ 0, 0, 0, 0, 0, 0 };
			rc = mainline_read(repo, ref, bases[i], &mw, out->m[i],
					   &out->from[i].commits, err, errlen);
		}
		out->from[i].fix = out->from[i].ident = 0;
		mainline_index(out->m[i]);
	}
	for (size_t i = 0; i < n && !rc && nwant && !out->whole; i++)
		if (!out->from[i].commits)
			rc = read_whole(src, &mw, out, err, errlen);
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
		if (ms->m[i] && ms->m[i] != ms->shared && !(ms->from && ms->from[i].borrowed)) {
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
	for (size_t i = 0; ms->bases && i < ms->n; i++)
		free(ms->bases[i]);
	free(ms->bases);
	memset(ms, 0, sizeof(*ms));
}

struct unfixed_against mainline_set_against(const struct mainline_set *ms, size_t i)
{
	return (struct unfixed_against){ ms->m[i], ms->from[i].fix };
}

/* Series i's missing fixes without a mainline tag, named by any tag. */
static void name_missing(const struct mainline_set *ms, size_t i, const struct unfixed *u)
{
	char err[256];

	for (size_t r = 0; r < u->n; r++)
		for (size_t k = 0; k < u->v[r].missing.n; k++)
			if (mainline_name_untagged(ms->repo, ms->m[i], u->v[r].missing.v[k],
						   ms->bases[i], err, sizeof(err)))
				return;	/* the repository cannot tell: left without */
}

void mainline_set_unfixed(const struct mainline_set *ms, struct series *s, size_t n,
			  struct unfixed_set *out)
{
	struct unfixed_against *ml = xcalloc(n + 1, sizeof(*ml));

	for (size_t i = 0; i < n; i++)
		ml[i] = mainline_set_against(ms, i);
	unfixed_for_set(s, n, ml, out);
	free(ml);
	for (size_t i = 0; i < n && i < out->n; i++)
		name_missing(ms, i, &out->u[i]);
}
