/* infer.c — see infer.h. */
#include "git/infer.h"
#include "base/error.h"
#include "base/util.h"
#include "core/identity.h"
#include "core/graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int looked_for(const struct graph_commit *c)
{
	return !c->is_merge && c->upstream == UPSTREAM_NONE;
}

void infer_wanted(const struct history *h, uint32_t **keys, size_t *n, size_t *cap)
{
	for (uint32_t c = 0; c < h->g.n; c++) {
		const struct graph_commit *gc = &h->g.c[c];
		if (!looked_for(gc))
			continue;
		ARRAY_GROW(*keys, *n, *cap);
		(*keys)[(*n)++] = identity_key(graph_author_email(gc), gc->facts.subject);
	}
}

/* A commit looked for, by its key. */
struct sought {
	uint32_t key, commit;
};

/* A mainline identity that may be a commit's upstream commit. */
struct pair {
	uint32_t commit;	/* in the graph */
	size_t ident;		/* in the mainline */
};

static int cmp_sought(const void *a, const void *b)
{
	const struct sought *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->commit > y->commit) - (x->commit < y->commit);
}

static int cmp_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	if (x->commit != y->commit)
		return x->commit < y->commit ? -1 : 1;
	return (x->ident > y->ident) - (x->ident < y->ident);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every (commit, mainline identity) sharing a key, by commit. */
static struct pair *pairs_of(const struct graph *g, const struct mainline *m, size_t from,
			     size_t *npairs)
{
	struct sought *s = xmalloc((g->n + 1) * sizeof(*s));
	struct pair *p = NULL;
	size_t ns = 0, np = 0, cap = 0;

	for (uint32_t c = 0; c < g->n; c++)
		if (looked_for(&g->c[c]))
			s[ns++] = (struct sought){ identity_key(graph_author_email(&g->c[c]),
								g->c[c].facts.subject), c };
	if (ns)
		qsort(s, ns, sizeof(*s), cmp_sought);
	for (size_t i = from; ns && i < m->nidents; i++) {
		size_t lo = 0, hi = ns;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (s[mid].key < m->ident_key[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < ns && s[lo].key == m->ident_key[i]; lo++) {
			ARRAY_GROW(p, np, cap);
			p[np++] = (struct pair){ s[lo].commit, i };
		}
	}
	if (np)
		qsort(p, np, sizeof(*p), cmp_pair);
	free(s);
	*npairs = np;
	return p;
}

/* A patch that cannot be read because an object is absent (a partial
 * clone: never fetched from its promisor remote) */
#define PATCH_MISSING (-1)

/* A mainline identity, read once for every commit that may be its copy:
 * its id, email and subject, and its patch-id when one was needed.  The
 * commit itself is not kept (its message may be megabytes): read again for
 * its patch-id. */
struct memo {
	int state;		/* 0 not read, 1 read, -1 unreadable (no candidate) */
	int pid_state;		/* 0 not computed, 1 computed, PATCH_MISSING */
	git_oid oid;
	char hex[41];
	char *author;		/* graph_author_make("", email) */
	struct msg_facts facts;
	git_oid pid;
};

struct finder {
	git_repository *repo;
	struct infercache *cache;	/* or NULL */
	const struct graph *g;
	const char **ids;	/* the graph's ids, sorted */
	size_t unread;		/* ties left ambiguous: a patch's objects missing */
	struct memo *memo;	/* by mainline identity - from */
	size_t from;
	char *err;
	size_t errlen;
};

static int in_series(const struct finder *f, const char *hex)
{
	return bsearch(&hex, f->ids, f->g->n, sizeof(char *), cmp_str) != NULL;
}

/* The memo's author: graph_author_make("", email) of an email made so. */
static char *author_of(const char *email)
{
	size_t n = strlen(email);
	char *a = xmalloc(n + 2);

	a[0] = '\0';
	memcpy(a + 1, email, n + 1);
	return a;
}

/* Candidate x from the inference cache: 1 if it knew it. */
static int memo_cached(struct finder *f, struct memo *x, const uint8_t head[8])
{
	char *email, *subject;

	if (!f->cache || !infercache_candidate(f->cache, head, x->oid.id, &email, &subject))
		return 0;
	git_oid_tostr(x->hex, sizeof(x->hex), &x->oid);
	memset(&x->facts, 0, sizeof(x->facts));
	x->facts.subject = subject;
	x->author = author_of(email);
	free(email);
	return 1;
}

/* Candidate x read from the repository (and kept in the cache): 1, or 0
 * when it cannot be read. */
static int memo_read(struct finder *f, struct memo *x, const uint8_t head[8])
{
	git_commit *c = NULL;
	git_oid prefix;

	memset(&prefix, 0, sizeof(prefix));
	memcpy(prefix.id, head, 8);
	if (git_commit_lookup_prefix(&c, f->repo, &prefix, 16) < 0)
		return 0;
	git_oid_cpy(&x->oid, git_commit_id(c));
	git_oid_tostr(x->hex, sizeof(x->hex), &x->oid);
	const git_signature *a = git_commit_author(c);
	const char *msg = git_commit_message_raw(c);
	msg_parse(msg, strlen(msg), &x->facts);
	/* the email as the series' commits keep theirs (graph.h), case folded */
	x->author = graph_author_make("", 0, a && a->email ? a->email : "",
				      a && a->email ? strlen(a->email) : 0);
	git_commit_free(c);
	if (f->cache)
		infercache_add_candidate(f->cache, x->oid.id, x->author + 1, x->facts.subject);
	return 1;
}

/* Mainline identity i, read the first time it is asked for; NULL when it
 * cannot be read or is a commit of the range (no candidate then). */
static struct memo *memo_of(struct finder *f, const struct mainline *m, size_t i)
{
	struct memo *x = &f->memo[i - f->from];

	if (x->state)
		return x->state > 0 ? x : NULL;
	x->state = -1;
	if (!memo_cached(f, x, m->ident_oid[i]) && !memo_read(f, x, m->ident_oid[i]))
		return NULL;
	if (in_series(f, x->hex)) {
		msg_facts_release(&x->facts);
		free(x->author);
		x->author = NULL;
		return NULL;
	}
	x->state = 1;
	return x;
}

static void memo_release(struct finder *f, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(f->memo[i].author);
		if (f->memo[i].state > 0)
			msg_facts_release(&f->memo[i].facts);
	}
	free(f->memo);
}

/* Mainline identity i checked against commit c: its author and subject are
 * c's (a key only narrows), and it is no commit of the range. */
static struct memo *check(struct finder *f, const struct mainline *m, size_t i, uint32_t c)
{
	const struct graph_commit *gc = &f->g->c[c];
	struct memo *x = memo_of(f, m, i);

	if (!x || !msg_subject_equal(x->facts.subject, gc->facts.subject) ||
	    strcasecmp(x->author + strlen(x->author) + 1, graph_author_email(gc)))
		return NULL;
	return x;
}

/* Is the content of a file the diff changes missing from the repository (a
 * partial clone's)?  Asked of the object database before the patch is
 * computed, which would read every other blob first and then fail on that
 * one: systemd-stable's ties over hwdb updates (megabytes of blobs) cost
 * 80% of a warm run that way.  A missing object is never fetched. */
static int blob_missing(git_odb *odb, const git_diff_file *file)
{
	return !git_oid_is_zero(&file->id) && file->mode != GIT_FILEMODE_COMMIT &&
	       !git_odb_exists(odb, &file->id);
}

static int changed_blobs_missing(const struct finder *f, git_diff *diff)
{
	git_odb *odb = NULL;
	int missing = 0;

	if (git_repository_odb(&odb, f->repo) < 0)
		return 0;	/* (the patch then tells) */
	for (size_t i = 0, n = git_diff_num_deltas(diff); i < n && !missing; i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);
		if (git_oid_equal(&d->old_file.id, &d->new_file.id))
			continue;	/* (a mode changed: no content read) */
		missing = blob_missing(odb, &d->old_file) || blob_missing(odb, &d->new_file);
	}
	git_odb_free(odb);
	return missing;
}

/* The patch-id of commit's change against its first parent; PATCH_MISSING
 * when one of its trees or blobs is not in the repository. */
static int patch_id(const struct finder *f, git_commit *commit, git_oid *out)
{
	git_tree *tree = NULL, *ptree = NULL;
	git_commit *parent = NULL;
	git_diff *diff = NULL;
	char hex[41];
	int rc = 0, e;

	if ((e = git_commit_tree(&tree, commit)) < 0 ||
	    (git_commit_parentcount(commit) &&
	     ((e = git_commit_parent(&parent, commit, 0)) < 0 ||
	      (e = git_commit_tree(&ptree, parent)) < 0)) ||
	    (e = git_diff_tree_to_tree(&diff, f->repo, ptree, tree, NULL)) < 0 ||
	    (changed_blobs_missing(f, diff) && (e = GIT_ENOTFOUND)) ||
	    (e = git_diff_patchid(out, diff, NULL)) < 0) {
		git_oid_tostr(hex, sizeof(hex), git_commit_id(commit));
		if (e == GIT_ENOTFOUND)
			rc = PATCH_MISSING;
		else
			rc = rt_fail(f->err, f->errlen, RT_EFAIL,
				     "cannot read the patch of commit %s: %s (--no-infer "
				     "reads no patch)", hex,
				     git_error_last() ? git_error_last()->message : "unknown error");
	}
	git_diff_free(diff);
	git_tree_free(ptree);
	git_tree_free(tree);
	git_commit_free(parent);
	return rc;
}

/* The patch-id of commit oid (hex its id), from the cache or computed
 * (and kept); 0, PATCH_MISSING or RT_EFAIL. */
static int patch_id_of(struct finder *f, const git_oid *oid, const char *hex, git_oid *out)
{
	git_commit *c = NULL;
	int rc;

	if (f->cache && infercache_patch(f->cache, oid->id, out->id))
		return 0;
	if (git_commit_lookup(&c, f->repo, oid) < 0)
		return rt_fail(f->err, f->errlen, RT_EFAIL, "cannot read commit %s", hex);
	rc = patch_id(f, c, out);
	git_commit_free(c);
	if (!rc && f->cache)
		infercache_add_patch(f->cache, oid->id, out->id);
	return rc;
}

/* Candidate x's patch-id, computed once; 0, PATCH_MISSING or RT_EFAIL. */
static int memo_pid(struct finder *f, struct memo *x)
{
	if (!x->pid_state) {
		int rc = patch_id_of(f, &x->oid, x->hex, &x->pid);
		if (rc && rc != PATCH_MISSING)
			return rc;
		x->pid_state = rc ? PATCH_MISSING : 1;
	}
	return x->pid_state == 1 ? 0 : PATCH_MISSING;
}

/* Several candidates: the one with c's patch-id, if exactly one has it;
 * ambiguous when none or several have it, or when a patch is missing. */
static int settle(struct finder *f, struct graph *g, uint32_t c, struct memo **cand, size_t n)
{
	git_oid oid, mine;
	size_t hits = 0, hit = 0;
	int rc;

	git_oid_fromstr(&oid, g->c[c].id);
	rc = patch_id_of(f, &oid, g->c[c].id, &mine);
	for (size_t k = 0; k < n && !rc; k++)
		if (!(rc = memo_pid(f, cand[k])) && git_oid_equal(&mine, &cand[k]->pid)) {
			hits++;
			hit = k;
		}
	if (rc == PATCH_MISSING) {
		f->unread++;
		rc = RT_OK;
		hits = 0;
	}
	if (!rc && hits == 1)
		identity_infer_tie(g, c, cand[hit]->hex, n);
	else if (!rc)
		identity_ambiguous(g, c);
	return rc;
}

static int cmp_memo_hex(const void *a, const void *b)
{
	return strcmp((*(struct memo *const *)a)->hex, (*(struct memo *const *)b)->hex);
}

/* Commit c against the mainline identities of pairs p[0..n): each read
 * once for every commit (memo_of), the same commit reached twice (a short
 * id's two readings) kept once, by sorting, not pairwise. */
static int infer_one(struct finder *f, struct graph *g, const struct mainline *m,
		     const struct pair *p, size_t n)
{
	struct memo **cand = xmalloc((n + 1) * sizeof(*cand));
	size_t k = 0, d = 0;
	int rc = RT_OK;

	for (size_t i = 0; i < n; i++)
		if ((cand[k] = check(f, m, p[i].ident, p[0].commit)))
			k++;
	if (k > 1)
		qsort(cand, k, sizeof(*cand), cmp_memo_hex);
	for (size_t i = 0; i < k; i++)
		if (!d || strcmp(cand[d - 1]->hex, cand[i]->hex))
			cand[d++] = cand[i];
	if (d == 1)
		identity_infer(g, p[0].commit, cand[0]->hex);
	else if (d > 1)
		rc = settle(f, g, p[0].commit, cand, d);
	free(cand);
	return rc;
}

int infer_upstream(git_repository *repo, struct infercache *cache, struct history *h,
		   const struct mainline *m, size_t from, char *err, size_t errlen)
{
	struct graph *g = &h->g;
	struct finder f = { repo, cache, g, NULL, 0, NULL, from, err, errlen };
	size_t np;
	struct pair *p = pairs_of(g, m, from, &np);
	int rc = RT_OK;

	if (!np) {
		free(p);
		return RT_OK;
	}
	f.memo = xcalloc(m->nidents - from + 1, sizeof(*f.memo));
	f.ids = xmalloc((g->n + 1) * sizeof(char *));
	for (size_t i = 0; i < g->n; i++)
		f.ids[i] = g->c[i].id;
	qsort(f.ids, g->n, sizeof(char *), cmp_str);
	for (size_t i = 0; i < np && !rc;) {
		size_t j = i;
		while (j < np && p[j].commit == p[i].commit)
			j++;
		rc = infer_one(&f, g, m, p + i, j - i);
		i = j;
	}
	h->ties_unread += f.unread;
	memo_release(&f, m->nidents - from);
	free(f.ids);
	free(p);
	return rc;
}
