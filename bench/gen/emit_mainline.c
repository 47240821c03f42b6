/*
 * bench/gen/emit_mainline.c — the mainline's commits, merges and tags in the
 * stream.
 */
#include "gen.h"

/* --merges: the branches of the mainline being emitted besides master. */
static struct tree mtt, mst;		/* the topic's and the subsystem tree's trees */
static struct changed mtch, msch;	/* their files changed since their fork points */

/* --merges: one commit of a topic or subsystem tree, or one of Linus's merges. */
static void emit_shaped(uint32_t i, struct tree *t)
{
	int kind = mkind[i] & K_KIND, fl[2], nf;
	char from[48];
	int start = (mkind[i] & K_START) != 0;

	if (start)
		from_fork(from, sizeof(from), mp1[i]);
	if (kind == K_TOPIC) {
		if (start) {
			snap_use(mp1[i], &mtt);
			changed_reset(&mtch);
		}
		nf = files_of(i, fl);
		emit_commit("refs/gen/topic", 0, start ? from : NULL, &mtt, mid[mp1[i]], &A, &Cm,
			    &msg, fl, nf, mid[i]);
		changed_add(&mtch, fl, nf);
	} else if (kind == K_SUBMERGE) {
		if (start) {
			snap_use(mp1[i], &mst);
			changed_reset(&msch);
		}
		emit_merge("refs/gen/sub", 0, start ? from : NULL, &mst, mid[mp1[i]], "refs/gen/topic",
			   mid[mp2[i]], &mtch, &mtt, &A, &Cm, &msg, mid[i]);
		changed_add(&msch, mtch.v, mtch.n);
	} else {
		int sub = (mkind[mp2[i]] & K_KIND) == K_SUBMERGE;
		uint32_t mark = fork_uses[i] ? ++next_mark : 0;
		emit_merge("refs/heads/master", mark, NULL, t, mid[mp1[i]],
			   sub ? "refs/gen/sub" : "refs/gen/topic", mid[mp2[i]], sub ? &msch : &mtch,
			   sub ? &mst : &mtt, &A, &Cm, &msg, mid[i]);
		marks_of_main[i] = mark;
	}
}

/* The author and committer (A, Cm) of mainline commit i. */
static void mainline_idents(uint32_t i, int tagged, int kind)
{
	if (i == 0 || tagged || kind == K_LMERGE) {
		sb_reset(&A.who);
		sb_puts(&A.who, LINUS);
		A.t = mtime(i);
		A.tz = "-0700";
	} else if (kind == K_SUBMERGE) {
		sb_reset(&A.who);
		person(&A.who, 9000 + leaf_of(topic_start(mp2[i])));
		A.t = mdate(i);
		A.tz = tzs[i % 3];
	} else {
		author_of(i, &A);
	}
	sb_reset(&Cm.who);
	if (i == 0 || tagged || kind == K_LMERGE)
		sb_puts(&Cm.who, LINUS);
	else if (kind == K_SUBMERGE)
		sb_puts(&Cm.who, A.who.p);
	else
		person(&Cm.who, 9000 + leaf_of(i));
	Cm.t = mdate(i);
	Cm.tz = tagged || kind == K_LMERGE ? "-0700" : tzs[i % 3];
	if (Cm.t < A.t)
		Cm.t = A.t;
}

/* The initial commit (message in msg) adds every file: its id is hashed and
 * its stream written by hand, with explicit M lines. */
static void emit_initial(struct tree *t)
{
	for (int f = 0; f < nfiles; f++) {
		int n = snprintf(NULL, 0, "/* %s */\n", files[f].path);
		char *c = xcalloc((size_t)n + 1, 1);
		snprintf(c, (size_t)n + 1, "/* %s */\n", files[f].path);
		tree_set(t, f, c, (size_t)n);
		free(c);
	}
	tree_hash_dir(t, 0);
	char th[41];
	hex(t->dir_oid[0], th);
	sb_reset(&tmp);
	sb_printf(&tmp, "tree %s\nauthor %s %lld %s\ncommitter %s %lld %s\n\n", th,
		  A.who.p, (long long)A.t, A.tz, Cm.who.p, (long long)Cm.t, Cm.tz);
	char hdr[48];
	int hn = snprintf(hdr, sizeof(hdr), "commit %zu", tmp.n + msg.n);
	struct sha1 h;
	sha1_init(&h);
	sha1_update(&h, hdr, (size_t)hn + 1);
	sha1_update(&h, tmp.p, tmp.n);
	sha1_update(&h, msg.p, msg.n);
	sha1_final(&h, mid[0]);
	pset_insert(prefix48(mid[0]));
	if (!cfg.plan_only) {
		sb_printf(&out_buf, "commit refs/heads/master\nmark :%u\n", ++next_mark);
		sb_printf(&out_buf, "author %s %lld %s\ncommitter %s %lld %s\ndata %zu\n",
			  A.who.p, (long long)A.t, A.tz, Cm.who.p, (long long)Cm.t,
			  Cm.tz, msg.n);
		sb_putn(&out_buf, msg.p, msg.n);
		sb_putc(&out_buf, '\n');
		for (int f = 0; f < nfiles; f++)
			sb_printf(&out_buf, "M 100644 inline %s\ndata %zu\n/* %s */\n\n",
				  files[f].path, strlen(files[f].path) + 7, files[f].path);
		sb_putc(&out_buf, '\n');
	}
	marks_of_main[0] = next_mark;
	if (cfg.merges && fork_uses[0])
		snap_take(0, t);
}

void emit_mainline(void)
{
	struct tree t;
	int fl[2], nf;

	tree_alloc(&t);
	for (int k = 0; k < NSERIES; k++)
		tree_alloc(&S[k].tree);
	marks_of_main = xcalloc(N, sizeof(uint32_t));
	if (cfg.merges) {
		snap_slot = xcalloc(N, sizeof(*snap_slot));
		tree_alloc(&mtt);
		tree_alloc(&mst);
		changed_init(&mtch);
		changed_init(&msch);
	}
	for (uint32_t i = 0; i < N; i++) {
		char name[32];
		int fin = 0, tagged = mainline_tag(i, name, sizeof(name), &fin);
		int kind = cfg.merges ? mkind[i] & K_KIND : K_MASTER;
		mainline_message(&msg, i);
		mainline_idents(i, tagged, kind);
		if (i == 0) {
			emit_initial(&t);
			continue;
		}
		if (kind != K_MASTER) {
			emit_shaped(i, &t);
			if (kind == K_LMERGE && fork_uses[i])
				snap_take(i, &t);
			continue;
		}
		if (tagged) {
			fl[0] = makefile_idx;
			nf = 1;
		} else {
			nf = files_of(i, fl);
		}
		uint32_t mark = tagged || (cfg.merges && fork_uses[i]) ? ++next_mark : 0;
		emit_commit("refs/heads/master", mark, NULL, &t, mid[cfg.merges ? mp1[i] : i - 1], &A,
			    &Cm, &msg, fl, nf, mid[i]);
		marks_of_main[i] = mark;
		if (cfg.merges && fork_uses[i])
			snap_take(i, &t);
		if (tagged) {
			char tm[64];
			snprintf(tm, sizeof(tm), "Linux %s", name + 1);
			emit_tag(name, mark, LINUS, Cm.t, tm);
			for (int k = 0; k < NSERIES; k++)
				if (S[k].b == i)
					tree_copy(&S[k].tree, &t);
		}
	}
	out_flush();
	free(t.file_oid);
	free(t.dir_oid);
	free(t.dirty);
}
