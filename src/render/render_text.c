/*
 * render_text.c — aligned tables for a terminal; counts with thousands
 * separators, rates as percentages with one decimal ("-" when undefined).
 */
#include "render/render.h"
#include "base/fmt.h"
#include "core/lifetime.h"
#include "core/timeline.h"
#include "core/unfixed.h"

#include <string.h>

#define MAX_COLS 12
#define CELL 256

struct table {
	int ncols;
	const char *const *head;
	int w[MAX_COLS];
};

double render_rate(size_t x, size_t y)
{
	return y ? (double)x / (double)y : -1.0;
}

static void table_measure(struct table *t, char cell[][CELL])
{
	for (int k = 0; k < t->ncols; k++) {
		int len = (int)strlen(cell[k]);
		if (len > t->w[k])
			t->w[k] = len;
	}
}

static void table_init(struct table *t, int ncols, const char *const *head)
{
	t->ncols = ncols;
	t->head = head;
	for (int k = 0; k < ncols; k++)
		t->w[k] = (int)strlen(head[k]);
}

/* First column left-aligned, the rest right-aligned. */
static void table_row(FILE *out, const struct table *t, const char *const *cell)
{
	fprintf(out, "%-*s", t->w[0], cell[0]);
	for (int k = 1; k < t->ncols; k++)
		fprintf(out, "  %*s", t->w[k], cell[k]);
	fputc('\n', out);
}

static void table_row_cells(FILE *out, const struct table *t, char cell[][CELL])
{
	const char *p[MAX_COLS];

	for (int k = 0; k < t->ncols; k++)
		p[k] = cell[k];
	table_row(out, t, p);
}

static const char *const stats_head[] = {
	"Series", "Commits", "Tags", "% tagged", "Fixes", "Reverts",
	"Same release", "Visible", "Low rate", "High rate", "Open",
};
/* "Open" only when stats --mainline computed it */
#define STATS_COLS(s) ((s)->open >= 0 ? 11 : 10)

static void stats_cells(const struct series *s, char cell[][CELL])
{
	if (s->open >= 0)
		fmt_count(cell[10], CELL, (size_t)s->open);
	const struct census *c = &s->census;

	snprintf(cell[0], CELL, "%s", s->label ? s->label : s->name);
	fmt_count(cell[1], CELL, c->commits);
	fmt_count(cell[2], CELL, c->tagged);
	fmt_pct(cell[3], CELL, render_rate(c->tagged, c->commits));
	fmt_count(cell[4], CELL, c->fixes);
	fmt_count(cell[5], CELL, c->reverts);
	fmt_count(cell[6], CELL, c->same_release);
	fmt_count(cell[7], CELL, c->visible);
	fmt_pct(cell[8], CELL, render_rate(c->visible, c->commits));
	fmt_pct(cell[9], CELL, render_rate(c->visible, c->tagged));
}

static const char *const by_head[] = {
	"Group", "Commits", "Tags", "Fixes", "Same release", "Visible", "Low rate", "High rate",
};
#define BY_COLS ((int)(sizeof(by_head) / sizeof(by_head[0])))

static void by_cells(const struct breakdown_row *r, char cell[][CELL])
{
	snprintf(cell[0], CELL, "%s", r->name);
	fmt_count(cell[1], CELL, r->commits);
	fmt_count(cell[2], CELL, r->tagged);
	fmt_count(cell[3], CELL, r->fixes);
	fmt_count(cell[4], CELL, r->same_release);
	fmt_count(cell[5], CELL, r->visible);
	fmt_pct(cell[6], CELL, render_rate(r->visible, r->commits));
	fmt_pct(cell[7], CELL, render_rate(r->visible, r->tagged));
}

/* The rows, and the total (path) as a last row "Total". */
static void breakdown_table(FILE *out, const struct series *s)
{
	char cell[MAX_COLS][CELL];
	struct table t;
	const struct breakdown *b = s->by;
	struct breakdown_row total = b->total;

	total.name = "Total";
	table_init(&t, BY_COLS, by_head);
	for (size_t i = 0; i < b->n + (size_t)b->has_total; i++) {
		by_cells(i < b->n ? &b->rows[i] : &total, cell);
		table_measure(&t, cell);
	}
	fprintf(out, "\n%s by %s:\n", s->label ? s->label : s->name, b->kind);
	table_row(out, &t, by_head);
	for (size_t i = 0; i < b->n + (size_t)b->has_total; i++) {
		by_cells(i < b->n ? &b->rows[i] : &total, cell);
		table_row_cells(out, &t, cell);
	}
}

int render_stats_text(FILE *out, const struct series *s, size_t n)
{
	char cell[MAX_COLS][CELL];
	struct table t;

	table_init(&t, n ? STATS_COLS(&s[0]) : 10, stats_head);
	for (size_t i = 0; i < n; i++) {
		stats_cells(&s[i], cell);
		table_measure(&t, cell);
	}
	table_row(out, &t, stats_head);
	for (size_t i = 0; i < n; i++) {
		stats_cells(&s[i], cell);
		table_row_cells(out, &t, cell);
	}
	for (size_t i = 0; i < n; i++)
		if (s[i].by)
			breakdown_table(out, &s[i]);
	return ferror(out) ? -1 : 0;
}

static const char *const timeline_head[] = {
	"Release", "Date", "Commits", "Tags", "Fixes", "Reverts", "Same release", "Visible",
	"Low rate", "High rate",
};
#define TIMELINE_COLS ((int)(sizeof(timeline_head) / sizeof(timeline_head[0])))

static void timeline_cells(const struct series *s, const struct timeline_row *r,
			   char cell[][CELL])
{
	snprintf(cell[0], CELL, "%s", release_name(&s->rels, r->release));
	if (r->release == RELEASE_NONE)
		snprintf(cell[1], CELL, "-");
	else
		fmt_date(cell[1], CELL, s->rels.r[r->release].date);
	fmt_count(cell[2], CELL, r->commits);
	fmt_count(cell[3], CELL, r->tagged);
	fmt_count(cell[4], CELL, r->fixes);
	fmt_count(cell[5], CELL, r->reverts);
	fmt_count(cell[6], CELL, r->same_release);
	fmt_count(cell[7], CELL, r->visible);
	fmt_pct(cell[8], CELL, render_rate(r->visible, r->commits));
	fmt_pct(cell[9], CELL, render_rate(r->visible, r->tagged));
}

int render_timeline_text(FILE *out, const struct series *s, const struct timeline *tl)
{
	char cell[MAX_COLS][CELL];
	struct table t;

	table_init(&t, TIMELINE_COLS, timeline_head);
	for (size_t i = 0; i < tl->n; i++) {
		timeline_cells(s, &tl->rows[i], cell);
		table_measure(&t, cell);
	}
	fprintf(out, "%s: cumulative census at each release\n", s->name);
	table_row(out, &t, timeline_head);
	for (size_t i = 0; i < tl->n; i++) {
		timeline_cells(s, &tl->rows[i], cell);
		table_row_cells(out, &t, cell);
	}
	return ferror(out) ? -1 : 0;
}

static int release_width(const struct series *s)
{
	int w = (int)strlen("unreleased");

	for (size_t i = 0; i < s->rels.n; i++)
		if ((int)strlen(s->rels.r[i].name) > w)
			w = (int)strlen(s->rels.r[i].name);
	return w;
}

static void commit_line(FILE *out, const struct series *s, const char *label, uint32_t c)
{
	fprintf(out, "    %-9s %.12s  %-*s  %s\n", label, s->g.c[c].id, release_width(s),
		series_release(s, c), s->g.c[c].facts.subject);
}

/* "(later release: 3 releases, 41 days)" */
static void relation(char *buf, size_t len, const struct series *s, const struct link *l)
{
	struct lifetime t = lifetime_of(&s->g, &s->rels, l);

	if (l->kind == LINK_AMBIGUOUS)
		snprintf(buf, len, " (target undecided)");
	else if (l->same_release)
		snprintf(buf, len, " (same release)");
	else if (t.releases >= 0)
		snprintf(buf, len, " (later release: %ld release%s, %ld day%s)", t.releases,
			 t.releases == 1 ? "" : "s", t.days, t.days == 1 ? "" : "s");
	else
		snprintf(buf, len, " (later release)");
}

static void link_labels(const struct link *l, const char **a, const char **b)
{
	*a = "fix:";
	*b = "target:";
	if (l->kind == LINK_DUPLICATE)
		*a = "copy:", *b = "original:";
	else if (l->kind == LINK_REVERT || l->kind == LINK_REAPPLY)
		*a = "revert:", *b = "reverted:";
}

int render_fixes_text(FILE *out, const struct series *s)
{
	const struct census *c = &s->census;
	char rel[128];

	fprintf(out, "%s: %zu regression fix%s of %zu regression%s (reverts %zu, same release "
		"%zu, visible %zu); other links: duplicate %zu, reapply %zu, preemptive %zu, "
		"ambiguous %zu\n", s->name, c->fixes, c->fixes == 1 ? "" : "es", c->regressions,
		c->regressions == 1 ? "" : "s", c->reverts, c->same_release, c->visible,
		c->duplicates, c->reapplies, c->preemptive, c->ambiguous);
	for (size_t i = 0; i < c->nlinks; i++) {
		const struct link *l = &c->links[i];
		const char *a, *b;
		link_labels(l, &a, &b);
		relation(rel, sizeof(rel), s, l);
		fprintf(out, "\n%s%s\n", link_kind_name(l->kind), rel);
		commit_line(out, s, a, l->fix);
		if (l->target != LINK_NO_TARGET)
			commit_line(out, s, b, l->target);
		for (size_t k = 0; k < l->candidates.n; k++)
			commit_line(out, s, "could be:", l->candidates.v[k]);
	}
	return ferror(out) ? -1 : 0;
}

int render_sagas_text(FILE *out, const struct series *s)
{
	fprintf(out, "%s: %zu saga%s\n", s->name, s->sagas.n, s->sagas.n == 1 ? "" : "s");
	for (size_t i = 0; i < s->sagas.n; i++) {
		const struct saga *sg = &s->sagas.v[i];
		fprintf(out, "\nsaga %zu: %zu commits\n", i + 1, sg->commits.n);
		for (size_t k = 0; k < sg->commits.n; k++) {
			uint32_t c = sg->commits.v[k];
			const char *up = series_upstream(s, c);
			fprintf(out, "    %-*s  %.12s  %-10s  %s", release_width(s), series_release(s, c),
				s->g.c[c].id, saga_role_name(sg->roles[k]), s->g.c[c].facts.subject);
			if (up)
				fprintf(out, "  [upstream %.12s]", up);
			fputc('\n', out);
		}
	}
	return ferror(out) ? -1 : 0;
}

int render_unfixed_text(FILE *out, const struct series *s, const char *ref,
			const struct mainline *m, const struct unfixed *u)
{
	fprintf(out, "%s against %s: %zu commit%s with unbackported mainline fixes\n", s->name,
		ref, u->n, u->n == 1 ? "" : "s");
	for (size_t i = 0; i < u->n; i++) {
		uint32_t c = u->v[i].commit;
		fprintf(out, "\n%-*s  %.12s  %s\n", release_width(s), series_release(s, c),
			s->g.c[c].id, s->g.c[c].facts.subject);
		for (size_t k = 0; k < u->v[i].missing.n; k++) {
			const struct mainline_fix *f = &m->v[u->v[i].missing.v[k]];
			fprintf(out, "    missing %.12s (%s)  %s\n", f->id,
				f->release ? f->release : "no tag yet", f->facts.subject);
		}
	}
	return ferror(out) ? -1 : 0;
}
