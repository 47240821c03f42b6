/*
 * bench/gen/emit_series.c — a stable series' commits, merges and tags in the
 * stream.
 */
#include "gen.h"

/* Greg as author or committer, at t. */
static void greg_ident(struct ident *a, int64_t t)
{
	sb_reset(&a->who);
	sb_puts(&a->who, GREG);
	a->t = t;
	a->tz = "+0100";
}

/* The date of stable commit c after one dated prev_t: release k goes out a
 * day after mainline reaches its frontier, a backport never before its
 * upstream commit. */
static int64_t stable_date(struct series *s, const struct sc *c, int64_t prev_t, uint64_t *r)
{
	uint32_t fk = s->b + (uint32_t)((uint64_t)WINDOW_RELEASES * I * c->rel / cfg.releases);
	int64_t rel_t = mtime(fk) + 86400;
	int64_t t = prev_t + 1 + (int64_t)rbelow(r, 3600);

	if (t < prev_t + 1)
		t = prev_t + 1;
	if (c->kind == SC_BACKPORT && t < mtime(c->up) + 86400)
		t = mtime(c->up) + 86400;
	if (c->kind == SC_RELEASE && t < rel_t)
		t = rel_t;
	return t;
}

/* The author (A) of stable commit c dated t, and the files it changes. */
static int stable_author(struct series *s, const struct sc *c, int64_t t, int fl[2])
{
	if (c->kind == SC_BACKPORT) {
		author_of(c->up, &A);
		return files_of(c->up, fl);
	}
	greg_ident(&A, t);
	if (c->kind == SC_RELEASE) {
		fl[0] = makefile_idx;
		return 1;
	}
	return files_of(s->sc[c->kind == SC_GREVERT ? c->rev : s->sc[c->rev].rev].up, fl);
}

/* --merges: the topic being emitted (on refs/gen/topic), its tree, its
 * files changed since its fork point. */
static struct tree stt;
static struct changed stch;

/*
 * Series commits [first, s->n): the whole series (first 0, from the mark of
 * its base), or the new release of --extend (from the id of the old tip,
 * which fast-import finds in the repository).
 */
void emit_series(int si, uint32_t first)
{
	struct series *s = &S[si];
	uint64_t r = first ? stream(SALT_EXT_EMIT, (uint64_t)si) : stream(SALT_STABLE, (uint64_t)si);
	int maj, min, fl[2], nf;
	char ref[64], from[48], name[32], tm[96];
	const uint8_t *parent = first ? s->sc[first - 1].id : mid[s->b];
	int64_t prev_t = first ? s->last_t : mtime(s->b) + 86400;
	const uint8_t *tparent = NULL;	/* --merges: the topic's tip */
	char tfrom[48];
	int need_from = 1;	/* the branch's first commit in this stream says where it starts */

	if (cfg.merges && !stt.file_oid) {
		tree_alloc(&stt);
		changed_init(&stch);
	}
	version(s->base_r, &maj, &min);
	snprintf(ref, sizeof(ref), "refs/heads/%s", s->branch);
	if (first)
		hex(parent, from);
	else
		snprintf(from, sizeof(from), ":%u", marks_of_main[s->b]);
	for (uint32_t j = first; j < s->n; j++) {
		struct sc *c = &s->sc[j];
		if (c->kind == SC_MERGE) {
			int64_t t = prev_t + 1 + (int64_t)rbelow(&r, 3600);
			stable_message(&msg, s, j, &r);
			greg_ident(&A, t);
			greg_ident(&Cm, t);
			emit_merge(ref, 0, need_from ? from : NULL, &s->tree, parent, "refs/gen/topic",
				   tparent, &stch, &stt, &A, &Cm, &msg, c->id);
			need_from = 0;
			prev_t = Cm.t;
			parent = c->id;
			continue;
		}
		int64_t t = stable_date(s, c, prev_t, &r);
		prev_t = t;
		stable_message(&msg, s, j, &r);
		nf = stable_author(s, c, t, fl);
		greg_ident(&Cm, t > A.t ? t : A.t);
		if (c->topic) {
			/* On a topic: the first commit starts it at its fork point. */
			int start = j == s->tp[c->topic].first;
			if (start) {
				snap_use(s->tp[c->topic].fork, &stt);
				changed_reset(&stch);
				from_fork(tfrom, sizeof(tfrom), s->tp[c->topic].fork);
				tparent = mid[s->tp[c->topic].fork];
			}
			emit_commit("refs/gen/topic", 0, start ? tfrom : NULL, &stt, tparent, &A, &Cm,
				    &msg, fl, nf, c->id);
			changed_add(&stch, fl, nf);
			prev_t = Cm.t;
			tparent = c->id;
			continue;
		}
		uint32_t mark = c->kind == SC_RELEASE ? ++next_mark : 0;
		emit_commit(ref, mark, need_from ? from : NULL, &s->tree, parent, &A, &Cm, &msg, fl,
			    nf, c->id);
		need_from = 0;
		prev_t = Cm.t;
		parent = c->id;
		if (c->kind == SC_RELEASE) {
			snprintf(name, sizeof(name), "v%d.%d.%u", maj, min, c->rel);
			snprintf(tm, sizeof(tm), "This is the %d.%d.%u stable release", maj, min, c->rel);
			emit_tag(name, mark, GREG, Cm.t, tm);
		}
	}
	memcpy(s->tip, parent, 20);
	s->last_t = prev_t;
	out_flush();
}
