/*
 * render_text.c — aligned tables for a terminal; counts with thousands
 * separators, rates as percentages with one decimal ("-" when undefined).
 * Colour (render/colour.h) only on what the program writes: ids, kinds,
 * headers, rates and the words saying same release or later release.
 */
#include "render/render.h"
#include "render/colour.h"
#include "render/safe_text.h"
#include "base/fmt.h"
#include "base/util.h"
#include "base/version.h"
#include "core/age.h"
#include "core/lifetime.h"
#include "core/regressions.h"
#include "core/timeline.h"
#include "core/unfixed.h"
#include "core/wilson.h"

#include <stdlib.h>
#include <string.h>

#define MAX_COLS 32
#define CELL 256

struct table {
	int ncols;
	const char *const *head;
	int w[MAX_COLS];
};

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

/* First column left-aligned, the rest right-aligned; col: each cell's
 * colour, or NULL (all plain). */
static void table_row(FILE *out, const struct table *t, const char *const *cell,
		      const enum colour *col)
{
	colour_put(out, col ? col[0] : COLOUR_PLAIN, -t->w[0], cell[0]);
	for (int k = 1; k < t->ncols; k++) {
		fputs("  ", out);
		colour_put(out, col ? col[k] : COLOUR_PLAIN, t->w[k], cell[k]);
	}
	fputc('\n', out);
}

/* The header row, bold. */
static void table_head(FILE *out, const struct table *t)
{
	enum colour col[MAX_COLS];

	for (int k = 0; k < MAX_COLS; k++)
		col[k] = COLOUR_HEAD;
	table_row(out, t, t->head, col);
}

static void table_row_cells(FILE *out, const struct table *t, char cell[][CELL],
			    const enum colour *col)
{
	const char *p[MAX_COLS];

	for (int k = 0; k < t->ncols; k++)
		p[k] = cell[k];
	table_row(out, t, p, col);
}

/* The stats table's columns (numbers.h: IN_TEXT); a NUM_MAYBE column
 * ("Open": stats --mainline) only when the first series has a value. */
struct stats_cols {
	const struct number *num[MAX_COLS];
	const char *head[MAX_COLS];
	int n;
	int marks;	/* a rate of the table is small (numbers.h: number_small) */
};

static void stats_columns(const struct series *first, struct stats_cols *sc)
{
	static const struct series none;

	sc->head[0] = "Series";
	sc->n = 1;
	for (size_t k = 0; k < nnumbers && sc->n < MAX_COLS; k++) {
		const struct number *nb = &numbers[k];
		if (!(nb->where & IN_TEXT) || !number_asked(nb, first ? first : &none) ||
		    (nb->type == NUM_MAYBE && (!first || nb->value(first) < 0)))
			continue;
		sc->num[sc->n] = nb;
		sc->head[sc->n++] = nb->head;
	}
}

/* A rate, and "*" after it when drawn from too few commits; when the
 * table has such a mark, a blank after the others keeps the column's
 * percent signs in line. */
static void rate_cell(char *cell, double v, int marks, int small)
{
	size_t len;

	fmt_pct(cell, CELL, v);
	len = strlen(cell);
	if (marks && len + 1 < CELL)
		snprintf(cell + len, CELL - len, "%s", small && v >= 0 ? "*" : " ");
}

/* 1 when a rate of the table is drawn from fewer than WILSON_SMALL commits. */
static int stats_marks(const struct stats_cols *sc, const struct series *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (int k = 1; k < sc->n; k++)
			if (number_small(sc->num[k], &s[i]) && sc->num[k]->value(&s[i]) >= 0)
				return 1;
	return 0;
}

/* The regression rates red, or magenta when drawn from too few commits;
 * Visible red, Same release green: as fixes colours a link. */
static enum colour stats_colour(const struct number *nb, const struct series *s)
{
	size_t x, n;

	if (nb->type == NUM_RATE && number_parts(nb, s, &x, &n))
		return nb->value(s) < 0 ? COLOUR_PLAIN
		       : number_small(nb, s) ? COLOUR_NOTE : COLOUR_VISIBLE;
	if (nb->key && !strcmp(nb->key, "visible"))
		return COLOUR_VISIBLE;
	if (nb->key && !strcmp(nb->key, "same_release"))
		return COLOUR_SAME;
	return COLOUR_PLAIN;
}

static void stats_cells(const struct stats_cols *sc, const struct series *s,
			char cell[][CELL], enum colour *col)
{
	col[0] = COLOUR_PLAIN;
	for (int k = 1; k < sc->n; k++)
		col[k] = stats_colour(sc->num[k], s);
	snprintf(cell[0], CELL, "%s", s->label ? s->label : s->name);
	for (int k = 1; k < sc->n; k++) {
		double v = sc->num[k]->value(s);
		if (sc->num[k]->type == NUM_RATE)
			rate_cell(cell[k], v, sc->marks, number_small(sc->num[k], s));
		else if (sc->num[k]->type == NUM_FLAG)
			snprintf(cell[k], CELL, "%s", v > 0 ? "yes" : "no");
		else if (sc->num[k]->type == NUM_REAL && v >= 0)
			snprintf(cell[k], CELL, "%.1f", v);
		else if (v >= 0)
			fmt_count(cell[k], CELL, (size_t)v);
		else
			snprintf(cell[k], CELL, "-");
	}
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
	fmt_pct(cell[6], CELL, number_rate(r->visible, r->commits));
	fmt_pct(cell[7], CELL, number_rate(r->visible, r->tagged));
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
	table_head(out, &t);
	for (size_t i = 0; i < b->n + (size_t)b->has_total; i++) {
		by_cells(i < b->n ? &b->rows[i] : &total, cell);
		table_row_cells(out, &t, cell, NULL);
	}
}

/* stats --projected: the series each projection's curve was made of. */
static void projection_sources(FILE *out, const struct series *s, size_t n)
{
	int w = 0;

	for (size_t i = 0; i < n; i++)
		if (s[i].age && s[i].age->projected && (int)strlen(s[i].label) > w)
			w = (int)strlen(s[i].label);
	if (!w)
		return;
	fputs("\nFound: share of the visible regressions known today that the older series\n"
	      "below had found by the same age (age.md in " REGTRACE_DOCDIR ");\n"
	      "Proj.: Visible / Found.\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct age_row *a = s[i].age;
		if (!a || !a->projected)
			continue;
		fprintf(out, "  %-*s  ", w, s[i].label);
		if (!a->nsources)
			fputs("no older series", out);
		for (size_t k = 0; k < a->nsources; k++)
			fprintf(out, "%s%s", k ? ", " : "", a->sources[k]);
		if (a->nsources)
			fprintf(out, " (found %zu of %zu)", a->found, a->known);
		fputc('\n', out);
	}
}

static const char *series_label_of(const struct series *s);

/* One line when some series hold the same commits (core/shared.h). */
static void shared_note(FILE *out, const struct series *s, size_t n)
{
	size_t sharing = 0, said = 0;

	for (size_t i = 0; i < n; i++)
		sharing += s[i].share.ncommits > 0;
	if (!sharing)
		return;
	fprintf(out, "\nShared: %zu series hold commits that another series holds too (", sharing);
	for (size_t i = 0; i < n && said < 3; i++)
		if (s[i].share.ncommits)
			fprintf(out, "%s%zu in %s", said++ ? ", " : "", s[i].share.ncommits,
				series_label_of(&s[i]));
	fprintf(out, "%s); each series counts them, a total over series counts each once.\n",
		sharing > said ? ", ..." : "");
}

static int stats_text(FILE *out, const struct series *s, size_t n)
{
	char cell[MAX_COLS][CELL];
	enum colour col[MAX_COLS];
	struct stats_cols sc;
	struct table t;

	stats_columns(n ? &s[0] : NULL, &sc);
	sc.marks = stats_marks(&sc, s, n);
	table_init(&t, sc.n, sc.head);
	for (size_t i = 0; i < n; i++) {
		stats_cells(&sc, &s[i], cell, col);
		table_measure(&t, cell);
	}
	table_head(out, &t);
	for (size_t i = 0; i < n; i++) {
		stats_cells(&sc, &s[i], cell, col);
		table_row_cells(out, &t, cell, col);
	}
	if (sc.marks) {
		colour_printf(out, COLOUR_NOTE, "* drawn from fewer than %d commits (high rate: "
			      "tagged commits): too few to compare;", WILSON_SMALL);
		fputs("\n  ", out);
		colour_printf(out, COLOUR_NOTE, "--json and --csv give each rate's 95 %% interval");
		fputc('\n', out);
	}
	for (size_t i = 0; i < n; i++)
		if (s[i].by)
			breakdown_table(out, &s[i]);
	projection_sources(out, s, n);
	shared_note(out, s, n);
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
	fmt_pct(cell[8], CELL, number_rate(r->visible, r->commits));
	fmt_pct(cell[9], CELL, number_rate(r->visible, r->tagged));
}

static int timeline_text(FILE *out, const struct series *s, const struct timeline *tl)
{
	char cell[MAX_COLS][CELL];
	struct table t;

	table_init(&t, TIMELINE_COLS, timeline_head);
	for (size_t i = 0; i < tl->n; i++) {
		timeline_cells(s, &tl->rows[i], cell);
		table_measure(&t, cell);
	}
	fprintf(out, "%s: cumulative census at each release\n", s->name);
	table_head(out, &t);
	for (size_t i = 0; i < tl->n; i++) {
		timeline_cells(s, &tl->rows[i], cell);
		table_row_cells(out, &t, cell, NULL);
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

/* A commit's id (its first 12 digits), yellow. */
static void id_put(FILE *out, const char *id)
{
	colour_printf(out, COLOUR_ID, "%.12s", id);
}

static void commit_line(FILE *out, const struct series *s, const char *label, uint32_t c)
{
	fprintf(out, "    %-9s ", label);
	id_put(out, s->g.c[c].id);
	fprintf(out, "  %-*s  %s\n", release_width(s), series_release(s, c),
		s->g.c[c].facts.subject);
}

/* "(later release: 3 releases, 41 days)": red, a release shipped the
 * regression; "(same release)" green; "(target undecided)" magenta. */
static enum colour relation_colour(const struct link *l)
{
	return l->kind == LINK_AMBIGUOUS ? COLOUR_NOTE
	       : l->same_release ? COLOUR_SAME
	       : link_is_regression_fix(l->kind) && l->target != LINK_NO_TARGET ? COLOUR_VISIBLE
	       : COLOUR_PLAIN;
}

static void relation(char *buf, size_t len, const struct series *s, const struct link *l)
{
	struct lifetime t = series_lifetime(s, l);

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

/* relation()'s " (...)", coloured after its blank. */
static void relation_put(FILE *out, const struct link *l, const char *rel)
{
	fputc(' ', out);
	colour_put(out, relation_colour(l), 0, rel + 1);
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

int fixes_view_shows(const struct fixes_view *v, const struct link *l)
{
	if (!v)
		return 1;
	if (v->kind >= 0 && (int)l->kind != v->kind)
		return 0;
	return !v->visible || (link_is_regression_fix(l->kind) && l->target != LINK_NO_TARGET &&
			       !l->same_release);
}

/* --oneline: "KIND  FIX REL -> TARGET REL  SUBJECT (relation)", the
 * columns as wide for every link; an undecided target is "-". */
static void link_oneline(FILE *out, const struct series *s, const struct link *l, int wrel)
{
	char rel[128];
	int none = l->target == LINK_NO_TARGET;

	relation(rel, sizeof(rel), s, l);
	colour_put(out, COLOUR_KIND, -10, link_kind_name(l->kind));
	fputs("  ", out);
	id_put(out, s->g.c[l->fix].id);
	fprintf(out, " %-*s -> ", wrel, series_release(s, l->fix));
	if (none)
		fputs("-           ", out);
	else
		id_put(out, s->g.c[l->target].id);
	fprintf(out, " %-*s  %s", wrel, none ? "-" : series_release(s, l->target),
		s->g.c[l->fix].facts.subject);
	relation_put(out, l, rel);
	fprintf(out, "%s\n", s->g.c[l->fix].facts.reported ? " [reported]" : "");
}

static int fixes_text(FILE *out, const struct series *s, const struct fixes_view *v)
{
	const struct census *c = &s->census;
	char rel[128];

	fprintf(out, "%s: %zu regression fix%s of %zu regression%s (reverts %zu, same release "
		"%zu, visible %zu); other links: duplicate %zu, reapply %zu, preemptive %zu, "
		"ambiguous %zu\n", s->name, c->fixes, c->fixes == 1 ? "" : "es", c->regressions,
		c->regressions == 1 ? "" : "s", c->reverts, c->same_release, c->visible,
		c->duplicates, c->reapplies, c->preemptive, c->ambiguous);
	if (v && v->oneline && c->nlinks)
		fputc('\n', out);
	for (size_t i = 0; i < c->nlinks; i++) {
		const struct link *l = &c->links[i];
		const char *a, *b;
		if (!fixes_view_shows(v, l))
			continue;
		if (v && v->oneline) {
			link_oneline(out, s, l, release_width(s));
			continue;
		}
		link_labels(l, &a, &b);
		relation(rel, sizeof(rel), s, l);
		fputc('\n', out);
		colour_put(out, COLOUR_KIND, 0, link_kind_name(l->kind));
		relation_put(out, l, rel);
		fprintf(out, "%s\n", s->g.c[l->fix].facts.reported ? " [reported]" : "");
		commit_line(out, s, a, l->fix);
		if (l->target != LINK_NO_TARGET)
			commit_line(out, s, b, l->target);
		for (size_t k = 0; k < l->candidates.n; k++)
			commit_line(out, s, "could be:", l->candidates.v[k]);
	}
	return ferror(out) ? -1 : 0;
}

static int sagas_text(FILE *out, const struct series *s)
{
	fprintf(out, "%s: %zu saga%s\n", s->name, s->sagas.n, s->sagas.n == 1 ? "" : "s");
	for (size_t i = 0; i < s->sagas.n; i++) {
		const struct saga *sg = &s->sagas.v[i];
		fprintf(out, "\nsaga %zu: %zu commits\n", i + 1, sg->commits.n);
		for (size_t k = 0; k < sg->commits.n; k++) {
			uint32_t c = sg->commits.v[k];
			const char *up = series_upstream(s, c);
			fprintf(out, "    %-*s  ", release_width(s), series_release(s, c));
			id_put(out, s->g.c[c].id);
			fputs("  ", out);
			colour_put(out, COLOUR_KIND, -10, saga_role_name(sg->roles[k]));
			fprintf(out, "  %s", s->g.c[c].facts.subject);
			if (up) {
				fputs("  [upstream ", out);
				id_put(out, up);
				fputc(']', out);
			}
			fputc('\n', out);
		}
	}
	return ferror(out) ? -1 : 0;
}

static int unfixed_text(FILE *out, const struct series *s, const char *ref,
			const struct mainline *m, const struct unfixed *u)
{
	fprintf(out, "%s against %s: %zu commit%s with unbackported mainline fixes\n", s->name,
		ref, u->n, u->n == 1 ? "" : "s");
	for (size_t i = 0; i < u->n; i++) {
		uint32_t c = u->v[i].commit;
		fprintf(out, "\n%-*s  ", release_width(s), series_release(s, c));
		id_put(out, s->g.c[c].id);
		fprintf(out, "  %s\n", s->g.c[c].facts.subject);
		for (size_t k = 0; k < u->v[i].missing.n; k++) {
			const struct mainline_fix *f = &m->v[u->v[i].missing.v[k]];
			fputs("    ", out);
			colour_put(out, COLOUR_VISIBLE, 0, "missing");
			fputc(' ', out);
			id_put(out, f->id);
			fprintf(out, " (%s)  %s\n", f->release ? f->release : "no tag yet",
				f->facts.subject);
		}
	}
	return ferror(out) ? -1 : 0;
}

static const char *series_label_of(const struct series *s)
{
	return s->label ? s->label : s->name;
}

/* "4.19.35  v4.19.2 -> v4.19.3  revert 5d4aa60b638b -> 8ac84de94474  (1 release, 1 day)" */
static void regression_entry_text(FILE *out, const struct series *all,
				  const struct regression_entry *e, int wlabel, int wrel)
{
	const struct series *s = &all[e->series];
	const struct link *l = e->link;
	struct lifetime t = series_lifetime(s, l);

	fprintf(out, "    %-*s  %-*s -> %-*s  ", wlabel, series_label_of(s),
		wrel, series_release(s, e->target), wrel, series_release(s, l->fix));
	colour_put(out, COLOUR_KIND, -6, link_kind_name(l->kind));
	fputs("  ", out);
	id_put(out, s->g.c[e->target].id);
	fputs(" -> ", out);
	id_put(out, s->g.c[l->fix].id);
	if (l->same_release || t.releases >= 0)
		fputs("  ", out);
	if (l->same_release)
		colour_printf(out, COLOUR_SAME, "(same release)");
	else if (t.releases >= 0)
		colour_printf(out, COLOUR_VISIBLE, "(%ld release%s, %ld day%s)", t.releases,
			      t.releases == 1 ? "" : "s", t.days, t.days == 1 ? "" : "s");
	if (!shared_link_first(s, l))	/* the same two commits, an earlier series */
		fputs("  (shared)", out);
	fputc('\n', out);
}

static int regressions_text(FILE *out, const struct series *s, size_t n,
			    const struct regressions *r)
{
	int wlabel = 0, wrel = 0;
	size_t hit = 0, visible = 0;
	uint8_t *seen = xcalloc(n + 1, 1);

	for (size_t i = 0; i < n; i++) {
		if ((int)strlen(series_label_of(&s[i])) > wlabel)
			wlabel = (int)strlen(series_label_of(&s[i]));
		if (release_width(&s[i]) > wrel)
			wrel = release_width(&s[i]);
	}
	for (size_t i = 0; i < r->n; i++)
		for (size_t k = 0; k < r->rows[i].n; k++)
			if (!seen[r->rows[i].v[k].series]++)
				hit++;
	free(seen);
	for (size_t i = 0; i < r->n; i++)
		visible += (size_t)regression_row_visible(&r->rows[i]);
	fprintf(out, "%zu upstream commit%s brought regressions to %zu of %zu series: %zu "
		"visible (a release shipped them), %zu fixed in the release that brought "
		"them\n", r->n, r->n == 1 ? "" : "s", hit, n, visible, r->n - visible);
	for (size_t i = 0; i < r->n; i++) {
		const struct regression_row *row = &r->rows[i];
		const struct series *first = &s[row->v[0].series];
		/* "upstream" or "own id": the key's column, as wide either way */
		fputc('\n', out);
		id_put(out, row->key);
		fprintf(out, "  %-8s  %zu series  %s\n", row->upstream ? "upstream" : "own id",
			row->nseries, first->g.c[row->v[0].target].facts.subject);
		for (size_t k = 0; k < row->n; k++)
			regression_entry_text(out, s, &row->v[k], wlabel, wrel);
		if (row->carried == 0)
			fputs("    no series still carries it\n", out);
		for (size_t k = 0; row->carried > 0 && k < row->carried_by.n; k++)
			fprintf(out, "%s%s", k ? ", " : "    still carried by ",
				series_label_of(&s[row->carried_by.v[k]]));
		if (row->carried > 0)
			fputc('\n', out);
	}
	return ferror(out) ? -1 : 0;
}

/* ---- every table through safe_text.h: a name is never a control sequence ---- */

int render_stats_text(FILE *out, const struct series *s, size_t n)
{
	struct safe_text t;

	return safe_text_begin(&t) ? -1 : safe_text_end(&t, out, stats_text(t.fp, s, n));
}

/* Each series' table, a blank line between two. */
static int timeline_texts(FILE *out, const struct series *s, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		if (k)
			fputc('\n', out);
		if (timeline_text(out, &s[k], &s[k].timeline) < 0)
			return -1;
	}
	return 0;
}

int render_timeline_text(FILE *out, const struct series *s, size_t n)
{
	struct safe_text t;

	return safe_text_begin(&t) ? -1 : safe_text_end(&t, out, timeline_texts(t.fp, s, n));
}

/* Each series' block, a blank line between two. */
static int fixes_texts(FILE *out, const struct series *s, size_t n, const struct fixes_view *v)
{
	int rc = 0;

	for (size_t k = 0; k < n && rc >= 0; k++) {
		if (k)
			fputc('\n', out);
		rc = fixes_text(out, &s[k], v);
	}
	return rc;
}

int render_fixes_text(FILE *out, const struct series *s, size_t n, const struct fixes_view *v)
{
	struct safe_text t;

	return safe_text_begin(&t) ? -1 : safe_text_end(&t, out, fixes_texts(t.fp, s, n, v));
}

int render_sagas_text(FILE *out, const struct series *s)
{
	struct safe_text t;

	return safe_text_begin(&t) ? -1 : safe_text_end(&t, out, sagas_text(t.fp, s));
}

int render_unfixed_text(FILE *out, const struct series *s, const char *ref,
			const struct mainline *m, const struct unfixed *u)
{
	struct safe_text t;

	return safe_text_begin(&t) ? -1 : safe_text_end(&t, out, unfixed_text(t.fp, s, ref, m, u));
}

int render_regressions_text(FILE *out, const struct series *s, size_t n,
			    const struct regressions *r)
{
	struct safe_text t;

	return safe_text_begin(&t) ? -1 : safe_text_end(&t, out, regressions_text(t.fp, s, n, r));
}
