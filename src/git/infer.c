/* infer.c — see infer.h. */
#include "git/infer.h"
#include "base/error.h"
#include "base/oidmap.h"
#include "base/util.h"
#include "core/identity.h"
#include "core/graph.h"
#include "git/patch_compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int looked_for(const struct graph_commit *c)
{
	return !c->is_merge && c->upstream == UPSTREAM_NONE;
}

static uint32_t key_of(const struct graph_commit *c)
{
	return identity_key(graph_author_email(c), c->facts.subject);
}

void infer_keys(struct history *h)
{
	free(h->ident_keys);
	h->ident_keys = xcalloc(h->g.n + 1, sizeof(*h->ident_keys));
	h->nident_keys = h->g.n;
	for (uint32_t c = 0; c < h->g.n; c++)
		if (looked_for(&h->g.c[c]))
			h->ident_keys[c] = key_of(&h->g.c[c]);
}

void infer_wanted(struct history *h, uint32_t **keys, size_t *n, size_t *cap)
{
	if (!h->ident_keys || h->nident_keys != h->g.n)
		infer_keys(h);
	for (uint32_t c = 0; c < h->g.n; c++) {
		if (!looked_for(&h->g.c[c]))
			continue;
		ARRAY_GROW(*keys, *n, *cap);
		(*keys)[(*n)++] = h->ident_keys[c];
	}
}

/* A mainline identity that may be a commit's upstream commit. */
struct pair {
	uint32_t commit;	/* in the graph */
	size_t ident;		/* in the mainline */
};

/* Every (commit, mainline identity from `from` on) sharing a key, by commit
 * then identity: each commit's are found through the mainline's identities
 * by key (mainline_index), not by going through them all; its key is
 * infer_wanted's when h kept it. */
static struct pair *pairs_of(const struct history *h, const struct mainline *m, size_t from,
			     size_t *npairs)
{
	const struct graph *g = &h->g;
	const uint32_t *kept = h->ident_keys && h->nident_keys == g->n ? h->ident_keys : NULL;
	struct pair *p = NULL;
	size_t np = 0, cap = 0;

	for (uint32_t c = 0; m->nidents > from && c < g->n; c++) {
		if (!looked_for(&g->c[c]))
			continue;
		uint32_t key = kept ? kept[c] : key_of(&g->c[c]);
		for (size_t k = mainline_ident_find(m, key, from);
		     k < m->nidents && m->ident_index[k].key == key; k++) {
			ARRAY_GROW(p, np, cap);
			p[np++] = (struct pair){ c, m->ident_index[k].pos };
		}
	}
	*npairs = np;
	return p;
}

/* A tie's answer when no candidate alone has the commit's patch-id. */
static const uint8_t no_winner[20];

/* A mainline identity, read once for every commit that may be its copy:
 * its id, email and subject, and its change when a tie compares it (a patch
 * whose objects are absent, in a partial clone, is CHANGE_MISSING: nothing
 * is fetched from its promisor remote).  The commit itself is not kept
 * (its message may be megabytes). */
struct memo {
	int state;		/* 0 not read, 1 read, -1 unreadable (no candidate) */
	int change_state;	/* 0 not read, 1 read, CHANGE_MISSING */
	git_oid oid;
	char hex[41];
	char *author;		/* graph_author_make("", email) */
	struct msg_facts facts;
	struct change change;	/* its patch, as far as compared (patch_compare.h) */
};

struct finder {
	git_repository *repo;
	struct infercache *cache;	/* or NULL */
	const struct graph *g;
	struct oidtab ids;	/* the graph's commits, by id (hash_hex) */
	size_t unread;		/* ties left ambiguous: a patch's objects missing */
	struct memo *memo;	/* one per idents[k] */
	size_t *idents;		/* the mainline identities paired, sorted, each once */
	size_t nidents;
	char *err;
	size_t errlen;
};

/* A hex id's hash: the value of its first 16 digits (uniform already). */
static uint64_t hash_hex(const char *hex)
{
	return hex_prefix_value(hex, strnlen(hex, 16));
}

static uint64_t commit_hash(const void *g, uint32_t c)
{
	return hash_hex(((const struct graph *)g)->c[c].id);
}

/* The table of the graph's commits by id: a sort of them all cost each
 * series more than its candidates' few lookups. */
static void index_ids(struct finder *f)
{
	oidtab_resize(&f->ids, oidtab_cap_for(f->g->n, 16), commit_hash, f->g);
	for (uint32_t c = 0; c < f->g->n; c++) {
		size_t k = oidtab_first(&f->ids, commit_hash(f->g, c));
		while (f->ids.slot[k])
			k = oidtab_next(&f->ids, k);
		oidtab_put(&f->ids, k, c);
	}
}

static int in_series(const struct finder *f, const char *hex)
{
	for (size_t k = oidtab_first(&f->ids, hash_hex(hex)); f->ids.slot[k];
	     k = oidtab_next(&f->ids, k))
		if (!strcmp(f->g->c[f->ids.slot[k] - 1].id, hex))
			return 1;
	return 0;
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
	id_to_hex(x->hex, x->oid.id);
	memset(&x->facts, 0, sizeof(x->facts));
	x->facts.subject = subject;
	x->author = author_of(email);
	free(email);
	return 1;
}

void infer_note(void *ctx, const uint8_t oid[20], const struct msg_facts *f,
		const struct commit_meta *m, uint32_t key)
{
	const struct infer_note *n = ctx;
	const struct mainline *w = n->want;

	if (!m || !m->author || !mainline_wants_key(w, key))
		return;	/* (read without meta: no email to check a candidate by) */
	infercache_add_candidate(n->cache, oid, graph_author_email_of(m->author), f->subject);
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
	id_to_hex(x->hex, x->oid.id);
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
	size_t lo = 0, hi = f->nidents;

	while (lo < hi) {	/* (i is one of them: pairs_of paired it) */
		size_t mid = lo + (hi - lo) / 2;
		if (f->idents[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	struct memo *x = &f->memo[lo];

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

static void memo_release(struct finder *f)
{
	for (size_t i = 0; i < f->nidents; i++) {
		free(f->memo[i].author);
		change_release(&f->memo[i].change);
		if (f->memo[i].state > 0)
			msg_facts_release(&f->memo[i].facts);
	}
	free(f->memo);
	free(f->idents);
}

/* Mainline identity i checked against commit c: its author and subject are
 * c's (a key only narrows), and it is no commit of the range. */
static struct memo *check(struct finder *f, const struct mainline *m, size_t i, uint32_t c)
{
	const struct graph_commit *gc = &f->g->c[c];
	struct memo *x = memo_of(f, m, i);

	if (!x || !msg_subject_equal(x->facts.subject, gc->facts.subject) ||
	    strcasecmp(graph_author_email_of(x->author), graph_author_email(gc)))
		return NULL;
	return x;
}

/* Candidate x's change, read once; 0, CHANGE_MISSING or RT_EFAIL. */
static int memo_change(struct finder *f, struct memo *x)
{
	if (!x->change_state) {
		int rc = change_read(f->repo, &x->oid, &x->change, f->err, f->errlen);
		if (rc && rc != CHANGE_MISSING)
			return rc;
		x->change_state = rc ? CHANGE_MISSING : 1;
	}
	return x->change_state == 1 ? 0 : CHANGE_MISSING;
}

/* The key of commit oid's tie among cand[0..n) (sorted): a hash of their
 * ids. */
static void tie_key(const git_oid *commit, struct memo **cand, size_t n, uint8_t key[20])
{
	uint8_t *ids = xmalloc((n + 1) * 20);
	git_oid oid;

	memcpy(ids, commit->id, 20);
	for (size_t k = 0; k < n; k++)
		memcpy(ids + 20 * (k + 1), cand[k]->oid.id, 20);
	git_odb_hash(&oid, ids, (n + 1) * 20, GIT_OBJECT_BLOB);
	memcpy(key, oid.id, 20);
	free(ids);
}

/* The tie as the cache kept it: 1 if it did (and c is marked). */
static int settled_before(struct finder *f, struct graph *g, uint32_t c, struct memo **cand,
			  size_t n, const uint8_t key[20])
{
	uint8_t won[20];

	if (!f->cache || !infercache_tie(f->cache, key, won))
		return 0;
	if (!memcmp(won, no_winner, 20)) {
		identity_ambiguous(g, c);
		return 1;
	}
	for (size_t k = 0; k < n; k++)
		if (!memcmp(cand[k]->oid.id, won, 20)) {
			identity_infer_tie(g, c, cand[k]->hex, n);
			return 1;
		}
	return 0;	/* (not one of them: worked out again) */
}

/* How many of cand[0..n) have the patch-id of c's change (stopping at 2),
 * *hit the last; 0, CHANGE_MISSING (a patch unreadable: each is read before
 * any is compared) or RT_EFAIL. */
static int same_patches(struct finder *f, struct change *mine, struct memo **cand, size_t n,
			size_t *hits, size_t *hit)
{
	int rc = RT_OK, same;

	for (size_t k = 0; k < n && !rc; k++)
		rc = memo_change(f, cand[k]);
	for (size_t k = 0; k < n && !rc && *hits < 2; k++) {
		rc = change_same_patch(f->repo, f->cache, mine, &cand[k]->change, &same, f->err,
				       f->errlen);
		if (!rc && same) {
			(*hits)++;
			*hit = k;
		}
	}
	return rc;
}

/* Several candidates: the one with c's patch-id, if exactly one has it;
 * ambiguous when none or several have it, or when a patch is missing.  The
 * answer is kept in the cache, but for a missing patch. */
static int settle(struct finder *f, struct graph *g, uint32_t c, struct memo **cand, size_t n)
{
	struct change mine;
	uint8_t key[20];
	size_t hits = 0, hit = 0;
	git_oid oid;
	int rc;

	git_oid_fromstr(&oid, g->c[c].id);
	tie_key(&oid, cand, n, key);
	if (settled_before(f, g, c, cand, n, key))
		return RT_OK;
	if (!(rc = change_read(f->repo, &oid, &mine, f->err, f->errlen)))
		rc = same_patches(f, &mine, cand, n, &hits, &hit);
	change_release(&mine);
	if (rc == CHANGE_MISSING) {
		f->unread++;
		identity_ambiguous(g, c);
		return RT_OK;
	}
	if (rc)
		return rc;
	if (hits == 1)
		identity_infer_tie(g, c, cand[hit]->hex, n);
	else
		identity_ambiguous(g, c);
	if (f->cache)
		infercache_add_tie(f->cache, key, hits == 1 ? cand[hit]->oid.id : no_winner);
	return RT_OK;
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

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* The mainline identities of pairs p[0..n), sorted, each once: only these
 * get a memo (a whole mainline's worth, zeroed for every series, was most
 * of a warm run's inference on git/git). */
static size_t *paired_idents(const struct pair *p, size_t n, size_t *count)
{
	size_t *v = xmalloc((n + 1) * sizeof(*v)), k = 0;

	for (size_t i = 0; i < n; i++)
		v[i] = p[i].ident;
	qsort(v, n, sizeof(*v), cmp_size);
	for (size_t i = 0; i < n; i++)
		if (!k || v[k - 1] != v[i])
			v[k++] = v[i];
	*count = k;
	return v;
}

int infer_upstream(git_repository *repo, struct infercache *cache, struct history *h,
		   const struct mainline *m, size_t from, char *err, size_t errlen)
{
	struct graph *g = &h->g;
	struct finder f = { repo, cache, g, { NULL, 0, 0 }, 0, NULL, NULL, 0, err, errlen };
	size_t np;
	struct pair *p = pairs_of(h, m, from, &np);
	int rc = RT_OK;

	if (!np) {
		free(p);
		return RT_OK;
	}
	f.idents = paired_idents(p, np, &f.nidents);
	f.memo = xcalloc(f.nidents + 1, sizeof(*f.memo));
	index_ids(&f);
	for (size_t i = 0; i < np && !rc;) {
		size_t j = i;
		while (j < np && p[j].commit == p[i].commit)
			j++;
		rc = infer_one(&f, g, m, p + i, j - i);
		i = j;
	}
	h->ties_unread += f.unread;
	memo_release(&f);
	oidtab_release(&f.ids);
	free(p);
	return rc;
}
