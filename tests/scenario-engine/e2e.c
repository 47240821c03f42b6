/*
 * e2e --regtrace PATH --work DIR FILE... — the end-to-end runner.
 *
 * For each scenario file: parse it, build it into DIR/NAME (NAME: the file's
 * base name less ".scenario"; an old DIR/NAME is removed first); when it has
 * a range, run `PATH -C DIR/NAME stats --json RANGE` and `... fixes --json
 * RANGE`; run each `run RUN ARGS...` line as `PATH -C DIR/NAME ARGS...` (no
 * shell; outputs kept in DIR/NAME.{stats,fixes,run-RUN}.{out,err}) and
 * check every expectation of the file.  A command expected to fail must
 * also fail as doc/usage.md promises: nothing on stdout, one line on stderr
 * starting "regtrace: ".  Prints "ok NAME", or "FAIL NAME" and one indented
 * line per failed expectation, then "N passed, M failed".
 * Exit status: 0 when every scenario passed, 1 otherwise, 2 on a usage error.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "build.h"
#include "scenario.h"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

extern char **environ;

#define TIMEOUT_MS 120000	/* per command */
#define TICK_MS 5
#define SNIPPET 160		/* bytes of stderr quoted in a failure */
#define EPSILON 1e-9

struct options {
	const char *regtrace, *work;
	char **files;
	int nfiles;
};

/* What one regtrace command did. */
struct run {
	const char *cmd;	/* "stats", "fixes" or "run NAME" */
	const char *stdin_path;	/* its standard input; NULL: /dev/null */
	char why[256];		/* why it could not be run or read; "" */
	int timed_out;
	int status;		/* from waitpid */
	char *out, *err;	/* NUL-ended */
	size_t outlen, errlen;
};

/* The scenario being checked, and its failure lines. */
struct check {
	const struct scenario *s;
	const struct build_ids *ids;
	FILE *log;
	unsigned nfail;
};

/* One row of `fixes --json`; the json_t are borrowed from its document. */
struct row {
	const char *kind;
	json_t *fix, *target, *cands;	/* target NULL: null or absent */
	int same;			/* same_release: 1, 0, -1 absent */
	int used;
};

/* ---- failure lines ------------------------------------------------------ */

static void begin(struct check *c, const struct scenario_expect *e)
{
	fputs("    ", c->log);
	if (e)
		fprintf(c->log, "line %zu: ", e->line);
}

static void end(struct check *c, const struct scenario_expect *e)
{
	if (e && e->reason[0])
		fprintf(c->log, "  # %s", e->reason);
	fputc('\n', c->log);
	c->nfail++;
}

PRINTF_LIKE(3, 4)
static void say(struct check *c, const struct scenario_expect *e,
		const char *fmt, ...)
{
	va_list ap;

	begin(c, e);
	va_start(ap, fmt);
	vfprintf(c->log, fmt, ap);
	va_end(ap);
	end(c, e);
}

/* The first line of s, printable and bounded, in buf. */
static const char *first_line(const char *s, char buf[SNIPPET + 4])
{
	size_t i;

	for (i = 0; s && s[i] && s[i] != '\n' && i < SNIPPET; i++)
		buf[i] = (unsigned char)s[i] >= 0x20 && s[i] != 0x7f ? s[i] : '?';
	strcpy(buf + i, s && s[i] && s[i] != '\n' ? "..." : "");
	return i ? buf : "(empty)";
}

/* ---- files and directories ------------------------------------------------ */

static char *concat(const char *a, const char *b, const char *c)
{
	size_t na = strlen(a), nb = strlen(b), nc = strlen(c);
	char *s = malloc(na + nb + nc + 1);

	if (s) {
		memcpy(s, a, na);
		memcpy(s + na, b, nb);
		memcpy(s + na + nb, c, nc + 1);
	}
	return s;
}

static int mkdir_p(const char *path)
{
	char *p = strdup(path), *slash;
	int r = -1;

	if (!p)
		return -1;
	for (slash = strchr(p + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(p, 0777) && errno != EEXIST)
			goto out;
		*slash = '/';
	}
	r = mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
out:
	free(p);
	return r;
}

static int remove_tree(const char *path);

static int remove_entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *de;
	char *child;
	int r = 0;

	if (!d)
		return -1;
	while (!r && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		child = concat(path, "/", de->d_name);
		r = child ? remove_tree(child) : -1;
		free(child);
	}
	closedir(d);
	return r;
}

/* rm -rf path, never following symbolic links. */
static int remove_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	return remove_entries(path) ? -1 : rmdir(path);
}

/* ---- running regtrace ----------------------------------------------------- */

/* Wait for pid; kill it after TIMEOUT_MS.  1 if it timed out, -1 if it
 * cannot be waited for. */
static int wait_child(pid_t pid, int *status)
{
	struct timespec tick = { 0, TICK_MS * 1000000L };
	long waited;
	pid_t w;

	for (waited = 0;; waited += TICK_MS) {
		w = waitpid(pid, status, WNOHANG);
		if (w == pid)
			return 0;
		if (w < 0 && errno != EINTR)
			return -1;
		if (waited >= TIMEOUT_MS) {
			kill(pid, SIGKILL);
			waitpid(pid, status, 0);
			return 1;
		}
		nanosleep(&tick, NULL);
	}
}

static int spawn(const struct options *o, char *const argv[], const char *inpath,
		 const char *outpath, const char *errpath, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	int r = posix_spawn_file_actions_init(&fa);

	if (r)
		return r;
	r = posix_spawn_file_actions_addopen(&fa, 0, inpath ? inpath : "/dev/null", O_RDONLY, 0);
	if (!r)
		r = posix_spawn_file_actions_addopen(&fa, 1, outpath,
						     O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (!r)
		r = posix_spawn_file_actions_addopen(&fa, 2, errpath,
						     O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (!r)
		r = posix_spawnp(pid, o->regtrace, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return r;
}

/* Run argv, its output going to base.out and base.err; r->why says what
 * went wrong. */
static void run_argv(const struct options *o, char *const argv[],
		     const char *base, struct run *r)
{
	char *o_path = NULL, *e_path = NULL;
	char err[200];
	pid_t pid;
	int e;

	if (!base || !(o_path = concat(base, ".out", "")) ||
	    !(e_path = concat(base, ".err", ""))) {
		snprintf(r->why, sizeof r->why, "out of memory");
		goto out;
	}
	if ((e = spawn(o, argv, r->stdin_path, o_path, e_path, &pid))) {
		snprintf(r->why, sizeof r->why, "cannot run %s: %s", o->regtrace,
			 strerror(e));
		goto out;
	}
	r->timed_out = wait_child(pid, &r->status);
	if (r->timed_out < 0) {
		snprintf(r->why, sizeof r->why, "cannot wait for it: %s",
			 strerror(errno));
		goto out;
	}
	if (build_read_file(o_path, &r->out, &r->outlen, err, sizeof err) ||
	    build_read_file(e_path, &r->err, &r->errlen, err, sizeof err))
		snprintf(r->why, sizeof r->why, "cannot read its output: %s", err);
out:
	free(o_path);
	free(e_path);
}

/* Run `regtrace -C repo CMD --json RANGE`. */
static void run_cmd(const struct options *o, const char *repo,
		    const char *range, struct run *r)
{
	char *argv[] = { (char *)o->regtrace, "-C", (char *)repo,
			 (char *)r->cmd, "--json", (char *)range, NULL };
	char *base = concat(repo, ".", r->cmd);

	run_argv(o, argv, base, r);
	free(base);
}

/* A whole-repository run that left series out (doc/usage.md): its output,
 * and a line on stderr for each series left out. */
#define PARTIAL_EXIT 3

/* An error as doc/usage.md promises it: nothing on stdout, one line on
 * stderr starting "regtrace: ". */
static void check_error_shape(struct check *c, const struct run *r)
{
	static const char prefix[] = "regtrace: ";
	const char *nl = r->err ? memchr(r->err, '\n', r->errlen) : NULL;
	char snip[SNIPPET + 4];

	if (r->outlen)
		say(c, NULL, "%s: failed but printed on stdout: %s", r->cmd,
		    first_line(r->out, snip));
	if (!r->errlen || strncmp(r->err, prefix, sizeof prefix - 1) || !nl ||
	    (size_t)(nl - r->err) + 1 != r->errlen)
		say(c, NULL, "%s: an error must be one line on stderr starting "
		    "'regtrace: ', got %zu bytes: %s", r->cmd, r->errlen,
		    first_line(r->err, snip));
}

/* 0 if r ran and exited with status want. */
static int check_exit(struct check *c, const struct run *r, int want)
{
	char snip[SNIPPET + 4];

	if (r->why[0]) {
		say(c, NULL, "%s: %s", r->cmd, r->why);
		return -1;
	}
	if (r->timed_out) {
		say(c, NULL, "%s: killed after %d s without an answer", r->cmd,
		    TIMEOUT_MS / 1000);
		return -1;
	}
	if (WIFEXITED(r->status) && WEXITSTATUS(r->status) == want) {
		if (want && want != PARTIAL_EXIT)
			check_error_shape(c, r);
		return 0;
	}
	if (WIFSIGNALED(r->status))
		say(c, NULL, "%s: expected exit status %d, got killed by signal %d; "
		    "stderr: %s", r->cmd, want, WTERMSIG(r->status),
		    first_line(r->err, snip));
	else
		say(c, NULL, "%s: expected exit status %d, got %d; stderr: %s",
		    r->cmd, want, WEXITSTATUS(r->status), first_line(r->err, snip));
	return -1;
}

static void check_stderr(struct check *c, const struct run *r)
{
	const struct scenario_expect *e;
	char snip[SNIPPET + 4];
	size_t i;

	for (i = 0; i < c->s->nexpects; i++) {
		e = &c->s->expects[i];
		if (e->kind == SCENARIO_EXPECT_STDERR &&
		    (!r->err || !strstr(r->err, e->text)))
			say(c, e, "stats' stderr: expected it to contain '%s', got '%s'",
			    e->text, first_line(r->err, snip));
	}
}

/* ---- stats ------------------------------------------------------------------ */

static int value_matches(const struct scenario_expect *e, const json_t *v)
{
	double d;

	switch (e->vkind) {
	case SCENARIO_VALUE_NULL:
		return json_is_null(v);
	case SCENARIO_VALUE_INT:
		if (json_is_integer(v))
			return json_integer_value(v) == e->ival;
		return json_is_real(v) && json_real_value(v) == (double)e->ival;
	case SCENARIO_VALUE_DECIMAL:
		d = json_number_value(v) - e->dval;
		return json_is_number(v) && d <= EPSILON && d >= -EPSILON;
	default:
		return 0;	/* not a number or null: json_value_matches() */
	}
}

static void check_key(struct check *c, const struct scenario_expect *e,
		      const json_t *series0)
{
	json_t *v = json_object_get(series0, e->key);
	char *got;

	if (!v) {
		say(c, e, "%s: expected %s, got no such key", e->key, e->value);
		return;
	}
	if (value_matches(e, v))
		return;
	got = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	say(c, e, "%s: expected %s, got %s", e->key, e->value, got ? got : "?");
	free(got);
}

static void check_stats(struct check *c, const struct run *r)
{
	json_error_t je;
	json_t *root = json_loadb(r->out, r->outlen, JSON_REJECT_DUPLICATES, &je);
	json_t *s0 = json_array_get(json_object_get(root, "series"), 0);
	size_t i;

	if (!root)
		say(c, NULL, "stats: output is not JSON: %s (line %d)", je.text,
		    je.line);
	else if (!json_is_object(s0))
		say(c, NULL, "stats: output has no series[0] object");
	else
		for (i = 0; i < c->s->nexpects; i++)
			if (c->s->expects[i].kind == SCENARIO_EXPECT_KEY)
				check_key(c, &c->s->expects[i], s0);
	json_decref(root);
}

/* ---- fixes ------------------------------------------------------------------ */

static const char *id_of(const json_t *commit)
{
	return json_string_value(json_object_get(commit, "id"));
}

static const char *release_of(const json_t *commit)
{
	return json_string_value(json_object_get(commit, "release"));
}

static int is_commit(const json_t *commit, const char *hex)
{
	const char *id = id_of(commit);

	return id && !strcasecmp(id, hex);
}

/* Print a commit as its label, else its id's first 12 digits. */
static void put_commit(struct check *c, const json_t *commit)
{
	const char *id = id_of(commit);
	const char *label = build_ids_label(c->s, c->ids, id);

	if (!commit)
		fputs("-", c->log);
	else if (label)
		fputs(label, c->log);
	else
		fprintf(c->log, "%.12s", id ? id : "?");
}

static void put_row(struct check *c, const struct row *r)
{
	const char *rel = release_of(r->fix), *trel = release_of(r->target);
	size_t i;

	fprintf(c->log, "%s ", r->kind);
	put_commit(c, r->fix);
	fputs(" -> ", c->log);
	put_commit(c, r->target);
	for (i = 0; i < json_array_size(r->cands); i++) {
		fputs(i ? "," : " candidates ", c->log);
		put_commit(c, json_array_get(r->cands, i));
	}
	fprintf(c->log, " (%s", rel ? rel : "null");
	if (r->target)
		fprintf(c->log, " -> %s", trel ? trel : "null");
	if (r->same >= 0)
		fputs(r->same ? ", same" : ", visible", c->log);
	fputs(")", c->log);
}

static void put_expected_row(struct check *c, const struct scenario_expect *e)
{
	size_t i;

	fprintf(c->log, "%s %s -> %s", e->row_kind, scenario_label(c->s, e->fix),
		e->target == SCENARIO_NONE ? "-" : scenario_label(c->s, e->target));
	for (i = 0; i < e->ncands; i++)
		fprintf(c->log, "%s%s", i ? "," : " candidates ",
			scenario_label(c->s, e->cands[i]));
	if (e->same != SCENARIO_SAME_ANY)
		fputs(e->same == SCENARIO_SAME_TRUE ? " same" : " visible", c->log);
}

static int load_rows(struct check *c, json_t *root, struct row **rows,
		     size_t *n)
{
	json_t *arr = json_object_get(root, "fixes"), *x, *same, *t;
	size_t i;

	*rows = NULL;
	*n = json_array_size(arr);
	if (!json_is_array(arr) || !(*rows = calloc(*n + 1, sizeof **rows))) {
		say(c, NULL, "fixes: output has no \"fixes\" array");
		return -1;
	}
	for (i = 0; i < *n; i++) {
		struct row *r = &(*rows)[i];

		x = json_array_get(arr, i);
		same = json_object_get(x, "same_release");
		t = json_object_get(x, "target");
		r->kind = json_string_value(json_object_get(x, "kind"));
		r->fix = json_object_get(x, "fix");
		r->target = json_is_null(t) ? NULL : t;
		r->cands = json_object_get(x, "candidates");
		r->same = json_is_boolean(same) ? json_is_true(same) : -1;
		if (!r->kind || !id_of(r->fix))
			say(c, NULL, "fixes: row %zu has no kind or no fix.id", i);
		if (!r->kind)
			r->kind = "?";
	}
	return 0;
}

static int cands_match(const struct check *c, const struct scenario_expect *e,
		       const json_t *cands)
{
	size_t i, j, n = json_array_size(cands);
	int found;

	if (n != e->ncands)
		return 0;
	for (i = 0; i < e->ncands; i++) {
		for (found = 0, j = 0; j < n && !found; j++)
			found = is_commit(json_array_get(cands, j),
					  c->ids->hex[e->cands[i]]);
		if (!found)
			return 0;
	}
	return 1;
}

static int row_matches(const struct check *c, const struct scenario_expect *e,
		       const struct row *r, int with_same)
{
	const struct build_ids *ids = c->ids;

	if (strcmp(r->kind, e->row_kind) || !is_commit(r->fix, ids->hex[e->fix]))
		return 0;
	if (e->target == SCENARIO_NONE ? r->target != NULL
				       : !is_commit(r->target, ids->hex[e->target]))
		return 0;
	if (e->ncands && !cands_match(c, e, r->cands))
		return 0;
	if (!with_same || e->same == SCENARIO_SAME_ANY)
		return 1;
	return r->same == (e->same == SCENARIO_SAME_TRUE);
}

/* Match expected rows (qualified by same/visible, or not) to unused rows. */
static void match_pass(struct check *c, struct row *rows, size_t n,
		       char *matched, int qualified)
{
	const struct scenario_expect *e;
	size_t i, j;

	for (i = 0; i < c->s->nexpects; i++) {
		e = &c->s->expects[i];
		if (e->kind != SCENARIO_EXPECT_ROW || matched[i] ||
		    (e->same != SCENARIO_SAME_ANY) != qualified)
			continue;
		for (j = 0; j < n && !matched[i]; j++)
			if (!rows[j].used && row_matches(c, e, &rows[j], 1))
				rows[j].used = matched[i] = 1;
	}
}

static void report_missing(struct check *c, const struct scenario_expect *e,
			   struct row *rows, size_t n)
{
	size_t j;

	begin(c, e);
	for (j = 0; j < n; j++)
		if (!rows[j].used && row_matches(c, e, &rows[j], 0))
			break;
	fputs("row ", c->log);
	put_expected_row(c, e);
	if (j == n) {
		fputs(": expected it, got no such row", c->log);
	} else {
		rows[j].used = 1;
		fprintf(c->log, ": expected same_release %s, got %s",
			e->same == SCENARIO_SAME_TRUE ? "true" : "false",
			rows[j].same < 0 ? "none" : rows[j].same ? "true" : "false");
	}
	end(c, e);
}

static void match_rows(struct check *c, struct row *rows, size_t n)
{
	char *matched = calloc(c->s->nexpects + 1, 1);
	size_t i;

	if (!matched) {
		say(c, NULL, "fixes: out of memory");
		return;
	}
	match_pass(c, rows, n, matched, 1);
	match_pass(c, rows, n, matched, 0);
	for (i = 0; i < c->s->nexpects; i++)
		if (c->s->expects[i].kind == SCENARIO_EXPECT_ROW && !matched[i])
			report_missing(c, &c->s->expects[i], rows, n);
	for (i = 0; i < n; i++)
		if (!rows[i].used) {
			begin(c, NULL);
			fputs("unexpected row: ", c->log);
			put_row(c, &rows[i]);
			end(c, NULL);
		}
	free(matched);
}

/* The k-th commit a row names: fix, target, then candidates; NULL past. */
static const json_t *row_commit(const struct row *r, size_t k)
{
	if (k == 0)
		return r->fix;
	if (k == 1)
		return r->target;
	return json_array_get(r->cands, k - 2);
}

static void check_release(struct check *c, const struct scenario_expect *e,
			  const struct row *rows, size_t n)
{
	const char *hex = c->ids->hex[e->commit], *rel, *seen[8];
	const json_t *x;
	size_t i, k, nseen = 0, s;

	for (i = 0; i < n; i++)
		for (k = 0; k < 2 + json_array_size(rows[i].cands); k++) {
			x = row_commit(&rows[i], k);
			if (!is_commit(x, hex))
				continue;
			rel = release_of(x) ? release_of(x) : "null";
			if (!strcmp(rel, e->release))
				return;
			for (s = 0; s < nseen && strcmp(seen[s], rel); s++)
				;
			if (s == nseen && nseen < sizeof seen / sizeof *seen)
				seen[nseen++] = rel;
		}
	begin(c, e);
	fprintf(c->log, "release of %s: expected %s, got ",
		scenario_label(c->s, e->commit), e->release);
	if (!nseen)
		fputs("no row naming it", c->log);
	for (s = 0; s < nseen; s++)
		fprintf(c->log, "%s%s", s ? ", " : "", seen[s]);
	end(c, e);
}

static void check_fixes(struct check *c, const struct run *r)
{
	json_error_t je;
	json_t *root = json_loadb(r->out, r->outlen, JSON_REJECT_DUPLICATES, &je);
	struct row *rows = NULL;
	size_t n = 0, i;
	int any_row = 0;

	if (!root) {
		say(c, NULL, "fixes: output is not JSON: %s (line %d)", je.text,
		    je.line);
		return;
	}
	if (!load_rows(c, root, &rows, &n)) {
		for (i = 0; i < c->s->nexpects; i++) {
			const struct scenario_expect *e = &c->s->expects[i];

			if (e->kind == SCENARIO_EXPECT_RELEASE)
				check_release(c, e, rows, n);
			any_row |= e->kind == SCENARIO_EXPECT_ROW;
		}
		if (any_row)
			match_rows(c, rows, n);
	}
	free(rows);
	json_decref(root);
}

/* ---- run lines ------------------------------------------------------------ */

struct id_ctx {
	const struct scenario *s;
	const struct build_ids *ids;
};

static const char *label_id(void *ctx, const char *label, size_t len)
{
	const struct id_ctx *x = ctx;
	const char *name;
	size_t n;

	for (n = 0; n < x->ids->n; n++) {
		name = scenario_label(x->s, n);
		if (strlen(name) == len && !memcmp(name, label, len))
			return x->ids->hex[n];
	}
	return NULL;
}

/* Where haystack[0..n) holds needle[0..k), or NULL. */
static const char *find_bytes(const char *hay, size_t n, const char *needle,
			      size_t k)
{
	size_t i;

	if (!k)
		return hay;
	for (i = 0; hay && i + k <= n; i++)
		if (hay[i] == needle[0] && !memcmp(hay + i, needle, k))
			return hay + i;
	return NULL;
}

/* Steps [0..k) of e's path, as written. */
static void put_steps(struct check *c, const struct scenario_expect *e,
		      size_t k)
{
	size_t i;

	for (i = 0; i < k; i++)
		if (e->steps[i].key)
			fprintf(c->log, "%s%s", i ? "." : "", e->steps[i].key);
		else
			fprintf(c->log, "[%zu]", e->steps[i].index);
	if (!k)
		fputs("(the top)", c->log);
}

/* What e's path names in root, or NULL (reported). */
static json_t *walk(struct check *c, const struct run *r,
		    const struct scenario_expect *e, json_t *root)
{
	const struct scenario_step *st;
	json_t *v = root, *next;
	size_t k;

	for (k = 0; k < e->nsteps; k++, v = next) {
		st = &e->steps[k];
		next = st->key ? json_object_get(v, st->key)
			       : json_array_get(v, st->index);
		if (next)
			continue;
		begin(c, e);
		fprintf(c->log, "%s: %s: expected %s, got no ", r->cmd, e->key,
			e->value);
		if (st->key)
			fprintf(c->log, "key '%s' in ", st->key);
		else
			fprintf(c->log, "element [%zu] (of %zu) in ", st->index,
				json_array_size(v));
		put_steps(c, e, k);
		end(c, e);
		return NULL;
	}
	return v;
}

/* The value as written, and for an id, the id it stands for. */
static void put_want(struct check *c, const struct scenario_expect *e)
{
	fputs(e->value, c->log);
	if (e->vkind == SCENARIO_VALUE_ID)
		fprintf(c->log, " (%.*s)", (int)e->id_digits, c->ids->hex[e->commit]);
}

/* What the document holds, compact and bounded; a label for an id. */
static void put_got(struct check *c, const json_t *v)
{
	char *got = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	const char *label = json_is_string(v)
		? build_ids_label(c->s, c->ids, json_string_value(v)) : NULL;
	size_t n = got ? strlen(got) : 0;

	fprintf(c->log, "%.*s%s", SNIPPET, got ? got : "?", n > SNIPPET ? "..." : "");
	if (label)
		fprintf(c->log, " (%s)", label);
	free(got);
}

static int json_value_matches(const struct check *c,
			      const struct scenario_expect *e, const json_t *v)
{
	const char *str = json_string_value(v);

	switch (e->vkind) {
	case SCENARIO_VALUE_TRUE:
		return json_is_true(v);
	case SCENARIO_VALUE_FALSE:
		return json_is_false(v);
	case SCENARIO_VALUE_STRING:
		return str && json_string_length(v) == e->text_len &&
		       !memcmp(str, e->text, e->text_len);
	case SCENARIO_VALUE_ID:
		return str && strlen(str) == e->id_digits &&
		       !strncasecmp(str, c->ids->hex[e->commit], e->id_digits);
	default:
		return value_matches(e, v);
	}
}

static void check_json(struct check *c, const struct run *r,
		       const struct scenario_expect *e, json_t *root)
{
	json_t *v = walk(c, r, e, root), *size;

	if (!v)
		return;
	if (e->len_of) {
		if (!json_is_array(v) && !json_is_object(v)) {
			begin(c, e);
			fprintf(c->log, "%s: %s: expected %s, got len() of ", r->cmd,
				e->key, e->value);
			put_got(c, v);
			end(c, e);
			return;
		}
		size = json_integer((json_int_t)(json_is_array(v) ? json_array_size(v)
							     : json_object_size(v)));
		if (!size)
			say(c, e, "%s: out of memory", r->cmd);
		else if (!value_matches(e, size))
			say(c, e, "%s: %s: expected %s, got %" JSON_INTEGER_FORMAT,
			    r->cmd, e->key, e->value, json_integer_value(size));
		json_decref(size);
		return;
	}
	if (json_value_matches(c, e, v))
		return;
	begin(c, e);
	fprintf(c->log, "%s: %s: expected ", r->cmd, e->key);
	put_want(c, e);
	fputs(", got ", c->log);
	put_got(c, v);
	end(c, e);
}

static void check_text(struct check *c, const struct run *r,
		       const struct scenario_expect *e, const char *base)
{
	struct id_ctx x = { c->s, c->ids };
	int err = e->kind == SCENARIO_EXPECT_STDERR_RUN;
	const char *hay = err ? r->err : r->out;
	size_t n = err ? r->errlen : r->outlen, tn;
	char snip[SNIPPET + 4], msg[256], *text;

	if (scenario_expand(e->text, e->text_len, label_id, &x, &text, &tn, msg,
			    sizeof msg)) {
		say(c, e, "%s: TEXT: %s", r->cmd, msg);
		return;
	}
	if (!find_bytes(hay, n, text, tn))
		say(c, e, "%s: expected its %s to contain '%s', got %zu bytes "
		    "starting '%s' (all in %s.%s)", r->cmd, err ? "stderr" : "stdout",
		    text, n, first_line(hay, snip), base ? base : "?",
		    err ? "err" : "out");
	free(text);
}

/* The JSON of r, or NULL (reported once, as the failure of every
 * expect-json of the run). */
static json_t *load_json(struct check *c, const struct run *r, size_t i)
{
	json_error_t je;
	json_t *root = json_loadb(r->out, r->outlen, JSON_REJECT_DUPLICATES, &je);
	size_t k;

	if (root)
		return root;
	for (k = 0; k < c->s->nexpects; k++)
		if (c->s->expects[k].kind == SCENARIO_EXPECT_JSON &&
		    c->s->expects[k].run == i)
			say(c, &c->s->expects[k], "%s: output is not JSON: %s "
			    "(line %d)", r->cmd, je.text, je.line);
	return NULL;
}

/* Expand the run's args into argv[3..]; NULL when out of memory or a
 * placeholder fails (reported). */
static char **run_args(const struct options *o, struct check *c,
		       const struct scenario_run *sr, const char *repo)
{
	struct id_ctx x = { c->s, c->ids };
	char **argv = calloc(sr->nargs + 4, sizeof *argv), msg[256];
	size_t k;

	if (!argv) {
		say(c, NULL, "run %s: out of memory", sr->name);
		return NULL;
	}
	argv[0] = strdup(o->regtrace);
	argv[1] = strdup("-C");
	argv[2] = strdup(repo);
	for (k = 0; k < sr->nargs; k++)
		if (scenario_expand(sr->args[k], strlen(sr->args[k]), label_id, &x,
				    &argv[k + 3], NULL, msg, sizeof msg)) {
			say(c, NULL, "line %zu: run %s: argument %zu: %s", sr->line,
			    sr->name, k + 1, msg);
			break;
		}
	if (k == sr->nargs && argv[0] && argv[1] && argv[2])
		return argv;
	if (k == sr->nargs)
		say(c, NULL, "run %s: out of memory", sr->name);
	for (k = 0; k < sr->nargs + 3; k++)
		free(argv[k]);
	free(argv);
	return NULL;
}

static void check_named_run(const struct options *o, struct check *c,
			    const char *repo, size_t i)
{
	const struct scenario_run *sr = &c->s->runs[i];
	char cmd[64], *base = NULL, *in = NULL, **argv = run_args(o, c, sr, repo);
	json_t *root = NULL;
	struct run r;
	size_t k;
	int ok, loaded = 0;

	if (!argv)
		return;
	memset(&r, 0, sizeof r);
	snprintf(cmd, sizeof cmd, "run %s (line %zu)", sr->name, sr->line);
	r.cmd = cmd;
	base = concat(repo, ".run-", sr->name);
	if (sr->stdin_path)
		r.stdin_path = in = concat(repo, "/", sr->stdin_path);
	run_argv(o, argv, base, &r);
	ok = !check_exit(c, &r, sr->expect_exit);
	for (k = 0; !r.why[0] && k < c->s->nexpects; k++) {
		const struct scenario_expect *e = &c->s->expects[k];

		if (e->run != i)
			continue;
		if (e->kind == SCENARIO_EXPECT_STDERR_RUN)
			check_text(c, &r, e, base);
		else if (e->kind == SCENARIO_EXPECT_QUIET_RUN && r.errlen) {
			char snip[SNIPPET + 4];
			say(c, e, "%s: expected nothing on stderr, got '%s' (all in %s.err)",
			    r.cmd, first_line(r.err, snip), base);
		}
		else if (ok && e->kind == SCENARIO_EXPECT_TEXT)
			check_text(c, &r, e, base);
		else if (ok && e->kind == SCENARIO_EXPECT_JSON) {
			if (!loaded++)
				root = load_json(c, &r, i);
			if (root)
				check_json(c, &r, e, root);
		}
	}
	json_decref(root);
	for (k = 0; k < sr->nargs + 3; k++)
		free(argv[k]);
	free(argv);
	free(base);
	free(in);
	free(r.out);
	free(r.err);
}

/* ---- one scenario ----------------------------------------------------------- */

/* stats and fixes of RANGE. */
static void check_range(const struct options *o, struct check *c,
			const char *repo)
{
	struct run st, fx;
	int st_ok, fx_ok;

	memset(&st, 0, sizeof st);
	memset(&fx, 0, sizeof fx);
	st.cmd = "stats";
	fx.cmd = "fixes";
	run_cmd(o, repo, c->s->range, &st);
	run_cmd(o, repo, c->s->range, &fx);
	st_ok = !check_exit(c, &st, c->s->expect_exit);
	fx_ok = !check_exit(c, &fx, c->s->expect_exit);
	if (c->s->expect_exit == 0 && st_ok)
		check_stats(c, &st);
	if (c->s->expect_exit == 0 && fx_ok)
		check_fixes(c, &fx);
	check_stderr(c, &st);
	free(st.out);
	free(st.err);
	free(fx.out);
	free(fx.err);
}

/* The default runs, then every run line. */
static void check_runs(const struct options *o, struct check *c,
		       const char *repo)
{
	size_t i;

	if (c->s->range)
		check_range(o, c, repo);
	for (i = 0; i < c->s->nruns; i++)
		check_named_run(o, c, repo, i);
}

/* Parse, build and check; failures go to c->log. */
static void check_file(const struct options *o, struct check *c,
		       const char *file, const char *repo)
{
	struct scenario s;
	struct build_ids ids = { NULL, 0 };
	char err[512];

	if (build_load(file, &s, err, sizeof err))
		say(c, NULL, "cannot parse %s: %s", file, err);
	else if (remove_tree(repo))
		say(c, NULL, "cannot remove the old %s: %s", repo, strerror(errno));
	else if (build_repo(&s, repo, &ids, err, sizeof err))
		say(c, NULL, "cannot build %s: %s", repo, err);
	else {
		c->s = &s;
		c->ids = &ids;
		check_runs(o, c, repo);
	}
	build_ids_release(&ids);
	scenario_release(&s);
}

/* NAME: the base name of file less ".scenario"; NULL if none is left. */
static char *scenario_name(const char *file)
{
	static const char ext[] = ".scenario";
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	size_t n = strlen(base), e = sizeof ext - 1;
	char *name;

	if (n > e && !strcmp(base + n - e, ext))
		n -= e;
	if (!n || (n == 1 && base[0] == '.') ||
	    (n == 2 && base[0] == '.' && base[1] == '.'))
		return NULL;
	name = malloc(n + 1);
	if (name) {
		memcpy(name, base, n);
		name[n] = '\0';
	}
	return name;
}

/* 0 if the scenario in file passed. */
static int run_scenario(const struct options *o, const char *file)
{
	struct check c = { NULL, NULL, NULL, 0 };
	char *name = scenario_name(file), *repo = NULL, *log = NULL;
	size_t loglen = 0;

	c.log = open_memstream(&log, &loglen);
	if (!c.log) {
		printf("FAIL %s\n    cannot collect failures: %s\n", file,
		       strerror(errno));
		free(name);
		return -1;
	}
	if (!name || !(repo = concat(o->work, "/", name)))
		say(&c, NULL, "no usable scenario name in '%s'", file);
	else
		check_file(o, &c, file, repo);
	fclose(c.log);
	printf("%s %s\n%s", c.nfail ? "FAIL" : "ok", name ? name : file,
	       c.nfail ? log : "");
	fflush(stdout);
	free(log);
	free(repo);
	free(name);
	return c.nfail ? -1 : 0;
}

/* SHARD=K/N (tests/sharded.sh): this process runs the scenarios whose position i among
 * the files has i % N == K, so that N processes share them; unset, every one.  0 when
 * the value is usable. */
static int parse_shard(const char *v, int *k, int *n)
{
	char *end;
	long a, b;

	*k = 0;
	*n = 1;
	if (!v || !*v)
		return 0;
	a = strtol(v, &end, 10);
	if (end == v || *end != '/')
		return -1;
	v = end + 1;
	b = strtol(v, &end, 10);
	if (end == v || *end || b < 1 || b > 64 || a < 0 || a >= b)
		return -1;
	*k = (int)a;
	*n = (int)b;
	return 0;
}

static int parse_args(int argc, char **argv, struct options *o)
{
	int i;

	memset(o, 0, sizeof *o);
	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (i + 1 == argc)
			return -1;
		if (!strcmp(argv[i], "--regtrace"))
			o->regtrace = argv[++i];
		else if (!strcmp(argv[i], "--work"))
			o->work = argv[++i];
		else
			return -1;
	}
	o->files = argv + i;
	o->nfiles = argc - i;
	return o->regtrace && o->work && o->nfiles > 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct options o;
	int i, failed = 0, ran = 0, shard, nshards;

	if (parse_args(argc, argv, &o)) {
		fprintf(stderr, "usage: e2e --regtrace PATH --work DIR FILE...\n");
		return 2;
	}
	if (mkdir_p(o.work)) {
		fprintf(stderr, "e2e: cannot create %s: %s\n", o.work,
			strerror(errno));
		return 1;
	}
	if (parse_shard(getenv("SHARD"), &shard, &nshards)) {
		fprintf(stderr, "e2e: SHARD must be K/N with 0 <= K < N\n");
		return 2;
	}
	for (i = 0; i < o.nfiles; i++) {
		if (i % nshards != shard)
			continue;
		ran++;
		failed += run_scenario(&o, o.files[i]) != 0;
	}
	printf("%d passed, %d failed\n", ran - failed, failed);
	return failed ? 1 : 0;
}
