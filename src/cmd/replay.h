/*
 * replay.h — a command run again on a repository that did not change prints
 * the answer it printed before (cache/answers.h), without reading history.
 *
 * The key is the SHA-1 of what the output depends on: the program (the
 * executable's file: another build is another key; libgit2's version),
 * the command line, the current directory, the environment variables
 * regtrace, libgit2 and git read (GIT_*, REGTRACE_*, HOME, XDG_CONFIG_HOME,
 * the terminal's: TERM, NO_COLOR, PAGER, LESS, LV, COLUMNS, the locale's,
 * TZ, SOURCE_DATE_EPOCH), which of stdin, stdout and stderr are terminals,
 * and the repository's state (git/answer_key.h).  Only the commands that
 * write to stdout are replayed (not report or export, which write files,
 * nor affected --stdin, which reads its input, nor a command line naming a
 * reflog entry, NAME@{...}: reflogs and the clock are not in the key), only
 * an output that exited 0 is kept, and REGTRACE_NO_CACHE or
 * REGTRACE_NO_ANSWERS turns replay off.
 * Where no key can be made (no /proc/self/exe, a store with alternates),
 * the command simply runs.
 *
 * On a miss the command writes to a stream (struct run's out) that passes
 * every write to stdout at once and keeps a copy (up to ANSWERS_MAX_BYTES:
 * a larger output is not kept); when the command exited 0, main keeps the
 * copy with what went to stderr (the warnings).  A progress line is never
 * kept.
 */
#ifndef REGTRACE_REPLAY_H
#define REGTRACE_REPLAY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <git2.h>

#include "base/codec.h"
#include "cache/answers.h"
#include "cmd/cli.h"

struct replay {
	int on;			/* a key was made: found, or to keep */
	uint8_t key[20];
	struct wbuf head;	/* the key's bytes before the repository's (the
				   program, the words, the terminals as they were
				   at the start: a pager makes stdout a pipe) */
	git_repository *repo;	/* the repository's part, made again at the end */
	char *dir;		/* <git dir>/regtrace-answers */
	int found;
	struct answer hit;
	FILE *out;		/* a miss: the command's stream, to stdout and */
	struct wbuf copy;	/* ... a copy of what it wrote, to keep */
	int same_at_end;	/* the key made again when it ended was key */
};

/* Does cmd's output on c's words qualify (above)? */
int replay_wanted(const struct cli *c, unsigned needs);

/* Make the key for c's words on repo, and look for its answer; r->on says
 * whether a key was made, r->found whether an answer was found. */
void replay_find(struct replay *r, const struct cli *c, git_repository *repo);

/* The stream a missed command writes to (r on: stdout and a copy; else
 * stdout itself). */
FILE *replay_capture(struct replay *r);

/* A missed command ended with rc: its stream closed.  rc, or RT_EFAIL with
 * err set when stdout could not take what was left.  When it succeeded, the
 * key is made again now, as the command ended (before the run's caches are
 * saved, which it does not depend on: they are saved meanwhile). */
int replay_flush(struct replay *r, int rc, char *err, size_t errlen);

/* Keep the answer: status, the output copied, err[0..nerr) as its stderr;
 * only when the key made again by replay_flush was the same (nothing it
 * depends on changed while the command ran: a fetch moving refs, a
 * repack). */
void replay_keep(struct replay *r, int status, const char *err, size_t nerr);

/* Print the answer found (through the pager when one runs): its status, or
 * RT_EFAIL with err set when stdout could not take it. */
int replay_print(struct replay *r, char *err, size_t errlen);

void replay_release(struct replay *r);

/* What a series' summary is kept under besides its range (load/series_set.h):
 * the program, the command line, the current directory and environment as
 * in an answer's key (not the terminals, not REGTRACE_NO_ANSWERS), and the
 * repository's settings (git/answer_key.h: answer_key_settings), as a
 * digest into key: 0, or -1 when none can be made. */
int replay_summary_key(const struct cli *c, git_repository *repo, uint8_t key[20]);

#endif
