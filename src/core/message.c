/*
 * message.c — the commit-message rules of doc/rules.md "What a message says".
 *
 * The message is read line by line; each rule looks at the start of a line
 * (after spaces or tabs).  Nothing here allocates in proportion to the
 * message: only ids found and the capped subject are kept.
 */
#include "core/message.h"
#include "core/reported.h"
#include "base/oidmap.h"
#include "base/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct span {
	const char *p, *end;
};

/* ASCII only, whatever the locale; c is an unsigned char's value (or EOF).
 * A letter with 0x20 set is its lower case: one comparison each. */
static int is_digit(int c)
{
	return (unsigned)c - '0' < 10u;
}

static int is_letter(int c)
{
	return (unsigned)(c | 0x20) - 'a' < 26u;
}

static int lower(int c)
{
	return is_letter(c) ? c | 0x20 : c;
}

static int is_hex(int c)
{
	return is_digit(c) || (unsigned)(c | 0x20) - 'a' < 6u;
}

static int is_alnum(int c)
{
	return is_digit(c) || is_letter(c);
}

static int is_blank(int c)
{
	return c == ' ' || c == '\t';
}

static void skip_blanks(struct span *s)
{
	while (s->p < s->end && is_blank((unsigned char)*s->p))
		s->p++;
}

/* Consume word (ASCII, any case; n bytes) at s->p; 1 if it was there.
 * eat_word() takes a string literal and counts it at compile time. */
static inline int eat_wordn(struct span *s, const char *word, size_t n)
{
	if ((size_t)(s->end - s->p) < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (lower((unsigned char)s->p[i]) != lower((unsigned char)word[i]))
			return 0;
	s->p += n;
	return 1;
}

#define eat_word(s, word) eat_wordn((s), "" word, sizeof(word) - 1)

/* Like eat_word, then at least one blank. */
#define eat_word_blank(s, word) eat_wordn_blank((s), "" word, sizeof(word) - 1)
static inline int eat_wordn_blank(struct span *s, const char *word, size_t n)
{
	struct span t = *s;

	if (!eat_wordn(&t, word, n) || t.p >= t.end || !is_blank((unsigned char)*t.p))
		return 0;
	skip_blanks(&t);
	*s = t;
	return 1;
}

/*
 * An id: 7..40 hex digits ending at a character that is neither a letter
 * nor a digit (or the end).  Stored lower-case in out.  1 if found.
 */
static int eat_id(struct span *s, char out[MSG_ID_MAX + 1])
{
	const char *q = s->p;

	while (q < s->end && is_hex((unsigned char)*q))
		q++;
	size_t n = (size_t)(q - s->p);
	if (n < MSG_ID_MIN || n > MSG_ID_MAX)
		return 0;
	if (q < s->end && is_alnum((unsigned char)*q))
		return 0;
	for (size_t i = 0; i < n; i++)
		out[i] = (char)lower((unsigned char)s->p[i]);
	out[n] = '\0';
	s->p = q;
	return 1;
}

/* "upstream commit[:] <id>" at s. */
static int upstream_commit_at(struct span s, char id[MSG_ID_MAX + 1])
{
	if (!eat_word_blank(&s, "upstream") || !eat_word(&s, "commit"))
		return 0;
	if (s.p < s.end && *s.p == ':')
		s.p++;
	else if (s.p >= s.end || !is_blank((unsigned char)*s.p))
		return 0;	/* "commitdeadbeef" is no "commit <id>" */
	skip_blanks(&s);
	return eat_id(&s, id);
}

/* In a line opened by '[': "upstream commit[:] <id>" after any words,
 * as in "[ backported from upstream commit <id> ]". */
static int bracketed_upstream(struct span s, char id[MSG_ID_MAX + 1])
{
	for (; s.p < s.end; s.p++)
		if ((s.p[0] == 'u' || s.p[0] == 'U') && is_blank((unsigned char)s.p[-1]) &&
		    upstream_commit_at(s, id))
			return 1;
	return 0;
}

/* Trailer style "<word>[- ]commit: <id>", as in "Upstream-commit: <id>". */
static int trailer_alias(struct span s, char id[MSG_ID_MAX + 1])
{
	const char *w = s.p;

	while (s.p < s.end && (is_alnum((unsigned char)*s.p) || *s.p == '_'))
		s.p++;
	if (s.p == w || s.p >= s.end || (*s.p != '-' && *s.p != ' '))
		return 0;
	s.p++;
	if (!eat_word(&s, "commit:"))
		return 0;
	skip_blanks(&s);
	if (!eat_id(&s, id))
		return 0;
	/* a trailer's value ends the line: prose goes on after an id */
	while (s.p < s.end && (is_blank((unsigned char)*s.p) || *s.p == '.' || *s.p == ')'))
		s.p++;
	return s.p == s.end;
}

/*
 * The built-in alias forms, after blanks and an optional '[': "commit <id>
 * upstream", "upstream commit[:] <id>", "[ ... upstream commit <id> ]",
 * "<word>-commit: <id>".  *bracket tells whether it was the bracketed form
 * "[ upstream commit <id> ]" or "[ commit <id> upstream ]" itself.
 */
static int alias_line(struct span s, char id[MSG_ID_MAX + 1], int *bracket)
{
	skip_blanks(&s);
	*bracket = s.p < s.end && *s.p == '[';
	if (*bracket) {
		s.p++;
		skip_blanks(&s);
	}
	struct span t = s;
	int c = s.p < s.end ? lower((unsigned char)*s.p) : 0;	/* each form's first letter */
	if (c == 'c' && eat_word_blank(&t, "commit") && eat_id(&t, id)) {
		skip_blanks(&t);
		if (eat_word(&t, "upstream"))
			return 1;
	}
	if (c == 'u' && upstream_commit_at(s, id))
		return 1;
	if (*bracket && bracketed_upstream(s, id)) {
		*bracket = 0;	/* words before it: not "[ Upstream commit <id> ]" */
		return 1;
	}
	*bracket = 0;
	return trailer_alias(s, id);
}

/* The line as a C string in buf (NULL when it is too long or holds a NUL:
 * no project pattern reads it). */
static const char *line_string(struct span s, char *buf, size_t cap)
{
	size_t n = (size_t)(s.end - s.p);

	if (n >= cap || memchr(s.p, '\0', n))
		return NULL;
	memcpy(buf, s.p, n);
	buf[n] = '\0';
	return buf;
}

/*
 * The first of n patterns whose capture group (the first, or with last the
 * last one: MSG_PATTERN_GROUPS at most) is, in line, an id and nothing more
 * (with last, also a word of the line: no letter or digit on either side);
 * *after is where the group ends in line.  1 if one is.
 */
static int pattern_id(struct pattern *const *re, size_t n, int last, const char *line,
		      char id[MSG_ID_MAX + 1], size_t *after)
{
	struct pattern_group m[MSG_PATTERN_GROUPS + 1];

	for (size_t i = 0; line && i < n; i++) {
		size_t g = last ? pattern_groups(re[i]) : 1;
		if (g < 1 || g > MSG_PATTERN_GROUPS ||
		    !pattern_exec(re[i], line, strlen(line), m, g + 1) || m[g].so < 0)
			continue;
		struct span t = { line + m[g].so, line + m[g].eo };
		/* a fix line's id is a word of its line, as the built-in forms' are */
		if (last && ((m[g].so > 0 && is_alnum((unsigned char)line[m[g].so - 1])) ||
			     is_alnum((unsigned char)line[m[g].eo])))
			continue;
		if (eat_id(&t, id) && t.p == t.end) {
			*after = (size_t)m[g].eo;
			return 1;
		}
	}
	return 0;
}

/* "Cc: ... stable@..." */
static int cc_stable_line(struct span s)
{
	skip_blanks(&s);
	if (!eat_word(&s, "cc:"))
		return 0;
	/* "stable@" starting an address: not inside "unstable@" */
	for (const char *q = s.p; q + 7 <= s.end; q++)
		if (eat_word((&(struct span){ q, s.end }), "stable@") &&
		    (q == s.p || (!is_alnum((unsigned char)q[-1]) && q[-1] != '.' && q[-1] != '-')))
			return 1;
	return 0;
}

/* Can line be one cherry_pick_line() reads: after blanks, a bullet and a
 * '(', "ch" or "ba" (any case)?  Most lines are not, and are turned away
 * here for the price of a few bytes: a cold git/git run parses 1.2 million
 * lines. */
static int may_name_copy(struct span s)
{
	skip_blanks(&s);
	if (s.p < s.end && (*s.p == '-' || *s.p == '*')) {
		s.p++;
		skip_blanks(&s);
	}
	if (s.p < s.end && *s.p == '(')
		s.p++;
	if (s.end - s.p < 2)
		return 0;
	int a = lower((unsigned char)s.p[0]), b = lower((unsigned char)s.p[1]);
	return (a == 'c' && b == 'h') || (a == 'b' && b == 'a');
}

/* After an id: " in BRANCH" (tcpdump's "in master"), blanks; 1. */
static int eat_branch(struct span *s)
{
	skip_blanks(s);
	if (eat_word_blank(s, "in"))
		while (s->p < s->end && !is_blank((unsigned char)*s->p) && *s->p != ')')
			s->p++;
	skip_blanks(s);
	return 1;
}

/*
 * A line that names the commit this one copies, and nothing else: git's
 * "(cherry picked from commit <id>)", also "cherry-picked" (Suricata) or
 * "backported" (tcpdump, rpm: 95 and 200 of their backports), either
 * without the parentheses, after a "- " or "* " bullet (rpm), with " in
 * BRANCH" after the id (tcpdump's "in master"), a final '.' allowed;
 * "Backport of [commit] <id>" (Suricata, etcd); the trailer
 * "Cherry-picked-from: <id>" (git's own maint).
 */
static int cherry_pick_line(struct span s, char id[MSG_ID_MAX + 1])
{
	int paren;

	skip_blanks(&s);
	(void)(eat_word_blank(&s, "-") || eat_word_blank(&s, "*"));	/* a bullet */
	if (eat_word(&s, "cherry-picked-from:")) {
		skip_blanks(&s);
		paren = 0;
		if (!eat_id(&s, id))
			return 0;
	} else if (eat_word_blank(&s, "backport") && eat_word_blank(&s, "of")) {
		paren = 0;
		eat_word_blank(&s, "commit");
		if (!eat_id(&s, id))
			return 0;
	} else {
		paren = eat_word(&s, "(");
		if (!(eat_word_blank(&s, "cherry") ? eat_word_blank(&s, "picked")
						   : eat_word_blank(&s, "cherry-picked") ||
						     eat_word_blank(&s, "backported")) ||
		    !eat_word_blank(&s, "from") || !eat_word_blank(&s, "commit") || !eat_id(&s, id))
			return 0;
		eat_branch(&s);
	}
	skip_blanks(&s);
	if (paren ? !eat_word(&s, ")") : eat_word(&s, ")"))
		return 0;
	eat_word(&s, ".");
	skip_blanks(&s);
	return s.p == s.end;
}

/* "This reverts commit[:] <id>": 1 with the id; 2 when the line ends
 * after "commit" or "commit:" (the id is on the next line); else 0. */
static int revert_line(struct span s, char id[MSG_ID_MAX + 1])
{
	skip_blanks(&s);
	if (!eat_word_blank(&s, "this") || !eat_word_blank(&s, "reverts") ||
	    !eat_word(&s, "commit"))
		return 0;
	if (s.p < s.end && *s.p == ':')
		s.p++;
	else if (s.p < s.end && !is_blank((unsigned char)*s.p))
		return 0;	/* "commits", "commitment" */
	skip_blanks(&s);
	if (s.p == s.end)
		return 2;
	return eat_id(&s, id);
}

/* The id that starts a line (after blanks), for "This reverts commit:". */
static int id_line(struct span s, char id[MSG_ID_MAX + 1])
{
	skip_blanks(&s);
	return eat_id(&s, id);
}

/* 1: a Fixes line with an id (rest of line left in *rest); 0: a Fixes
 * line without one; -1: not a Fixes line. */
static int fixes_line(struct span s, char id[MSG_ID_MAX + 1], struct span *rest)
{
	skip_blanks(&s);
	if (!eat_word(&s, "fixes:"))
		return -1;
	skip_blanks(&s);
	eat_word_blank(&s, "commit");
	if (!eat_id(&s, id))
		return 0;
	*rest = s;
	return 1;
}

/*
 * The ids kept so far, to find a repeat in constant time: a table
 * (base/oidmap.h: oidtab) over f->aliases and f->refs, whose values are
 * index << 1 | alias.
 */
struct msg_seen {
	struct oidtab t;
};

static uint64_t id_hash(const char *id, unsigned salt)
{
	uint64_t h = 0xcbf29ce484222325ull ^ salt;

	for (; *id; id++)
		h = (h ^ (unsigned char)*id) * 0x100000001b3ull;
	return h;
}

static int seen_is(const struct msg_facts *f, uint32_t v, int alias, enum msg_ref_kind kind,
		   const char *id)
{
	size_t i = (v - 1) >> 1;

	if ((int)((v - 1) & 1) != alias)
		return 0;
	return alias ? !strcmp(f->aliases[i], id) : f->refs[i].kind == kind && !strcmp(f->refs[i].id, id);
}

/* The hash of value v's id, when the table grows. */
static uint64_t seen_hash(const void *ctx, uint32_t v)
{
	const struct msg_facts *f = ctx;
	size_t i = v >> 1;

	return v & 1 ? id_hash(f->aliases[i], 2) : id_hash(f->refs[i].id, f->refs[i].kind);
}

/* 1 if the id (an alias, or a reference of this kind) is kept already;
 * else 0, and the caller keeps it at index next. */
static int seen_or_add(struct msg_facts *f, int alias, enum msg_ref_kind kind, const char *id,
		       size_t next)
{
	struct msg_seen *s = f->seen;
	size_t k;

	if (!s)
		return 0;	/* outside msg_parse: no index kept */
	oidtab_reserve(&s->t, 64, seen_hash, f);
	for (k = oidtab_first(&s->t, id_hash(id, alias ? 2 : (unsigned)kind)); s->t.slot[k];
	     k = oidtab_next(&s->t, k))
		if (seen_is(f, s->t.slot[k], alias, kind, id))
			return 1;
	oidtab_put(&s->t, k, (uint32_t)(next << 1 | (size_t)!!alias));
	return 0;
}

static void add_alias(struct msg_facts *f, const char *id)
{
	if (seen_or_add(f, 1, MSG_REF_FIXES, id, f->naliases))
		return;
	ARRAY_GROW_FROM(f->aliases, f->naliases, f->aliases_cap, 1);
	memcpy(f->aliases[f->naliases++], id, MSG_ID_MAX + 1);
}

/* Adds the reference unless the same id of the same kind is there; takes
 * ownership of subject. */
static void add_ref(struct msg_facts *f, enum msg_ref_kind kind, const char *id,
		    char *subject)
{
	if (seen_or_add(f, 0, kind, id, f->nrefs)) {
		free(subject);
		return;
	}
	ARRAY_GROW_FROM(f->refs, f->nrefs, f->refs_cap, 1);
	struct msg_ref *r = &f->refs[f->nrefs++];
	r->kind = kind;
	memcpy(r->id, id, MSG_ID_MAX + 1);
	r->subject = subject;
}

static int next_line(struct span *msg, struct span *line)
{
	if (msg->p >= msg->end)
		return 0;
	const char *nl = memchr(msg->p, '\n', (size_t)(msg->end - msg->p));
	line->p = msg->p;
	line->end = nl ? nl : msg->end;
	msg->p = nl ? nl + 1 : msg->end;
	if (line->end > line->p && line->end[-1] == '\r')
		line->end--;
	return 1;
}

static int blank_line(struct span l)
{
	skip_blanks(&l);
	return l.p == l.end;
}

/*
 * The quoted subject after a Fixes id: ("...") or ('...'), possibly wrapped
 * onto the next lines of the paragraph (at most 4 more).  *msg is advanced
 * past the continuation lines it used.
 */
static char *quoted_subject(struct span rest, struct span *msg)
{
	skip_blanks(&rest);
	if (!eat_word(&rest, "("))
		return NULL;
	skip_blanks(&rest);
	if (rest.p >= rest.end || (*rest.p != '"' && *rest.p != '\''))
		return NULL;
	char quote = *rest.p++;
	char buf[MSG_SUBJECT_MAX + 1];
	size_t n = 0;
	struct span line = rest, ahead = *msg;

	for (int more = 0;; more++) {
		const char *close = NULL;
		for (const char *q = line.p; q + 1 < line.end; q++)
			if (q[0] == quote && q[1] == ')')
				close = q;
		const char *stop = close ? close : line.end;
		for (const char *q = line.p; q < stop && n < MSG_SUBJECT_MAX; q++)
			buf[n++] = *q;
		if (close || more == 4)
			break;
		struct span save = ahead;
		if (!next_line(&ahead, &line) || blank_line(line)) {
			ahead = save;
			break;
		}
		*msg = ahead;
		if (n < MSG_SUBJECT_MAX)
			buf[n++] = ' ';
	}
	return msg_clean_text(buf, n, MSG_SUBJECT_MAX);
}

/* The subject: the first paragraph, its lines joined by spaces. */
static char *subject_of(struct span msg)
{
	char buf[MSG_SUBJECT_MAX + 1];
	size_t n = 0;
	struct span line;
	int found;

	while ((found = next_line(&msg, &line)) && blank_line(line))
		;
	while (found && !blank_line(line) && n < MSG_SUBJECT_MAX) {
		for (const char *q = line.p; q < line.end && n < MSG_SUBJECT_MAX; q++)
			buf[n++] = *q;
		if (n < MSG_SUBJECT_MAX)
			buf[n++] = ' ';
		found = next_line(&msg, &line);
	}
	return msg_clean_text(buf, n, MSG_SUBJECT_MAX);
}

int msg_is_revert_subject(const char *subject)
{
	size_t n = strlen(subject);

	return n >= 9 && !strncmp(subject, "Revert \"", 8) && subject[n - 1] == '"';
}

char *msg_revert_subject(const char *subject)
{
	size_t n = strlen(subject);

	if (!msg_is_revert_subject(subject))
		return NULL;
	return msg_clean_text(subject + 8, n - 9, MSG_SUBJECT_MAX);	/* trims spaces */
}

struct parse_state {
	const struct msg_rules *rules;
	int past_subject;	/* a blank line ended the subject's paragraph */
	int in_revert_paragraph;
	int revert_id_next;	/* the line before was "This reverts commit:" */
};

static void add_revert(struct msg_facts *f, const char *id, struct parse_state *st)
{
	f->is_revert = 1;
	st->in_revert_paragraph = 1;
	add_ref(f, MSG_REF_REVERT, id, msg_revert_subject(f->subject));
}

/*
 * A line of one of the project's fix forms (msg_rules.fixes): every id of
 * the line (a word of 7..40 hex digits) is a Fixes reference, so that
 * "Follow-up to A and B" names both; the one the pattern's group ends
 * with takes the quoted subject after it.
 */
static int pattern_fixes(struct msg_facts *f, struct span line, const char *text,
			 struct span *msg, const struct msg_rules *rules)
{
	char id[MSG_ID_MAX + 1];
	size_t after;

	if (!rules || !pattern_id(rules->fixes, rules->nfixes, 1, text, id, &after))
		return 0;
	f->fixes_lines++;
	for (const char *q = line.p; q < line.end;) {
		const char *w = q;
		while (q < line.end && is_alnum((unsigned char)*q))
			q++;
		struct span t = { w, q };
		if (q > w && eat_id(&t, id) && t.p == q)
			add_ref(f, MSG_REF_FIXES, id, (size_t)(q - line.p) != after ? NULL :
				quoted_subject((struct span){ q, line.end }, msg));
		if (q == w)
			q++;
	}
	return 1;
}

/* A line of one of the project's report forms (msg_rules.reported). */
static int reported_pattern(const char *text, const struct msg_rules *rules)
{
	for (size_t i = 0; text && rules && i < rules->nreported; i++)
		if (pattern_exec(rules->reported[i], text, strlen(text), NULL, 0))
			return 1;
	return 0;
}

static void match_channels(struct msg_facts *f, const char *text, const struct msg_rules *rules)
{
	for (size_t i = 0; text && rules && i < rules->nchannels && i < MSG_CHANNELS_MAX; i++)
		if (!(f->channels & (UINT32_C(1) << i)) &&
		    pattern_exec(rules->channels[i], text, strlen(text), NULL, 0))
			f->channels |= UINT32_C(1) << i;
}

/*
 * The ids of a line no rule read (below the subject, outside a revert's
 * paragraph): each word of 7 to 40 hex digits with a letter and a digit
 * (not a date, a decimal number or a hex-looking word), a mention.
 */
static void mentions(struct msg_facts *f, struct span line)
{
	char id[MSG_ID_MAX + 1];
	const char *q = line.p;

	/* Most lines have no digit, so no id: a cheap look first, and the
	 * words read from the one holding the first digit. */
	while (q < line.end && !is_digit((unsigned char)*q))
		q++;
	if (q == line.end)
		return;
	while (q > line.p && is_alnum((unsigned char)q[-1]))
		q--;
	while (q < line.end) {
		const char *w = q;
		int letter = 0, digit = 0;
		for (; q < line.end; q++) {
			int l = is_letter((unsigned char)*q), d = is_digit((unsigned char)*q);
			if (!(l | d))
				break;
			letter |= l;
			digit |= d;
		}
		struct span t = { w, q };
		if (letter && digit && eat_id(&t, id) && t.p == q)
			add_ref(f, MSG_REF_MENTION, id, NULL);
		if (q == w)
			q++;
	}
}

static void parse_line(struct msg_facts *f, struct span line, struct span *msg,
		       struct parse_state *st)
{
	const struct msg_rules *rules = st->rules;
	char id[MSG_ID_MAX + 1], buf[4096];
	const char *text = rules && (rules->nupstream || rules->nfixes || rules->nchannels ||
				     rules->nreported) ? line_string(line, buf, sizeof(buf)) : NULL;
	struct span rest, lead = line;
	size_t after;
	int fx, bracket, rv, id_next = st->revert_id_next;

	st->revert_id_next = 0;
	skip_blanks(&lead);
	if (lead.p == lead.end) {	/* a blank line */
		st->in_revert_paragraph = 0;
		st->past_subject = 1;
		return;
	}
	/* Each built-in form opens with its own word: its first letter, after
	 * the blanks, rules out the forms a line cannot be (most lines). */
	int c = lower((unsigned char)*lead.p);
	match_channels(f, text, rules);
	if (id_next && id_line(line, id)) {
		add_revert(f, id, st);
		return;
	}
	if (c == 't' && (rv = revert_line(line, id))) {
		if (rv == 2)
			st->revert_id_next = 1;
		else
			add_revert(f, id, st);
		st->in_revert_paragraph = 1;
		return;
	}
	if (c == 'f' && (fx = fixes_line(line, id, &rest)) >= 0) {
		if (fx == 0) {
			f->nonsha_fixes_lines++;
			return;
		}
		f->fixes_lines++;
		add_ref(f, MSG_REF_FIXES, id, quoted_subject(rest, msg));
		return;
	}
	if (pattern_fixes(f, line, text, msg, rules))
		return;
	f->cc_stable |= c == 'c' && cc_stable_line(line);
	f->reported |= reported_line(line.p, (size_t)(line.end - line.p)) ||
		       reported_pattern(text, rules);
	if (st->in_revert_paragraph)
		return;
	if (alias_line(line, id, &bracket)) {
		f->autosel_form |= bracket;
		add_alias(f, id);
	} else if ((may_name_copy(line) && cherry_pick_line(line, id)) ||
		   (rules && pattern_id(rules->upstream, rules->nupstream, 0, text, id, &after))) {
		add_alias(f, id);
	} else if (st->past_subject) {
		mentions(f, line);
	}
}

/* The line of what parse_line just added to f (aliases and refs past na, nr). */
static void note_where(struct msg_where *w, const struct msg_facts *f, size_t na, size_t nr,
		       unsigned no, struct span line)
{
	for (; na < f->naliases; na++) {
		w->aliases = xrealloc(w->aliases, (na + 1) * sizeof(*w->aliases));
		w->aliases[na] = (struct msg_line){ no, msg_clean_text(line.p,
			(size_t)(line.end - line.p), MSG_SUBJECT_MAX), { 0 }, MSG_REF_FIXES };
		memcpy(w->aliases[na].id, f->aliases[na], MSG_ID_MAX + 1);
		w->naliases = na + 1;
	}
	for (; nr < f->nrefs; nr++) {
		w->refs = xrealloc(w->refs, (nr + 1) * sizeof(*w->refs));
		w->refs[nr] = (struct msg_line){ no, msg_clean_text(line.p,
			(size_t)(line.end - line.p), MSG_SUBJECT_MAX), { 0 }, f->refs[nr].kind };
		memcpy(w->refs[nr].id, f->refs[nr].id, MSG_ID_MAX + 1);
		w->nrefs = nr + 1;
	}
}

const struct msg_line *msg_where_alias(const struct msg_where *w, const char *id)
{
	for (size_t i = 0; w && i < w->naliases; i++)
		if (!strcmp(w->aliases[i].id, id))
			return &w->aliases[i];
	return NULL;
}

const struct msg_line *msg_where_ref(const struct msg_where *w, enum msg_ref_kind kind,
				     const char *id)
{
	for (size_t i = 0; w && i < w->nrefs; i++)
		if (w->refs[i].kind == kind && !strcmp(w->refs[i].id, id))
			return &w->refs[i];
	return NULL;
}

void msg_parse_where(const char *msg, size_t len, const struct msg_rules *rules,
		     struct msg_facts *f, struct msg_where *where)
{
	struct span all = { msg, msg + len }, line;
	struct parse_state st = { rules, 0, 0, 0 };
	const char *counted = msg;	/* no = 1 + the newlines before counted */
	unsigned no = 1;
	struct msg_seen seen = { 0 };

	memset(f, 0, sizeof(*f));
	f->seen = &seen;
	if (where)
		memset(where, 0, sizeof(*where));
	f->subject = subject_of(all);
	while (next_line(&all, &line)) {
		size_t na = f->naliases, nr = f->nrefs;
		for (; where && counted < line.p; counted++)	/* wrapped lines count too */
			no += *counted == '\n';
		parse_line(f, line, &all, &st);
		if (where)
			note_where(where, f, na, nr, no, line);
	}
	oidtab_release(&seen.t);
	f->seen = NULL;
}

int msg_may_name_commit(const char *msg, size_t len)
{
	const unsigned char *m = (const unsigned char *)msg;

	/* Every run of MSG_ID_MIN holds one of the bytes looked at: the last
	 * of each MSG_ID_MIN after the end of the run before (most bytes of
	 * prose are no hex digit: a byte looked at in five). */
	for (size_t i = MSG_ID_MIN - 1; i < len;) {
		size_t a = i, b = i + 1;
		if (!is_hex(m[i])) {
			i += MSG_ID_MIN;
			continue;
		}
		while (a > 0 && i - a < MSG_ID_MIN - 1 && is_hex(m[a - 1]))
			a--;
		while (b < len && b - a < MSG_ID_MIN && is_hex(m[b]))
			b++;
		if (b - a >= MSG_ID_MIN)
			return 1;
		i = b + MSG_ID_MIN;	/* (m[b] is none: a run after it ends there at least) */
	}
	return 0;
}

void msg_parse_subject(const char *msg, size_t len, struct msg_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->subject = subject_of((struct span){ msg, msg + len });
}

void msg_parse_with(const char *msg, size_t len, const struct msg_rules *rules,
		    struct msg_facts *f)
{
	msg_parse_where(msg, len, rules, f, NULL);
}

void msg_where_release(struct msg_where *w)
{
	for (size_t i = 0; i < w->naliases; i++)
		free(w->aliases[i].text);
	for (size_t i = 0; i < w->nrefs; i++)
		free(w->refs[i].text);
	free(w->aliases);
	free(w->refs);
	memset(w, 0, sizeof(*w));
}

void msg_parse(const char *msg, size_t len, struct msg_facts *f)
{
	msg_parse_with(msg, len, NULL, f);
}

void msg_facts_release(struct msg_facts *f)
{
	free(f->subject);
	free(f->aliases);
	for (size_t i = 0; i < f->nrefs; i++)
		free(f->refs[i].subject);
	free(f->refs);
	memset(f, 0, sizeof(*f));
}

void msg_facts_copy(struct msg_facts *out, const struct msg_facts *f)
{
	*out = *f;
	out->seen = NULL;
	out->subject = xstrdup(f->subject);
	/* each array just as long (NULL when empty, as a decoded one: cache/commits.h) */
	out->aliases = f->naliases ? xmalloc(f->naliases * sizeof(*out->aliases)) : NULL;
	if (f->naliases)
		memcpy(out->aliases, f->aliases, f->naliases * sizeof(*out->aliases));
	out->aliases_cap = f->naliases;
	out->refs = f->nrefs ? xmalloc(f->nrefs * sizeof(*out->refs)) : NULL;
	if (f->nrefs)
		memcpy(out->refs, f->refs, f->nrefs * sizeof(*out->refs));
	out->refs_cap = f->nrefs;
	for (size_t k = 0; k < f->nrefs; k++)
		out->refs[k].subject = f->refs[k].subject ? xstrdup(f->refs[k].subject) : NULL;
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t avail)
{
	size_t n;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (avail < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

/* A C1 control (U+0080..U+009F) or U+2028/U+2029, as the k bytes at u. */
static int is_c1_or_separator(const unsigned char *u, size_t k)
{
	return (k == 2 && u[0] == 0xc2 && u[1] < 0xa0) ||
	       (k == 3 && u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9));
}

size_t msg_clean_into(char *out, const char *s, size_t len, size_t max)
{
	size_t n = 0;
	int space = 0;

	for (size_t i = 0; i < len;) {
		const unsigned char *u = (const unsigned char *)s + i;
		/* printable ASCII, nearly every byte of an email or a name: as it is */
		if (u[0] > 0x20 && u[0] < 0x7f) {
			if (n + 1 + (space ? 1 : 0) > max)
				break;
			if (space)
				out[n++] = ' ';
			space = 0;
			out[n++] = (char)u[0];
			i++;
			continue;
		}
		size_t k = utf8_len(u, len - i);
		/* controls, separators and spaces: one space between words */
		if ((k == 1 && (u[0] <= 0x20 || u[0] == 0x7f)) || is_c1_or_separator(u, k)) {
			space = n > 0;
			i += k;
			continue;
		}
		size_t need = (k ? k : 3) + (space ? 1 : 0);
		if (n + need > max)
			break;
		if (space)
			out[n++] = ' ';
		space = 0;
		/* byte by byte: a call to memcpy for 1 to 4 bytes costs more */
		const unsigned char *from = k ? u : (const unsigned char *)"\xef\xbf\xbd";
		for (size_t j = 0; j < (k ? k : 3); j++)
			out[n++] = (char)from[j];
		i += k ? k : 1;
	}
	out[n] = '\0';
	return n;
}

char *msg_clean_text(const char *s, size_t len, size_t max)
{
	/* each byte in gives at most 3 out (U+FFFD) */
	size_t cap = (len < max / 3 ? len * 3 : max) + 4;
	char *out = xmalloc(cap);
	size_t n = msg_clean_into(out, s, len, max);

	return cap - n > 64 ? xrealloc(out, n + 1) : out;	/* kept by the thousand */
}

int msg_subject_equal(const char *a, const char *b)
{
	if (!strcmp(a, b))	/* most pairs asked: byte for byte, 25 times cheaper */
		return 1;
	for (;;) {
		while (*a == ' ' && a[1] == ' ')
			a++;
		while (*b == ' ' && b[1] == ' ')
			b++;
		if (!*a || !*b)
			return !*a && !*b;
		if (lower((unsigned char)*a) != lower((unsigned char)*b))
			return 0;
		a++, b++;
	}
}
