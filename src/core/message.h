/*
 * message.h — what a commit message says, as the counting rules read it.
 *
 * msg_parse() reads a raw commit message (any bytes, not NUL-terminated) and
 * returns its facts: the subject (cleaned to printable UTF-8), the upstream
 * ids it names (aliases), its Fixes and revert references (with a project's
 * own fix lines: msg_rules), how many Fixes: lines name no id, and which of
 * the project's channel patterns a line matches.  Ids come back as 7..40
 * lower-case hex digits.
 * Pure: no libgit2, no I/O.  Memory is bounded by the number of ids found,
 * never by the message's size (the subject is capped at MSG_SUBJECT_MAX),
 * and time by the message's size: a repeated id is found through a hash
 * index, so 100,000 Fixes lines cost 100,000 look-ups, not their square.
 *
 * Both caches keep these facts (cache/commits.h, cache/mainline.h): a change to
 * what msg_parse returns for any message must bump FORMAT in cache/commits.c
 * and cache/mainline.c, or runs keep reading facts of the old rules.
 */
#ifndef REGTRACE_MESSAGE_H
#define REGTRACE_MESSAGE_H

#include <stddef.h>
#include <stdint.h>

#include "base/pattern.h"

#define MSG_ID_MIN 7
#define MSG_ID_MAX 40
#define MSG_SUBJECT_MAX 1000
#define MSG_CHANNELS_MAX 32	/* channel patterns of a project, at most */

/* MSG_REF_MENTION: an id named in prose, on a line no rule read (doc/rules.md
 * "Mentions"): shown, never counted as a fix. */
enum msg_ref_kind { MSG_REF_FIXES, MSG_REF_REVERT, MSG_REF_MENTION };

struct msg_ref {
	enum msg_ref_kind kind;
	char id[MSG_ID_MAX + 1];
	char *subject;		/* quoted subject, cleaned; NULL if none */
};

struct msg_seen;

struct msg_facts {
	char *subject;		/* never NULL; "" for an empty message */
	char (*aliases)[MSG_ID_MAX + 1];
	size_t naliases, aliases_cap;
	struct msg_ref *refs;	/* in message order, deduplicated per kind */
	size_t nrefs, refs_cap;
	unsigned fixes_lines;	/* Fixes: lines (and project fix lines) naming
				   an id (before dedup) */
	unsigned nonsha_fixes_lines;
	int is_revert;		/* has a "This reverts commit <id>" line */
	int cc_stable;		/* has a "Cc:" line naming a stable@ address */
	int autosel_form;	/* an alias came from "[ Upstream commit <id> ]" */
	int reported;		/* someone hit what it fixes: Reported-by:, Closes:,
				   a bug tracker Link:, #regzbot (core/reported.h) */
	uint32_t channels;	/* bit i: a line matches channel pattern i */
	struct msg_seen *seen;	/* msg_parse's index of the ids kept; NULL after it */
};

/* A project's own forms: patterns (base/pattern.h: PCRE2, bounded), each
 * matched against every line.  A line matching an upstream pattern names the
 * commit's upstream commit (an alias: capture group 1); one matching a
 * fixes pattern names a commit it fixes (a Fixes reference, counted as a
 * Fixes: line: the pattern's last capture group, so that alternatives may
 * be grouped before it; at most MSG_PATTERN_GROUPS groups).  A line
 * matching channel pattern i sets bit i of the facts' channels
 * (i < MSG_CHANNELS_MAX). */
#define MSG_PATTERN_GROUPS 9
struct msg_rules {
	struct pattern **upstream;
	size_t nupstream;
	struct pattern **fixes;
	size_t nfixes;
	struct pattern **channels;
	size_t nchannels;
	struct pattern **reported;	/* a line matching one says someone hit
					   what the commit fixes (facts.reported) */
	size_t nreported;
};

void msg_parse(const char *msg, size_t len, struct msg_facts *out);
/* Could msg name a commit: has it a run of MSG_ID_MIN hex digits or more, in
 * any case?  When not, msg_parse_with gives it no reference and no alias,
 * whatever the rules (each is an id: 7..40 hex digits). */
int msg_may_name_commit(const char *msg, size_t len);
/* The facts of msg as far as its subject: out->subject as msg_parse sets
 * it, the rest zero (for a reader that keeps only the facts of commits
 * naming others, of a message that names none). */
void msg_parse_subject(const char *msg, size_t len, struct msg_facts *out);
/* The same, with a project's extra alias patterns (rules may be NULL). */
void msg_parse_with(const char *msg, size_t len, const struct msg_rules *rules,
		    struct msg_facts *out);
void msg_facts_release(struct msg_facts *f);
/* A deep copy of f into out (every string and array its own; seen NULL). */
void msg_facts_copy(struct msg_facts *out, const struct msg_facts *f);

/*
 * Where msg_parse found each alias and reference (for `explain`): the line
 * (1 = the first line of the message), its text, cleaned, and the id it
 * names (with a reference's kind); aliases[i] and refs[i] are those of the
 * facts msg_parse_where returned, in their order.  Facts changed since (an
 * inferred alias added, a quoted one dropped: core/identity.h) find their
 * lines by id: msg_where_alias(), msg_where_ref().
 */
struct msg_line {
	unsigned no;
	char *text;
	char id[MSG_ID_MAX + 1];
	enum msg_ref_kind kind;	/* refs only */
};

struct msg_where {
	struct msg_line *aliases, *refs;
	size_t naliases, nrefs;
};

/* msg_parse_with, also filling where (zeroed by it). */
void msg_parse_where(const char *msg, size_t len, const struct msg_rules *rules,
		     struct msg_facts *out, struct msg_where *where);
void msg_where_release(struct msg_where *w);
/* The line of alias id, of a reference of that kind and id; NULL if none. */
const struct msg_line *msg_where_alias(const struct msg_where *w, const char *id);
const struct msg_line *msg_where_ref(const struct msg_where *w, enum msg_ref_kind kind,
				     const char *id);

/*
 * Copy at most max bytes of s into a new string, replacing invalid UTF-8
 * with U+FFFD and control characters (C0, DEL, C1 U+0080..U+009F) and the
 * line and paragraph separators U+2028/U+2029 with spaces, collapsing runs
 * of white space and trimming both ends.
 */
char *msg_clean_text(const char *s, size_t len, size_t max);
/* The same text written to out (room for max + 1 bytes); its length. */
size_t msg_clean_into(char *out, const char *s, size_t len, size_t max);

/* X of a (clean) subject 'Revert "X"', cleaned, or NULL: what a revert's
 * subject says it reverts. */
char *msg_revert_subject(const char *subject);
/* Does a (clean) subject read 'Revert "X"'? */
int msg_is_revert_subject(const char *subject);

/* Equal ignoring ASCII case and runs of white space (both already clean). */
int msg_subject_equal(const char *a, const char *b);

#endif
