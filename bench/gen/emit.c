/*
 * bench/gen/emit.c — the fast-import stream: commit, merge and tag records
 * and their ids, and the trees topics fork from (--merges).
 */
#include "gen.h"

struct sb msg, tmp, out_buf;
uint32_t next_mark;
static uint64_t blob_serial;

void out_flush(void)
{
	if (out_buf.n && fwrite(out_buf.p, 1, out_buf.n, stdout) != out_buf.n)
		die("write error");
	sb_reset(&out_buf);
}

/*
 * One commit: apply the file changes to t, hash everything, emit.  Bumps the
 * dates by a second until the id's first 12 hex digits are new.
 */
/*
 * The id of a commit of tree t (hashed) with parents p1 and p2 (either may be
 * NULL): bumps the dates by a second until its first 12 hex digits are new.
 */
static void commit_id(struct tree *t, const uint8_t *p1, const uint8_t *p2, struct ident *a,
		      struct ident *c, const struct sb *message, uint8_t id[20])
{
	char th[41], ph[41], ph2[41];

	tree_hash_dir(t, 0);
	hex(t->dir_oid[0], th);
	if (p1)
		hex(p1, ph);
	if (p2)
		hex(p2, ph2);
	for (;;) {
		sb_reset(&tmp);
		sb_printf(&tmp, "tree %s\n", th);
		if (p1)
			sb_printf(&tmp, "parent %s\n", ph);
		if (p2)
			sb_printf(&tmp, "parent %s\n", ph2);
		sb_printf(&tmp, "author %s %lld %s\ncommitter %s %lld %s\n\n", a->who.p,
			  (long long)a->t, a->tz, c->who.p, (long long)c->t, c->tz);
		char hdr[48];
		int hn = snprintf(hdr, sizeof(hdr), "commit %zu", tmp.n + message->n);
		struct sha1 h;
		sha1_init(&h);
		sha1_update(&h, hdr, (size_t)hn + 1);
		sha1_update(&h, tmp.p, tmp.n);
		sha1_update(&h, message->p, message->n);
		sha1_final(&h, id);
		if (pset_insert(prefix48(id)))
			break;
		a->t++, c->t++;
	}
}

static void emit_header(const char *ref, uint32_t mark, struct ident *a, struct ident *c,
			const struct sb *message, const char *from)
{
	sb_printf(&out_buf, "commit %s\n", ref);
	if (mark)
		sb_printf(&out_buf, "mark :%u\n", mark);
	sb_printf(&out_buf, "author %s %lld %s\ncommitter %s %lld %s\ndata %zu\n", a->who.p,
		  (long long)a->t, a->tz, c->who.p, (long long)c->t, c->tz, message->n);
	sb_putn(&out_buf, message->p, message->n);
	sb_putc(&out_buf, '\n');
	if (from)
		sb_printf(&out_buf, "from %s\n", from);
}

void emit_commit(const char *ref, uint32_t mark, const char *from, struct tree *t,
		 const uint8_t *parent, struct ident *a, struct ident *c,
		 const struct sb *message, const int *fl, int nf, uint8_t id[20])
{
	char content[320];
	size_t clen[3];
	char cbuf[3][320];

	for (int k = 0; k < nf; k++) {
		blob_serial++;
		int n = snprintf(content, sizeof(content), "/* %s */\nrevision %llu\n",
				 files[fl[k]].path, (unsigned long long)blob_serial);
		memcpy(cbuf[k], content, (size_t)n);
		clen[k] = (size_t)n;
		tree_set(t, fl[k], content, (size_t)n);
	}
	commit_id(t, parent, NULL, a, c, message, id);
	if (cfg.plan_only)
		return;
	emit_header(ref, mark, a, c, message, from);
	for (int k = 0; k < nf; k++) {
		sb_printf(&out_buf, "M 100644 inline %s\ndata %zu\n", files[fl[k]].path, clen[k]);
		sb_putn(&out_buf, cbuf[k], clen[k]);
		sb_putc(&out_buf, '\n');
	}
	sb_putc(&out_buf, '\n');
	if (out_buf.n > (1 << 20))
		out_flush();
}

void emit_tag(const char *name, uint32_t mark, const char *tagger, int64_t t,
	      const char *message)
{
	if (cfg.plan_only)
		return;
	sb_printf(&out_buf, "tag %s\nfrom :%u\ntagger %s %lld +0000\ndata %zu\n%s\n", name, mark,
		  tagger, (long long)t, strlen(message), message);
}

const char *LINUS = "Linus Torvalds <torvalds@linux-foundation.org>";
const char *GREG = "Greg Kroah-Hartman <gregkh@linuxfoundation.org>";

struct ident A, Cm;

uint32_t *marks_of_main;	/* per mainline index: its mark (tags; --merges: fork points) */

void changed_init(struct changed *c)
{
	c->in = xcalloc((size_t)nfiles, 1);
	c->v = xcalloc((size_t)nfiles, sizeof(int));
	c->n = 0;
}

void changed_reset(struct changed *c)
{
	for (int k = 0; k < c->n; k++)
		c->in[c->v[k]] = 0;
	c->n = 0;
}

void changed_add(struct changed *c, const int *fl, int nf)
{
	for (int k = 0; k < nf; k++)
		if (!c->in[fl[k]]) {
			c->in[fl[k]] = 1;
			c->v[c->n++] = fl[k];
		}
}

/*
 * A merge commit on ref: first parent p1 (ref's tip, or `from`), second p2,
 * the tip of branch `merge` (named: fast-import resolves no id of its own
 * stream); its tree is t with the files in ch taken from src's tree (the
 * merged branch's): `M 100644 <blob id>` lines, blobs fast-import already has.
 */
void emit_merge(const char *ref, uint32_t mark, const char *from, struct tree *t,
		const uint8_t *p1, const char *merge, const uint8_t *p2,
		const struct changed *ch, const struct tree *src, struct ident *a,
		struct ident *c, const struct sb *message, uint8_t id[20])
{
	char h[41];

	for (int k = 0; k < ch->n; k++) {
		int f = ch->v[k];
		memcpy(t->file_oid[f], src->file_oid[f], 20);
		for (int d = files[f].dir; d >= 0; d = dirs[d].parent)
			t->dirty[d] = 1;
	}
	commit_id(t, p1, p2, a, c, message, id);
	if (cfg.plan_only)
		return;
	emit_header(ref, mark, a, c, message, from);
	sb_printf(&out_buf, "merge %s\n", merge);
	for (int k = 0; k < ch->n; k++) {
		hex(src->file_oid[ch->v[k]], h);
		sb_printf(&out_buf, "M 100644 %s %s\n", h, files[ch->v[k]].path);
	}
	sb_putc(&out_buf, '\n');
	if (out_buf.n > (1 << 20))
		out_flush();
}

/* --merges: the trees of master at the fork points still to be used. */
uint32_t *snap_slot;		/* per mainline index: slot + 1, or 0 */
static struct tree *snap_pool;
static uint32_t nsnap, *snap_free, nsnap_free;

void snap_take(uint32_t i, const struct tree *t)
{
	uint32_t k;

	if (nsnap_free) {
		k = snap_free[--nsnap_free];
	} else {
		snap_pool = xrealloc(snap_pool, (size_t)(nsnap + 1) * sizeof(*snap_pool));
		snap_free = xrealloc(snap_free, (size_t)(nsnap + 1) * sizeof(*snap_free));
		tree_alloc(&snap_pool[k = nsnap++]);
	}
	tree_copy(&snap_pool[k], t);
	snap_slot[i] = k + 1;
}

/* The tree of fork point i into to: one use of its snapshot. */
void snap_use(uint32_t i, struct tree *to)
{
	if (!snap_slot[i])
		die("internal: no tree kept for fork point %u", i);
	uint32_t k = snap_slot[i] - 1;
	tree_copy(to, &snap_pool[k]);
	if (--fork_uses[i] == 0) {
		snap_slot[i] = 0;
		snap_free[nsnap_free++] = k;
	}
}

/* `from` of a branch's first commit at fork point i (mark, or id in the repository). */
void from_fork(char *from, size_t len, uint32_t i)
{
	if (marks_of_main[i] && !cfg.extend)
		snprintf(from, len, ":%u", marks_of_main[i]);
	else
		hex(mid[i], from);
}
