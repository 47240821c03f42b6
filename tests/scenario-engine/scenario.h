/*
 * scenario.h — a scenario file (FORMAT.md beside this file), parsed.
 *
 * scenario_parse() reads a whole scenario file (any bytes, not NUL-terminated)
 * and either fills *out with the operations that build its history, in file
 * order, its range, its extra runs, files, config entries and expectations,
 * and returns 0; or returns -1 with a one-line message "line N: ..." in err.
 * Every REF and LABEL is resolved to a commit number while parsing, and every
 * run's placeholders are checked, so a parsed scenario can always be built
 * and run.  Pure: no libgit2, no I/O, no global state;
 * memory is linear in the input's size.  scenario_release() frees everything
 * (it is safe after a failed parse, and twice).
 *
 * scenario_expand() replaces {LABEL}, {LABEL:N} and {{ in a message, asking a
 * callback for each label's id.
 */
#ifndef REGTRACE_SCENARIO_H
#define REGTRACE_SCENARIO_H

#include <stddef.h>

#define SCENARIO_HEX 40			/* hex digits of a full commit id */
#define SCENARIO_NONE ((size_t)-1)	/* no commit */

enum scenario_op_kind {
	SCENARIO_OP_BRANCH,
	SCENARIO_OP_COMMIT,
	SCENARIO_OP_TAG,
	SCENARIO_OP_ANNOTATED_TAG,
};

struct scenario_op {
	enum scenario_op_kind kind;
	size_t line;		/* line of the directive, from 1 */
	char *name;		/* branch or tag name; commit label */
	/* COMMIT: its number n (from 0, as in the dates); TAG, ANNOTATED_TAG:
	 * the commit tagged; BRANCH: the commit a new branch starts at, or
	 * SCENARIO_NONE (no commit yet, or an existing branch) */
	size_t commit;
	int created;		/* BRANCH: this line made the branch */
	size_t *parents;	/* COMMIT: parent commit numbers, first first */
	size_t nparents, parents_cap;
	char *message;		/* COMMIT: placeholders unexpanded; each line
				 * ends in '\n'; no NUL inside */
	size_t message_len;
	char *author;		/* COMMIT: the author's email (author EMAIL),
				 * or NULL for the default one */
	char *change;		/* COMMIT: the file it adds (change NAME), or
				 * NULL for its label */
};

/* A branch as it stands after the whole file. */
struct scenario_branch {
	char *name;
	size_t tip;		/* commit number, or SCENARIO_NONE */
	size_t line;		/* where it was made */
};

/* An extra regtrace invocation: run NAME ARGS... */
struct scenario_run {
	char *name;
	size_t line;
	char **args;		/* unquoted; placeholders not yet expanded */
	size_t nargs, args_cap;
	int expect_exit;	/* 0 unless expect-exit-run */
	size_t expect_exit_line;	/* 0: no expect-exit-run line */
	char *stdin_path;	/* stdin-run: its standard input, a path in the
				   work tree; NULL: /dev/null */
};

/* file PATH: written into the work tree after the build. */
struct scenario_file {
	char *path;		/* relative, checked: no '.', '..' or '.git' part */
	char *content;		/* each line ends in '\n'; no NUL inside */
	size_t len, line;
};

/* git-config KEY VALUE: set in the built repository's config. */
struct scenario_config {
	char *key, *value;	/* value unquoted; may be empty */
	size_t line;
};

enum scenario_expect_kind {
	SCENARIO_EXPECT_KEY,		/* expect KEY VALUE */
	SCENARIO_EXPECT_ROW,		/* expect-row KIND FIX TARGET ... */
	SCENARIO_EXPECT_RELEASE,	/* expect-release LABEL RELEASE */
	SCENARIO_EXPECT_STDERR,		/* expect-stderr TEXT */
	SCENARIO_EXPECT_JSON,		/* expect-json NAME PATH VALUE */
	SCENARIO_EXPECT_TEXT,		/* expect-text NAME TEXT */
	SCENARIO_EXPECT_STDERR_RUN,	/* expect-stderr-run NAME TEXT */
	SCENARIO_EXPECT_EXIT_RUN,	/* expect-exit-run NAME N (also copied
					 * into the run's expect_exit) */
	SCENARIO_EXPECT_QUIET_RUN,	/* expect-quiet-run NAME: nothing on
					 * its stderr */
};

enum scenario_value_kind { SCENARIO_VALUE_INT, SCENARIO_VALUE_DECIMAL,
			   SCENARIO_VALUE_NULL, SCENARIO_VALUE_TRUE,
			   SCENARIO_VALUE_FALSE, SCENARIO_VALUE_STRING,
			   SCENARIO_VALUE_ID };

/* One step of an expect-json PATH: .key or [index]. */
struct scenario_step {
	char *key;		/* NULL: an index step */
	size_t index;
};

enum scenario_same { SCENARIO_SAME_ANY, SCENARIO_SAME_TRUE,
		     SCENARIO_SAME_FALSE };

struct scenario_expect {
	enum scenario_expect_kind kind;
	size_t line;
	char *reason;		/* the line's '#' comment, trimmed; "" if none */
	/* KEY, JSON */
	char *key, *value;	/* value as written */
	enum scenario_value_kind vkind;	/* KEY: INT, DECIMAL or NULL */
	long long ival;
	double dval;
	/* ROW */
	char *row_kind;		/* fix revert reapply duplicate preemptive
				 * ambiguous */
	size_t fix, target;	/* commit numbers; target SCENARIO_NONE: '-' */
	size_t *cands;		/* ambiguous: candidate commits, distinct */
	size_t ncands;
	enum scenario_same same;
	/* RELEASE: the commit; JSON ID value: the commit named */
	size_t commit;
	char *release;
	/* STDERR, STDERR_RUN, TEXT: the text; JSON STRING: the string */
	char *text;
	size_t text_len;
	/* JSON, TEXT, STDERR_RUN, EXIT_RUN, QUIET_RUN: index in runs */
	size_t run;
	/* JSON: the path (key holds it as written, value the VALUE as
	 * written); len_of: compare the size of what PATH names; ID: the
	 * first id_digits hex digits of commit's id */
	struct scenario_step *steps;
	size_t nsteps;
	int len_of;
	size_t id_digits;
	/* EXIT_RUN: the status, in ival */
};

struct scenario {
	struct scenario_op *ops;		/* in file order */
	size_t nops, ops_cap;
	size_t *commit_ops;		/* commit number -> index in ops */
	size_t ncommits, commit_ops_cap;
	struct scenario_branch *branches;	/* in order made; [0] is HEAD */
	size_t nbranches, branches_cap;
	char *range;			/* NULL when there is none (then
					 * there are runs) */
	size_t range_line;
	struct scenario_run *runs;		/* in file order */
	size_t nruns, runs_cap;
	struct scenario_file *files;		/* in file order */
	size_t nfiles, files_cap;
	struct scenario_config *configs;	/* in file order */
	size_t nconfigs, configs_cap;
	int expect_exit;			/* 0 unless expect-exit */
	size_t expect_exit_line;		/* 0: no expect-exit line */
	struct scenario_expect *expects;	/* in file order */
	size_t nexpects, expects_cap;
};

int scenario_parse(const char *text, size_t len, struct scenario *out,
		   char *err, size_t errlen);
void scenario_release(struct scenario *s);

/* The label of commit n, or NULL when there is no such commit. */
const char *scenario_label(const struct scenario *s, size_t n);

/* The id of the commit labelled label[0..len) (40 hex digits, NUL-ended),
 * or NULL when there is none to name. */
typedef const char *(*scenario_lookup_fn)(void *ctx, const char *label,
					  size_t len);

/*
 * Expand text[0..len) into a fresh NUL-ended *out of *outlen bytes (free()
 * it).  out and outlen may be NULL to check only.  Returns 0, or -1 with a
 * message in err ("column C: ...", columns from 1): a '{' that starts no
 * placeholder, N outside 7..40, a label the callback does not know.
 */
int scenario_expand(const char *text, size_t len, scenario_lookup_fn lookup,
		    void *ctx, char **out, size_t *outlen,
		    char *err, size_t errlen);

#endif
