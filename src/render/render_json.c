/*
 * render_json.c — JSON through jansson; every string from the repository
 * is valid UTF-8 already (message.c cleans it).
 */
#include "render/render.h"
#include "render/json_parts.h"
#include "render/safe_text.h"
#include "base/fmt.h"
#include "core/age.h"
#include "core/lifetime.h"
#include "core/regressions.h"
#include "core/timeline.h"
#include "core/unfixed.h"

#include <jansson.h>

static json_t *rate(size_t x, size_t y)
{
	return y ? json_real((double)x / (double)y) : json_null();
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* An integer, or null for the -1 that means unknown. */
static json_t *maybe(long v)
{
	return v < 0 ? json_null() : json_integer(v);
}

static json_t *row_object(const struct breakdown_row *r, int named)
{
	json_t *o = json_object();

	if (named)
		json_object_set_new(o, "name", json_string(r->name));
#define NUM(key) json_object_set_new(o, #key, json_integer((json_int_t)r->key))
	NUM(commits);
	NUM(tagged);
	NUM(fixes);
	NUM(same_release);
	NUM(visible);
#undef NUM
	json_object_set_new(o, "low_rate", rate(r->visible, r->commits));
	json_object_set_new(o, "high_rate", rate(r->visible, r->tagged));
	return o;
}

static json_t *breakdown_object(const struct breakdown *b)
{
	json_t *groups = json_array();
	json_t *o;

	for (size_t i = 0; i < b->n; i++)
		json_array_append_new(groups, row_object(&b->rows[i], 1));
	o = json_pack("{s:s, s:o}", "kind", b->kind, "groups", groups);
	if (b->has_total)
		json_object_set_new(o, "total", row_object(&b->total, 0));
	return o;
}

/* A number of numbers.h as JSON: an integer, a fraction, or null. */
static json_t *number_json(const struct number *nb, const struct series *s)
{
	double v = nb->value(s);

	if (nb->type == NUM_RATE)
		return v < 0 ? json_null() : json_real(v);
	if (nb->type == NUM_MAYBE)
		return maybe((long)v);
	if (nb->type == NUM_REAL)
		return v < 0 ? json_null() : json_real(v);
	if (nb->type == NUM_FLAG)
		return json_boolean(v > 0);
	if (nb->type == NUM_SOURCES) {
		json_t *a = json_array();
		for (size_t k = 0; k < s->age->nsources; k++)
			json_array_append_new(a, json_string(s->age->sources[k]));
		return a;
	}
	return json_integer((json_int_t)v);
}

/* The names of the series of s's run at the indices v (core/shared.h). */
static json_t *series_names(const struct series *s, const struct u32s *v)
{
	json_t *a = json_array();

	for (size_t k = 0; k < v->n; k++)
		json_array_append_new(a, json_string(s->share.all[v->v[k]].name));
	return a;
}

static json_t *stats_object(const struct series *s)
{
	json_t *o = json_object();

	json_object_set_new(o, "name", json_string(s->name));
	json_object_set_new(o, "label", json_string(s->label ? s->label : s->name));
	for (size_t k = 0; k < nnumbers; k++) {
		const struct number *nb = &numbers[k];
		if (!(nb->where & IN_JSON) || !number_asked(nb, s))
			continue;
		if (nb->type != NUM_GROUPS)
			json_object_set_new(o, nb->key, number_json(nb, s));
		else if (s->by)
			json_object_set_new(o, nb->key, breakdown_object(s->by));
	}
	json_object_set_new(o, "shared_with", series_names(s, &s->share.with));
	return o;
}

/*
 * The document, with C1 controls, U+2028/U+2029 and the bidirectional
 * controls escaped (\u009b, \u202e; render/safe_text.h): jansson
 * writes them as they are, and they only ever stand inside strings.
 */
static json_t *envelope;

void json_envelope_set(json_t *e)
{
	json_decref(envelope);
	envelope = e;
}

/* root with the envelope's key first, the data's keys after it. */
static json_t *enveloped(json_t *root)
{
	const char *key;
	json_t *v, *all;

	if (!envelope || !root)
		return root;
	all = json_object();
	json_object_set(all, "regtrace", envelope);
	json_object_foreach(root, key, v)
		json_object_set(all, key, v);
	json_decref(root);
	return all;
}

int json_dump_root(FILE *out, json_t *root)
{
	root = enveloped(root);
	/* fractions to 10 significant digits: 0.01875, not 0.018749999999999999 */
	char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	const unsigned char *u = (const unsigned char *)text;
	size_t from = 0, n = text ? strlen(text) : 0, k;

	json_decref(root);
	if (!text)
		return -1;
	for (size_t i = 0; i < n; i += k ? k : 1) {
		if (!(k = safe_text_unsafe(u + i, n - i, 1)) || k == 1)
			continue;	/* (C0 is escaped by jansson already) */
		fwrite(text + from, 1, i - from, out);
		unsigned cp = k == 2 ? ((u[i] & 0x1fu) << 6) | (u[i + 1] & 0x3fu)
				    : ((u[i] & 0x0fu) << 12) | ((u[i + 1] & 0x3fu) << 6) | (u[i + 2] & 0x3fu);
		fprintf(out, "\\u%04x", cp);
		from = i + k;
	}
	fwrite(text + from, 1, n - from, out);
	fputc('\n', out);
	free(text);
	return ferror(out) ? -1 : 0;
}

json_t *json_not_counted(const struct series_skips *k)
{
	json_t *arr = json_array();

	for (size_t i = 0; k && i < k->n; i++)
		json_array_append_new(arr, json_pack("{s:s, s:s?, s:s?, s:s}", "name", k->v[i].name,
						     "base", k->v[i].base, "tip", k->v[i].tip,
						     "reason", k->v[i].why));
	return arr;
}

int render_stats_json(FILE *out, const struct series *s, size_t n,
		      const struct series_skips *skipped)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(arr, stats_object(&s[i]));
	return json_dump_root(out, json_pack("{s:o, s:o}", "series", arr, "not_counted",
					     json_not_counted(skipped)));
}

json_t *json_commit_object(const struct series *s, uint32_t c)
{
	json_t *o = json_object();

	json_object_set_new(o, "id", json_string(s->g.c[c].id));
	json_object_set_new(o, "upstream", str_or_null(series_upstream(s, c)));
	json_object_set_new(o, "release", json_string(series_release(s, c)));
	json_object_set_new(o, "subject", json_string(s->g.c[c].facts.subject));
	return o;
}

/* A side of a link: the commit, and where its upstream id comes from
 * ("message", "inferred" from the mainline, or null: none). */
static json_t *side_object(const struct series *s, uint32_t c)
{
	json_t *o = json_commit_object(s, c);
	enum upstream_source u = s->g.c[c].upstream;

	json_object_set_new(o, "upstream_source",
			    u == UPSTREAM_MESSAGE ? json_string("message") :
			    u == UPSTREAM_INFERRED ? json_string("inferred") : json_null());
	return o;
}

json_t *json_link_object(const struct series *s, const struct link *l)
{
	json_t *o = json_object();

	json_object_set_new(o, "kind", json_string(link_kind_name(l->kind)));
	json_object_set_new(o, "fix", side_object(s, l->fix));
	if (l->target == LINK_NO_TARGET) {
		json_t *cands = json_array();
		json_object_set_new(o, "target", json_null());
		for (size_t k = 0; k < l->candidates.n; k++)
			json_array_append_new(cands, side_object(s, l->candidates.v[k]));
		json_object_set_new(o, "candidates", cands);
		json_object_set_new(o, "same_release", json_null());	/* unknown: no target */
	} else {
		json_object_set_new(o, "target", side_object(s, l->target));
		json_object_set_new(o, "same_release", json_boolean(l->same_release));
	}
	struct lifetime t = series_lifetime(s, l);
	json_object_set_new(o, "lifetime_releases", maybe(t.releases));
	json_object_set_new(o, "lifetime_days", maybe(t.days));
	json_object_set_new(o, "reported", json_boolean(s->g.c[l->fix].facts.reported));
	return o;
}

int render_fixes_json(FILE *out, const struct series *s, size_t n, const struct fixes_view *v)
{
	json_t *arr = json_array();

	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < s[k].census.nlinks; i++) {
			if (!fixes_view_shows(v, &s[k].census.links[i]))
				continue;
			json_t *o = json_link_object(&s[k], &s[k].census.links[i]);
			json_object_set_new(o, "series", json_string(s[k].name));
			json_array_append_new(arr, o);
		}
	return json_dump_root(out, json_pack("{s:o}", "fixes", arr));
}

/* YYYY-MM-DD (base/fmt.h), or null when out of range. */
static json_t *date_or_null(int64_t t)
{
	char buf[16];

	return fmt_date(buf, sizeof(buf), t) < 0 ? json_null() : json_string(buf);
}

static json_t *timeline_row(const struct series *s, const struct timeline_row *r)
{
	json_t *o = json_object();

	json_object_set_new(o, "release", json_string(release_name(&s->rels, r->release)));
	json_object_set_new(o, "date", r->release == RELEASE_NONE ? json_null() :
			    date_or_null(s->rels.r[r->release].date));
#define NUM(key) json_object_set_new(o, #key, json_integer((json_int_t)r->key))
	NUM(commits);
	NUM(tagged);
	NUM(fixes);
	NUM(reverts);
	NUM(same_release);
	NUM(visible);
#undef NUM
	json_object_set_new(o, "low_rate", rate(r->visible, r->commits));
	json_object_set_new(o, "high_rate", rate(r->visible, r->tagged));
	return o;
}

int render_timeline_json(FILE *out, const struct series *s, size_t n)
{
	json_t *root = json_object(), *arr = json_array();

	if (n == 1)	/* one range: the document is that series' */
		json_object_set_new(root, "name", json_string(s->name));
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < s[k].timeline.n; i++) {
			json_t *o = timeline_row(&s[k], &s[k].timeline.rows[i]);
			json_object_set_new(o, "series", json_string(s[k].name));
			json_array_append_new(arr, o);
		}
	json_object_set_new(root, "timeline", arr);
	return json_dump_root(out, root);
}

static json_t *saga_object(const struct series *s, const struct saga *sg)
{
	json_t *o = json_object(), *arr = json_array();

	json_object_set_new(o, "size", json_integer((json_int_t)sg->commits.n));
	for (size_t i = 0; i < sg->commits.n; i++) {
		json_t *c = json_commit_object(s, sg->commits.v[i]);
		json_object_set_new(c, "role", json_string(saga_role_name(sg->roles[i])));
		json_array_append_new(arr, c);
	}
	json_object_set_new(o, "commits", arr);
	return o;
}

int render_sagas_json(FILE *out, const struct series *s)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < s->sagas.n; i++)
		json_array_append_new(arr, saga_object(s, &s->sagas.v[i]));
	return json_dump_root(out, json_pack("{s:s, s:o}", "name", s->name, "sagas", arr));
}

static json_t *missing_object(const struct mainline_fix *f)
{
	return json_pack("{s:s, s:o, s:s}", "id", f->id, "release", str_or_null(f->release),
			 "subject", f->facts.subject);
}

int render_unfixed_json(FILE *out, const struct series *s, const char *ref,
			const struct mainline *m, const struct unfixed *u)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < u->n; i++) {
		json_t *o = json_commit_object(s, u->v[i].commit), *miss = json_array();
		for (size_t k = 0; k < u->v[i].missing.n; k++)
			json_array_append_new(miss, missing_object(&m->v[u->v[i].missing.v[k]]));
		json_object_set_new(o, "missing", miss);
		json_array_append_new(arr, o);
	}
	return json_dump_root(out, json_pack("{s:s, s:s, s:o}", "name", s->name, "mainline", ref,
				   "unfixed", arr));
}

static json_t *regression_entry_object(const struct series *all,
				       const struct regression_entry *e)
{
	const struct series *s = &all[e->series];
	const struct link *l = e->link;
	struct lifetime t = series_lifetime(s, l);
	struct u32s others = { 0 };
	json_t *o = json_object();

	json_object_set_new(o, "series", json_string(s->name));
	json_object_set_new(o, "target", json_commit_object(s, l->target));
	json_object_set_new(o, "brought_in", json_string(series_release(s, l->target)));
	json_object_set_new(o, "fixed_in", json_string(series_release(s, l->fix)));
	json_object_set_new(o, "kind", json_string(link_kind_name(l->kind)));
	json_object_set_new(o, "fix", json_commit_object(s, l->fix));
	json_object_set_new(o, "same_release", json_boolean(l->same_release));
	json_object_set_new(o, "lifetime_releases", maybe(t.releases));
	json_object_set_new(o, "lifetime_days", maybe(t.days));
	shared_link_others(s, l, &others);
	json_object_set_new(o, "shared_with", series_names(s, &others));
	u32s_release(&others);
	return o;
}

int render_regressions_json(FILE *out, const struct series *s, size_t n,
			    const struct series_skips *skipped,
			    const struct regressions *r)
{
	json_t *rows = json_array();

	(void)n;
	for (size_t i = 0; i < r->n; i++) {
		const struct regression_row *row = &r->rows[i];
		json_t *o = json_object(), *entries = json_array(), *by = json_array();
		for (size_t k = 0; k < row->n; k++)
			json_array_append_new(entries, regression_entry_object(s, &row->v[k]));
		for (size_t k = 0; k < row->carried_by.n; k++)
			json_array_append_new(by, json_string(s[row->carried_by.v[k]].name));
		json_object_set_new(o, "upstream", str_or_null(row->upstream));
		json_object_set_new(o, "key", json_string(row->key));
		json_object_set_new(o, "subject", json_string(
			s[row->v[0].series].g.c[row->v[0].target].facts.subject));
		json_object_set_new(o, "series_count", json_integer((json_int_t)row->nseries));
		json_object_set_new(o, "visible", json_boolean(regression_row_visible(row)));
		json_object_set_new(o, "series", entries);
		json_object_set_new(o, "still_carried", row->carried < 0 ? json_null() :
				    json_boolean(row->carried));
		json_object_set_new(o, "carried_by", row->carried < 0 ? json_null() : by);
		if (row->carried < 0)
			json_decref(by);
		json_array_append_new(rows, o);
	}
	return json_dump_root(out, json_pack("{s:o, s:o}", "regressions", rows, "not_counted",
					     json_not_counted(skipped)));
}
