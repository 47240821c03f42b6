/* infer.c — see infer.h. */
#include "git/infer.h"
#include "base/error.h"
#include "base/util.h"
#include "core/identity.h"

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

/* A mainline commit that passed the check (check()), read. */
struct candidate {
	git_commit *commit;
	char hex[41];
};

struct finder {
	git_repository *repo;
	const struct graph *g;
	const char **ids;	/* the graph's ids, sorted */
	size_t unread;		/* ties left ambiguous: a patch's objects missing */
	char *err;
	size_t errlen;
};

static int in_series(const struct finder *f, const char *hex)
{
	return bsearch(&hex, f->ids, f->g->n, sizeof(char *), cmp_str) != NULL;
}

/* Mainline identity i read and checked against commit c: its author and
 * subject are c's (a key only narrows), and it is no commit of the range. */
static git_commit *check(const struct finder *f, const struct mainline *m, size_t i,
			 uint32_t c, char hex[41])
{
	const struct graph_commit *gc = &f->g->c[c];
	git_commit *mc = NULL;
	git_oid prefix;
	struct msg_facts mf;
	char *author;

	memset(&prefix, 0, sizeof(prefix));
	memcpy(prefix.id, m->ident_oid[i], 8);
	if (git_commit_lookup_prefix(&mc, f->repo, &prefix, 16) < 0)
		return NULL;
	git_oid_tostr(hex, 41, git_commit_id(mc));
	const git_signature *a = git_commit_author(mc);
	const char *msg = git_commit_message_raw(mc);
	msg_parse(msg, strlen(msg), &mf);
	/* the email as the series' commits keep theirs (graph.h), case folded */
	author = graph_author_make("", 0, a && a->email ? a->email : "",
				   a && a->email ? strlen(a->email) : 0);
	int same = !in_series(f, hex) && msg_subject_equal(mf.subject, gc->facts.subject) &&
		   !strcasecmp(author + strlen(author) + 1, graph_author_email(gc));
	free(author);
	msg_facts_release(&mf);
	if (!same) {
		git_commit_free(mc);
		return NULL;
	}
	return mc;
}

/* A patch that cannot be read because an object is absent (a partial
 * clone: never fetched from its promisor remote) */
#define PATCH_MISSING (-1)

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

/* Several candidates: the one with c's patch-id, if exactly one has it;
 * ambiguous when none or several have it, or when a patch is missing. */
static int settle(struct finder *f, struct graph *g, uint32_t c, struct candidate *cand,
		  size_t n)
{
	git_commit *own = NULL;
	git_oid oid, mine, theirs;
	size_t hits = 0, hit = 0;
	int rc;

	git_oid_fromstr(&oid, g->c[c].id);
	if (git_commit_lookup(&own, f->repo, &oid) < 0)
		return rt_fail(f->err, f->errlen, RT_EFAIL, "cannot read commit %s", g->c[c].id);
	rc = patch_id(f, own, &mine);
	for (size_t k = 0; k < n && !rc; k++) {
		if (!(rc = patch_id(f, cand[k].commit, &theirs)) && git_oid_equal(&mine, &theirs)) {
			hits++;
			hit = k;
		}
	}
	git_commit_free(own);
	if (rc == PATCH_MISSING) {
		f->unread++;
		rc = RT_OK;
		hits = 0;
	}
	if (!rc && hits == 1)
		identity_infer(g, c, cand[hit].hex);
	else if (!rc)
		identity_ambiguous(g, c);
	return rc;
}

/* Commit c against the mainline identities of pairs p[0..n). */
static int infer_one(struct finder *f, struct graph *g, const struct mainline *m,
		     const struct pair *p, size_t n)
{
	struct candidate *cand = xmalloc((n + 1) * sizeof(*cand));
	size_t k = 0;
	int rc = RT_OK;

	for (size_t i = 0; i < n; i++) {
		if (!(cand[k].commit = check(f, m, p[i].ident, p[0].commit, cand[k].hex)))
			continue;
		int dup = 0;	/* the same commit twice (a short id's two readings) */
		for (size_t j = 0; j < k && !dup; j++)
			dup = !strcmp(cand[j].hex, cand[k].hex);
		if (dup)
			git_commit_free(cand[k].commit);
		else
			k++;
	}
	if (k == 1)
		identity_infer(g, p[0].commit, cand[0].hex);
	else if (k > 1)
		rc = settle(f, g, p[0].commit, cand, k);
	for (size_t i = 0; i < k; i++)
		git_commit_free(cand[i].commit);
	free(cand);
	return rc;
}

int infer_upstream(git_repository *repo, struct history *h, const struct mainline *m,
		   size_t from, char *err, size_t errlen)
{
	struct graph *g = &h->g;
	struct finder f = { repo, g, NULL, 0, err, errlen };
	size_t np;
	struct pair *p = pairs_of(g, m, from, &np);
	int rc = RT_OK;

	if (!np) {
		free(p);
		return RT_OK;
	}
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
	free(f.ids);
	free(p);
	return rc;
}
