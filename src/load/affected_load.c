/* affected_load.c — see affected_load.h. */
#include "load/affected_load.h"
#include "base/error.h"
#include "base/util.h"
#include "git/config.h"
#include "git/lookup.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int affected_ctx_init(struct affected_ctx *x, const struct load_source *src,
		      const struct series_set *set, int mainline, char *err, size_t errlen)
{
	size_t n = set->n;
	int rc;

	memset(x, 0, sizeof(*x));
	x->src = src;
	x->set = set;
	x->mainline = mainline;
	x->base = xcalloc(n + 1, sizeof(*x->base));
	x->base_ok = xcalloc(n + 1, sizeof(*x->base_ok));
	x->base_rank = xcalloc(n + 1, sizeof(*x->base_rank));
	x->rv = xcalloc(n + 1, sizeof(*x->rv));
	x->reverting = xcalloc(n + 1, sizeof(*x->reverting));
	rc = contains_tags_load(src->repo, &x->tags, err, errlen);
	for (size_t i = 0; !rc && i < n; i++) {
		const struct series *s = &set->s[i];
		git_commit *c;
		char ignored[256];
		affected_reverts_build(&s->census, &x->rv[i]);
		affected_reverting(&s->g, &x->reverting[i]);
		x->base_rank[i] = contains_tag_rank(&x->tags, release_base_name(s->base));
		if (!lookup_peel(src->repo, s->base, &c, ignored, sizeof(ignored))) {
			x->base[i] = *git_commit_id(c);
			x->base_ok[i] = 1;
		}
		git_commit_free(c);
	}
	return rc;
}

void affected_ctx_release(struct affected_ctx *x)
{
	for (size_t i = 0; x->rv && i < x->set->n; i++) {
		affected_reverts_release(&x->rv[i]);
		u32s_release(&x->reverting[i]);
	}
	free(x->rv);
	free(x->reverting);
	free(x->base);
	free(x->base_ok);
	free(x->base_rank);
	contains_tags_release(&x->tags);
	memset(x, 0, sizeof(*x));
}

static int is_hex_id(const char *s)
{
	size_t n = strlen(s);

	if (n < 4 || n > AFFECTED_ID_MAX)	/* git's shortest abbreviation */
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

static void lower(char *s)
{
	for (; *s; s++)
		*s = (char)tolower((unsigned char)*s);
}

/* The commits of series i that keys match (merges never do). */
static void copies(const struct series *s, const struct affected_keys *keys, struct u32s *out)
{
	struct u32s m = { 0 };

	for (size_t k = 0; k < keys->n; k++) {
		resolver_match(&s->r, keys->v[k], &m);
		for (size_t j = 0; j < m.n; j++)
			u32s_push(out, m.v[j]);
	}
	u32s_release(&m);
	u32s_sort_unique(out);
}

/* Add to keys the ids and upstream ids of every commit they match, in
 * every series, until nothing new comes (a few rounds at most). */
static void keys_close(const struct series_set *set, struct affected_keys *keys)
{
	for (int round = 0; round < 4; round++) {
		size_t before = keys->n;
		for (size_t i = 0; i < set->n; i++) {
			const struct series *s = &set->s[i];
			struct u32s c = { 0 };
			copies(s, keys, &c);
			for (size_t j = 0; j < c.n; j++) {
				affected_keys_add(keys, s->g.c[c.v[j]].id);
				const char *up = series_upstream(s, c.v[j]);
				if (up)
					affected_keys_add(keys, up);
			}
			u32s_release(&c);
		}
		if (keys->n == before)
			break;
	}
}

/* A commit of some series that keys match, or NULL (*in: its series). */
static const struct graph_commit *some_copy(const struct series_set *set,
					    const struct affected_keys *keys, size_t *in)
{
	for (size_t i = 0; i < set->n; i++) {
		struct u32s c = { 0 };
		copies(&set->s[i], keys, &c);
		uint32_t first = c.n ? c.v[0] : UINT32_MAX;
		u32s_release(&c);
		if (first != UINT32_MAX) {
			*in = i;
			return &set->s[i].g.c[first];
		}
	}
	return NULL;
}

/* How many distinct upstream ids that start with low the copies keys
 * match name; *hex: the longest one (low itself when none is longer). */
static int upstream_named(const struct series_set *set, const struct affected_keys *keys,
			  const char *low, char hex[41])
{
	struct affected_keys seen = { 0 };
	size_t len = strlen(low);
	int n;

	snprintf(hex, 41, "%s", low);
	for (size_t i = 0; i < set->n; i++) {
		const struct series *s = &set->s[i];
		struct u32s c = { 0 };
		copies(s, keys, &c);
		for (size_t j = 0; j < c.n; j++) {
			const struct msg_facts *f = &s->g.c[c.v[j]].facts;
			for (size_t a = 0; a < f->naliases; a++)
				if (!strncmp(f->aliases[a], low, len))
					affected_keys_add(&seen, f->aliases[a]);
		}
		u32s_release(&c);
	}
	for (size_t k = 0; k < seen.n; k++)	/* two lengths of one id are one */
		if (strlen(seen.v[k]) > strlen(hex) && !strncmp(seen.v[k], hex, strlen(hex)))
			snprintf(hex, 41, "%s", seen.v[k]);
	n = 0;
	for (size_t k = 0; k < seen.n; k++)
		n += strncmp(seen.v[k], hex, strlen(seen.v[k])) != 0;
	affected_keys_release(&seen);
	return n + 1;
}

/* The full id the word id names (hex: the commit, or an upstream id some
 * copy names; else any revision): 0, or RT_EFAIL with err. */
static int resolve_id(struct affected_ctx *x, const char *id, char hex[41], int *in_repo,
		      char *err, size_t errlen)
{
	char low[AFFECTED_ID_MAX + 1];
	struct affected_keys k = { 0 };
	const struct graph_commit *c;
	size_t in;
	int r;

	*in_repo = 0;
	if (!is_hex_id(id))
		return lookup_commit(x->src->repo, id, hex, err, errlen) ? RT_EFAIL
			: (*in_repo = 1, RT_OK);
	snprintf(low, sizeof(low), "%s", id);
	lower(low);
	r = contains_full_id(x->src->repo, low, hex);
	if (r == 2)
		return rt_fail(err, errlen, RT_EFAIL, "ambiguous id '%s': several objects "
			       "start with it (give more digits)", id);
	if (r == 0) {
		*in_repo = 1;
		return RT_OK;
	}
	affected_keys_add(&k, low);
	c = some_copy(x->set, &k, &in);
	r = upstream_named(x->set, &k, low, hex);
	affected_keys_release(&k);
	if (!c)
		return rt_fail(err, errlen, RT_EFAIL, "unknown id '%s': no commit of the "
			       "repository and no upstream id of a series", id);
	if (r > 1)
		return rt_fail(err, errlen, RT_EFAIL, "ambiguous id '%s': %d upstream ids of "
			       "the series start with it (give more digits)", id, r);
	return RT_OK;
}

/* The facts of commit hex: read and parsed into own (in the repository),
 * else a copy's. */
static const struct msg_facts *facts_of(struct affected_ctx *x, const char *hex, int in_repo,
					const struct affected_keys *keys, struct msg_facts *own)
{
	char ignored[256], *msg;
	size_t len, in;
	const struct graph_commit *c;

	if (in_repo && !lookup_message(x->src->repo, hex, &msg, &len, ignored,
				       sizeof(ignored))) {
		msg_parse_with(msg, len, config_msg_rules(x->src->project), own);
		free(msg);
		return own;
	}
	c = some_copy(x->set, keys, &in);
	return c ? &c->facts : NULL;
}

/* Is hex the id of a commit of some series (a copy: in no BASE)? */
static int some_copy_is(struct affected_ctx *x, const char *hex)
{
	struct u32s m = { 0 };
	int is = 0;

	for (size_t i = 0; i < x->set->n && !is; i++) {
		const struct series *s = &x->set->s[i];
		resolver_match(&s->r, hex, &m);
		for (size_t j = 0; j < m.n && !is; j++)
			is = !strcmp(s->g.c[m.v[j]].id, hex);
	}
	u32s_release(&m);
	return is;
}

/* The rank of the first mainline tag holding one of keys' commits, or -1;
 * *hexes: those commits, for the ancestry checks. */
static long first_rank(struct affected_ctx *x, const struct affected_keys *keys,
		       struct affected_keys *hexes, char ml_id[41])
{
	long best = -1;
	char hex[41];

	for (size_t k = 0; k < keys->n; k++) {
		if (contains_full_id(x->src->repo, keys->v[k], hex) ||
		    some_copy_is(x, hex))
			continue;
		affected_keys_add(hexes, hex);
	}
	for (size_t k = 0; k < hexes->n && x->tags.n; k++) {
		long r = contains_first_tag(x->src->repo, &x->tags, hexes->v[k]);
		if (r >= 0 && (best < 0 || r < best)) {
			best = r;
			snprintf(ml_id, 41, "%s", hexes->v[k]);
		}
	}
	return best;
}

/* Does series i's BASE hold one of hexes (first mainline tag rank rank)? */
static int in_base(struct affected_ctx *x, size_t i, long rank, const struct affected_keys *hexes)
{
	if (x->base_rank[i] >= 0)
		return rank >= 0 && rank <= x->base_rank[i];
	for (size_t k = 0; x->base_ok[i] && k < hexes->n; k++)
		if (contains_in(x->src->repo, &x->base[i], hexes->v[k]))
			return 1;
	return 0;
}

/* What one side (the fix, or an introducing commit) is known by. */
struct side {
	struct affected_keys *keys;
	struct affected_keys hexes;	/* its commits in the repository, not copies */
	long rank;			/* first mainline tag holding one, or -1 */
	char ml_id[41];			/* ... the commit it holds */
};

static void side_init(struct affected_ctx *x, struct affected_keys *keys, struct side *sd)
{
	keys->nroot = keys->n;
	keys_close(x->set, keys);
	sd->keys = keys;
	memset(&sd->hexes, 0, sizeof(sd->hexes));
	sd->ml_id[0] = '\0';
	sd->rank = first_rank(x, keys, &sd->hexes, sd->ml_id);
}

static const char *tag_name(const struct affected_ctx *x, long rank)
{
	return rank >= 0 && x->mainline ? x->tags.name[rank] : NULL;
}

/* The intro's answer in every series. */
static void intro_series(struct affected_ctx *x, struct affected_intro *in,
			 const struct side *bug, const struct side *fix)
{
	const struct series_set *set = x->set;

	in->r = xcalloc(set->n + 1, sizeof(*in->r));
	for (size_t i = 0; i < set->n; i++) {
		const struct series *s = &set->s[i];
		const char **ids;
		struct affected_input ai = { 0 };
		ai.known = in->from != AFFECTED_FROM_NONE;
		ai.fix_reverts = in->from == AFFECTED_FROM_REVERT;
		copies(s, fix->keys, &ai.fix);
		ai.fix_in_base = in_base(x, i, fix->rank, &fix->hexes);
		if (ai.known) {
			struct u32s b = { 0 };
			copies(s, bug->keys, &b);
			for (size_t j = 0; j < b.n; j++)	/* a copy of both is the fix's */
				if (!u32s_contains(&ai.fix, b.v[j]))
					u32s_push(&ai.bug, b.v[j]);
			u32s_release(&b);
			ai.bug_in_base = in_base(x, i, bug->rank, &bug->hexes);
			ids = xcalloc(bug->keys->n + 1, sizeof(*ids));
			for (size_t k = 0; k < bug->keys->n; k++)
				ids[k] = bug->keys->v[k];
			affected_base_reverts(&s->g, &s->r, &x->reverting[i], ids, bug->keys->n,
					      &ai.bug_base_reverts);
			free(ids);
		}
		ids = xcalloc(fix->keys->n + 1, sizeof(*ids));
		for (size_t k = 0; k < fix->keys->n; k++)
			ids[k] = fix->keys->v[k];
		affected_base_reverts(&s->g, &s->r, &x->reverting[i], ids, fix->keys->n,
				      &ai.fix_base_reverts);
		free(ids);
		affected_compute(&s->g, &s->rels, &x->rv[i], &ai, &in->r[i]);
		affected_input_release(&ai);
	}
}

/* The subject of commit hex (in the repository), else of a copy of keys. */
static char *subject_of(struct affected_ctx *x, const char *hex, int in_repo,
			const struct affected_keys *keys)
{
	struct msg_facts own = { 0 };
	const struct msg_facts *f = facts_of(x, hex, in_repo, keys, &own);
	char *subject = f ? xstrdup(f->subject) : NULL;

	if (f == &own)
		msg_facts_release(&own);
	return subject;
}

/* One introducing commit, named (or "" for none) and where from. */
static void add_intro(struct affected_ctx *x, struct affected_answer *a, const struct side *fix,
		      enum affected_from from, const char *named)
{
	struct affected_intro *in;
	struct side bug = { 0 };

	a->intro = xrealloc(a->intro, (a->nintro + 1) * sizeof(*a->intro));
	in = &a->intro[a->nintro++];
	memset(in, 0, sizeof(*in));
	in->from = from;
	snprintf(in->named, sizeof(in->named), "%s", named);
	lower(in->named);
	if (*in->named) {
		affected_keys_add(&in->keys, in->named);
		if (!contains_full_id(x->src->repo, in->named, in->id))
			affected_keys_add(&in->keys, in->id);
		in->subject = subject_of(x, in->id, *in->id != '\0', &in->keys);
	}
	side_init(x, &in->keys, &bug);
	in->ml_tag = tag_name(x, bug.rank);
	snprintf(in->ml_id, sizeof(in->ml_id), "%s", bug.ml_id);
	in->ml_state = from == AFFECTED_FROM_NONE ? AFFECTED_UNKNOWN
			: affected_mainline_state(bug.rank, fix->rank);
	intro_series(x, in, &bug, fix);
	affected_keys_release(&bug.hexes);
}

/* Each Fixes: and revert reference of f, in message order. */
static void add_intros(struct affected_ctx *x, struct affected_answer *a, const struct side *fix,
		       const struct msg_facts *f)
{
	for (size_t k = 0; f && k < f->nrefs; k++)
		if (f->refs[k].kind != MSG_REF_MENTION)	/* prose: no claim */
			add_intro(x, a, fix, f->refs[k].kind == MSG_REF_REVERT ?
				  AFFECTED_FROM_REVERT : AFFECTED_FROM_FIXES, f->refs[k].id);
	if (!a->nintro)
		add_intro(x, a, fix, AFFECTED_FROM_NONE, "");
}

int affected_load(struct affected_ctx *x, const char *id, const char *vulnerable,
		  struct affected_answer *out, char *err, size_t errlen)
{
	struct msg_facts own = { 0 };
	const struct msg_facts *f;
	struct side fix = { 0 };
	char vhex[41];
	int in_repo, v_in_repo;

	memset(out, 0, sizeof(*out));
	out->nseries = x->set->n;
	if (resolve_id(x, id, out->id, &in_repo, err, errlen) ||
	    (vulnerable && resolve_id(x, vulnerable, vhex, &v_in_repo, err, errlen)))
		return RT_EFAIL;
	affected_keys_add(&out->keys, out->id);
	side_init(x, &out->keys, &fix);
	out->ml_tag = tag_name(x, fix.rank);
	snprintf(out->ml_id, sizeof(out->ml_id), "%s", fix.ml_id);
	f = facts_of(x, out->id, in_repo, &out->keys, &own);
	out->subject = f ? xstrdup(f->subject) : NULL;
	if (vulnerable)
		add_intro(x, out, &fix, AFFECTED_FROM_OPTION, vhex);
	else
		add_intros(x, out, &fix, f);
	if (f == &own)
		msg_facts_release(&own);
	affected_keys_release(&fix.hexes);
	return RT_OK;
}
