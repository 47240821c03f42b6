/*
 * render_text.c — aligned tables for a terminal.
 */
#include "render.h"

#include <string.h>

#define STATS_COLS 10

double render_rate(size_t x, size_t y)
{
	return y ? (double)x / (double)y : -1.0;
}

static void fmt_pct(char *buf, size_t len, double rate)
{
	if (rate < 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f%%", rate * 100.0);
}

static void stats_cells(const struct series *s, char cell[STATS_COLS][64])
{
	const struct census *c = &s->census;

	snprintf(cell[0], 64, "%s", s->name);
	snprintf(cell[1], 64, "%zu", c->commits);
	snprintf(cell[2], 64, "%zu", c->tagged);
	fmt_pct(cell[3], 64, render_rate(c->tagged, c->commits));
	snprintf(cell[4], 64, "%zu", c->fixes);
	snprintf(cell[5], 64, "%zu", c->reverts);
	snprintf(cell[6], 64, "%zu", c->same_release);
	snprintf(cell[7], 64, "%zu", c->visible);
	fmt_pct(cell[8], 64, render_rate(c->visible, c->commits));
	fmt_pct(cell[9], 64, render_rate(c->visible, c->tagged));
}

int render_stats_text(FILE *out, const struct series *s, size_t n)
{
	static const char *const head[STATS_COLS] = {
		"Series", "Commits", "Tags", "% tagged", "Fixes", "Reverts",
		"Same release", "Visible", "Low rate", "High rate",
	};
	char cell[STATS_COLS][64];
	int w[STATS_COLS];

	for (int k = 0; k < STATS_COLS; k++)
		w[k] = (int)strlen(head[k]);
	for (size_t i = 0; i < n; i++) {
		stats_cells(&s[i], cell);
		for (int k = 0; k < STATS_COLS; k++)
			if ((int)strlen(cell[k]) > w[k])
				w[k] = (int)strlen(cell[k]);
	}
	fprintf(out, "%-*s", w[0], head[0]);
	for (int k = 1; k < STATS_COLS; k++)
		fprintf(out, "  %*s", w[k], head[k]);
	fputc('\n', out);
	for (size_t i = 0; i < n; i++) {
		stats_cells(&s[i], cell);
		fprintf(out, "%-*s", w[0], cell[0]);
		for (int k = 1; k < STATS_COLS; k++)
			fprintf(out, "  %*s", w[k], cell[k]);
		fputc('\n', out);
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

static const char *relation(const struct link *l)
{
	if (l->kind == LINK_AMBIGUOUS)
		return " (target undecided)";
	return l->same_release ? " (same release)" : " (later release)";
}

int render_fixes_text(FILE *out, const struct series *s)
{
	const struct census *c = &s->census;

	fprintf(out, "%s: %zu regression fixes (%zu visible), %zu links\n", s->name,
		c->fixes, c->visible, c->nlinks);
	for (size_t i = 0; i < c->nlinks; i++) {
		const struct link *l = &c->links[i];
		fprintf(out, "\n%s%s\n", link_kind_name(l->kind), relation(l));
		commit_line(out, s, "fix:", l->fix);
		if (l->target != LINK_NO_TARGET)
			commit_line(out, s, "target:", l->target);
		for (size_t k = 0; k < l->candidates.n; k++)
			commit_line(out, s, "could be:", l->candidates.v[k]);
	}
	return ferror(out) ? -1 : 0;
}
