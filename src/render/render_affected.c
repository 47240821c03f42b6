/*
 * render_affected.c — `affected`: for each fix, per introducing commit, the
 * mainline and every series with its pairs (core/affected.h), as text,
 * JSON, CSV and the lines of the kernel CNA's dyad
 * (vulnerable_version:vulnerable_sha:fixed_version:fixed_sha; doc/affected.md
 * gives every format's fields).
 */
#include "render/render.h"
#include "render/json_parts.h"
#include "render/colour.h"
#include "render/safe_text.h"
#include "core/affected.h"

#include <jansson.h>
#include <string.h>

/* The name of position pos of series s: its BASE (0) or a release. */
static const char *pos_name(const struct series *s, size_t pos)
{
	if (pos == 0)
		return release_base_name(s->base);
	return s->rels.r[pos - 1].name;
}

static const char *from_name(enum affected_from f)
{
	static const char *const names[] = {
		[AFFECTED_FROM_FIXES] = "fixes", [AFFECTED_FROM_REVERT] = "revert",
		[AFFECTED_FROM_OPTION] = "option", [AFFECTED_FROM_NONE] = "none",
	};
	return names[f];
}

/* How the commit of one end was found, in words (NULL: nothing to say). */
static void found_by(const struct series *s, const struct affected_keys *keys, uint32_t c,
		     char *buf, size_t len)
{
	const char *alias;

	if (!affected_found_by(&s->g, c, keys, &alias))
		snprintf(buf, len, "by its own id, which another copy names as upstream");
	else if (!alias)
		snprintf(buf, len, "by its own id");
	else
		snprintf(buf, len, "by its upstream id %.12s (%s)", alias,
			 s->g.c[c].upstream == UPSTREAM_INFERRED ? "inferred from the mainline"
								 : "in its message");
}

/* ---- text ---- */

/* A commit id regtrace resolved: its first 12 digits, yellow (render/colour.h). */
static void id_put(FILE *out, const char *id)
{
	colour_printf(out, COLOUR_ID, "%.12s", id);
}

static void end_text(FILE *out, const struct series *s, const struct affected_end *e)
{
	if (e->pos == AFFECTED_OPEN) {
		fputs("not fixed", out);
		return;
	}
	fputs(pos_name(s, e->pos), out);
	if (e->why == AFFECTED_BY_BASE) {
		fputs(" (base)", out);
	} else if (e->commit != AFFECTED_NO_COMMIT) {
		fputc(' ', out);
		id_put(out, s->g.c[e->commit].id);
		fputs(e->why == AFFECTED_BY_REVERT ? " (revert)" : "", out);
	}
}

static void why_text(FILE *out, const struct series *s, const struct affected_intro *in,
		     const struct affected_answer *a, const struct affected_end *e, int opens)
{
	char buf[128];

	if (e->why == AFFECTED_BY_BASE) {
		fprintf(out, "        %s: its history holds %.12s", pos_name(s, 0),
			*in->id ? in->id : in->named);
		if (in->ml_tag)
			fprintf(out, " (first in mainline %s)", in->ml_tag);
		fputc('\n', out);
		return;
	}
	if (e->commit == AFFECTED_NO_COMMIT)
		return;
	fputs("        ", out);
	id_put(out, s->g.c[e->commit].id);
	fprintf(out, " %s: ", pos_name(s, e->pos));
	if (e->why == AFFECTED_BY_REVERT) {
		fprintf(out, "reverts a copy of %s\n", opens ? "the fix" : "the introducing commit");
		return;
	}
	found_by(s, opens ? &in->keys : &a->keys, e->commit, buf, sizeof(buf));
	fprintf(out, "copy of %s %s\n", opens ? "the introducing commit" : "the fix", buf);
}

static void copy_text(FILE *out, const struct series *s, const char *what, uint32_t c)
{
	if (c != AFFECTED_NO_COMMIT) {
		fprintf(out, "%s %s ", what, series_release(s, c));
		id_put(out, s->g.c[c].id);
	} else {
		fprintf(out, "no copy of %s", what);
	}
}

static void series_text(FILE *out, const struct series *s, const struct affected_intro *in,
			const struct affected_answer *a, const struct affected_result *r, int why)
{
	fprintf(out, "    %s  %s", s->name, affected_state_name(r->state));
	if (r->state == AFFECTED_UNKNOWN || r->state == AFFECTED_FIXED_BEFORE) {
		fputs(": ", out);
		copy_text(out, s, "the fix", r->first_fix);
		if (r->state == AFFECTED_FIXED_BEFORE) {
			fputs(", ", out);
			copy_text(out, s, "the bug", r->first_bug);
		}
	}
	for (size_t k = 0; k < r->npairs; k++) {
		fputs(k ? ", " : ": ", out);
		end_text(out, s, &r->pairs[k].from);
		fputs(" -> ", out);
		end_text(out, s, &r->pairs[k].to);
	}
	fputc('\n', out);
	for (size_t k = 0; why && k < r->npairs; k++) {
		why_text(out, s, in, a, &r->pairs[k].from, 1);
		if (r->pairs[k].to.pos != AFFECTED_OPEN)
			why_text(out, s, in, a, &r->pairs[k].to, 0);
	}
}

static void intro_text(FILE *out, const struct series *s, const char *ref,
		       const struct affected_answer *a, const struct affected_intro *in, int why)
{
	if (in->from == AFFECTED_FROM_NONE)
		fputs("  introducing commit unknown (no Fixes: line, no revert, no --vulnerable)\n",
		      out);
	else
		fprintf(out, "  introduced by %.12s (%s)  %s\n", *in->id ? in->id : in->named,
			from_name(in->from), in->subject ? in->subject : "");
	if (ref) {
		fprintf(out, "    %s  %s", ref, affected_state_name(in->ml_state));
		if (in->ml_state == AFFECTED_FIXED || in->ml_state == AFFECTED_NOT_FIXED)
			fprintf(out, ": %s -> %s", in->ml_tag, a->ml_tag ? a->ml_tag : "not fixed");
		fputc('\n', out);
	}
	for (size_t i = 0; i < a->nseries; i++)
		series_text(out, &s[i], in, a, &in->r[i], why);
}

static int affected_text(FILE *out, const struct series *s, const char *ref,
			 const struct affected_answer *a, size_t na, int why)
{
	for (size_t i = 0; i < na; i++) {
		fprintf(out, "%sfix ", i ? "\n" : "");
		id_put(out, a[i].id);
		fprintf(out, "  %s\n", a[i].subject ? a[i].subject : "");
		for (size_t k = 0; k < a[i].nintro; k++)
			intro_text(out, s, ref, &a[i], &a[i].intro[k], why);
	}
	return ferror(out) ? -1 : 0;
}

int render_affected_text(FILE *out, const struct series *s, const char *ref,
			 const struct affected_answer *a, size_t na, int why)
{
	struct safe_text t;

	return safe_text_begin(&t) ? -1
				   : safe_text_end(&t, out, affected_text(t.fp, s, ref, a, na, why));
}

/* ---- JSON ---- */

static json_t *str_or_null(const char *v)
{
	return v && *v ? json_string(v) : json_null();
}

static json_t *end_json(const struct series *s, const struct affected_intro *in,
			const struct affected_answer *a, const struct affected_end *e, int opens)
{
	json_t *o = json_object();
	char buf[128];

	if (e->pos == AFFECTED_OPEN) {
		json_decref(o);
		return json_null();
	}
	json_object_set_new(o, "release", json_string(pos_name(s, e->pos)));
	json_object_set_new(o, "id", e->commit == AFFECTED_NO_COMMIT ? json_null()
				     : json_string(s->g.c[e->commit].id));
	json_object_set_new(o, "by", json_string(affected_why_name(e->why)));
	if (e->why == AFFECTED_BY_COPY && e->commit != AFFECTED_NO_COMMIT) {
		found_by(s, opens ? &in->keys : &a->keys, e->commit, buf, sizeof(buf));
		json_object_set_new(o, "found", json_string(buf));
	}
	return o;
}

static json_t *copy_json(const struct series *s, uint32_t c)
{
	json_t *o;

	if (c == AFFECTED_NO_COMMIT)
		return json_null();
	o = json_object();
	json_object_set_new(o, "release", json_string(series_release(s, c)));
	json_object_set_new(o, "id", json_string(s->g.c[c].id));
	return o;
}

static json_t *series_json(const struct series *s, const struct affected_intro *in,
			   const struct affected_answer *a, const struct affected_result *r)
{
	json_t *o = json_object(), *pairs = json_array();

	json_object_set_new(o, "series", json_string(s->name));
	json_object_set_new(o, "state", json_string(affected_state_name(r->state)));
	for (size_t k = 0; k < r->npairs; k++) {
		json_t *p = json_object();
		json_object_set_new(p, "introduced", end_json(s, in, a, &r->pairs[k].from, 1));
		json_object_set_new(p, "fixed", end_json(s, in, a, &r->pairs[k].to, 0));
		json_array_append_new(pairs, p);
	}
	json_object_set_new(o, "pairs", pairs);
	json_object_set_new(o, "first_fix", copy_json(s, r->first_fix));
	json_object_set_new(o, "first_bug", copy_json(s, r->first_bug));
	return o;
}

static json_t *intro_json(const struct series *s, const char *ref,
			  const struct affected_answer *a, const struct affected_intro *in)
{
	json_t *o = json_object(), *series = json_array();

	json_object_set_new(o, "from", json_string(from_name(in->from)));
	json_object_set_new(o, "named", str_or_null(in->named));
	json_object_set_new(o, "id", str_or_null(in->id));
	json_object_set_new(o, "subject", str_or_null(in->subject));
	if (ref) {
		json_t *m = json_object();
		json_object_set_new(m, "ref", json_string(ref));
		json_object_set_new(m, "state", json_string(affected_state_name(in->ml_state)));
		json_object_set_new(m, "introduced", str_or_null(in->ml_tag));
		json_object_set_new(m, "fixed", str_or_null(a->ml_tag));
		json_object_set_new(o, "mainline", m);
	} else
		json_object_set_new(o, "mainline", json_null());
	for (size_t i = 0; i < a->nseries; i++)
		json_array_append_new(series, series_json(&s[i], in, a, &in->r[i]));
	json_object_set_new(o, "series", series);
	return o;
}

int render_affected_json(FILE *out, const struct series *s, const char *ref,
			 const struct affected_answer *a, size_t na)
{
	json_t *root = json_object(), *all = json_array();

	for (size_t i = 0; i < na; i++) {
		json_t *o = json_object(), *intro = json_array();
		json_object_set_new(o, "id", json_string(a[i].id));
		json_object_set_new(o, "subject", str_or_null(a[i].subject));
		for (size_t k = 0; k < a[i].nintro; k++)
			json_array_append_new(intro, intro_json(s, ref, &a[i], &a[i].intro[k]));
		json_object_set_new(o, "introduced_by", intro);
		json_array_append_new(all, o);
	}
	json_object_set_new(root, "affected", all);
	return json_dump_root(out, root);
}

/* ---- CSV ---- */

static void end_csv(FILE *out, const struct series *s, const struct affected_end *e, int last)
{
	int open = e->pos == AFFECTED_OPEN;

	render_csv_field(out, open ? "" : pos_name(s, e->pos), 0);
	render_csv_field(out, open || e->commit == AFFECTED_NO_COMMIT ? ""
			 : s->g.c[e->commit].id, 0);
	render_csv_field(out, affected_why_name(e->why), last);
}

static void row_head(FILE *out, const struct affected_answer *a, const struct affected_intro *in,
		     const char *series, const char *state)
{
	render_csv_field(out, a->id, 0);
	render_csv_field(out, *in->id ? in->id : in->named, 0);
	render_csv_field(out, from_name(in->from), 0);
	render_csv_field(out, series, 0);
	render_csv_field(out, state, 0);
}

static void intro_csv(FILE *out, const struct series *s, const char *ref,
		      const struct affected_answer *a, const struct affected_intro *in)
{
	if (ref) {
		row_head(out, a, in, ref, affected_state_name(in->ml_state));
		render_csv_field(out, in->ml_tag ? in->ml_tag : "", 0);
		render_csv_field(out, "", 0);
		render_csv_field(out, in->ml_tag ? "tag" : "none", 0);
		render_csv_field(out, a->ml_tag && in->ml_tag ? a->ml_tag : "", 0);
		render_csv_field(out, "", 0);
		render_csv_field(out, a->ml_tag && in->ml_tag ? "tag" : "none", 1);
	}
	for (size_t i = 0; i < a->nseries; i++) {
		const struct affected_result *r = &in->r[i];
		for (size_t k = 0; k < r->npairs; k++) {
			row_head(out, a, in, s[i].name, affected_state_name(r->state));
			end_csv(out, &s[i], &r->pairs[k].from, 0);
			end_csv(out, &s[i], &r->pairs[k].to, 1);
		}
		if (!r->npairs) {
			row_head(out, a, in, s[i].name, affected_state_name(r->state));
			fputs(",,none,,,none\r\n", out);
		}
	}
}

int render_affected_csv(FILE *out, const struct series *s, const char *ref,
			const struct affected_answer *a, size_t na)
{
	fputs("fix,introducing,from,series,state,introduced_release,introduced_id,"
	      "introduced_by,fixed_release,fixed_id,fixed_by\r\n", out);
	for (size_t i = 0; i < na; i++)
		for (size_t k = 0; k < a[i].nintro; k++)
			intro_csv(out, s, ref, &a[i], &a[i].intro[k]);
	return ferror(out) ? -1 : 0;
}

/* ---- dyad ---- */

/* A version as dyad writes it: the tag without a leading "v", a mainline
 * release candidate as its release (v6.8-rc3: 6.8). */
static void dyad_version(FILE *out, const char *tag)
{
	const char *rc;
	size_t n;

	if (tag[0] == 'v' && tag[1] >= '0' && tag[1] <= '9')
		tag++;
	rc = strstr(tag, "-rc");
	n = rc ? (size_t)(rc - tag) : strlen(tag);
	safe_text_write(out, tag, n, 0);
}

static void dyad_side(FILE *out, const char *version, const char *sha)
{
	if (!version || !sha || !*sha) {
		fputs("0:0", out);
		return;
	}
	dyad_version(out, version);
	fprintf(out, ":%s", sha);
}

static void dyad_end(FILE *out, const struct series *s, const struct affected_intro *in,
		     const struct affected_end *e)
{
	if (e->pos == AFFECTED_OPEN || (e->commit == AFFECTED_NO_COMMIT &&
					e->why != AFFECTED_BY_BASE))
		dyad_side(out, NULL, NULL);
	else if (e->why == AFFECTED_BY_BASE)	/* the bug came with the base */
		dyad_side(out, in->ml_tag ? in->ml_tag : pos_name(s, 0),
			  *in->ml_id ? in->ml_id : *in->id ? in->id : NULL);
	else
		dyad_side(out, pos_name(s, e->pos), s->g.c[e->commit].id);
}

static void dyad_series(FILE *out, const struct series *s, const struct affected_intro *in,
			const struct affected_result *r)
{
	uint32_t b = r->first_bug, f = r->first_fix;

	if (r->state == AFFECTED_UNKNOWN && f != AFFECTED_NO_COMMIT) {
		fputs("0:0:", out);
		dyad_side(out, series_release(s, f), s->g.c[f].id);
		fputc('\n', out);
	}
	/* as dyad: a bug and its fix in one release, for the window between */
	if (r->state == AFFECTED_FIXED_BEFORE && b != AFFECTED_NO_COMMIT &&
	    f != AFFECTED_NO_COMMIT && s->g.c[b].release == s->g.c[f].release) {
		dyad_side(out, series_release(s, b), s->g.c[b].id);
		fputc(':', out);
		dyad_side(out, series_release(s, f), s->g.c[f].id);
		fputc('\n', out);
	}
	for (size_t k = 0; k < r->npairs; k++) {
		dyad_end(out, s, in, &r->pairs[k].from);
		fputc(':', out);
		dyad_end(out, s, in, &r->pairs[k].to);
		fputc('\n', out);
	}
}

static void dyad_mainline(FILE *out, const struct affected_answer *a,
			  const struct affected_intro *in)
{
	if (in->ml_state == AFFECTED_UNKNOWN && a->ml_tag) {
		fputs("0:0:", out);
		dyad_side(out, a->ml_tag, a->ml_id);
		fputc('\n', out);
	}
	if (in->ml_state != AFFECTED_FIXED && in->ml_state != AFFECTED_NOT_FIXED)
		return;
	dyad_side(out, in->ml_tag, in->ml_id);
	fputc(':', out);
	dyad_side(out, in->ml_state == AFFECTED_FIXED ? a->ml_tag : NULL, a->ml_id);
	fputc('\n', out);
}

int render_affected_dyad(FILE *out, const struct series *s, const char *ref,
			 const struct affected_answer *a, size_t na)
{
	for (size_t i = 0; i < na; i++)
		for (size_t k = 0; k < a[i].nintro; k++) {
			if (ref)
				dyad_mainline(out, &a[i], &a[i].intro[k]);
			for (size_t j = 0; j < a[i].nseries; j++)
				dyad_series(out, &s[j], &a[i].intro[k], &a[i].intro[k].r[j]);
		}
	return ferror(out) ? -1 : 0;
}
