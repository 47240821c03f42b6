/*
 * render_explain.c — `explain`: one commit, why it counts as it does, as
 * text and as JSON (doc/explain-regressions.md gives the JSON's keys).
 */
#include "render/render.h"
#include "render/json_parts.h"
#include "render/colour.h"
#include "render/safe_text.h"
#include "core/explain.h"
#include "core/lifetime.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const char *ref_kind_name(enum msg_ref_kind k)
{
	return k == MSG_REF_FIXES ? "fixes" : k == MSG_REF_REVERT ? "revert" : "mention";
}

/* A reference explain shows: every one of the rules, and a mention (an id
 * of the prose) when it made a mention link. */
static int is_shown(const struct series *s, const struct explanation *e, size_t i)
{
	return s->g.c[e->commit].facts.refs[i].kind != MSG_REF_MENTION ||
	       (e->trace.refs[i].linked && e->trace.refs[i].kind == LINK_MENTION);
}

/* ---- text ---- */

static void short_commit(FILE *out, const struct series *s, uint32_t c)
{
	colour_printf(out, COLOUR_ID, "%.12s", s->g.c[c].id);
	fprintf(out, " %s", series_release(s, c));
}

static void copies_text(FILE *out, const struct series *s, const struct copy_seen *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fputs("      ", out);
		short_commit(out, s, v[i].commit);
		fprintf(out, "  %s\n", !v[i].ancestor ? "not an ancestor" :
			v[i].live ? "ancestor, live" : "ancestor, reverted");
	}
}

static void ids_text(FILE *out, const struct series *s, const struct u32s *v)
{
	if (!v->n)
		fputs(" nothing", out);
	for (size_t i = 0; i < v->n; i++) {
		fprintf(out, "%s ", i ? "," : "");
		colour_printf(out, COLOUR_ID, "%.12s", s->g.c[v->v[i]].id);
	}
}

static void where_text(FILE *out, const struct msg_line *l)
{
	if (l)
		fprintf(out, "line %u: %s", l->no, l->text);
	else
		fputs("line unknown", out);
}

/* An inferred id: the mainline commit it names, and why (git/infer.h). */
static void inferred_text(FILE *out, uint32_t among, const char *id)
{
	fprintf(out, "  %s  inferred: mainline commit %.12s has this commit's author and subject",
		id, id);
	if (among > 1)
		fprintf(out, "; of the %u that have them, it alone has its patch-id", among);
	fputc('\n', out);
}

static void upstream_text(FILE *out, const struct series *s, const struct explanation *e)
{
	const struct msg_facts *f = &s->g.c[e->commit].facts;
	const struct census_trace *t = &e->trace;

	fputs("\nupstream ids:", out);
	if (!f->naliases)
		fputs(" none (no line of the message names one)\n", out);
	else
		fputc('\n', out);
	for (size_t a = 0; a < f->naliases; a++) {
		if (!strcmp(explain_alias_source(s, e->commit, a), "inferred")) {
			/* no line names it: where it came from instead (git/infer.h) */
			inferred_text(out, s->g.c[e->commit].inferred_among, f->aliases[a]);
		} else {
			fprintf(out, "  %s  from the message, ", f->aliases[a]);
			where_text(out, msg_where_alias(&e->where, f->aliases[a]));
			fputc('\n', out);
		}
		if (a >= t->naliases || !t->ncopies[a]) {
			fputs("    no other copy in the series\n", out);
			continue;
		}
		fputs("    other copies:\n", out);
		copies_text(out, s, t->copies[a], t->ncopies[a]);
		for (size_t k = 0; k < t->ncopies[a]; k++)
			if (t->copies[a][k].commit == t->duplicate_of) {
				fprintf(out, "    %s: of ", census_rule_name(RULE_DUPLICATE));
				short_commit(out, s, t->duplicate_of);
				fputs(", an earlier copy live here\n", out);
			}
	}
}

static void link_text(FILE *out, const struct series *s, uint32_t f, const struct ref_trace *rt)
{
	fputs("    link: ", out);
	colour_printf(out, COLOUR_KIND, "%s", link_kind_name(rt->kind));
	if (rt->target != LINK_NO_TARGET) {
		int same = s->g.c[f].release == s->g.c[rt->target].release;
		fputs(" -> ", out);
		short_commit(out, s, rt->target);
		if (link_is_regression_fix(rt->kind)) {
			fputc(' ', out);
			colour_printf(out, same ? COLOUR_SAME : COLOUR_VISIBLE, "%s",
				      same ? "(same release: counted, not visible)"
					   : "(later release: counted, visible)");
		} else {
			fputs(" (not a fix)", out);
		}
	} else {
		fputs(" (not a fix)", out);
	}
	if (rt->joined)
		fprintf(out, "; %s: an earlier reference made it", census_rule_name(RULE_ONE_LINK));
	fputc('\n', out);
}

/* Did the reference go on, after step k, through the upstream ids of the
 * commit it names outside the series? */
static int through_after(const struct ref_trace *rt, size_t k)
{
	while (++k < rt->nsteps)
		if (rt->steps[k].rule == RULE_THROUGH)
			return 1;
	return 0;
}

/* The rules a reference went through (id: what it names, for *outside*),
 * and its link. */
static void steps_text(FILE *out, const struct series *s, uint32_t c, const struct ref_trace *rt,
		       const char *id)
{
	fprintf(out, "\n    matches:");
	ids_text(out, s, &rt->matched);
	if (rt->nupstream)
		fprintf(out, " (copies of %zu upstream commit%s)", rt->nupstream,
			rt->nupstream == 1 ? "" : "s");
	fputc('\n', out);
	for (size_t k = 0; k < rt->nsteps; k++) {
		enum census_rule r = rt->steps[k].rule;
		if (r == RULE_ONE_LINK)
			continue;	/* said with the link */
		if (rt->ncopies && (r == RULE_LIVE_COPY || r == RULE_REVERTED_COPY ||
				    r == RULE_PREEMPTIVE)) {	/* the copies it weighed */
			fputs("    copies:\n", out);
			copies_text(out, s, rt->copies, rt->ncopies);
		}
		fprintf(out, "    %s:", census_rule_name(rt->steps[k].rule));
		if (r == RULE_OUTSIDE)
			fprintf(out, " no commit of the series matches %s%s", id,
				through_after(rt, k) ? "" : " (counted in fixes_outside)");
		else if (r == RULE_THROUGH)
			fprintf(out, " its upstream id %s matches",
				rt->steps[k].via);
		else if (r == RULE_REVERT_SUBJECT)
			fputs(" the latest earlier commits of that subject live here:", out);
		if (r == RULE_OUTSIDE)
			;
		else if (!rt->steps[k].kept.n)
			fputs(" nothing left", out);
		else
			ids_text(out, s, &rt->steps[k].kept);
		fputc('\n', out);
	}
	if (rt->linked)
		link_text(out, s, c, rt);
	else
		fputs("    no link\n", out);
}

static void reference_text(FILE *out, const struct series *s, const struct explanation *e,
			   size_t i)
{
	const struct msg_ref *ref = &s->g.c[e->commit].facts.refs[i];

	fprintf(out, "  %s %s, ", ref_kind_name(ref->kind), ref->id);
	where_text(out, msg_where_ref(&e->where, ref->kind, ref->id));
	steps_text(out, s, e->commit, &e->trace.refs[i], ref->id);
}

/* A revert that names no id: its subject says what it reverts. */
static void subject_revert_text(FILE *out, const struct series *s, const struct explanation *e)
{
	const char *subject = s->g.c[e->commit].facts.subject;

	fprintf(out, "  revert by its subject, line 1: %s", subject);
	steps_text(out, s, e->commit, &e->trace.subject_ref, "");
}

static void links_text(FILE *out, const struct series *s, const struct u32s *v,
		       const char *what)
{
	fprintf(out, "\n%s:%s\n", what, v->n ? "" : " none");
	for (size_t i = 0; i < v->n; i++) {
		const struct link *l = &s->census.links[v->v[i]];
		fputs("  ", out);
		colour_printf(out, COLOUR_KIND, "%s", link_kind_name(l->kind));
		fputs("  ", out);
		short_commit(out, s, l->fix);
		if (l->target != LINK_NO_TARGET) {
			fputs(" -> ", out);
			short_commit(out, s, l->target);
			fputs("  ", out);
			colour_printf(out, l->same_release ? COLOUR_SAME : COLOUR_VISIBLE, "%s",
				      l->same_release ? "same release" : "later release");
		} else {
			fputs(" -> undecided:", out);
			ids_text(out, s, &l->candidates);
		}
		fputc('\n', out);
	}
}

static void series_text(FILE *out, const struct series *s, const char *const *holding,
			size_t n)
{
	fprintf(out, "series %s", s->name);
	if (n > 1) {
		fprintf(out, " (the newest of the %zu series holding it:", n);
		for (size_t i = 0; i < n; i++)
			fprintf(out, "%s %s", i ? "," : "", holding[i]);
		fputc(')', out);
	}
	fputc('\n', out);
}

static int explain_text(FILE *out, const struct series *s, const struct explanation *e,
			const char *const *holding, size_t nholding)
{
	const struct graph_commit *gc = &s->g.c[e->commit];

	fputs("commit ", out);	/* as git log's line */
	colour_printf(out, COLOUR_ID, "%s", gc->id);
	fprintf(out, "  %s  %s\n", series_release(s, e->commit), gc->facts.subject);
	series_text(out, s, holding, nholding);
	if (gc->is_merge) {
		fputs("\na merge: the rules neither read its message nor match it\n", out);
		return ferror(out) ? -1 : 0;
	}
	upstream_text(out, s, e);
	size_t shown = e->trace.by_subject;
	for (size_t i = 0; i < gc->facts.nrefs; i++)
		shown += is_shown(s, e, i);
	fprintf(out, "\nreferences:%s\n", shown ? "" : " none");
	for (size_t i = 0; i < gc->facts.nrefs; i++)
		if (is_shown(s, e, i))
			reference_text(out, s, e, i);
	if (e->trace.by_subject)
		subject_revert_text(out, s, e);
	links_text(out, s, &e->from, "links it makes");
	links_text(out, s, &e->to, "links pointing at it");
	return ferror(out) ? -1 : 0;
}

/* Through safe_text.h: a name quoted is never a control sequence. */
int render_explain_text(FILE *out, const struct series *s, const struct explanation *e,
			const char *const *holding, size_t nholding)
{
	struct safe_text t;

	return safe_text_begin(&t) ? -1
				   : safe_text_end(&t, out, explain_text(t.fp, s, e, holding, nholding));
}

/* ---- JSON ---- */

static json_t *ids_json(const struct series *s, const struct u32s *v)
{
	json_t *a = json_array();

	for (size_t i = 0; i < v->n; i++)
		json_array_append_new(a, json_string(s->g.c[v->v[i]].id));
	return a;
}

static json_t *copies_json(const struct series *s, const struct copy_seen *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_pack("{s:s, s:s, s:b, s:b}", "id",
						   s->g.c[v[i].commit].id, "release",
						   series_release(s, v[i].commit), "ancestor",
						   v[i].ancestor, "live", v[i].live));
	return a;
}

static void where_json(json_t *o, const struct msg_line *l)
{
	json_object_set_new(o, "line", l ? json_integer(l->no) : json_null());
	json_object_set_new(o, "text", l ? json_string(l->text) : json_null());
}

static json_t *upstream_json(const struct series *s, const struct explanation *e)
{
	const struct msg_facts *f = &s->g.c[e->commit].facts;
	const struct census_trace *t = &e->trace;
	json_t *arr = json_array();

	for (size_t a = 0; a < f->naliases; a++) {
		json_t *o = json_object();
		int dup = 0;
		for (size_t k = 0; a < t->naliases && k < t->ncopies[a]; k++)
			dup |= t->copies[a][k].commit == t->duplicate_of;
		json_object_set_new(o, "id", json_string(f->aliases[a]));
		json_object_set_new(o, "source", json_string(explain_alias_source(s, e->commit, a)));
		json_object_set_new(o, "inferred_among", strcmp(explain_alias_source(s, e->commit, a),
				    "inferred") ? json_null() :
				    json_integer(s->g.c[e->commit].inferred_among));
		where_json(o, msg_where_alias(&e->where, f->aliases[a]));
		json_object_set_new(o, "copies", a < t->naliases ?
				    copies_json(s, t->copies[a], t->ncopies[a]) : json_array());
		json_object_set_new(o, "rule", dup ? json_string(census_rule_name(RULE_DUPLICATE)) :
				    json_null());
		json_object_set_new(o, "duplicate_of", dup ? json_string(s->g.c[t->duplicate_of].id) :
				    json_null());
		json_array_append_new(arr, o);
	}
	return arr;
}

static json_t *ref_link_json(const struct series *s, uint32_t f, const struct ref_trace *rt)
{
	json_t *o = json_object(), *cands = json_array();
	int target = rt->target != LINK_NO_TARGET;

	json_object_set_new(o, "kind", json_string(link_kind_name(rt->kind)));
	json_object_set_new(o, "target", target ? json_commit_object(s, rt->target) : json_null());
	for (size_t i = 0; i < rt->candidates.n; i++)
		json_array_append_new(cands, json_commit_object(s, rt->candidates.v[i]));
	json_object_set_new(o, "candidates", cands);
	json_object_set_new(o, "same_release", target ? json_boolean(s->g.c[f].release ==
				    s->g.c[rt->target].release) : json_null());
	json_object_set_new(o, "counted", json_boolean(link_is_regression_fix(rt->kind)));
	return o;
}

/* What the rules decided for a reference, into o. */
static void trace_json(json_t *o, const struct series *s, const struct explanation *e,
		       const struct ref_trace *rt)
{
	json_t *steps = json_array();

	json_object_set_new(o, "matches", ids_json(s, &rt->matched));
	json_object_set_new(o, "upstream_commits", json_integer((json_int_t)rt->nupstream));
	for (size_t k = 0; k < rt->nsteps; k++)
		json_array_append_new(steps, json_pack("{s:s, s:o, s:o}", "rule",
				      census_rule_name(rt->steps[k].rule), "kept",
				      ids_json(s, &rt->steps[k].kept), "via",
				      rt->steps[k].via[0] ? json_string(rt->steps[k].via)
							  : json_null()));
	json_object_set_new(o, "steps", steps);
	json_object_set_new(o, "copies", copies_json(s, rt->copies, rt->ncopies));
	/* the rule that decided: the last, unless that only joined a link */
	size_t last = rt->nsteps;
	while (last && rt->steps[last - 1].rule == RULE_ONE_LINK)
		last--;
	json_object_set_new(o, "rule", last ? json_string(census_rule_name(rt->steps[last - 1].rule))
					    : json_null());
	json_object_set_new(o, "link", rt->linked ? ref_link_json(s, e->commit, rt) : json_null());
	json_object_set_new(o, "link_rule", rt->joined ?
			    json_string(census_rule_name(RULE_ONE_LINK)) : json_null());
}

static json_t *reference_json(const struct series *s, const struct explanation *e, size_t i)
{
	const struct msg_ref *ref = &s->g.c[e->commit].facts.refs[i];
	json_t *o = json_object();

	json_object_set_new(o, "kind", json_string(ref_kind_name(ref->kind)));
	json_object_set_new(o, "id", json_string(ref->id));
	where_json(o, msg_where_ref(&e->where, ref->kind, ref->id));
	json_object_set_new(o, "subject", ref->subject ? json_string(ref->subject) : json_null());
	trace_json(o, s, e, &e->trace.refs[i]);
	return o;
}

/* A revert by its subject alone: a reference with no id, from line 1. */
static json_t *subject_revert_json(const struct series *s, const struct explanation *e)
{
	const char *subject = s->g.c[e->commit].facts.subject;
	char *what = msg_revert_subject(subject);
	json_t *o = json_object();

	json_object_set_new(o, "kind", json_string("revert"));
	json_object_set_new(o, "id", json_null());
	json_object_set_new(o, "line", json_integer(1));
	json_object_set_new(o, "text", json_string(subject));
	json_object_set_new(o, "subject", what ? json_string(what) : json_null());
	free(what);
	trace_json(o, s, e, &e->trace.subject_ref);
	return o;
}

static json_t *links_json(const struct series *s, const struct u32s *v)
{
	json_t *a = json_array();

	for (size_t i = 0; i < v->n; i++)
		json_array_append_new(a, json_link_object(s, &s->census.links[v->v[i]]));
	return a;
}

int render_explain_json(FILE *out, const struct series *s, const struct explanation *e,
			const char *const *holding, size_t nholding)
{
	const struct graph_commit *gc = &s->g.c[e->commit];
	json_t *root = json_object(), *commit = json_commit_object(s, e->commit);
	json_t *refs = json_array(), *hold = json_array();

	json_object_set_new(commit, "merge", json_boolean(gc->is_merge));
	json_object_set_new(root, "commit", commit);
	json_object_set_new(root, "series", json_string(s->name));
	for (size_t i = 0; i < nholding; i++)
		json_array_append_new(hold, json_string(holding[i]));
	json_object_set_new(root, "series_holding", hold);
	json_object_set_new(root, "upstream", gc->is_merge ? json_array() : upstream_json(s, e));
	for (size_t i = 0; !gc->is_merge && i < gc->facts.nrefs; i++)
		if (is_shown(s, e, i))
			json_array_append_new(refs, reference_json(s, e, i));
	if (e->trace.by_subject)
		json_array_append_new(refs, subject_revert_json(s, e));
	json_object_set_new(root, "references", refs);
	json_object_set_new(root, "links", links_json(s, &e->from));
	json_object_set_new(root, "linked_by", links_json(s, &e->to));
	return json_dump_root(out, root);
}
