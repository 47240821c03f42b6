/*
 * render_csv.c — RFC 4180 CSV: fields with a comma, quote or line break
 * are quoted, quotes doubled; a field starting with = + - @ gets a leading
 * apostrophe so spreadsheets do not run it as a formula; controls and
 * separators in a name become U+FFFD (render/safe_text.h).  Dates are
 * YYYY-MM-DD (base/fmt.h), booleans true/false, as in JSON.
 */
#include "render/render.h"
#include "render/safe_text.h"
#include "base/fmt.h"
#include "base/util.h"
#include "core/age.h"
#include "core/lifetime.h"
#include "core/regressions.h"
#include "core/timeline.h"
#include "core/unfixed.h"

#include <stdlib.h>
#include <string.h>

static void field_value(FILE *out, const char *v)
{
	int quote = strpbrk(v, ",\"\r\n") != NULL;

	if (quote)
		fputc('"', out);
	if (strchr("=+-@", v[0]) && v[0])
		fputc('\'', out);
	const char *end = v + strlen(v);

	for (const char *p = v; *p;) {
		size_t k = *p == '\r' || *p == '\n' ? 0 :
			   safe_text_unsafe((const unsigned char *)p, (size_t)(end - p), 1);
		if (k) {	/* a control or separator in a name: safe_text.h */
			fputs("\xef\xbf\xbd", out);
			p += k;
			continue;
		}
		if (*p == '"')
			fputc('"', out);
		fputc(*p++, out);
	}
	if (quote)
		fputc('"', out);
}

static void field(FILE *out, const char *v, int last)
{
	field_value(out, v);
	fputs(last ? "\r\n" : ",", out);
}

void render_csv_field(FILE *out, const char *v, int last)
{
	field(out, v, last);
}

/* The projection's source series, one field, separated by spaces. */
static void sources_field(FILE *out, const struct age_row *a)
{
	size_t len = 1;
	char *buf;

	for (size_t k = 0; k < a->nsources; k++)
		len += strlen(a->sources[k]) + 1;
	buf = xmalloc(len);
	buf[0] = '\0';
	for (size_t k = 0; k < a->nsources; k++) {
		if (k)
			strcat(buf, " ");
		strcat(buf, a->sources[k]);
	}
	field_value(out, buf);
	free(buf);
}

/* ",VALUE" of a number (numbers.h): a count, a fraction, or empty when
 * undefined or unknown. */
static void number_field(FILE *out, const struct number *nb, const struct series *s)
{
	double v = nb->value(s);

	if (nb->type == NUM_SOURCES) {
		fputc(',', out);
		sources_field(out, s->age);
	} else if (v < 0)
		fputc(',', out);
	else if (nb->type == NUM_RATE || nb->type == NUM_REAL)
		fprintf(out, ",%.6f", v);
	else if (nb->type == NUM_MAYBE)
		fprintf(out, ",%ld", (long)v);
	else if (nb->type == NUM_FLAG)
		fputs(v > 0 ? ",true" : ",false", out);
	else
		fprintf(out, ",%zu", (size_t)v);
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
			rate(out, number_rate(r->visible, r->commits));
			if (r->tagged)
				fprintf(out, "%.6f\r\n", number_rate(r->visible, r->tagged));
			else
				fputs("\r\n", out);
		}
	}
	return ferror(out) ? -1 : 0;
}

int render_stats_csv(FILE *out, const struct series *s, size_t n,
		     const struct series_skips *skipped)
{
	if (n && s[0].by)
		return breakdown_csv(out, s, n);
	static const struct series none;
	const struct series *first = n ? &s[0] : &none;

	fputs("series,label", out);
	for (size_t k = 0; k < nnumbers; k++)
		if (numbers[k].where & IN_CSV && number_asked(&numbers[k], first))
			fprintf(out, ",%s", numbers[k].key);
	fputs(",not_counted\r\n", out);
	for (size_t i = 0; i < n; i++) {
		field(out, s[i].name, 0);	/* BASE..TIP, as JSON names it */
		field_value(out, s[i].label ? s[i].label : s[i].name);	/* the tables' */
		for (size_t k = 0; k < nnumbers; k++)
			if (numbers[k].where & IN_CSV && number_asked(&numbers[k], first))
				number_field(out, &numbers[k], &s[i]);
		fputs(",\r\n", out);
	}
	for (size_t i = 0; skipped && i < skipped->n; i++) {	/* numbers empty */
		field(out, skipped->v[i].name, 0);
		field_value(out, skipped->v[i].name);
		for (size_t k = 0; k < nnumbers; k++)
			if (numbers[k].where & IN_CSV && number_asked(&numbers[k], first))
				fputc(',', out);
		fputc(',', out);
		field(out, skipped->v[i].why, 1);
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

/* One series' links, as rows. */
static void fixes_rows(FILE *out, const struct series *s, const struct fixes_view *v)
{
	const struct census *c = &s->census;

	for (size_t i = 0; i < c->nlinks; i++) {
		const struct link *l = &c->links[i];
		uint32_t t = l->target;
		char ids[4096] = "";
		if (!fixes_view_shows(v, l))
			continue;
		field(out, link_kind_name(l->kind), 0);
		field(out, s->g.c[l->fix].id, 0);
		field(out, series_release(s, l->fix), 0);
		for (size_t k = 0; k < l->candidates.n && strlen(ids) + 42 < sizeof(ids); k++)
			snprintf(ids + strlen(ids), sizeof(ids) - strlen(ids), "%s%s",
				 k ? " " : "", s->g.c[l->candidates.v[k]].id);
		field(out, t == LINK_NO_TARGET ? ids : s->g.c[t].id, 0);
		field(out, t == LINK_NO_TARGET ? "" : series_release(s, t), 0);
		field(out, t == LINK_NO_TARGET ? "" : l->same_release ? "true" : "false", 0);
		lifetime_fields(out, series_lifetime(s, l));
		field(out, s->g.c[l->fix].facts.subject, 0);
		field(out, t == LINK_NO_TARGET ? "" : s->g.c[t].facts.subject, 0);
		field(out, s->g.c[l->fix].facts.reported ? "true" : "false", 0);
		field(out, s->name, 0);		/* the series, named as in JSON */
		field(out, series_upstream(s, l->fix) ? series_upstream(s, l->fix) : "", 0);
		field(out, t == LINK_NO_TARGET || !series_upstream(s, t) ? "" :
			   series_upstream(s, t), 1);
	}
}

int render_fixes_csv(FILE *out, const struct series *s, size_t n, const struct fixes_view *v)
{
	fputs("kind,fix,fix_release,target,target_release,same_release,lifetime_releases,"
	      "lifetime_days,fix_subject,target_subject,reported,series,fix_upstream,"
	      "target_upstream\r\n", out);
	for (size_t k = 0; k < n; k++)
		fixes_rows(out, &s[k], v);
	return ferror(out) ? -1 : 0;
}

/* sagas --csv: one line per commit of each saga, sagas numbered from 1. */
int render_sagas_csv(FILE *out, const struct series *s)
{
	fputs("series,saga,size,role,id,release,upstream,subject\r\n", out);
	for (size_t i = 0; i < s->sagas.n; i++) {
		const struct saga *sg = &s->sagas.v[i];
		for (size_t k = 0; k < sg->commits.n; k++) {
			uint32_t c = sg->commits.v[k];
			const char *up = series_upstream(s, c);
			field(out, s->name, 0);
			num(out, i + 1, 0);
			num(out, sg->commits.n, 0);
			field(out, saga_role_name(sg->roles[k]), 0);
			field(out, s->g.c[c].id, 0);
			field(out, series_release(s, c), 0);
			field(out, up ? up : "", 0);
			field(out, s->g.c[c].facts.subject, 1);
		}
	}
	return ferror(out) ? -1 : 0;
}

static void timeline_rows(FILE *out, const struct series *s)
{
	char date[16];

	for (size_t i = 0; i < s->timeline.n; i++) {
		const struct timeline_row *r = &s->timeline.rows[i];
		field(out, release_name(&s->rels, r->release), 0);
		if (r->release == RELEASE_NONE || fmt_date(date, sizeof(date),
							   s->rels.r[r->release].date) < 0)
			fputc(',', out);
		else
			fprintf(out, "%s,", date);
		num(out, r->commits, 0);
		num(out, r->tagged, 0);
		num(out, r->fixes, 0);
		num(out, r->reverts, 0);
		num(out, r->same_release, 0);
		num(out, r->visible, 0);
		rate(out, number_rate(r->visible, r->commits));
		if (r->tagged)
			fprintf(out, "%.6f,", number_rate(r->visible, r->tagged));
		else
			fputc(',', out);
		field(out, s->name, 0);	/* BASE..TIP, as JSON names it */
		field(out, s->label ? s->label : s->name, 1);	/* the tables' */
	}
}

/* timeline --csv: one line per release of each series; the series last, so that the
 * columns of one range's file keep their places. */
int render_timeline_csv(FILE *out, const struct series *s, size_t n)
{
	fputs("release,date,commits,tagged,fixes,reverts,same_release,visible,low_rate,"
	      "high_rate,series,label\r\n", out);
	for (size_t k = 0; k < n; k++)
		timeline_rows(out, &s[k]);
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

/* The series still carrying a row, by name, separated by spaces. */
static void carried_field(FILE *out, const struct series *s, const struct regression_row *row)
{
	char buf[8192] = "";
	size_t len = 0;

	for (size_t k = 0; k < row->carried_by.n && len + 2 < sizeof(buf); k++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s", k ? " " : "",
					s[row->carried_by.v[k]].name);
	field(out, len < sizeof(buf) ? buf : "", 1);
}

int render_regressions_csv(FILE *out, const struct series *s, size_t n,
			   const struct regressions *r)
{
	(void)n;
	fputs("upstream,key,series,target,brought_in,fixed_in,kind,fix,same_release,"
	      "lifetime_releases,lifetime_days,subject,still_carried,carried_by\r\n", out);
	for (size_t i = 0; i < r->n; i++) {
		const struct regression_row *row = &r->rows[i];
		for (size_t k = 0; k < row->n; k++) {
			const struct series *si = &s[row->v[k].series];
			const struct link *l = row->v[k].link;
			field(out, row->upstream ? row->upstream : "", 0);
			field(out, row->key, 0);
			field(out, si->name, 0);
			field(out, si->g.c[l->target].id, 0);
			field(out, series_release(si, l->target), 0);
			field(out, series_release(si, l->fix), 0);
			field(out, link_kind_name(l->kind), 0);
			field(out, si->g.c[l->fix].id, 0);
			field(out, l->same_release ? "true" : "false", 0);
			lifetime_fields(out, series_lifetime(si, l));
			field(out, si->g.c[l->target].facts.subject, 0);
			field(out, row->carried < 0 ? "" : row->carried ? "true" : "false", 0);
			carried_field(out, s, row);
		}
	}
	return ferror(out) ? -1 : 0;
}
