/*
 * build.c — write a parsed scenario into a fresh git repository.  See build.h.
 *
 * Commits are written in file order straight into the object database (no
 * work tree involved); branches and HEAD are set at the end from the
 * scenario's final branch tips, then HEAD is checked out.  Last, the `file`
 * lines are written into the work tree (not committed) and the
 * `git-config` lines set in the repository's own config (.git/config).
 */
#include "build.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <git2.h>

#define AUTHOR_NAME "Scenario Author"
#define AUTHOR_EMAIL "author@example.org"
#define EPOCH 1500000000
#define DAY 86400
#define FILE_MAX ((size_t)64 << 20)

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

struct builder {
	const struct scenario *s;
	git_repository *repo;
	git_oid *oids;		/* commit n -> id, filled in file order */
	char *err;
	size_t errlen;
};

PRINTF_LIKE(3, 4)
static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* "[line N: ]WHAT: <libgit2's last error>"; returns -1. */
PRINTF_LIKE(3, 4)
static int git_fail(struct builder *b, size_t line, const char *fmt, ...)
{
	const git_error *e = git_error_last();
	const char *why = e && e->message ? e->message : "unknown error";
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (line)
		set_err(b->err, b->errlen, "line %zu: %s: %s", line, what, why);
	else
		set_err(b->err, b->errlen, "%s: %s", what, why);
	return -1;
}

int build_read_file(const char *path, char **buf, size_t *len, char *err,
		    size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *data = NULL, *grown;
	size_t n = 0, cap = 0, got;
	int r = -1;

	*buf = NULL;
	*len = 0;
	if (!f)
		goto out;
	do {
		if (n + 1 >= cap) {
			cap = cap ? cap * 2 : 8192;
			errno = EFBIG;
			if (cap > FILE_MAX || !(grown = realloc(data, cap)))
				goto out;
			data = grown;
		}
		got = fread(data + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	if (ferror(f))
		goto out;
	data[n] = '\0';
	*buf = data;
	*len = n;
	data = NULL;
	r = 0;
out:
	if (r)
		set_err(err, errlen, "%s", strerror(errno));
	if (f)
		fclose(f);
	free(data);
	return r;
}

int build_load(const char *path, struct scenario *out, char *err,
	       size_t errlen)
{
	char *text;
	size_t len;
	int r;

	memset(out, 0, sizeof *out);
	if (build_read_file(path, &text, &len, err, errlen))
		return -1;
	r = scenario_parse(text, len, out, err, errlen);
	free(text);
	return r;
}

/* dir must not exist, or be an empty directory. */
static int check_fresh(struct builder *b, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int r = 0;

	if (!d && errno == ENOENT)
		return 0;
	if (!d) {
		set_err(b->err, b->errlen, "cannot use %s: %s", dir, strerror(errno));
		return -1;
	}
	while (!r && (de = readdir(d)))
		r = strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
	closedir(d);
	if (r)
		set_err(b->err, b->errlen, "%s is not empty", dir);
	return -r;
}

static int make_repo(struct builder *b, const char *dir)
{
	if (git_repository_init(&b->repo, dir, 0) < 0)
		return git_fail(b, 0, "cannot create a repository in %s", dir);
	return 0;
}

static int signature(git_signature **sig, size_t n, const char *email)
{
	git_time_t when = EPOCH + (git_time_t)n * DAY;

	return git_signature_new(sig, AUTHOR_NAME, email ? email : AUTHOR_EMAIL, when, 0);
}

/* The "files" tree of base, or NULL. */
static int files_of(struct builder *b, const git_tree *base, git_tree **out)
{
	const git_tree_entry *e;

	*out = NULL;
	if (!base || !(e = git_tree_entry_byname(base, "files")) ||
	    git_tree_entry_type(e) != GIT_OBJECT_TREE)
		return 0;
	return git_tree_lookup(out, b->repo, git_tree_entry_id(e));
}

/* base (may be NULL) plus files/LABEL holding LABEL. */
static int make_tree(struct builder *b, const char *label,
		     const git_tree *base, git_oid *out)
{
	git_treebuilder *files_tb = NULL, *root_tb = NULL;
	git_tree *files = NULL;
	git_oid blob, files_id;
	int r = -1;

	if (git_blob_create_from_buffer(&blob, b->repo, label, strlen(label)) < 0 ||
	    files_of(b, base, &files) < 0 ||
	    git_treebuilder_new(&files_tb, b->repo, files) < 0 ||
	    git_treebuilder_insert(NULL, files_tb, label, &blob,
				   GIT_FILEMODE_BLOB) < 0 ||
	    git_treebuilder_write(&files_id, files_tb) < 0 ||
	    git_treebuilder_new(&root_tb, b->repo, base) < 0 ||
	    git_treebuilder_insert(NULL, root_tb, "files", &files_id,
				   GIT_FILEMODE_TREE) < 0 ||
	    git_treebuilder_write(out, root_tb) < 0)
		goto out;
	r = 0;
out:
	git_treebuilder_free(root_tb);
	git_treebuilder_free(files_tb);
	git_tree_free(files);
	return r;
}

/* Placeholders name earlier commits, whose ids are known. */
struct id_lookup {
	const struct builder *b;
	size_t upto;
	char hex[SCENARIO_HEX + 1];
};

static const char *lookup_id(void *ctx, const char *label, size_t len)
{
	struct id_lookup *l = ctx;
	const char *name;
	size_t n;

	for (n = 0; n < l->upto; n++) {
		name = scenario_label(l->b->s, n);
		if (strlen(name) == len && !memcmp(name, label, len))
			return git_oid_tostr(l->hex, sizeof l->hex, &l->b->oids[n]);
	}
	return NULL;
}

static int expand_message(struct builder *b, const struct scenario_op *op,
			  char **msg)
{
	struct id_lookup l = { b, op->commit, "" };
	char why[256];

	if (!scenario_expand(op->message, op->message_len, lookup_id, &l, msg,
			     NULL, why, sizeof why))
		return 0;
	git_error_set_str(GIT_ERROR_INVALID, why);
	return -1;
}

static int make_commit(struct builder *b, const struct scenario_op *op)
{
	git_commit **parents = calloc(op->nparents + 1, sizeof *parents);
	git_tree *base = NULL, *tree = NULL;
	git_signature *sig = NULL, *committer = NULL;
	git_oid tree_id;
	char *msg = NULL;
	size_t i;
	int r = -1;

	if (!parents) {
		git_error_set_oom();
		goto out;
	}
	for (i = 0; i < op->nparents; i++)
		if (git_commit_lookup(&parents[i], b->repo,
				      &b->oids[op->parents[i]]) < 0)
			goto out;
	if ((op->nparents && git_commit_tree(&base, parents[0]) < 0) ||
	    make_tree(b, op->change ? op->change : op->name, base, &tree_id) < 0 ||
	    git_tree_lookup(&tree, b->repo, &tree_id) < 0 ||
	    signature(&sig, op->commit, op->author) < 0 ||
	    signature(&committer, op->commit, NULL) < 0 || expand_message(b, op, &msg) < 0 ||
	    git_commit_create(&b->oids[op->commit], b->repo, NULL, sig, committer,
			      NULL, msg, tree, op->nparents,
			      (const git_commit **)parents) < 0)
		goto out;
	r = 0;
out:
	if (r)
		git_fail(b, op->line, "commit '%s'", op->name);
	for (i = 0; parents && i < op->nparents; i++)
		git_commit_free(parents[i]);
	free(parents);
	git_tree_free(base);
	git_tree_free(tree);
	git_signature_free(sig);
	git_signature_free(committer);
	free(msg);
	return r;
}

/* An annotated tag: message "NAME\n", tagger at its commit's date. */
static int annotate(struct builder *b, const struct scenario_op *op,
		    const git_object *target)
{
	git_signature *sig = NULL;
	size_t n = strlen(op->name);
	char *msg = malloc(n + 2);
	git_oid id;
	int r = -1;

	if (!msg) {
		git_error_set_oom();
		goto out;
	}
	memcpy(msg, op->name, n);
	memcpy(msg + n, "\n", 2);
	if (signature(&sig, op->commit, NULL) < 0)
		goto out;
	r = git_tag_create(&id, b->repo, op->name, target, sig, msg, 0);
out:
	git_signature_free(sig);
	free(msg);
	return r;
}

static int make_tag(struct builder *b, const struct scenario_op *op)
{
	git_object *target = NULL;
	git_oid id;
	int r = git_object_lookup(&target, b->repo, &b->oids[op->commit],
				  GIT_OBJECT_COMMIT);

	if (r >= 0)
		r = op->kind == SCENARIO_OP_TAG
		    ? git_tag_create_lightweight(&id, b->repo, op->name, target, 0)
		    : annotate(b, op, target);
	git_object_free(target);
	return r < 0 ? git_fail(b, op->line, "tag '%s'", op->name) : 0;
}

static int run_ops(struct builder *b)
{
	const struct scenario_op *op;
	size_t i;

	for (i = 0; i < b->s->nops; i++) {
		op = &b->s->ops[i];
		if (op->kind == SCENARIO_OP_COMMIT && make_commit(b, op))
			return -1;
		if ((op->kind == SCENARIO_OP_TAG ||
		     op->kind == SCENARIO_OP_ANNOTATED_TAG) && make_tag(b, op))
			return -1;
	}
	return 0;
}

/* "refs/heads/NAME", fresh; NULL when out of memory. */
static char *heads(const char *name)
{
	static const char prefix[] = "refs/heads/";
	size_t n = strlen(name);
	char *ref = malloc(sizeof prefix + n);

	if (ref) {
		memcpy(ref, prefix, sizeof prefix - 1);
		memcpy(ref + sizeof prefix - 1, name, n + 1);
	}
	return ref;
}

/* Branch i at its tip (head 0: HEAD pointing at it instead). */
static int make_ref(struct builder *b, size_t i, int head)
{
	const struct scenario_branch *br = &b->s->branches[i];
	git_reference *ref = NULL;
	char *name = heads(br->name);
	int r = -1;

	if (!name)
		git_error_set_oom();
	else if (head)
		r = git_reference_symbolic_create(&ref, b->repo, "HEAD", name, 1,
						  NULL);
	else if (br->tip != SCENARIO_NONE)
		r = git_reference_create(&ref, b->repo, name, &b->oids[br->tip],
					 0, NULL);
	else
		r = 0;
	git_reference_free(ref);
	free(name);
	return r < 0 ? git_fail(b, br->line, "branch '%s'", br->name) : 0;
}

static int make_refs(struct builder *b)
{
	size_t i;

	for (i = 0; i < b->s->nbranches; i++)
		if (make_ref(b, i, 0))
			return -1;
	return b->s->nbranches ? make_ref(b, 0, 1) : 0;
}

static int checkout(struct builder *b)
{
	git_checkout_options opts;
	int unborn = git_repository_head_unborn(b->repo);

	if (unborn < 0 ||
	    git_checkout_options_init(&opts, GIT_CHECKOUT_OPTIONS_VERSION) < 0)
		return git_fail(b, 0, "checkout of HEAD");
	opts.checkout_strategy = GIT_CHECKOUT_FORCE;
	if (!unborn && git_checkout_head(b->repo, &opts) < 0)
		return git_fail(b, 0, "checkout of HEAD");
	return 0;
}

/* ---- file lines ---- */

/* "line N: file 'PATH': WHY"; returns -1. */
static int file_fail(struct builder *b, const struct scenario_file *f,
		     const char *why)
{
	set_err(b->err, b->errlen, "line %zu: file '%s': %s", f->line, f->path,
		why);
	return -1;
}

/* Write f below the work tree wd (ending in '/'), making its directories. */
static int write_file(struct builder *b, const char *wd,
		      const struct scenario_file *f)
{
	size_t wl = strlen(wd), pl = strlen(f->path);
	char *full = malloc(wl + pl + 1), *slash;
	FILE *out = NULL;
	int r = -1;

	if (!full)
		return file_fail(b, f, "out of memory");
	memcpy(full, wd, wl);
	memcpy(full + wl, f->path, pl + 1);
	for (slash = strchr(full + wl, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(full, 0777) && errno != EEXIST) {
			file_fail(b, f, strerror(errno));
			goto out;
		}
		*slash = '/';
	}
	out = fopen(full, "wb");
	if (!out || (f->len && fwrite(f->content, 1, f->len, out) != f->len)) {
		file_fail(b, f, strerror(errno));
		goto out;
	}
	r = 0;
out:
	if (out && fclose(out) && !r)
		r = file_fail(b, f, strerror(errno));
	free(full);
	return r;
}

static int write_files(struct builder *b)
{
	const char *wd = git_repository_workdir(b->repo);
	size_t i;

	for (i = 0; i < b->s->nfiles; i++)
		if (!wd ? file_fail(b, &b->s->files[i], "no work tree")
			: write_file(b, wd, &b->s->files[i]))
			return -1;
	return 0;
}

/* ---- git-config lines ---- */

/* One config key as git compares them: section and name in any case, the
 * subsection (between the first and the last dot) exactly. */
static int same_key(const char *a, const char *b)
{
	const char *da = strchr(a, '.'), *db = strchr(b, '.');
	const char *la = strrchr(a, '.'), *lb = strrchr(b, '.');

	return da && db && da - a == db - b && !strncasecmp(a, b, (size_t)(da - a)) &&
	       la - da == lb - db && !strncmp(da, db, (size_t)(la - da)) &&
	       !strcasecmp(la, lb);
}

/* Is line i's key given on an earlier line? */
static int repeated(const struct scenario *s, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (same_key(s->configs[j].key, s->configs[i].key))
			return 1;
	return 0;
}

/* s between double quotes, with \ " and the control characters git config
 * knows escaped (as git_config_set_string() escapes a value). */
static int put_quoted(FILE *f, const char *s, size_t n)
{
	static const char from[] = "\n\t\b\"\\", to[] = "ntb\"\\";
	const char *e;
	size_t i;

	putc('"', f);
	for (i = 0; i < n; i++) {
		if (s[i] && (e = strchr(from, s[i])) != NULL) {
			putc('\\', f);
			putc(to[e - from], f);
		} else {
			putc(s[i], f);
		}
	}
	return putc('"', f) == EOF ? -1 : 0;
}

/*
 * A repeated key adds a value.  libgit2's only way to do so,
 * git_config_set_multivar() with a regular expression that matches no old
 * value, is broken in the libgit2 this builds with (1.5): it writes the new
 * value unescaped (config_file_set_multivar() skips escape_value(), so a
 * '\' in a pattern breaks the file), and its PCRE2 matcher leaks its match
 * data on every value that does not match (LeakSanitizer).  So each
 * repeated value goes at the end of .git/config here, in a section header
 * of its own ("[section \"subsection\"]", as git writes it), which git and
 * libgit2 read as one more value of the key; check_config() then reads
 * every value back through libgit2.
 */
static int append_repeats(struct builder *b)
{
	const struct scenario *s = b->s;
	const char *gitdir = git_repository_path(b->repo);
	size_t i, gl = strlen(gitdir);
	char *path = malloc(gl + sizeof "config");
	FILE *f = NULL;
	int bad = 0;

	if (!path) {
		set_err(b->err, b->errlen, "out of memory");
		return -1;
	}
	memcpy(path, gitdir, gl);
	memcpy(path + gl, "config", sizeof "config");
	for (i = 0; !bad && i < s->nconfigs; i++) {
		const char *key = s->configs[i].key;
		const char *first = strchr(key, '.'), *last = strrchr(key, '.');

		if (!repeated(s, i))
			continue;
		if (!f && !(f = fopen(path, "a"))) {
			bad = 1;
			break;
		}
		fprintf(f, "[%.*s", (int)(first - key), key);
		if (last > first) {
			putc(' ', f);
			put_quoted(f, first + 1, (size_t)(last - first - 1));
		}
		fprintf(f, "]\n\t%s = ", last + 1);
		put_quoted(f, s->configs[i].value, strlen(s->configs[i].value));
		bad = putc('\n', f) == EOF;
	}
	if (f && (fclose(f) || bad))
		bad = 1;
	if (bad)
		set_err(b->err, b->errlen, "git-config: cannot write %s: %s", path,
			strerror(errno));
	free(path);
	return bad ? -1 : 0;
}

/* The next line after j with the key of c, or nconfigs. */
static size_t next_same(const struct scenario *s, const struct scenario_config *c,
			size_t j)
{
	for (j++; j < s->nconfigs && !same_key(s->configs[j].key, c->key); j++)
		;
	return j;
}

/* The values of the key of line i (its first line), as the config file now
 * holds them, must be those of the lines with that key, in order. */
static int check_config(struct builder *b, git_config *local, size_t i)
{
	const struct scenario *s = b->s;
	const struct scenario_config *c = &s->configs[i];
	git_config_iterator *it = NULL;
	git_config_entry *e;
	size_t j;
	int r;

	for (j = 0; j < i; j++)
		if (same_key(s->configs[j].key, c->key))
			return 0;	/* checked with its first line */
	if (git_config_multivar_iterator_new(&it, local, c->key, NULL) < 0)
		return git_fail(b, c->line, "git-config '%s'", c->key);
	for (j = i; (r = git_config_next(&e, it)) == 0; j = next_same(s, c, j))
		if (j == s->nconfigs || strcmp(e->value, s->configs[j].value)) {
			set_err(b->err, b->errlen, "line %zu: git-config '%s': the "
				"config file holds '%s' instead (libgit2 wrote it "
				"wrongly)", j < s->nconfigs ? s->configs[j].line : c->line,
				c->key, e->value);
			git_config_iterator_free(it);
			return -1;
		}
	git_config_iterator_free(it);
	if (r != GIT_ITEROVER)
		return git_fail(b, c->line, "git-config '%s'", c->key);
	if (j < s->nconfigs) {
		set_err(b->err, b->errlen, "line %zu: git-config '%s': the value is "
			"missing from the config file", s->configs[j].line, c->key);
		return -1;
	}
	return 0;
}

static int write_configs(struct builder *b)
{
	const struct scenario *s = b->s;
	git_config *cfg = NULL, *local = NULL;
	size_t i;
	int r = 0;

	if (!s->nconfigs)
		return 0;
	if (git_repository_config(&cfg, b->repo) < 0 ||
	    git_config_open_level(&local, cfg, GIT_CONFIG_LEVEL_LOCAL) < 0)
		r = git_fail(b, s->configs[0].line, "git-config: the repository's config");
	for (i = 0; !r && i < s->nconfigs; i++)
		if (!repeated(s, i) &&
		    git_config_set_string(local, s->configs[i].key, s->configs[i].value) < 0)
			r = git_fail(b, s->configs[i].line, "git-config '%s'",
				     s->configs[i].key);
	git_config_free(local);
	git_config_free(cfg);
	local = cfg = NULL;
	if (!r)
		r = append_repeats(b);
	/* read back from a fresh handle: the file as it now is */
	if (!r && (git_repository_config(&cfg, b->repo) < 0 ||
		   git_config_open_level(&local, cfg, GIT_CONFIG_LEVEL_LOCAL) < 0))
		r = git_fail(b, s->configs[0].line, "git-config: the repository's config");
	for (i = 0; !r && i < s->nconfigs; i++)
		r = check_config(b, local, i);
	git_config_free(local);
	git_config_free(cfg);
	return r;
}

static int export_ids(struct builder *b, struct build_ids *ids)
{
	size_t i, n = b->s->ncommits;

	ids->hex = calloc(n ? n : 1, sizeof *ids->hex);
	if (!ids->hex) {
		set_err(b->err, b->errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++)
		git_oid_tostr(ids->hex[i], sizeof ids->hex[i], &b->oids[i]);
	ids->n = n;
	return 0;
}

int build_repo(const struct scenario *s, const char *dir,
	       struct build_ids *ids, char *err, size_t errlen)
{
	struct builder b = { s, NULL, NULL, err, errlen };
	int r = -1;

	memset(ids, 0, sizeof *ids);
	if (git_libgit2_init() < 0) {
		set_err(err, errlen, "cannot initialise libgit2");
		return -1;
	}
	b.oids = calloc(s->ncommits ? s->ncommits : 1, sizeof *b.oids);
	if (!b.oids)
		set_err(err, errlen, "out of memory");
	else if (!check_fresh(&b, dir) && !make_repo(&b, dir) && !run_ops(&b) &&
		 !make_refs(&b) && !checkout(&b) && !write_files(&b) &&
		 !write_configs(&b) && !export_ids(&b, ids))
		r = 0;
	free(b.oids);
	git_repository_free(b.repo);
	git_libgit2_shutdown();
	return r;
}

const char *build_ids_label(const struct scenario *s,
			    const struct build_ids *ids, const char *hex)
{
	size_t i;

	for (i = 0; hex && i < ids->n; i++)
		if (!strcasecmp(ids->hex[i], hex))
			return scenario_label(s, i);
	return NULL;
}

void build_ids_release(struct build_ids *ids)
{
	free(ids->hex);
	ids->hex = NULL;
	ids->n = 0;
}
