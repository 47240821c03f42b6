/* replay.c — see replay.h. */
#define _GNU_SOURCE	/* fopencookie */
#include "cmd/replay.h"
#include "cmd/output.h"
#include "cmd/pager.h"
#include "git/answer_key.h"
#include "base/codec.h"
#include "base/error.h"
#include "base/sha1.h"
#include "base/util.h"
#include "base/version.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

extern char **environ;

/* Does a word name a reflog entry (NAME@{N}, @{-1}, HEAD@{yesterday})?  The
 * reflogs and the clock are not in the key. */
static int names_reflog(const struct cli *c)
{
	for (int i = 1; i < c->argc; i++)
		if (strstr(c->argv[i], "@{"))
			return 1;
	return 0;
}

int replay_wanted(const struct cli *c, unsigned needs)
{
	return !(needs & WRITES_FILE) && !c->stdin_ids && !names_reflog(c) &&
	       !getenv("REGTRACE_NO_CACHE") && !getenv("REGTRACE_NO_ANSWERS");
}

/* The program: its executable's file (a rebuilt one is another key) and
 * libgit2's version; 0, or -1 when it cannot be told. */
static int put_program(struct wbuf *w)
{
	struct stat st;
	int v[3] = { 0, 0, 0 };

	if (stat("/proc/self/exe", &st) < 0)
		return -1;
	wbuf_str(w, "regtrace answer key 1");
	wbuf_str(w, REGTRACE_VERSION);
	wbuf_uint(w, (uint64_t)st.st_dev, 8);
	wbuf_uint(w, (uint64_t)st.st_ino, 8);
	wbuf_uint(w, (uint64_t)st.st_size, 8);
	wbuf_uint(w, (uint64_t)st.st_mtim.tv_sec, 8);
	wbuf_uint(w, (uint64_t)st.st_mtim.tv_nsec, 8);
	git_libgit2_version(&v[0], &v[1], &v[2]);
	for (int i = 0; i < 3; i++)
		wbuf_uint(w, (uint64_t)(unsigned)v[i], 4);
	return 0;
}

/* An environment variable the output may depend on (replay.h). */
static int env_counts(const char *e)
{
	static const char *const names[] = {
		"HOME=", "XDG_CONFIG_HOME=", "TERM=", "NO_COLOR=", "PAGER=", "LESS=", "LV=",
		"COLUMNS=", "LANG=", "LANGUAGE=", "TZ=", "SOURCE_DATE_EPOCH=",
	};

	if (!strncmp(e, "GIT_", 4) || !strncmp(e, "REGTRACE_", 9) || !strncmp(e, "LC_", 3))
		return 1;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strncmp(e, names[i], strlen(names[i])))
			return 1;
	return 0;
}

static int by_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The command line, the current directory, the environment and the
 * terminals.  For a summary (made before any output, of the repository's
 * contents) not the terminals, the current directory, -C DIR, nor
 * REGTRACE_NO_ANSWERS.  0, or -1 when the directory cannot be told. */
static int put_invocation(struct wbuf *w, const struct cli *c, int summary)
{
	char *cwd = getcwd(NULL, 0);
	const char **env = NULL;
	size_t n = 0, cap = 0;

	if (!cwd)
		return -1;
	wbuf_str(w, summary ? "" : cwd);	/* (a summary: the repository's contents only) */
	free(cwd);
	wbuf_uint(w, (uint64_t)c->argc, 4);
	for (int i = 1; i < c->argc; i++)
		if (!summary || strncmp(c->argv[i], "-C", 2))
			wbuf_str(w, c->argv[i]);
		else if (!c->argv[i][2])
			i++;	/* (-C DIR: where the repository is, not what) */
	for (char **e = environ; e && *e; e++)
		if (env_counts(*e) && !(summary && !strncmp(*e, "REGTRACE_NO_ANSWERS=", 20))) {
			ARRAY_GROW(env, n, cap);
			env[n++] = *e;
		}
	if (n)
		qsort(env, n, sizeof(*env), by_str);
	wbuf_uint(w, n, 4);
	for (size_t i = 0; i < n; i++)
		wbuf_str(w, env[i]);
	free(env);
	for (int fd = 0; fd < 3 && !summary; fd++)
		wbuf_uint(w, (uint64_t)isatty(fd), 1);
	return 0;
}

/* The key: r's head, then the repository's state now; 0, or -1 when none
 * can be made. */
static int make_key(const struct replay *r, uint8_t key[20])
{
	struct wbuf w = { 0 };
	int rc;

	wbuf_bytes(&w, r->head.b, r->head.len);
	rc = answer_key_repo(r->repo, &w) < 0 || sha1(w.b, w.len, key) < 0 ? -1 : 0;
	free(w.b);
	return rc;
}

void replay_find(struct replay *r, const struct cli *c, git_repository *repo)
{
	const char *gitdir = git_repository_path(repo);

	memset(r, 0, sizeof(*r));
	if (!gitdir || put_program(&r->head) < 0 || put_invocation(&r->head, c, 0) < 0)
		return;	/* (r->head freed with r) */
	r->repo = repo;
	if (make_key(r, r->key) < 0)
		return;
	r->dir = path_join(gitdir, "regtrace-answers");
	r->on = 1;
	r->found = answer_load(r->dir, r->key, &r->hit) == 0;
}

/* The stream of a missed command: each write goes to stdout's descriptor
 * at once (a write error is the command's, as on stdout itself), and into
 * r->copy while the output stays within ANSWERS_MAX_BYTES (past it,
 * nothing is kept: r->on cleared). */
static ssize_t tee_write(void *cookie, const char *buf, size_t n)
{
	struct replay *r = cookie;
	int e = write_all(STDOUT_FILENO, buf, n);

	if (e) {
		errno = e;
		return -1;
	}
	if (r->on && r->copy.len + n > ANSWERS_MAX_BYTES)
		r->on = 0;
	if (r->on)
		wbuf_bytes(&r->copy, buf, n);
	return (ssize_t)n;
}

FILE *replay_capture(struct replay *r)
{
	static const cookie_io_functions_t tee = { NULL, tee_write, NULL, NULL };

	if (!r->on || r->found)
		return stdout;
	if (!r->out && !(r->out = fopencookie(r, "w", tee)))
		r->on = 0;	/* (no memory: the command just runs) */
	return r->on ? r->out : stdout;
}

/* Write p[0..n) to f and flush: 0, or -1 (errno set). */
static int put_all(FILE *f, const void *p, size_t n)
{
	return (n && fwrite(p, 1, n, f) != n) || fflush(f) != 0 ? -1 : 0;
}

int replay_flush(struct replay *r, int rc, char *err, size_t errlen)
{
	int closed;

	if (!r->out)
		return rc;
	/* (the command flushed it: nothing is left, or it said the error) */
	closed = ferror(r->out) ? EOF : 0;
	if (fclose(r->out) != 0)
		closed = EOF;
	r->out = NULL;
	if (closed != 0) {
		r->on = 0;
		if (rc == RT_OK)
			return cmd_write_failed(err, errlen);
	}
	if (rc == RT_OK && r->on && !r->found && r->repo) {
		uint8_t now[20];

		r->same_at_end = make_key(r, now) == 0 && !memcmp(now, r->key, 20);
	}
	return rc;
}

void replay_keep(struct replay *r, int status, const char *err, size_t nerr)
{
	if (r->on && !r->found && r->same_at_end)
		answer_save(r->dir, r->key, status, r->copy.b, r->copy.len, err, nerr);
}

int replay_print(struct replay *r, char *err, size_t errlen)
{
	pager_start();	/* (only when text is to go to a terminal) */
	if (put_all(stdout, r->hit.out, r->hit.nout) < 0)
		return cmd_write_failed(err, errlen);
	if (r->hit.nerr)
		put_all(stderr, r->hit.err, r->hit.nerr);
	return r->hit.status;
}

void replay_release(struct replay *r)
{
	if (r->out)
		fclose(r->out);
	free(r->copy.b);
	free(r->head.b);
	free(r->dir);
	answer_release(&r->hit);
	memset(r, 0, sizeof(*r));
}

int replay_summary_key(const struct cli *c, git_repository *repo, uint8_t key[20])
{
	struct wbuf w = { 0 };
	int rc;

	wbuf_str(&w, "regtrace summaries");
	rc = put_program(&w) < 0 || put_invocation(&w, c, 1) < 0 ||
	     answer_key_settings(repo, &w) < 0 || sha1(w.b, w.len, key) < 0 ? -1 : 0;
	free(w.b);
	return rc;
}
