/* outside.c — see outside.h. */
#include "git/outside.h"
#include "base/error.h"
#include "base/util.h"
#include "core/resolve.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <git2/sys/odb_backend.h>

/* An id to ask about; aliases: also read the commit it names. */
struct ask {
	const char *id;		/* points into the graph */
	int aliases;
};

struct asks {
	struct ask *v;
	size_t n, cap;
};

static void ask(struct asks *a, const char *id, int aliases)
{
	ARRAY_GROW(a->v, a->n, a->cap);
	a->v[a->n++] = (struct ask){ id, aliases };
}

/* Does id match a commit of the series other than c? */
static int matches_other(const struct resolver *r, const char *id, uint32_t c, struct u32s *m)
{
	resolver_match(r, id, m);
	for (size_t i = 0; i < m->n; i++)
		if (m->v[i] != c)
			return 1;
	return 0;
}

/* The ids to ask about (identity.h says why each), through h's resolver
 * (built here when h has none, and kept there for analyze()). */
static void collect(struct history *h, struct asks *a)
{
	const struct graph *g = &h->g;
	struct u32s m = { 0 };

	if (!h->resolver) {
		h->resolver = xmalloc(sizeof(*h->resolver));
		resolver_init(h->resolver, g);
	}
	const struct resolver *r = h->resolver;
	for (uint32_t c = 0; c < g->n; c++) {
		const struct msg_facts *f = &g->c[c].facts;
		if (g->c[c].is_merge)
			continue;
		for (size_t i = 0; i < f->nrefs; i++) {
			resolver_match(r, f->refs[i].id, &m);
			if (!m.n)
				ask(a, f->refs[i].id, f->refs[i].kind == MSG_REF_REVERT);
		}
		for (size_t i = 0; f->naliases > 1 && i < f->naliases; i++)
			if (!matches_other(r, f->aliases[i], c, &m))
				ask(a, f->aliases[i], 1);
	}
	u32s_release(&m);
}

static int cmp_ask(const void *pa, const void *pb)
{
	const struct ask *a = pa, *b = pb;

	return strcmp(a->id, b->id);
}

/* The upstream ids of commit oid's message (none when it is no commit). */
static void aliases_of(git_repository *repo, const git_oid *oid, const struct msg_rules *rules,
		       struct msg_facts *f)
{
	git_commit *commit = NULL;

	memset(f, 0, sizeof(*f));
	if (git_commit_lookup(&commit, repo, oid) < 0)
		return;
	const char *msg = git_commit_message_raw(commit);
	msg_parse_with(msg, strlen(msg), rules, f);
	git_commit_free(commit);
}

/*
 * The object database without its loose objects, for the ids whose loose
 * directory (objects/XX) does not exist: there it answers as the whole
 * database does, without the failed look-up of that directory that each
 * question cost (11,000 system calls on a warm run of the merge-heavy
 * bench).  Not used with alternates (their objects are the database's too).
 */
struct packs_only {
	git_odb *odb;		/* NULL: ask the repository's database */
	uint8_t loose[256];	/* objects/XX may hold objects */
};

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static void packs_only_open(git_repository *repo, struct packs_only *p)
{
	git_buf dir = { 0 };
	git_odb_backend *b = NULL;
	struct dirent *e;
	DIR *d = NULL;
	int ok = 0;

	p->odb = NULL;
	memset(p->loose, 1, sizeof(p->loose));
	if (git_repository_item_path(&dir, repo, GIT_REPOSITORY_ITEM_OBJECTS) < 0)
		goto out;
	size_t n = strlen(dir.ptr) + sizeof("/info/alternates");
	char *alt = xmalloc(n);
	snprintf(alt, n, "%s/info/alternates", dir.ptr);
	int no_alternates = access(alt, F_OK) < 0 && errno == ENOENT;
	free(alt);
	if (!no_alternates || !(d = opendir(dir.ptr)))
		goto out;
	memset(p->loose, 0, sizeof(p->loose));
	while ((e = readdir(d)))	/* any two hex digits: maybe a loose directory */
		if (strlen(e->d_name) == 2 && hex_digit(e->d_name[0]) >= 0 &&
		    hex_digit(e->d_name[1]) >= 0)
			p->loose[hex_digit(e->d_name[0]) * 16 + hex_digit(e->d_name[1])] = 1;
	if (git_odb_new(&p->odb) < 0)
		goto out;
	if (git_odb_backend_pack(&b, dir.ptr) < 0 || git_odb_add_backend(p->odb, b, 1) < 0) {
		if (b)
			b->free(b);
		goto out;
	}
	ok = 1;
out:
	if (d)
		closedir(d);
	if (!ok) {
		git_odb_free(p->odb);
		p->odb = NULL;
	}
	git_buf_dispose(&dir);
}

/* The database to ask about hex id (7+ digits). */
static git_odb *odb_for(const struct packs_only *p, git_odb *all, const char *id)
{
	int hi = hex_digit(id[0]), lo = hex_digit(id[1]);

	return p->odb && hi >= 0 && lo >= 0 && !p->loose[hi * 16 + lo] ? p->odb : all;
}

/* Ask the object database about one id; RT_OK or RT_EFAIL on a read error. */
static int ask_one(git_repository *repo, git_odb *odb, const struct msg_rules *rules,
		   const struct ask *q, struct outside *out, char *err, size_t errlen)
{
	git_oid prefix, full;
	size_t len = strlen(q->id);
	struct msg_facts f;
	int rc;

	if (git_oid_fromstrn(&prefix, q->id, len) < 0)
		return RT_OK;	/* not hex: cannot be (ids are checked hex) */
	rc = git_odb_exists_prefix(&full, odb, &prefix, len);
	if (rc == GIT_ENOTFOUND || rc == GIT_EAMBIGUOUS) {
		outside_add(out, q->id, rc == GIT_EAMBIGUOUS, NULL, 0);
		return RT_OK;
	}
	if (rc < 0)
		return rt_fail(err, errlen, RT_EFAIL, "cannot look up %s: %s", q->id,
			       git_error_last() ? git_error_last()->message : "unknown error");
	if (!q->aliases) {
		outside_add(out, q->id, 1, NULL, 0);
		return RT_OK;
	}
	aliases_of(repo, &full, rules, &f);
	outside_add(out, q->id, 1, (const char (*)[MSG_ID_MAX + 1])f.aliases, f.naliases);
	msg_facts_release(&f);
	return RT_OK;
}

int outside_read(git_repository *repo, const struct msg_rules *rules, struct history *h,
		 char *err, size_t errlen)
{
	struct asks a = { 0 };
	struct packs_only packs = { 0 };
	git_odb *odb = NULL;
	int rc = RT_OK;

	collect(h, &a);
	if (a.n && git_repository_odb(&odb, repo) < 0)
		rc = rt_fail(err, errlen, RT_EFAIL, "cannot open the object database: %s",
			     git_error_last() ? git_error_last()->message : "unknown error");
	if (a.n && !rc)
		packs_only_open(repo, &packs);
	if (a.n)
		qsort(a.v, a.n, sizeof(*a.v), cmp_ask);
	for (size_t i = 0; i < a.n && !rc; i++) {
		struct ask q = a.v[i];
		for (; i + 1 < a.n && !strcmp(a.v[i + 1].id, q.id); i++)
			q.aliases |= a.v[i + 1].aliases;
		rc = ask_one(repo, odb_for(&packs, odb, q.id), rules, &q, &h->outside, err,
			     errlen);
	}
	outside_sort(&h->outside);
	git_odb_free(packs.odb);
	git_odb_free(odb);
	free(a.v);
	return rc;
}
