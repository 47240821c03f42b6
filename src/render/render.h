/*
 * render.h — the outputs: text tables for people, CSV (RFC 4180) and JSON
 * for programs.  Each reads analysed series and writes to a stream; none
 * changes them.  Return 0, or -1 if the stream reported an error.
 */
#ifndef REGTRACE_RENDER_H
#define REGTRACE_RENDER_H

#include <stddef.h>
#include <stdio.h>

#include "core/series.h"
#include "render/numbers.h"

enum render_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON, FORMAT_DYAD };

int render_stats_text(FILE *out, const struct series *s, size_t n);
/* skipped: the series a whole-repository run left out (series.h), or NULL:
 * JSON lists them under "not_counted", CSV gives each a row of empty
 * numbers with its reason in the last column, "not_counted". */
int render_stats_csv(FILE *out, const struct series *s, size_t n,
		     const struct series_skips *skipped);
int render_stats_json(FILE *out, const struct series *s, size_t n,
		      const struct series_skips *skipped);

/* Which links `fixes` shows, and how; NULL: every link, four lines each. */
struct fixes_view {
	int oneline;		/* text: one line per link */
	int visible;		/* only fix and revert links whose fix is in a
				   later release than their target */
	int kind;		/* only links of this enum link_kind; -1: any */
};
int fixes_view_shows(const struct fixes_view *v, const struct link *l);
/* fixes of n series: text blocks one after another, CSV and JSON rows of
 * all (each naming its series). */
int render_fixes_text(FILE *out, const struct series *s, size_t n, const struct fixes_view *v);
int render_fixes_csv(FILE *out, const struct series *s, size_t n, const struct fixes_view *v);
int render_fixes_json(FILE *out, const struct series *s, size_t n, const struct fixes_view *v);

struct timeline;
int render_timeline_text(FILE *out, const struct series *s, size_t n);
int render_timeline_csv(FILE *out, const struct series *s, size_t n);
int render_timeline_json(FILE *out, const struct series *s, size_t n);

int render_sagas_text(FILE *out, const struct series *s);
int render_sagas_json(FILE *out, const struct series *s);
int render_sagas_csv(FILE *out, const struct series *s);

struct mainline;
struct unfixed;
int render_unfixed_text(FILE *out, const struct series *s, const char *ref,
			const struct mainline *m, const struct unfixed *u);
int render_unfixed_csv(FILE *out, const struct series *s, const char *ref,
		       const struct mainline *m, const struct unfixed *u);
int render_unfixed_json(FILE *out, const struct series *s, const char *ref,
			const struct mainline *m, const struct unfixed *u);

/* regressions: rows of core/regressions.h over the n series s. */
struct regressions;
int render_regressions_text(FILE *out, const struct series *s, size_t n,
			    const struct regressions *r);
int render_regressions_csv(FILE *out, const struct series *s, size_t n,
			   const struct regressions *r);
int render_regressions_json(FILE *out, const struct series *s, size_t n,
			    const struct series_skips *skipped, const struct regressions *r);

/* explain: one commit of s (core/explain.h); holding: the names of the
 * series that hold it, newest first (s is the first). */
struct explanation;
int render_explain_text(FILE *out, const struct series *s, const struct explanation *e,
			const char *const *holding, size_t nholding);
int render_explain_json(FILE *out, const struct series *s, const struct explanation *e,
			const char *const *holding, size_t nholding);

/* One CSV field (render_csv.c's quoting), then "," or, last, the line end. */
void render_csv_field(FILE *out, const char *v, int last);

/* affected: the answers for a fixes over the series s (core/affected.h);
 * ref: the mainline branch shown, or NULL; why: text says how each commit
 * was found. */
struct affected_answer;
int render_affected_text(FILE *out, const struct series *s, const char *ref,
			 const struct affected_answer *a, size_t na, int why);
int render_affected_json(FILE *out, const struct series *s, const char *ref,
			 const struct affected_answer *a, size_t na);
int render_affected_csv(FILE *out, const struct series *s, const char *ref,
			const struct affected_answer *a, size_t na);
int render_affected_dyad(FILE *out, const struct series *s, const char *ref,
			 const struct affected_answer *a, size_t na);

#endif
