/*
 * message.h — what a commit message says, as the counting rules read it.
 *
 * msg_parse() reads a raw commit message (any bytes, not NUL-terminated) and
 * returns its facts: the subject (cleaned to printable UTF-8), the upstream
 * ids it names (aliases), its Fixes and revert references, and how many
 * Fixes: lines name no id.  Ids come back as 7..40 lower-case hex digits.
 * Pure: no libgit2, no I/O.  Memory is bounded by the number of ids found,
 * never by the message's size (the subject is capped at MSG_SUBJECT_MAX).
 *
 * Both caches keep these facts (git/cache.h, git/segcache.h): a change to
 * what msg_parse returns for any message must bump FORMAT in git/cache.c
 * and git/segcache.c, or runs keep reading facts of the old rules.
 */
#ifndef REGTRACE_MESSAGE_H
#define REGTRACE_MESSAGE_H

#include <regex.h>
#include <stddef.h>

#define MSG_ID_MIN 7
#define MSG_ID_MAX 40
#define MSG_SUBJECT_MAX 1000

enum msg_ref_kind { MSG_REF_FIXES, MSG_REF_REVERT };

struct msg_ref {
	enum msg_ref_kind kind;
	char id[MSG_ID_MAX + 1];
	char *subject;		/* quoted subject, cleaned; NULL if none */
};

struct msg_facts {
	char *subject;		/* never NULL; "" for an empty message */
	char (*aliases)[MSG_ID_MAX + 1];
	size_t naliases, aliases_cap;
	struct msg_ref *refs;	/* in message order, deduplicated per kind */
	size_t nrefs, refs_cap;
	unsigned fixes_lines;	/* Fixes: lines naming an id (before dedup) */
	unsigned nonsha_fixes_lines;
	int is_revert;		/* has a "This reverts commit <id>" line */
	int cc_stable;		/* has a "Cc:" line naming a stable@ address */
	int autosel_form;	/* an alias came from "[ Upstream commit <id> ]" */
	int reported;		/* someone hit what it fixes: Reported-by:, Closes:,
				   a bug tracker Link:, #regzbot (core/reported.h) */
};

/* A project's own ways of naming the upstream commit: POSIX extended
 * regular expressions with one capture group, the id. */
struct msg_rules {
	regex_t *upstream;
	size_t nupstream;
};

void msg_parse(const char *msg, size_t len, struct msg_facts *out);
/* The same, with a project's extra alias patterns (rules may be NULL). */
void msg_parse_with(const char *msg, size_t len, const struct msg_rules *rules,
		    struct msg_facts *out);
void msg_facts_release(struct msg_facts *f);

/*
 * Where msg_parse found each alias and reference (for `explain`): the line
 * (1 = the first line of the message) and its text, cleaned; aliases[i]
 * and refs[i] are those of the facts, in their order.
 */
struct msg_line {
	unsigned no;
	char *text;
};

struct msg_where {
	struct msg_line *aliases, *refs;
	size_t naliases, nrefs;
};

/* msg_parse_with, also filling where (zeroed by it). */
void msg_parse_where(const char *msg, size_t len, const struct msg_rules *rules,
		     struct msg_facts *out, struct msg_where *where);
void msg_where_release(struct msg_where *w);

/*
 * Copy at most max bytes of s into a new string, replacing invalid UTF-8
 * and control characters with U+FFFD / spaces, collapsing runs of white
 * space and trimming both ends.
 */
char *msg_clean_text(const char *s, size_t len, size_t max);

/* Equal ignoring ASCII case and runs of white space (both already clean). */
int msg_subject_equal(const char *a, const char *b);

#endif
