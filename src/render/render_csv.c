/*
 * render_csv.c — RFC 4180 CSV: fields with a comma, quote or line break
 * are quoted, quotes doubled; a field starting with = + - @ gets a leading
 * apostrophe so spreadsheets do not run it as a formula.
 */
#include "render/render.h"
#include "core/lifetime.h"
#include "core/timeline.h"
#include "core/unfixed.h"

#include <string.h>

static void field(FILE *out, const char *v, int last)
{
	int quote = strpbrk(v, ",\"\r\n") != NULL;

	if (quote)
		fputc('"', out);
	if (strchr("=+-@", v[0]) && v[0])
		fputc('\'', out);
	for (const char *p = v; *p; p++) {
		if (*p == '"')
			fputc('"', out);
		fputc(*p, out);
	}
	if (quote)
		fputc('"', out);
	fputs(last ? "\r\n" : ",", out);
}

static void num(FILE *out, size_t v, int last)
{
	fprintf(out, "%zu%s", v, last ? "\r\n" : ",");
}

static void rate(FILE *out, double r)
{
	if (r < 0)
		fputc(',', out);
	else
		fprintf(out, "%.6f,", r);
}

/* stats --by --csv: one row per series and group, then the total (path:
 * group "(total)"). */
static int breakdown_csv(FILE *out, const struct series *s, size_t n)
{
	fputs("series,group_kind,group,commits,tagged,fixes,same_release,visible,low_rate,"
	      "high_rate\r\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct breakdown *b = s[i].by;
		for (size_t k = 0; b && k < b->n + (size_t)b->has_total; k++) {
			const struct breakdown_row *r = k < b->n ? &b->rows[k] : &b->total;
			field(out, s[i].name, 0);
			field(out, b->kind, 0);
			field(out, k < b->n ? r->name : "(total)", 0);
			num(out, r->commits, 0);
			num(out, r->tagged, 0);
			num(out, r->fixes, 0);
			num(out, r->same_release, 0);
			num(out, r->visible, 0);
			rate(out, render_rate(r->visible, r->commits));
			if (r->tagged)
				fprintf(out, "%.6f\r\n", render_rate(r->visible, r->tagged));
			else
				fputs("\r\n", out);
		}
	}
	return ferror(out) ? -1 : 0;
}

int render_stats_csv(FILE *out, const struct series *s, size_t n)
{
	if (n && s[0].by)
		return breakdown_csv(out, s, n);
	fputs("series,commits,tagged,fixes,reverts,same_release,visible,low_rate,high_rate,"
	      "pairs,regressions,duplicates,reapplies,ambiguous,preemptive,fixes_outside,"
	      "nonsha_fixes_lines,sagas,open\r\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct census *c = &s[i].census;
		field(out, s[i].name, 0);
		num(out, c->commits, 0);
		num(out, c->tagged, 0);
		num(out, c->fixes, 0);
		num(out, c->reverts, 0);
		num(out, c->same_release, 0);
		num(out, c->visible, 0);
		rate(out, render_rate(c->visible, c->commits));
		rate(out, render_rate(c->visible, c->tagged));
		num(out, c->pairs, 0);
		num(out, c->regressions, 0);
		num(out, c->duplicates, 0);
		num(out, c->reapplies, 0);
		num(out, c->ambiguous, 0);
		num(out, c->preemptive, 0);
		num(out, c->fixes_outside, 0);
		num(out, c->nonsha_fixes_lines, 0);
		num(out, s[i].sagas.n, 0);
		if (s[i].open >= 0)
			fprintf(out, "%ld\r\n", s[i].open);
		else
			fputs("\r\n", out);
	}
	return ferror(out) ? -1 : 0;
}

static void lifetime_fields(FILE *out, struct lifetime t)
{
	if (t.releases < 0)
		fputs(",,", out);
	else
		fprintf(out, "%ld,%ld,", t.releases, t.days);
}

int render_fixes_csv(FILE *out, const struct series *s)
{
	const struct census *c = &s->census;

	fputs("kind,fix,fix_release,target,target_release,same_release,lifetime_releases,"
	      "lifetime_days,fix_subject,target_subject\r\n", out);
	for (size_t i = 0; i < c->nlinks; i++) {
		const struct link *l = &c->links[i];
		uint32_t t = l->target;
		char ids[4096] = "";
		field(out, link_kind_name(l->kind), 0);
		field(out, s->g.c[l->fix].id, 0);
		field(out, series_release(s, l->fix), 0);
		for (size_t k = 0; k < l->candidates.n && strlen(ids) + 42 < sizeof(ids); k++)
			snprintf(ids + strlen(ids), sizeof(ids) - strlen(ids), "%s%s",
				 k ? " " : "", s->g.c[l->candidates.v[k]].id);
		field(out, t == LINK_NO_TARGET ? ids : s->g.c[t].id, 0);
		field(out, t == LINK_NO_TARGET ? "" : series_release(s, t), 0);
		field(out, t == LINK_NO_TARGET ? "" : l->same_release ? "yes" : "no", 0);
		lifetime_fields(out, lifetime_of(&s->g, &s->rels, l));
		field(out, s->g.c[l->fix].facts.subject, 0);
		field(out, t == LINK_NO_TARGET ? "" : s->g.c[t].facts.subject, 1);
	}
	return ferror(out) ? -1 : 0;
}

int render_timeline_csv(FILE *out, const struct series *s, const struct timeline *t)
{
	fputs("release,date,commits,tagged,fixes,reverts,same_release,visible,low_rate,"
	      "high_rate\r\n", out);
	for (size_t i = 0; i < t->n; i++) {
		const struct timeline_row *r = &t->rows[i];
		field(out, release_name(&s->rels, r->release), 0);
		if (r->release == RELEASE_NONE)
			fputc(',', out);
		else
			fprintf(out, "%lld,", (long long)s->rels.r[r->release].date);
		num(out, r->commits, 0);
		num(out, r->tagged, 0);
		num(out, r->fixes, 0);
		num(out, r->reverts, 0);
		num(out, r->same_release, 0);
		num(out, r->visible, 0);
		rate(out, render_rate(r->visible, r->commits));
		if (r->tagged)
			fprintf(out, "%.6f\r\n", render_rate(r->visible, r->tagged));
		else
			fputs("\r\n", out);
	}
	return ferror(out) ? -1 : 0;
}

int render_unfixed_csv(FILE *out, const struct series *s, const char *ref,
		       const struct mainline *m, const struct unfixed *u)
{
	(void)ref;
	fputs("commit,release,subject,missing_fix,missing_fix_release,missing_fix_subject\r\n",
	      out);
	for (size_t i = 0; i < u->n; i++) {
		uint32_t c = u->v[i].commit;
		for (size_t k = 0; k < u->v[i].missing.n; k++) {
			const struct mainline_fix *f = &m->v[u->v[i].missing.v[k]];
			field(out, s->g.c[c].id, 0);
			field(out, series_release(s, c), 0);
			field(out, s->g.c[c].facts.subject, 0);
			field(out, f->id, 0);
			field(out, f->release ? f->release : "", 0);
			field(out, f->facts.subject, 1);
		}
	}
	return ferror(out) ? -1 : 0;
}
