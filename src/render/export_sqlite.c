/* export_sqlite.c — see export_sqlite.h; the schema is doc/formats.md, "Export schema", and
 * doc/explain-regressions.md. */
#include "render/export_sqlite.h"
#include "base/fmt.h"
#include "core/channel.h"
#include "core/explain.h"
#include "core/lifetime.h"
#include "render/numbers.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define STR(x) #x
#define XSTR(x) STR(x)

/* The whole file is thrown away on failure, so no journal and no syncs:
 * the caller fsyncs once at the end. */
static const char pragmas[] =
	"PRAGMA journal_mode = OFF;\n"
	"PRAGMA synchronous = OFF;\n"
	"PRAGMA user_version = " XSTR(EXPORT_SQLITE_VERSION) ";\n";

/* The series table: its names and ends, then every number of numbers.h
 * marked IN_SQL, in the table's order (series_schema() writes it). */
static const char series_head[] =
	"CREATE TABLE series (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL, label TEXT NOT NULL,\n"
	"  base TEXT NOT NULL, tip TEXT NOT NULL, tip_id TEXT NOT NULL";
#define SERIES_FIXED 6		/* id .. tip_id */

static const char schema[] =
	"CREATE TABLE releases (\n"
	"  series_id INTEGER NOT NULL REFERENCES series(id),\n"
	"  name TEXT NOT NULL, number NOT NULL, position INTEGER NOT NULL,\n"
	"  date TEXT, date_epoch INTEGER NOT NULL, commit_id TEXT NOT NULL,\n"
	"  PRIMARY KEY (series_id, name));\n"
	"CREATE TABLE commits (\n"
	"  series_id INTEGER NOT NULL REFERENCES series(id),\n"
	"  id TEXT NOT NULL, position INTEGER NOT NULL, upstream TEXT,\n"
	"  release TEXT NOT NULL, subject TEXT NOT NULL, tagged INTEGER NOT NULL,\n"
	"  is_fix INTEGER NOT NULL, is_revert INTEGER NOT NULL,\n"
	"  same_release INTEGER NOT NULL,\n"
	"  author_name TEXT, author_email TEXT, author_date TEXT, author_date_epoch INTEGER,\n"
	"  commit_date TEXT, commit_date_epoch INTEGER,\n"
	"  channel TEXT NOT NULL, reported INTEGER NOT NULL,\n"
	"  PRIMARY KEY (series_id, id));\n"
	"CREATE TABLE commit_aliases (\n"
	"  series_id INTEGER NOT NULL, commit_id TEXT NOT NULL, upstream_id TEXT NOT NULL,\n"
	"  source TEXT NOT NULL, mainline_date TEXT, mainline_date_epoch INTEGER,\n"
	"  PRIMARY KEY (series_id, commit_id, upstream_id),\n"
	"  FOREIGN KEY (series_id, commit_id) REFERENCES commits(series_id, id));\n"
	"CREATE TABLE commit_paths (\n"
	"  series_id INTEGER NOT NULL, commit_id TEXT NOT NULL, path TEXT NOT NULL,\n"
	"  PRIMARY KEY (series_id, commit_id, path),\n"
	"  FOREIGN KEY (series_id, commit_id) REFERENCES commits(series_id, id));\n"
	"CREATE TABLE regressions (\n"
	"  id INTEGER PRIMARY KEY, key TEXT NOT NULL, upstream_id TEXT,\n"
	"  series_id INTEGER NOT NULL REFERENCES series(id),\n"
	"  target_id TEXT NOT NULL, fix_id TEXT NOT NULL, kind TEXT NOT NULL,\n"
	"  brought_in TEXT NOT NULL, fixed_in TEXT NOT NULL, same_release INTEGER NOT NULL,\n"
	"  lifetime_releases INTEGER, lifetime_days INTEGER, still_carried INTEGER,\n"
	"  FOREIGN KEY (series_id, target_id) REFERENCES commits(series_id, id),\n"
	"  FOREIGN KEY (series_id, fix_id) REFERENCES commits(series_id, id));\n"
	"CREATE TABLE regression_carriers (\n"
	"  key TEXT NOT NULL, series_id INTEGER NOT NULL REFERENCES series(id),\n"
	"  PRIMARY KEY (key, series_id));\n"
	"CREATE TABLE links (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  series_id INTEGER NOT NULL REFERENCES series(id),\n"
	"  position INTEGER NOT NULL, kind TEXT NOT NULL,\n"
	"  fix_id TEXT NOT NULL, target_id TEXT, same_release INTEGER,\n"
	"  lifetime_releases INTEGER, lifetime_days INTEGER,\n"
	"  FOREIGN KEY (series_id, fix_id) REFERENCES commits(series_id, id),\n"
	"  FOREIGN KEY (series_id, target_id) REFERENCES commits(series_id, id));\n"
	"CREATE TABLE series_not_counted (\n"
	"  name TEXT NOT NULL, base TEXT, tip TEXT, reason TEXT NOT NULL);\n"
	"CREATE TABLE link_candidates (\n"
	"  link_id INTEGER NOT NULL REFERENCES links(id),\n"
	"  series_id INTEGER NOT NULL, commit_id TEXT NOT NULL,\n"
	"  PRIMARY KEY (link_id, commit_id),\n"
	"  FOREIGN KEY (series_id, commit_id) REFERENCES commits(series_id, id));\n"
	"CREATE INDEX commits_release ON commits(series_id, release);\n"
	"CREATE INDEX commits_upstream ON commits(upstream);\n"
	"CREATE INDEX commit_aliases_upstream ON commit_aliases(upstream_id);\n"
	"CREATE INDEX links_fix ON links(series_id, fix_id);\n"
	"CREATE INDEX links_target ON links(series_id, target_id);\n"
	"CREATE INDEX link_candidates_commit ON link_candidates(series_id, commit_id);\n"
	"CREATE INDEX commit_paths_path ON commit_paths(path);\n"
	"CREATE INDEX regressions_key ON regressions(key);\n"
	"CREATE INDEX regressions_series ON regressions(series_id, target_id);\n";

enum { ST_SERIES, ST_RELEASE, ST_COMMIT, ST_ALIAS, ST_LINK, ST_CANDIDATE, ST_PATH,
       ST_REGRESSION, ST_CARRIER, ST_SKIPPED, ST_COUNT };

static const char *const inserts[ST_COUNT] = {
	[ST_SERIES] = NULL,	/* series_insert() */
	[ST_RELEASE] = "INSERT INTO releases VALUES (?,?,?,?,?,?,?)",
	[ST_COMMIT] = "INSERT INTO commits VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
	[ST_ALIAS] = "INSERT OR IGNORE INTO commit_aliases VALUES (?,?,?,?,?,?)",
	[ST_LINK] = "INSERT INTO links VALUES (?,?,?,?,?,?,?,?,?)",
	[ST_CANDIDATE] = "INSERT OR IGNORE INTO link_candidates VALUES (?,?,?)",
	[ST_PATH] = "INSERT OR IGNORE INTO commit_paths VALUES (?,?,?)",
	[ST_REGRESSION] = "INSERT INTO regressions VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
	[ST_CARRIER] = "INSERT OR IGNORE INTO regression_carriers VALUES (?,?)",
	[ST_SKIPPED] = "INSERT INTO series_not_counted VALUES (?,?,?,?)",
};

struct db {
	sqlite3 *db;
	sqlite3_stmt *st[ST_COUNT];
	int bad;		/* a bind failed */
	const struct export_extra *x;
};

/* ---- binding: parameters are numbered from 1 in call order ---- */

struct row {
	struct db *d;
	sqlite3_stmt *st;
	int i;
};

static struct row row_start(struct db *d, int which)
{
	return (struct row){ d, d->st[which], 0 };
}

static void bind_rc(struct row *r, int rc)
{
	if (rc != SQLITE_OK)
		r->d->bad = 1;
}

static void put_int(struct row *r, long long v)
{
	bind_rc(r, sqlite3_bind_int64(r->st, ++r->i, v));
}

static void put_text(struct row *r, const char *v)
{
	bind_rc(r, v ? sqlite3_bind_text(r->st, ++r->i, v, -1, SQLITE_TRANSIENT)
		     : sqlite3_bind_null(r->st, ++r->i));
}

/* An integer, or NULL for the -1 that means unknown. */
static void put_maybe(struct row *r, long v)
{
	if (v < 0)
		bind_rc(r, sqlite3_bind_null(r->st, ++r->i));
	else
		put_int(r, v);
}

/* A date (seconds; negative: unknown) as two columns: YYYY-MM-DD (NULL when
 * unknown or out of range) and the seconds (NULL when unknown). */
static void put_date(struct row *r, int64_t t)
{
	char date[16];

	put_text(r, t >= 0 && fmt_date(date, sizeof(date), t) >= 0 ? date : NULL);
	put_maybe(r, t < 0 ? -1 : (long)t);
}

/* A number of numbers.h: an integer, a fraction, or NULL when undefined
 * or unknown. */
static void put_number(struct row *r, const struct number *nb, const struct series *s)
{
	double v = nb->value(s);

	if (v < 0)
		bind_rc(r, sqlite3_bind_null(r->st, ++r->i));
	else if (nb->type == NUM_RATE)
		bind_rc(r, sqlite3_bind_double(r->st, ++r->i, v));
	else
		put_int(r, (long long)v);
}

/* Run the bound statement and make it ready for the next row. */
static int row_end(struct row *r)
{
	int rc = r->d->bad ? SQLITE_MISUSE : sqlite3_step(r->st);

	sqlite3_reset(r->st);
	sqlite3_clear_bindings(r->st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* ---- rows ---- */

static int series_row(struct db *d, const struct series *s, long long id)
{
	struct row r = row_start(d, ST_SERIES);

	put_int(&r, id);
	put_text(&r, s->name);
	put_text(&r, s->label ? s->label : s->name);
	put_text(&r, s->base);
	put_text(&r, s->tip);
	put_text(&r, s->g.c[s->g.n - 1].id);	/* every commit is an ancestor of TIP */
	for (size_t k = 0; k < nnumbers; k++)
		if (numbers[k].where & IN_SQL)
			put_number(&r, &numbers[k], s);
	return row_end(&r);
}

/* N as read: an integer when it fits SQLite's 64 bits, else its decimal text
 * (the column has no type, so that neither is converted: a REAL would round). */
static void put_release_number(struct row *r, unsigned long n)
{
	char text[32];

	if (n <= (unsigned long)INT64_MAX) {
		put_int(r, (long long)n);
		return;
	}
	snprintf(text, sizeof(text), "%lu", n);
	put_text(r, text);
}

static int release_rows(struct db *d, const struct series *s, long long id)
{
	char date[16];

	for (size_t k = 0; k < s->rels.n; k++) {
		const struct release *rel = &s->rels.r[k];
		struct row r = row_start(d, ST_RELEASE);
		put_int(&r, id);
		put_text(&r, rel->name);
		put_release_number(&r, rel->number);
		put_int(&r, (long long)k + 1);
		put_text(&r, fmt_date(date, sizeof(date), rel->date) < 0 ? NULL : date);
		put_int(&r, rel->date);
		put_text(&r, s->g.c[rel->commit].id);
		if (row_end(&r))
			return -1;
	}
	return 0;
}

static int alias_rows(struct db *d, const struct series *s, long long id, uint32_t c)
{
	const struct msg_facts *f = &s->g.c[c].facts;

	for (size_t k = 0; k < f->naliases; k++) {
		struct row r = row_start(d, ST_ALIAS);
		put_int(&r, id);
		put_text(&r, s->g.c[c].id);
		put_text(&r, f->aliases[k]);
		put_text(&r, explain_alias_source(s, c, k));
		put_date(&r, d->x && d->x->dates ? upstream_date_of(d->x->dates, f->aliases[k]) : -1);
		if (row_end(&r))
			return -1;
	}
	return 0;
}

/* The paths of commit c (export --by path). */
static int path_rows(struct db *d, const struct group_map *m, long long id,
		     const struct series *s, uint32_t c)
{
	for (size_t k = 0; m && c < m->ncommits && k < m->of[c].n; k++) {
		struct row r = row_start(d, ST_PATH);
		put_int(&r, id);
		put_text(&r, s->g.c[c].id);
		put_text(&r, m->names[m->of[c].v[k]]);
		if (row_end(&r))
			return -1;
	}
	return 0;
}

static int commit_row(struct db *d, const struct series *s, long long id, uint32_t c)
{
	const struct graph_commit *gc = &s->g.c[c];
	uint8_t fl = s->census.flags[c];
	struct row r = row_start(d, ST_COMMIT);

	put_int(&r, id);
	put_text(&r, gc->id);
	put_int(&r, (long long)c + 1);
	put_text(&r, series_upstream(s, c));
	put_text(&r, series_release(s, c));
	put_text(&r, gc->facts.subject);
	put_int(&r, gc->facts.fixes_lines > 0);
	put_int(&r, !!(fl & CENSUS_FIX));
	put_int(&r, !!(fl & CENSUS_REVERT));
	put_int(&r, (fl & CENSUS_FIX) && (fl & CENSUS_SAME));
	put_text(&r, gc->meta.author ? graph_author_name(gc) : NULL);
	put_text(&r, gc->meta.author ? graph_author_email(gc) : NULL);
	put_date(&r, gc->meta.author ? gc->meta.author_time : -1);
	put_date(&r, gc->meta.author ? gc->meta.commit_time : -1);
	put_text(&r, channel_of(&gc->facts, &s->channels));
	put_int(&r, gc->facts.reported);
	return row_end(&r) ? -1 : alias_rows(d, s, id, c);
}

/* The series' commits: merges take no part in the census and are left out. */
static int commit_rows(struct db *d, const struct series *s, long long id)
{
	const struct group_map *paths = s->by && !strcmp(s->by->kind, "path") ? &s->by->map : NULL;

	for (uint32_t c = 0; c < s->g.n; c++)
		if (!s->g.c[c].is_merge &&
		    (commit_row(d, s, id, c) || path_rows(d, paths, id, s, c)))
			return -1;
	return 0;
}

static int candidate_rows(struct db *d, const struct series *s, long long id,
			  const struct link *l)
{
	long long link_id = sqlite3_last_insert_rowid(d->db);

	for (size_t k = 0; k < l->candidates.n; k++) {
		struct row r = row_start(d, ST_CANDIDATE);
		put_int(&r, link_id);
		put_int(&r, id);
		put_text(&r, s->g.c[l->candidates.v[k]].id);
		if (row_end(&r))
			return -1;
	}
	return 0;
}

static int link_rows(struct db *d, const struct series *s, long long id)
{
	for (size_t k = 0; k < s->census.nlinks; k++) {
		const struct link *l = &s->census.links[k];
		struct lifetime t = series_lifetime(s, l);
		int undecided = l->target == LINK_NO_TARGET;
		struct row r = row_start(d, ST_LINK);
		bind_rc(&r, sqlite3_bind_null(r.st, ++r.i));	/* id: the next rowid */
		put_int(&r, id);
		put_int(&r, (long long)k + 1);
		put_text(&r, link_kind_name(l->kind));
		put_text(&r, s->g.c[l->fix].id);
		put_text(&r, undecided ? NULL : s->g.c[l->target].id);
		put_maybe(&r, undecided ? -1 : l->same_release);
		put_maybe(&r, t.releases);
		put_maybe(&r, t.days);
		if (row_end(&r) || candidate_rows(d, s, id, l))
			return -1;
	}
	return 0;
}

static int series_rows(struct db *d, const struct series *s, long long id)
{
	return series_row(d, s, id) || release_rows(d, s, id) || commit_rows(d, s, id) ||
	       link_rows(d, s, id) ? -1 : 0;
}

/* core/regressions.h: one row per series and target, then who carries it. */
static int regression_rows(struct db *d, const struct series *all, const struct regressions *rg)
{
	for (size_t i = 0; rg && i < rg->n; i++) {
		const struct regression_row *row = &rg->rows[i];
		for (size_t k = 0; k < row->n; k++) {
			const struct series *s = &all[row->v[k].series];
			const struct link *l = row->v[k].link;
			struct lifetime t = series_lifetime(s, l);
			struct row r = row_start(d, ST_REGRESSION);
			bind_rc(&r, sqlite3_bind_null(r.st, ++r.i));	/* id: the next rowid */
			put_text(&r, row->key);
			put_text(&r, row->upstream);
			put_int(&r, (long long)row->v[k].series + 1);
			put_text(&r, s->g.c[l->target].id);
			put_text(&r, s->g.c[l->fix].id);
			put_text(&r, link_kind_name(l->kind));
			put_text(&r, series_release(s, l->target));
			put_text(&r, series_release(s, l->fix));
			put_int(&r, l->same_release);
			put_maybe(&r, t.releases);
			put_maybe(&r, t.days);
			put_maybe(&r, row->carried);
			if (row_end(&r))
				return -1;
		}
		for (size_t k = 0; k < row->carried_by.n; k++) {
			struct row r = row_start(d, ST_CARRIER);
			put_text(&r, row->key);
			put_int(&r, (long long)row->carried_by.v[k] + 1);
			if (row_end(&r))
				return -1;
		}
	}
	return 0;
}

/* The series a whole-repository run left out, with the reason. */
static int skipped_rows(struct db *d, const struct series_skips *k)
{
	for (size_t i = 0; k && i < k->n; i++) {
		struct row r = row_start(d, ST_SKIPPED);
		put_text(&r, k->v[i].name);
		put_text(&r, k->v[i].base);
		put_text(&r, k->v[i].tip);
		put_text(&r, k->v[i].why);
		if (row_end(&r))
			return -1;
	}
	return 0;
}

/* ---- the database ---- */

/* The system's reason for a full disk or an I/O error, else 0.  SQLITE_FULL
 * keeps no errno (the unix VFS stores 0); the page limit is never reached. */
static int system_errno(struct db *d)
{
	int code = d->db ? sqlite3_errcode(d->db) : SQLITE_OK;

	if (code == SQLITE_FULL)
		return ENOSPC;
	return code == SQLITE_IOERR ? sqlite3_system_errno(d->db) : 0;
}

static int fail(struct db *d, char *err, size_t errlen)
{
	int sys = d->bad ? 0 : system_errno(d);

	if (sys)
		snprintf(err, errlen, "%s", strerror(sys));
	else
		snprintf(err, errlen, "sqlite: %s", d->bad ? "cannot bind a value" :
			 d->db ? sqlite3_errmsg(d->db) : "out of memory");
	return -1;
}

static const char *sql_type(enum number_type t)
{
	return t == NUM_RATE ? "REAL" : t == NUM_MAYBE ? "INTEGER" : "INTEGER NOT NULL";
}

/* CREATE TABLE series, with a column per number (numbers.h). */
static int series_schema(struct db *d)
{
	char sql[8192];
	size_t len = (size_t)snprintf(sql, sizeof(sql), "%s", series_head);

	for (size_t k = 0; k < nnumbers && len < sizeof(sql); k++)
		if (numbers[k].where & IN_SQL)
			len += (size_t)snprintf(sql + len, sizeof(sql) - len, ",\n  %s %s",
						numbers[k].key, sql_type(numbers[k].type));
	if (len + 4 >= sizeof(sql))
		return -1;
	memcpy(sql + len, ");\n", 4);
	return sqlite3_exec(d->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

/* INSERT INTO series VALUES (?,...): one parameter per column. */
static int series_insert(struct db *d)
{
	char sql[1024] = "INSERT INTO series VALUES (?";
	size_t len = strlen(sql);

	for (size_t k = 0; k < nnumbers; k++)
		if (numbers[k].where & IN_SQL && len + 3 < sizeof(sql))
			len += (size_t)snprintf(sql + len, sizeof(sql) - len, ",?");
	for (int k = 1; k < SERIES_FIXED && len + 3 < sizeof(sql); k++)
		len += (size_t)snprintf(sql + len, sizeof(sql) - len, ",?");
	if (len + 2 >= sizeof(sql))
		return -1;
	memcpy(sql + len, ")", 2);
	return sqlite3_prepare_v2(d->db, sql, -1, &d->st[ST_SERIES], NULL) == SQLITE_OK ? 0 : -1;
}

static int prepare(struct db *d)
{
	for (int k = 0; k < ST_COUNT; k++)
		if (inserts[k] &&
		    sqlite3_prepare_v2(d->db, inserts[k], -1, &d->st[k], NULL) != SQLITE_OK)
			return -1;
	return series_insert(d);
}

static int fill(struct db *d, const struct series *s, size_t n)
{
	if (sqlite3_exec(d->db, pragmas, NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_exec(d->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK ||
	    series_schema(d) || sqlite3_exec(d->db, schema, NULL, NULL, NULL) != SQLITE_OK ||
	    prepare(d))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (series_rows(d, &s[i], (long long)i + 1))
			return -1;
	if (d->x && (regression_rows(d, s, d->x->regressions) || skipped_rows(d, d->x->skipped)))
		return -1;
	return sqlite3_exec(d->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

int export_sqlite(const char *path, const struct series *s, size_t n,
		  const struct export_extra *x, char *err, size_t errlen)
{
	struct db d = { .x = x };
	int rc = sqlite3_open_v2(path, &d.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
				 NULL) == SQLITE_OK ? fill(&d, s, n) : -1;

	if (rc)
		fail(&d, err, errlen);
	for (int k = 0; k < ST_COUNT; k++)
		sqlite3_finalize(d.st[k]);
	if (sqlite3_close(d.db) != SQLITE_OK && !rc)
		rc = fail(&d, err, errlen);
	return rc;
}
