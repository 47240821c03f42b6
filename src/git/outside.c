/* outside.c — see outside.h. */
#include "git/outside.h"
#include "base/blobfile.h"
#include "base/error.h"
#include "base/util.h"
#include "core/resolve.h"
#include "git/commit_parse.h"
#include "git/pack_set.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
			if (f->refs[i].kind == MSG_REF_MENTION)
				continue;	/* prose: never looked up outside */
			resolver_match(r, f->refs[i].id, &m);
			if (!m.n)
				ask(a, f->refs[i].id, 1);
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

/* The message of commit oid from the packs' bytes (pack_set.h: libdeflate,
 * no lock shared with other threads), parsed into f: 1; 0 when the packs
 * do not hold it whole.  Open vSwitch's cold run reads 1,500 such commits:
 * through libgit2's zlib they were 4.6% of its samples. */
static int aliases_from_pack(git_repository *repo, const git_oid *oid,
			     const struct msg_rules *rules, struct msg_facts *f)
{
	size_t len;
	char *bytes = pack_set_read_commit(git_repository_commondir(repo), oid->id, &len);
	struct raw_commit *rc = bytes ? xmalloc(sizeof(*rc)) : NULL;
	int ok = bytes && commit_parse(bytes, len, rc) == 0;

	if (ok)
		msg_parse_with(rc->message, rc->message_len, rules, f);
	free(rc);
	free(bytes);
	return ok;
}

/* The upstream ids of commit oid's message (none when it is no commit). */
static void aliases_of(git_repository *repo, const git_oid *oid, const struct msg_rules *rules,
		       struct msg_facts *f)
{
	git_commit *commit = NULL;

	memset(f, 0, sizeof(*f));
	if (aliases_from_pack(repo, oid, rules, f) || git_commit_lookup(&commit, repo, oid) < 0)
		return;
	const char *msg = git_commit_message_raw(commit);
	msg_parse_with(msg, strlen(msg), rules, f);
	git_commit_free(commit);
}


/* ---- the run's database (outside.h) ---- */

/* objects/XX directories that may hold loose objects; 0 when unreadable. */
static int list_loose_dirs(struct outside_db *db)
{
	DIR *d = opendir(db->objects);
	struct dirent *e;

	if (!d)
		return 0;
	while ((e = readdir(d)))	/* any two hex digits: maybe a loose directory */
		if (strlen(e->d_name) == 2 && hex_digit(e->d_name[0]) >= 0 &&
		    hex_digit(e->d_name[1]) >= 0)
			db->loose[hex_digit(e->d_name[0]) * 16 + hex_digit(e->d_name[1])] = 1;
	closedir(d);
	return 1;
}

/* "pack-<hex>.idx" whose pack is there: the packs libgit2 reads. */
static int is_pack_index(const char *dir, const char *name, uint64_t *size)
{
	size_t len = strlen(name);
	struct stat st;

	if (len < 10 || len > ASK_PACK_NAME_MAX || strncmp(name, "pack-", 5) ||
	    strcmp(name + len - 4, ".idx"))
		return 0;
	for (size_t i = 5; i < len - 4; i++)
		if (hex_digit(name[i]) < 0)
			return 0;
	char *idx = path_join(dir, name), *pack = xmalloc(strlen(idx) + 2);
	snprintf(pack, strlen(idx) + 2, "%.*s.pack", (int)(strlen(idx) - 4), idx);
	int ok = !stat(idx, &st) && S_ISREG(st.st_mode) && !access(pack, F_OK);
	*size = ok ? (uint64_t)st.st_size : 0;
	free(idx);
	free(pack);
	return ok;
}

/* The repository's packs; 0 when the pack directory cannot be read. */
static int list_packs(struct outside_db *db)
{
	char *dir = path_join(db->objects, "pack");
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t cap = 0;
	uint64_t size;

	if (!d) {
		int none = errno == ENOENT;
		free(dir);
		return none;
	}
	while ((e = readdir(d)))
		if (is_pack_index(dir, e->d_name, &size)) {
			ARRAY_GROW(db->packs, db->npacks, cap);
			/* (is_pack_index: the name fits) */
			memcpy(db->packs[db->npacks].name, e->d_name, strlen(e->d_name) + 1);
			db->packs[db->npacks++].idx_size = size;
		}
	closedir(d);
	free(dir);
	return 1;
}

static int has_alternates(const char *objects)
{
	char *alt = path_join(objects, "info/alternates");
	int none = access(alt, F_OK) < 0 && errno == ENOENT;

	free(alt);
	return !none;
}

void outside_db_open(struct outside_db *db, const char *objects, const char *cache_path,
		     uint64_t fingerprint)
{
	memset(db, 0, sizeof(*db));
	pthread_mutex_init(&db->lock, NULL);
	askcache_init(&db->cache, fingerprint);
	if (!objects)
		return;
	db->objects = xstrdup(objects);
	db->packs_only = !has_alternates(objects) && list_loose_dirs(db) && list_packs(db);
	if (!db->packs_only)
		return;
	db->cache_path = cache_path ? xstrdup(cache_path) : NULL;
	if (cache_path)
		askcache_load_file(&db->cache, cache_path);
	db->is_new = xcalloc(db->npacks + 1, sizeof(*db->is_new));
	db->nnew = askcache_new_packs(&db->cache, db->packs, db->npacks, db->is_new);
	/* a file to write: none read, or the packs changed (a repository
	 * without packs keeps a file of none, written once) */
	db->dirty = db->nnew != 0 || !db->cache.loaded;
	if (db->nnew == SIZE_MAX)
		db->nnew = db->npacks;
}

static int add_oid(const git_oid *id, void *payload)
{
	struct oid_list *l = payload;

	ARRAY_GROW(l->v, l->n, l->cap);
	memcpy(l->v[l->n++], id->id, 20);
	return 0;
}

static int cmp_oid(const void *a, const void *b)
{
	return memcmp(a, b, 20);
}

/* Every object id of odb, sorted, into l; 0 when they cannot be listed. */
static int list_odb(git_odb *odb, struct oid_list *l)
{
	int ok = git_odb_foreach(odb, add_oid, l) == 0;

	if (ok && l->n)
		qsort(l->v, l->n, 20, cmp_oid);
	return ok;
}

/* The odbs of every pack and of the packs added since the cache's (those
 * of an index up to this size also listed). */
#define FRESH_LIST_MAX ((uint64_t)32 << 20)

static int open_odbs(struct outside_db *db)
{
	uint64_t new_idx = 0;
	git_odb_backend *b = NULL;
	int ok = git_odb_new(&db->all) == 0 && git_odb_backend_pack(&b, db->objects) == 0 &&
		 git_odb_add_backend(db->all, b, 1) == 0;

	if (b && !ok)
		b->free(b);
	if (ok && db->nnew && db->cache.n)
		ok = git_odb_new(&db->fresh) == 0;
	for (size_t i = 0; ok && db->fresh && i < db->npacks; i++) {
		if (!db->is_new[i])
			continue;
		char *dir = path_join(db->objects, "pack"), *idx = path_join(dir, db->packs[i].name);
		b = NULL;
		ok = git_odb_backend_one_pack(&b, idx) == 0 && git_odb_add_backend(db->fresh, b, 1) == 0;
		if (b && !ok)
			b->free(b);
		free(dir);
		free(idx);
		new_idx += db->packs[i].idx_size;
	}
	/* a pack fetched since is small: its ids listed once cost less than
	 * libgit2's questions (each miss formats an error message) */
	if (ok && db->fresh && new_idx <= FRESH_LIST_MAX)
		db->fresh_listed = list_odb(db->fresh, &db->fresh_oids);
	return ok;
}

/* Every loose object's id, sorted; 0 when they cannot be listed. */
static int list_loose(struct outside_db *db)
{
	git_odb *odb = NULL;
	git_odb_backend *b = NULL;
	int ok = git_odb_new(&odb) == 0 && git_odb_backend_loose(&b, db->objects, -1, 0, 0, 0) == 0 &&
		 git_odb_add_backend(odb, b, 1) == 0;

	if (b && !ok)
		b->free(b);
	ok = ok && list_odb(odb, &db->loose_oids);
	git_odb_free(odb);
	return ok;
}

/* The odbs opened, the loose objects listed when wanted: once, whichever
 * thread comes first.  0 when the packs cannot be opened. */
static int db_ready(struct outside_db *db, int want_loose)
{
	int ok;

	pthread_mutex_lock(&db->lock);
	if (!db->opened)
		db->opened = open_odbs(db) ? 1 : -1;
	if (want_loose && !db->listed) {
		db->listed = 1;
		db->loose_failed = !list_loose(db);
	}
	ok = db->opened > 0;
	pthread_mutex_unlock(&db->lock);
	return ok;
}

/* What odb says of hex id: RT_OK, or RT_EFAIL on a read error. */
static int ask_odb(git_odb *odb, const char *id, struct ask_answer *a, char *err,
		   size_t errlen)
{
	git_oid prefix, full;
	size_t len = strlen(id);
	int rc;

	memset(a, 0, sizeof(*a));
	if (git_oid_fromstrn(&prefix, id, len) < 0)
		return RT_OK;	/* not hex: cannot be (ids are checked hex) */
	rc = git_odb_exists_prefix(&full, odb, &prefix, len);
	if (rc == GIT_ENOTFOUND)
		return RT_OK;
	if (rc == GIT_EAMBIGUOUS) {
		a->count = ASK_MANY;
		return RT_OK;
	}
	if (rc < 0)
		return rt_fail(err, errlen, RT_EFAIL, "cannot look up %s: %s", id,
			       git_error_last() ? git_error_last()->message : "unknown error");
	a->count = ASK_ONE;
	memcpy(a->oid, full.id, 20);
	return RT_OK;
}

/* The repository's whole database (with alternates, or packs that cannot
 * be opened): what every id was asked of before the cache. */
static int ask_whole(git_repository *repo, const char *id, struct ask_answer *a, char *err,
		     size_t errlen)
{
	git_odb *odb = NULL;
	int rc;

	if (git_repository_odb(&odb, repo) < 0)
		return rt_fail(err, errlen, RT_EFAIL, "cannot open the object database: %s",
			       git_error_last() ? git_error_last()->message : "unknown error");
	rc = ask_odb(odb, id, a, err, errlen);
	git_odb_free(odb);
	return rc;
}

/* The packs' answer for id, *rec the cache's record (NULL: asked). */
static int ask_packs(struct outside_db *db, const char *id, const struct ask_record **rec,
		     struct ask_answer *a, char *err, size_t errlen)
{
	struct ask_answer more;
	int rc;

	*rec = db->nnew && !db->fresh ? NULL : askcache_find(&db->cache, id);
	if (!*rec)
		return ask_odb(db->all, id, a, err, errlen);
	*a = (*rec)->a;
	if (!db->fresh)
		return RT_OK;
	if (db->fresh_listed) {
		ask_in_oids((const uint8_t (*)[20])db->fresh_oids.v, db->fresh_oids.n, id, &more);
		ask_join(a, &more);
		return RT_OK;
	}
	rc = ask_odb(db->fresh, id, &more, err, errlen);
	ask_join(a, &more);
	return rc;
}

/* The answer of the loose objects (listed once), joined to a. */
static int ask_loose(git_repository *repo, struct outside_db *db, const char *id,
		     struct ask_answer *a, char *err, size_t errlen)
{
	struct ask_answer more;
	int rc = RT_OK;

	if (!db->loose[hex_digit(id[0]) * 16 + hex_digit(id[1])])
		return RT_OK;
	db_ready(db, 1);
	if (db->loose_failed)
		rc = ask_whole(repo, id, &more, err, errlen);
	else
		ask_in_oids((const uint8_t (*)[20])db->loose_oids.v, db->loose_oids.n, id, &more);
	ask_join(a, &more);
	return rc;
}

/* The aliases of the one object a names: the record's when it read them,
 * else read (and kept in the new record when the packs hold that object). */
static void aliases_for(git_repository *repo, const struct msg_rules *rules,
			const struct ask_answer *a, const struct ask_record *old,
			struct ask_record *rec, struct msg_facts *f)
{
	git_oid oid;

	memset(f, 0, sizeof(*f));
	if (old && old->read && !memcmp(old->a.oid, a->oid, 20) && old->a.count == ASK_ONE) {
		rec->read = 1;
		rec->aliases = old->aliases;	/* (borrowed: askcache_seen copies) */
		rec->naliases = old->naliases;
		return;
	}
	memcpy(oid.id, a->oid, 20);
	aliases_of(repo, &oid, rules, f);
	if (rec->a.count == ASK_ONE && !memcmp(rec->a.oid, a->oid, 20)) {
		rec->read = 1;
		rec->aliases = f->aliases;
		rec->naliases = f->naliases;
	}
}

/* Whether rec tells the next run more than old did. */
static int is_news(const struct ask_record *rec, const struct ask_record *old)
{
	return !old || old->a.count != rec->a.count || memcmp(old->a.oid, rec->a.oid, 20) ||
	       (rec->read && !old->read);
}

/* One id: its answer added to out; with packs only, its record (the packs'
 * part, for the cache) to mine, and *news set when the file must change. */
static int ask_one(git_repository *repo, struct outside_db *db, const struct msg_rules *rules,
		   const struct ask *q, struct outside *out, struct askcache *mine, int *news,
		   char *err, size_t errlen)
{
	const struct ask_record *old = NULL;
	struct ask_record rec = { .a = { 0 } };
	struct ask_answer a;
	struct msg_facts f = { 0 };
	int packs = db->packs_only && db_ready(db, 0), rc;

	str_copy(rec.id, sizeof(rec.id), q->id);
	if (packs) {
		rc = ask_packs(db, q->id, &old, &rec.a, err, errlen);
		a = rec.a;
		if (!rc)
			rc = ask_loose(repo, db, q->id, &a, err, errlen);
	} else
		rc = ask_whole(repo, q->id, &a, err, errlen);
	if (rc)
		return rc;
	if (q->aliases && a.count == ASK_ONE)
		aliases_for(repo, rules, &a, old, &rec, &f);
	outside_add(out, q->id, a.count != ASK_NONE,
		    (const char (*)[MSG_ID_MAX + 1])(rec.read ? rec.aliases : f.aliases),
		    rec.read ? rec.naliases : f.naliases);
	if (packs) {
		*news |= is_news(&rec, old);
		askcache_seen(mine, &rec);
	}
	msg_facts_release(&f);
	return RT_OK;
}

int outside_read(git_repository *repo, const struct msg_rules *rules, struct history *h,
		 struct outside_db *db, char *err, size_t errlen)
{
	struct asks a = { 0 };
	struct askcache mine;
	int rc = RT_OK, news = 0;

	collect(h, &a);
	askcache_init(&mine, 0);
	if (a.n)
		qsort(a.v, a.n, sizeof(*a.v), cmp_ask);
	for (size_t i = 0; i < a.n && !rc; i++) {
		struct ask q = a.v[i];
		for (; i + 1 < a.n && !strcmp(a.v[i + 1].id, q.id); i++)
			q.aliases |= a.v[i + 1].aliases;
		rc = ask_one(repo, db, rules, &q, &h->outside, &mine, &news, err, errlen);
	}
	outside_sort(&h->outside);
	pthread_mutex_lock(&db->lock);
	askcache_take_seen(&db->cache, &mine);
	db->dirty |= news;
	pthread_mutex_unlock(&db->lock);
	askcache_release(&mine);
	free(a.v);
	return rc;
}

int outside_ask_again(git_repository *repo, const struct msg_rules *rules,
		      const struct outside *asked, struct outside_db *db, struct outside *out,
		      char *err, size_t errlen)
{
	struct askcache mine;
	int rc = RT_OK, news = 0;

	askcache_init(&mine, 0);
	for (size_t i = 0; i < asked->n && !rc; i++) {
		struct ask q = { asked->v[i].id, 1 };	/* (collect() reads every one's aliases) */
		rc = ask_one(repo, db, rules, &q, out, &mine, &news, err, errlen);
	}
	outside_sort(out);
	pthread_mutex_lock(&db->lock);
	askcache_take_seen(&db->cache, &mine);
	db->dirty |= news;
	pthread_mutex_unlock(&db->lock);
	askcache_release(&mine);
	return rc;
}

void outside_db_close(struct outside_db *db, int save)
{
	char ignored[256];
	size_t len;

	if (save && db->dirty && db->cache_path && db->packs_only) {
		uint8_t *b = askcache_encode(&db->cache, db->packs, db->npacks, db->nnew == 0, &len);
		blobfile_write(db->cache_path, b, len, ignored, sizeof(ignored));
		free(b);
	}
	git_odb_free(db->all);
	git_odb_free(db->fresh);
	askcache_release(&db->cache);
	free(db->cache_path);
	free(db->objects);
	free(db->packs);
	free(db->is_new);
	free(db->loose_oids.v);
	free(db->fresh_oids.v);
	pthread_mutex_destroy(&db->lock);
	memset(db, 0, sizeof(*db));
}
