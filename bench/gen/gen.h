/*
 * bench/gen/ — benchmark history generator for regtrace (issue 4); gen.h is
 * what its files share.
 *
 * Writes a `git fast-import` stream on stdout: a linux-like mainline
 * `master` with release and -rc tags, and five stable series branching from
 * five mainline releases, made of backports in the real message forms.  It
 * computes every git object id itself (SHA-1 of the canonical blob, tree and
 * commit objects), so one pass suffices: messages can cite any earlier
 * commit by id, mainline or stable.  It also evaluates, by README.md's
 * counting rules, what each series must count, and writes those numbers
 * (with the expected branch tips, to check the import) to --planted FILE.
 *
 * Deterministic from --seed: no rand(), no clock, no hash-order dependence.
 * See bench/README.md for the shape of the history and the rules relied on.
 *
 *   (cd bench/gen && cc -O2 -std=c11 -Wall -Wextra -o ../../build/bench-gen *.c)
 *   build/bench-gen [--small] [--merges] [--commits N] [--series-commits C]
 *                   [--releases R] [--seed S] [--extend E] [--planted FILE] [--plan-only]
 *
 * --merges: the merge-heavy history instead of the linear one: a mainline of
 * Linus's merges of subsystem trees that collect topics forked far back
 * (about 8% merges, a few commits per thousand dated before their parent),
 * and stable branches that merge topics forked before their base.  The
 * planted numbers then follow ancestry, not order (see anc()).  Without it,
 * nothing here draws differently: the linear stream is byte-identical.
 *
 * --extend E: the same history, only hashed, then one more release of E
 * commits on the newest series: the stream holds only those commits (the
 * first `from` the old tip's id) and the new tag, for a repository built
 * without --extend; --planted writes the numbers of the extended ranges.
 *
 * The files, in the order of the steps: main.c (options, steps, --planted),
 * mainline.c (the mainline model), stable.c (each series' plan), extend.c,
 * evaluate.c (the planted numbers), emit_mainline.c and emit_series.c (the
 * stream, with emit.c's records); base.c, tree.c and text.c serve them all.
 */

#ifndef BENCH_GEN_H
#define BENCH_GEN_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NREL 80			/* mainline releases v3.0 .. v6.18 */
#define NRC 7			/* -rc1 .. -rc7 before each release */
#define NSERIES 5
#define WINDOW_RELEASES 12	/* mainline releases a stable series lives through */

struct sb {
	char *p;
	size_t n, cap;
};

enum { SALT_FLAGS = 1, SALT_SUBJ, SALT_FILES, SALT_AUTH, SALT_BODY, SALT_PLAN,
       SALT_FINAL, SALT_STABLE, SALT_MISC, SALT_TRAIL, SALT_EXT, SALT_EXT_EMIT,
       /* --merges only (so the linear history draws exactly what it always drew): */
       SALT_SHAPE, SALT_MERGEMSG, SALT_STOPIC, SALT_EXT_TOPIC };

#define PICK(r, arr) ((arr)[rbelow((r), (uint32_t)(sizeof(arr) / sizeof(*(arr))))])

struct sha1 {
	uint32_t h[5];
	uint64_t len;
	uint8_t buf[64];
	size_t n;
};

/* A kernel-like tree: leaf directories with their files and the subject
 * prefix and symbol prefix their commits use. */
struct leaf {
	const char *path, *prefix, *sym, *files;
};

#define NLEAVES ((size_t)59)	/* the entries of leaves[] (tree.c checks) */

#define NINCLUDE 10		/* the first NINCLUDE extra files are headers */

struct file {
	char *path;
	const char *name;
	int dir;
};
struct dir {
	char *name;
	int parent;
	int *ent;		/* >= 0: file index; < 0: -(dir index) - 1 */
	int nent;
};

/* The mutable state of one branch's tree. */
struct tree {
	uint8_t (*file_oid)[20];
	uint8_t (*dir_oid)[20];
	uint8_t *dirty;
};

enum {
	F_RELEASE = 1,		/* initial, -rc and release commits: never backported */
	F_TAGGED = 2,		/* Fixes: <id> ("subject") */
	F_NONSHA = 4,		/* Fixes: <url> */
	F_REVERT = 8,		/* Revert "..." / This reverts commit <id>. */
	F_CC = 16,		/* Cc: stable@vger.kernel.org */
	F_REVTGT = 32,		/* target of a mainline revert: no series may take it */
	F_MERGE = 64,		/* --merges: a merge (also F_RELEASE: never taken, never named) */
};

struct cfg {
	uint32_t n;		/* mainline commits */
	uint32_t series_commits, releases;
	uint32_t extend;	/* --extend E: emit only one more release of E commits */
	const char *planted;
	int plan_only;
	int merges;		/* --merges: the merge-heavy history */
};

/*
 * --merges: the shape of the mainline (plan_shape).  Every index is still one
 * commit, emitted in index order, but a commit is one of
 *   K_MASTER   on master's first-parent line (the import, releases, -rcs, a
 *              few direct commits): parent the previous master commit;
 *   K_TOPIC    on a topic branch forked from an older master commit;
 *   K_SUBMERGE a subsystem tree's merge of a topic (the tree itself forked
 *              from an older master commit);
 *   K_LMERGE   on master: Linus's merge of a subsystem tree or of a topic.
 * A pull (a subsystem tree with its topics, or one topic) occupies
 * consecutive indices ending with its K_LMERGE, and never spans a tag, so the
 * ancestors of a master commit are exactly the smaller indices, and
 * `master ^vX.Y` is exactly the indices after the tag's.  Topic commits are
 * dated between their fork point and their merge (older than their index);
 * a few (K_SKEW) are dated before their parent.
 */
enum { K_MASTER, K_TOPIC, K_SUBMERGE, K_LMERGE };
#define K_KIND 15
#define K_START 16		/* first commit of its topic, first merge of its tree */

enum { SC_BACKPORT, SC_GREVERT, SC_REAPPLY, SC_RELEASE, SC_MERGE };

struct sc {
	uint8_t kind;
	uint8_t form;		/* BACKPORT: 0 "commit X upstream.", 1 "[ Upstream commit X ]" */
	uint16_t rel;		/* release number 1..R */
	uint32_t up;		/* BACKPORT: the mainline commit */
	int32_t rev;		/* GREVERT/REAPPLY: the stable commit reverted; MERGE: the topic */
	uint8_t used;		/* planning: already the target of a planted role */
	uint16_t topic;		/* --merges: 0 on the branch, else the topic it is on */
	uint8_t id[20];
};

/*
 * --merges: a topic of a stable series, forked from a mainline commit
 * before the series' base (an ancestor of BASE, as git's maint merges
 * topics forked from older releases), merged into the branch within one
 * release.  Its commits are the plan's [first, merge), all on the topic.
 */
struct stopic {
	uint32_t fork;		/* mainline index of the fork point */
	uint32_t first, merge;	/* plan indices: the first commit, the merge */
};

struct counts {
	long commits, tagged, fixes, reverts, same_release, visible, pairs, regressions;
	long duplicates, reapplies, ambiguous, preemptive, fixes_outside, nonsha_fixes_lines;
	long unfixed;
};

struct series {
	int base_r;		/* mainline release index */
	uint32_t b;		/* mainline index of the base release commit */
	char base[16], branch[24];
	struct sc *sc;
	uint32_t n;
	uint8_t *taken;		/* per mainline commit: backported here */
	uint8_t *forbid;	/* per mainline commit: must never be backported here */
	struct counts want;	/* planned roles, for the log */
	struct counts got;	/* by README's rules: the planted numbers */
	uint8_t tip[20];
	struct tree tree;
	uint32_t releases;	/* releases emitted (cfg.releases, one more when extended) */
	double tagfrac, fixfrac;	/* the role proportions drawn by plan_series */
	int64_t last_t;		/* committer date of the last commit emitted */
	uint32_t ext_first;	/* --extend: index of the first commit of the new release */
	uint8_t ext_from[20];	/* --extend: the tip before the new release */
	struct stopic *tp;	/* --merges: topics 1..ntp-1 (0 unused: "on the branch") */
	uint32_t ntp, cap;	/* topics + 1; plan entries allocated */
	uint32_t ext_fork;	/* --merges --extend: the new release's topic's fork point */
	/* --merges, by evaluate(): fixes on topics (of earlier commits of their
	 * topic, so same release), and fixes on the branch of topic commits
	 * (merged before them), same-release ones among those.  Informational. */
	long fixes_on_topics, fixes_of_topics, same_of_topics;
};

struct vec {
	uint32_t *v;
	size_t n, cap;
};

/* R_PREEMPT (--merges only): on a topic, the backport of the mainline fix of
 * a copy outside the topic, so not in its history: a preemptive reference. */
enum role { R_UNTAGGED, R_TAGOUT, R_REGFIX, R_GREVERT, R_UPREVERT, R_DUP, R_REAPPLY, R_PREEMPT,
	    R_NROLES };

struct planner {
	struct series *s;
	int si;
	uint64_t r;
	uint32_t k, fk;		/* current release and its mainline frontier */
	struct vec elig, elig_cur, greverts;
	long pending[R_NROLES];
	long done[R_NROLES];
	long same_planned;
	/* --merges: the topic being planned (0: none).  Only the topic's own
	 * earlier commits are in its history, so while on a topic every target
	 * is drawn from elig_topic / greverts_topic; at its merge they join the
	 * release's (elig_cur, greverts). */
	uint32_t topic, topic_left;
	struct vec elig_topic, greverts_topic;
};

struct ident {
	struct sb who;
	int64_t t;
	const char *tz;
};

/* --merges: the files a branch changed since its fork point, which its merge
 * takes (the merge's tree: the first parent's with those files). */
struct changed {
	uint8_t *in;		/* per file */
	int *v, n;
};

/* base.c: base.c */
void die(const char *fmt, ...);
void *xcalloc(size_t n, size_t sz);
void *xrealloc(void *p, size_t sz);
void sb_putn(struct sb *b, const char *s, size_t n);
void sb_puts(struct sb *b, const char *s);
void sb_putc(struct sb *b, char c);
void sb_printf(struct sb *b, const char *fmt, ...);
void sb_reset(struct sb *b);
uint64_t sm64(uint64_t *s);
uint32_t rbelow(uint64_t *s, uint32_t n);
double runif(uint64_t *s);
extern uint64_t g_seed;
uint64_t stream(uint64_t salt, uint64_t i);
void sha1_init(struct sha1 *s);
void sha1_update(struct sha1 *s, const void *data, size_t len);
void sha1_final(struct sha1 *s, uint8_t out[20]);
void git_hash(const char *type, const void *data, size_t len, uint8_t out[20]);
void hex(const uint8_t id[20], char out[41]);
uint64_t prefix48(const uint8_t id[20]);
int pset_insert(uint64_t v);

/* tree.c: tree.c */
extern const struct leaf leaves[];
extern struct file *files;
extern int nfiles;
extern struct dir *dirs;
extern int leaf_first[NLEAVES], leaf_nfiles[NLEAVES];
extern int makefile_idx, include_first;
void tree_layout(void);
void tree_alloc(struct tree *t);
void tree_copy(struct tree *to, const struct tree *from);
void tree_set(struct tree *t, int f, const char *content, size_t len);
void tree_hash_dir(struct tree *t, int d);

/* text.c: text.c */
extern const char *const tzs[];
void person(struct sb *b, uint32_t who);
void mainline_message(struct sb *b, uint32_t i);
void author_of(uint32_t i, struct ident *a);
void stable_message(struct sb *b, struct series *s, uint32_t j, uint64_t *r);

/* mainline.c: mainline.c */
extern struct cfg cfg;
extern uint32_t N, I;
extern uint8_t *mflags;
extern int32_t *mtarget;
extern int32_t *fixer_of;
extern uint8_t (*mid)[20];
extern int64_t T0;
extern double DT;
extern uint32_t rel_idx[NREL], rc_idx[NREL][NRC];
void version(int r, int *maj, int *min);
int mainline_tag(uint32_t i, char *name, size_t len, int *is_final);
int64_t mtime(uint32_t i);
extern uint8_t *mkind;
extern uint32_t *mp1, *mp2;
extern uint32_t *fp, nfp;
extern uint16_t *fork_uses;
extern long n_merges, n_skewed, n_pulls, n_topics;
int64_t mdate(uint32_t i);
uint32_t fp_at_or_before(uint32_t x);
void plan_shape(void);
uint32_t leaf_of(uint32_t i);
int files_of(uint32_t i, int out[2]);
uint32_t topic_start(uint32_t t);

/* stable.c: stable.c */
extern const int series_base_r[NSERIES];
extern struct series S[NSERIES];
void vec_push(struct vec *v, uint32_t x);
uint8_t *shuffled_roles(const long *cnt, size_t slots, uint64_t *r);
struct sc *add_sc(struct planner *p, uint8_t kind);
void add_backport(struct planner *p, uint32_t m, int eligible);
void start_topic(struct planner *p, uint32_t fork, uint32_t n);
void topic_step(struct planner *p);
int pool_ok(struct planner *p, uint32_t m);
int try_untagged(struct planner *p);
int try_tagout(struct planner *p);
long lround_pos(double x);
void plan_series(int si);
void finish_mainline(void);

/* extend.c: extend.c */
void plan_extension(int si, uint32_t E);

/* evaluate.c: evaluate.c */
void evaluate(struct series *s);

/* emit.c: emit.c */
extern struct sb msg, tmp, out_buf;
extern uint32_t next_mark;
void out_flush(void);
void emit_commit(const char *ref, uint32_t mark, const char *from, struct tree *t,
		 const uint8_t *parent, struct ident *a, struct ident *c,
		 const struct sb *message, const int *fl, int nf, uint8_t id[20]);
void emit_tag(const char *name, uint32_t mark, const char *tagger, int64_t t,
	      const char *message);
extern const char *LINUS;
extern const char *GREG;
extern struct ident A, Cm;
extern uint32_t *marks_of_main;
void changed_init(struct changed *c);
void changed_reset(struct changed *c);
void changed_add(struct changed *c, const int *fl, int nf);
void emit_merge(const char *ref, uint32_t mark, const char *from, struct tree *t,
		const uint8_t *p1, const char *merge, const uint8_t *p2,
		const struct changed *ch, const struct tree *src, struct ident *a,
		struct ident *c, const struct sb *message, uint8_t id[20]);
extern uint32_t *snap_slot;
void snap_take(uint32_t i, const struct tree *t);
void snap_use(uint32_t i, struct tree *to);
void from_fork(char *from, size_t len, uint32_t i);

/* emit_mainline.c: emit_mainline.c */
void emit_mainline(void);

/* emit_series.c: emit_series.c */
void emit_series(int si, uint32_t first);

#endif
