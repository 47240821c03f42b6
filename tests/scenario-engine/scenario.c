/*
 * scenario.c — parse the scenario format of FORMAT.md.  Pure: see scenario.h.
 *
 * Names (branches, tags, labels) live in small hash maps while parsing, so
 * the work is linear in the input even for hostile (fuzzed) files.  Every
 * string stored in *out is copied; the maps only borrow those copies.
 */
#include "scenario.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>		/* vsnprintf only */
#include <stdlib.h>
#include <string.h>

#define QUOTE_MAX 40
#define QUOTE_BUF (QUOTE_MAX + 4)
#define MSG_BUF 256

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

static const char *const row_kinds[] = {
	"fix", "revert", "reapply", "duplicate", "preemptive", "ambiguous",
};

static const char zero_id[SCENARIO_HEX + 1] =
	"0000000000000000000000000000000000000000";

/* ---- small helpers ---------------------------------------------------- */

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

/* Make room for element n of an array *pp of *cap elements of size bytes. */
static int reserve(void *pp, size_t *cap, size_t n, size_t size)
{
	void *old, *grown;
	size_t ncap;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 8;
	if (ncap <= n || ncap > SIZE_MAX / size)
		return -1;
	memcpy(&old, pp, sizeof old);
	grown = realloc(old, ncap * size);
	if (!grown)
		return -1;
	memcpy(pp, &grown, sizeof grown);
	*cap = ncap;
	return 0;
}

static char *dupn(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d) {
		if (n)
			memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

static int eq(const char *s, size_t n, const char *lit)
{
	return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* A printable, bounded copy of s[0..n) for error messages. */
static const char *quote(const char *s, size_t n, char buf[QUOTE_BUF])
{
	size_t i, k = n < QUOTE_MAX ? n : QUOTE_MAX;

	for (i = 0; i < k; i++) {
		unsigned char c = (unsigned char)s[i];
		buf[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (n > k)
		memcpy(buf + k, "...", 4);
	else
		buf[k] = '\0';
	return buf;
}

/* ASCII-only, locale-free strncasecmp. */
static int strncasecmp_ascii(const char *a, const char *b, size_t n)
{
	size_t i;
	int x, y;

	for (i = 0; i < n; i++) {
		x = (unsigned char)a[i];
		y = (unsigned char)b[i];
		x += x >= 'A' && x <= 'Z' ? 'a' - 'A' : 0;
		y += y >= 'A' && y <= 'Z' ? 'a' - 'A' : 0;
		if (x != y)
			return x - y;
	}
	return 0;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static void trim(const char **s, size_t *n)
{
	while (*n && is_space(**s)) {
		(*s)++;
		(*n)--;
	}
	while (*n && is_space((*s)[*n - 1]))
		(*n)--;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_label_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       is_digit(c) || c == '_' || c == '-';
}

/* [A-Za-z0-9_-]+ except "-", which stands for "no commit" in expect-row. */
static int is_label(const char *s, size_t n)
{
	size_t i;

	if (!n || eq(s, n, "-"))
		return 0;
	for (i = 0; i < n; i++)
		if (!is_label_char(s[i]))
			return 0;
	return 1;
}

/* A branch, tag, range or release name: printable ASCII, no blanks. */
static int is_name(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] <= 0x20 || (unsigned char)s[i] >= 0x7f)
			return 0;
	return n > 0;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* 1 if v[0..n) holds a value twice, 0 if not, -1 when out of memory. */
static int has_repeats(const size_t *v, size_t n)
{
	size_t *copy, i;
	int r = 0;

	if (n < 2)
		return 0;
	copy = malloc(n * sizeof *copy);
	if (!copy)
		return -1;
	memcpy(copy, v, n * sizeof *copy);
	qsort(copy, n, sizeof *copy, cmp_size);
	for (i = 1; i < n && !r; i++)
		r = copy[i] == copy[i - 1];
	free(copy);
	return r;
}

/* ---- name -> number maps ---------------------------------------------- */

struct map_slot {
	const char *key;	/* borrowed; NULL: free slot */
	size_t len, val;
};

struct map {
	struct map_slot *slots;
	size_t cap, n;		/* cap: 0 or a power of two */
};

static size_t hash(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037u;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return (size_t)(h ^ (h >> 29));
}

/* The slot holding key k, or the free slot where it would go (cap > 0). */
static struct map_slot *map_slot(const struct map *m, const char *k, size_t n)
{
	size_t mask = m->cap - 1, i;

	for (i = hash(k, n) & mask; m->slots[i].key; i = (i + 1) & mask)
		if (m->slots[i].len == n && !memcmp(m->slots[i].key, k, n))
			break;
	return &m->slots[i];
}

static size_t *map_get(const struct map *m, const char *k, size_t n)
{
	struct map_slot *sl;

	if (!m->cap)
		return NULL;
	sl = map_slot(m, k, n);
	return sl->key ? &sl->val : NULL;
}

static int map_grow(struct map *m)
{
	struct map nm = { NULL, m->cap ? m->cap * 2 : 16, 0 };
	size_t i;

	if (nm.cap < m->cap)
		return -1;
	nm.slots = calloc(nm.cap, sizeof *nm.slots);
	if (!nm.slots)
		return -1;
	for (i = 0; i < m->cap; i++)
		if (m->slots[i].key) {
			*map_slot(&nm, m->slots[i].key, m->slots[i].len) =
				m->slots[i];
			nm.n++;
		}
	free(m->slots);
	*m = nm;
	return 0;
}

/* Add key k, which must not be there yet. */
static int map_put(struct map *m, const char *k, size_t n, size_t val)
{
	struct map_slot *sl;

	if ((m->n + 1) * 2 > m->cap && map_grow(m))
		return -1;
	sl = map_slot(m, k, n);
	sl->key = k;
	sl->len = n;
	sl->val = val;
	m->n++;
	return 0;
}

/* ---- the parser --------------------------------------------------------- */

enum pend_what { PEND_FIX, PEND_TARGET, PEND_CANDS, PEND_COMMIT, PEND_RUN };

/* A label in an expectation, resolved once every commit is known. */
struct pending {
	size_t expect, line;
	enum pend_what what;
	const char *tok;	/* into the input */
	size_t n;
};

struct parser {
	const char *text;
	size_t len, pos;
	size_t line;		/* number of the line last read */
	struct scenario *s;
	struct map labels;	/* label -> commit number */
	struct map tags;	/* tag -> commit number */
	struct map branches;	/* branch -> index in s->branches */
	struct map runs;	/* run name -> index in s->runs */
	struct map files;	/* file path -> index in s->files */
	size_t cur;		/* current branch, or SCENARIO_NONE */
	struct pending *pend;
	size_t npend, pend_cap;
	char *err;
	size_t errlen;
};

PRINTF_LIKE(3, 4)
static int fail_at(struct parser *p, size_t line, const char *fmt, ...)
{
	char msg[MSG_BUF];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	set_err(p->err, p->errlen, "line %zu: %s", line, msg);
	return -1;
}

#define fail(p, ...) fail_at((p), (p)->line, __VA_ARGS__)

static int oom(struct parser *p)
{
	return fail(p, "out of memory");
}

/* The next line, without '\n' and a final '\r': 1, 0 at the end, -1 on a
 * NUL byte. */
static int next_line(struct parser *p, const char **line, size_t *n)
{
	const char *start = p->text + p->pos, *nl;
	size_t left = p->len - p->pos, l;

	if (p->pos >= p->len)
		return 0;
	nl = memchr(start, '\n', left);
	l = nl ? (size_t)(nl - start) : left;
	p->pos += l + (nl != NULL);
	p->line++;
	if (l && start[l - 1] == '\r')
		l--;
	*line = start;
	*n = l;
	if (memchr(start, '\0', l))
		return fail(p, "NUL byte");
	return 1;
}

struct toks {
	const char *p, *end;
};

static int tok_next(struct toks *t, const char **tok, size_t *n)
{
	while (t->p < t->end && is_space(*t->p))
		t->p++;
	if (t->p == t->end)
		return 0;
	*tok = t->p;
	while (t->p < t->end && !is_space(*t->p))
		t->p++;
	*n = (size_t)(t->p - *tok);
	return 1;
}

static int end_of_line(struct parser *p, struct toks *t)
{
	char q[QUOTE_BUF];
	const char *tok;
	size_t n;

	if (tok_next(t, &tok, &n))
		return fail(p, "unexpected '%s'", quote(tok, n, q));
	return 0;
}

/* ---- quoted strings (run, expect-json, expect-text, expect-stderr-run,
 * git-config) ---- */

/* s[0] is '"': the end of the quoted string, just past its closing '"', or
 * NULL when it has none before end.  A '\' takes the next byte with it. */
static const char *quote_end(const char *s, const char *end)
{
	for (s++; s < end; s++) {
		if (*s == '\\' && s + 1 < end)
			s++;
		else if (*s == '"')
			return s + 1;
	}
	return NULL;
}

/* Where the comment of s[0..end) starts (its '#'), or end: a '#' inside a
 * quoted word does not count.  An unclosed quote runs to the end. */
static const char *find_comment(const char *s, const char *end)
{
	int at_start = 1;
	const char *q;

	while (s < end) {
		if (*s == '#')
			return s;
		if (is_space(*s)) {
			at_start = 1;
			s++;
		} else if (at_start && *s == '"') {
			if (!(q = quote_end(s, end)))
				return end;
			s = q;
			at_start = 0;
		} else {
			at_start = 0;
			s++;
		}
	}
	return end;
}

/* A fresh copy of tok[0..n): as is, or, quoted, without its quotes and
 * with \" and \\ read as " and \ (any other '\' stands for itself). */
static char *unquote(const char *tok, size_t n, int quoted, size_t *outlen)
{
	char *d;
	size_t i, o = 0;

	if (!quoted) {
		if (outlen)
			*outlen = n;
		return dupn(tok, n);
	}
	d = malloc(n);
	if (!d)
		return NULL;
	for (i = 1; i + 1 < n; i++) {
		if (tok[i] == '\\' && i + 2 < n &&
		    (tok[i + 1] == '"' || tok[i + 1] == '\\'))
			i++;
		d[o++] = tok[i];
	}
	d[o] = '\0';
	if (outlen)
		*outlen = o;
	return d;
}

/* The next word, which may be quoted: 1 (and *quoted), 0 at the end, -1 on
 * a malformed quoted word (reported). */
static int qtok_next(struct parser *p, struct toks *t, const char **tok,
		     size_t *n, int *quoted)
{
	const char *q;

	while (t->p < t->end && is_space(*t->p))
		t->p++;
	if (t->p == t->end)
		return 0;
	*quoted = *t->p == '"';
	if (!*quoted)
		return tok_next(t, tok, n);
	q = quote_end(t->p, t->end);
	if (!q)
		return fail(p, "a quoted string has no closing '\"'");
	if (q < t->end && !is_space(*q))
		return fail(p, "a quoted string must be followed by a blank");
	*tok = t->p;
	*n = (size_t)(q - t->p);
	t->p = q;
	return 1;
}

/* The rest of the line, trimmed: a fresh copy, unquoted when the rest is
 * one quoted string.  Empty (unquoted) is an error naming what. */
static char *rest_text(struct parser *p, struct toks *t, const char *what,
		       size_t *outlen)
{
	const char *text = t->p;
	size_t n = (size_t)(t->end - t->p);
	char *d;
	int quoted;

	trim(&text, &n);
	t->p = t->end;
	if (!n) {
		fail(p, "%s", what);
		return NULL;
	}
	quoted = text[0] == '"' && quote_end(text, text + n) == text + n;
	d = unquote(text, n, quoted, outlen);
	if (!d)
		oom(p);
	return d;
}

static struct scenario_op *add_op(struct parser *p, enum scenario_op_kind kind,
				  const char *name, size_t n)
{
	struct scenario *s = p->s;
	struct scenario_op *op;
	char *copy;

	if (reserve(&s->ops, &s->ops_cap, s->nops, sizeof *s->ops) ||
	    !(copy = dupn(name, n))) {
		oom(p);
		return NULL;
	}
	op = &s->ops[s->nops++];
	memset(op, 0, sizeof *op);
	op->kind = kind;
	op->line = p->line;
	op->name = copy;
	op->commit = SCENARIO_NONE;
	return op;
}

/* The commit a REF names now: an earlier label, a tag, a branch's tip. */
static int resolve(struct parser *p, const char *ref, size_t n, size_t *out)
{
	char q[QUOTE_BUF];
	size_t *v;

	if ((v = map_get(&p->labels, ref, n)) || (v = map_get(&p->tags, ref, n))) {
		*out = *v;
		return 0;
	}
	if ((v = map_get(&p->branches, ref, n))) {
		*out = p->s->branches[*v].tip;
		if (*out != SCENARIO_NONE)
			return 0;
		return fail(p, "branch '%s' has no commit yet", quote(ref, n, q));
	}
	return fail(p, "unknown REF '%s' (no earlier commit label, tag or branch)",
		    quote(ref, n, q));
}

/* The tip of the current branch, for a directive that needs one. */
static int current_tip(struct parser *p, const char *what, size_t *out)
{
	char q[QUOTE_BUF];
	const struct scenario_branch *b;

	if (p->cur == SCENARIO_NONE)
		return fail(p, "'%s' before any 'branch' line", what);
	b = &p->s->branches[p->cur];
	*out = b->tip;
	if (*out == SCENARIO_NONE)
		return fail(p, "'%s': branch '%s' has no commit yet", what,
			    quote(b->name, strlen(b->name), q));
	return 0;
}

/* ---- branch ---- */

static int new_branch(struct parser *p, const char *name, size_t n, size_t at)
{
	struct scenario *s = p->s;
	struct scenario_branch *b;
	struct scenario_op *op;
	char *copy;

	if (reserve(&s->branches, &s->branches_cap, s->nbranches,
		    sizeof *s->branches) || !(copy = dupn(name, n)))
		return oom(p);
	b = &s->branches[s->nbranches];
	b->name = copy;
	b->tip = at;
	b->line = p->line;
	if (map_put(&p->branches, copy, n, s->nbranches++))
		return oom(p);
	p->cur = s->nbranches - 1;
	op = add_op(p, SCENARIO_OP_BRANCH, name, n);
	if (!op)
		return -1;
	op->commit = at;
	op->created = 1;
	return 0;
}

static int parse_branch(struct parser *p, struct toks *t, const char *com,
			size_t clen)
{
	char q[QUOTE_BUF];
	const char *name, *kw, *ref;
	size_t n, kn, rn, at = SCENARIO_NONE, *idx;
	int has_at;

	(void)com;
	(void)clen;
	if (!tok_next(t, &name, &n) || !is_name(name, n))
		return fail(p, "'branch' wants a NAME");
	has_at = tok_next(t, &kw, &kn);
	if (has_at && !eq(kw, kn, "at"))
		return fail(p, "expected 'at REF' after the branch name, not '%s'",
			    quote(kw, kn, q));
	if (has_at && !tok_next(t, &ref, &rn))
		return fail(p, "'at' wants a REF");
	if (end_of_line(p, t))
		return -1;
	idx = map_get(&p->branches, name, n);
	if (idx && has_at)
		return fail(p, "branch '%s' exists already: 'at' is for a new branch",
			    quote(name, n, q));
	if (has_at && resolve(p, ref, rn, &at))
		return -1;
	if (!idx)
		return new_branch(p, name, n, at);
	p->cur = *idx;
	return add_op(p, SCENARIO_OP_BRANCH, name, n) ? 0 : -1;
}

/* ---- commit ---- */

static int push_parent(struct parser *p, struct scenario_op *op, size_t c)
{
	if (reserve(&op->parents, &op->parents_cap, op->nparents,
		    sizeof *op->parents))
		return oom(p);
	op->parents[op->nparents++] = c;
	return 0;
}

/* An email for 'author': no blank, '<', '>' or control character. */
static int is_email(const char *s, size_t n)
{
	if (!n || n > 200)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] <= ' ' || s[i] == '<' || s[i] == '>' || s[i] == 0x7f)
			return 0;
	return 1;
}

/* 'author EMAIL' or 'change NAME' after a commit's label: 1 if kw was one
 * (and its word was good), 0 if kw is neither, -1 on an error. */
static int commit_option(struct parser *p, struct scenario_op *op, struct toks *t,
			 const char *kw, size_t kn)
{
	char q[QUOTE_BUF];
	const char *w;
	size_t wn;
	int author = eq(kw, kn, "author");

	if (!author && !eq(kw, kn, "change"))
		return 0;
	if (author ? op->author != NULL : op->change != NULL)
		return fail(p, "'%s' is given twice", author ? "author" : "change");
	if (!tok_next(t, &w, &wn))
		return fail(p, "'%s' wants %s", author ? "author" : "change",
			    author ? "an EMAIL" : "a NAME");
	if (author ? !is_email(w, wn) : !is_label(w, wn))
		return fail(p, "bad %s '%s'", author ? "email" : "change name",
			    quote(w, wn, q));
	if (!(*(author ? &op->author : &op->change) = dupn(w, wn)))
		return oom(p);
	return 1;
}

static int commit_parents(struct parser *p, struct scenario_op *op,
			  struct toks *t)
{
	char q[QUOTE_BUF];
	const char *kw, *ref;
	size_t kn, rn, c, tip = p->s->branches[p->cur].tip;
	int rep, opt;

	if (tip != SCENARIO_NONE && push_parent(p, op, tip))
		return -1;
	for (;;) {
		if (!tok_next(t, &kw, &kn))
			return 0;
		if ((opt = commit_option(p, op, t, kw, kn)) < 0)
			return -1;
		if (!opt)
			break;
	}
	if (!eq(kw, kn, "merge"))
		return fail(p, "expected 'author EMAIL', 'change NAME' or 'merge REF...' after "
			    "the label, not '%s'", quote(kw, kn, q));
	if (!tok_next(t, &ref, &rn))
		return fail(p, "'merge' wants at least one REF");
	do {
		if (resolve(p, ref, rn, &c) || push_parent(p, op, c))
			return -1;
	} while (tok_next(t, &ref, &rn));
	rep = has_repeats(op->parents, op->nparents);
	if (rep < 0)
		return oom(p);
	return rep ? fail(p, "a commit is named twice as a parent") : 0;
}

static const char *check_lookup(void *ctx, const char *label, size_t len)
{
	struct parser *p = ctx;

	/* The commit being read is not in the map yet: all there are earlier. */
	return map_get(&p->labels, label, len) ? zero_id : NULL;
}

/* Append line[0..n) and '\n' to *buf (*len bytes, *cap allocated, > 0). */
static int append_text(struct parser *p, char **buf, size_t *len, size_t *cap,
		       const char *line, size_t n)
{
	size_t need = *len + n + 2, ncap = *cap;
	char *grown;

	if (need > *cap) {
		while (ncap < need)
			ncap *= 2;
		grown = realloc(*buf, ncap);
		if (!grown)
			return oom(p);
		*buf = grown;
		*cap = ncap;
	}
	memcpy(*buf + *len, line, n);
	*len += n;
	(*buf)[(*len)++] = '\n';
	(*buf)[*len] = '\0';
	return 0;
}

static int message_line(struct parser *p, struct scenario_op *op, size_t *cap,
			const char *line, size_t n)
{
	char msg[MSG_BUF];

	if (eq(line, n, ".."))
		n = 1;
	if (scenario_expand(line, n, check_lookup, p, NULL, NULL, msg,
			    sizeof msg))
		return fail(p, "%s", msg);
	return append_text(p, &op->message, &op->message_len, cap, line, n);
}

static int read_message(struct parser *p, struct scenario_op *op)
{
	size_t start = p->line, cap = 64, n;
	const char *line;
	int r;

	op->message = malloc(cap);
	if (!op->message)
		return oom(p);
	op->message[0] = '\0';
	while ((r = next_line(p, &line, &n)) > 0) {
		if (eq(line, n, "."))
			return 0;
		if (message_line(p, op, &cap, line, n))
			return -1;
	}
	if (r < 0)
		return -1;
	return fail_at(p, start, "the message of commit '%s' has no closing '.' line",
		       op->name);
}

static int register_commit(struct parser *p, size_t opi)
{
	struct scenario *s = p->s;
	struct scenario_op *op = &s->ops[opi];

	if (reserve(&s->commit_ops, &s->commit_ops_cap, s->ncommits,
		    sizeof *s->commit_ops) ||
	    map_put(&p->labels, op->name, strlen(op->name), op->commit))
		return oom(p);
	s->commit_ops[s->ncommits++] = opi;
	s->branches[p->cur].tip = op->commit;
	return 0;
}

static int parse_commit(struct parser *p, struct toks *t, const char *com,
			size_t clen)
{
	char q[QUOTE_BUF];
	struct scenario_op *op;
	const char *label;
	size_t n, *prev;

	(void)com;
	(void)clen;
	if (!tok_next(t, &label, &n))
		return fail(p, "'commit' wants a LABEL");
	if (!is_label(label, n))
		return fail(p, "bad label '%s': use letters, digits, '_' and '-' "
			    "(not '-' alone)",
			    quote(label, n, q));
	if ((prev = map_get(&p->labels, label, n)))
		return fail(p, "label '%s' is used twice (first on line %zu)",
			    quote(label, n, q),
			    p->s->ops[p->s->commit_ops[*prev]].line);
	if (p->cur == SCENARIO_NONE)
		return fail(p, "'commit' before any 'branch' line");
	op = add_op(p, SCENARIO_OP_COMMIT, label, n);
	if (!op)
		return -1;
	op->commit = p->s->ncommits;
	if (commit_parents(p, op, t) || read_message(p, op))
		return -1;
	return register_commit(p, p->s->nops - 1);
}

/* ---- tag, annotated-tag, range ---- */

static int parse_tag_kind(struct parser *p, struct toks *t,
			  enum scenario_op_kind kind, const char *what)
{
	char q[QUOTE_BUF];
	struct scenario_op *op;
	const char *name, *ref;
	size_t n, rn, c;

	if (!tok_next(t, &name, &n) || !is_name(name, n))
		return fail(p, "'%s' wants a NAME", what);
	if (map_get(&p->tags, name, n))
		return fail(p, "tag '%s' is made twice", quote(name, n, q));
	if (tok_next(t, &ref, &rn) ? resolve(p, ref, rn, &c)
				   : current_tip(p, what, &c))
		return -1;
	if (end_of_line(p, t))
		return -1;
	op = add_op(p, kind, name, n);
	if (!op)
		return -1;
	op->commit = c;
	return map_put(&p->tags, op->name, n, c) ? oom(p) : 0;
}

static int parse_tag(struct parser *p, struct toks *t, const char *com,
		     size_t clen)
{
	(void)com;
	(void)clen;
	return parse_tag_kind(p, t, SCENARIO_OP_TAG, "tag");
}

static int parse_annotated(struct parser *p, struct toks *t, const char *com,
			   size_t clen)
{
	(void)com;
	(void)clen;
	return parse_tag_kind(p, t, SCENARIO_OP_ANNOTATED_TAG, "annotated-tag");
}

static int parse_range(struct parser *p, struct toks *t, const char *com,
		       size_t clen)
{
	struct scenario *s = p->s;
	const char *r;
	size_t n;

	(void)com;
	(void)clen;
	if (s->range)
		return fail(p, "a second 'range' line (the first is line %zu)",
			    s->range_line);
	if (!tok_next(t, &r, &n) || !is_name(r, n))
		return fail(p, "'range' wants BASE..TIP");
	if (end_of_line(p, t))
		return -1;
	s->range = dupn(r, n);
	if (!s->range)
		return oom(p);
	s->range_line = p->line;
	return 0;
}

/* ---- expectations ---- */

static struct scenario_expect *add_expect(struct parser *p,
					  enum scenario_expect_kind kind,
					  const char *com, size_t clen)
{
	struct scenario *s = p->s;
	struct scenario_expect *e;
	char *reason;

	if (reserve(&s->expects, &s->expects_cap, s->nexpects,
		    sizeof *s->expects) || !(reason = dupn(com, clen))) {
		oom(p);
		return NULL;
	}
	e = &s->expects[s->nexpects++];
	memset(e, 0, sizeof *e);
	e->kind = kind;
	e->line = p->line;
	e->reason = reason;
	e->fix = e->target = e->commit = e->run = SCENARIO_NONE;
	return e;
}

static int add_pending(struct parser *p, enum pend_what what, const char *tok,
		       size_t n)
{
	struct pending *pd;

	if (reserve(&p->pend, &p->pend_cap, p->npend, sizeof *p->pend))
		return oom(p);
	pd = &p->pend[p->npend++];
	pd->expect = p->s->nexpects - 1;
	pd->line = p->line;
	pd->what = what;
	pd->tok = tok;
	pd->n = n;
	return 0;
}

/* -?[0-9]+ (at most 18 digits), -?[0-9]+.[0-9]+ or null; -1 if v is none
 * of them (not reported). */
static int read_number(const char *v, size_t n, struct scenario_expect *e)
{
	char buf[64];
	size_t i = n && v[0] == '-', digits = 0, frac = 0;

	if (eq(v, n, "null")) {
		e->vkind = SCENARIO_VALUE_NULL;
		return 0;
	}
	while (i < n && is_digit(v[i]))
		i++, digits++;
	if (i < n && v[i] == '.')
		for (i++; i < n && is_digit(v[i]); i++)
			frac++;
	if (!digits || i != n || (n > digits + (v[0] == '-') && !frac) ||
	    n >= sizeof buf || (!frac && digits > 18))
		return -1;
	memcpy(buf, v, n);
	buf[n] = '\0';
	e->vkind = frac ? SCENARIO_VALUE_DECIMAL : SCENARIO_VALUE_INT;
	if (frac)
		e->dval = strtod(buf, NULL);
	else
		e->ival = strtoll(buf, NULL, 10);
	return 0;
}

static int parse_value(struct parser *p, const char *v, size_t n,
		       struct scenario_expect *e)
{
	char q[QUOTE_BUF];

	if (read_number(v, n, e))
		return fail(p, "bad VALUE '%s': want an integer, a decimal or null",
			    quote(v, n, q));
	return 0;
}

static int parse_expect(struct parser *p, struct toks *t, const char *com,
			size_t clen)
{
	char q[QUOTE_BUF];
	struct scenario_expect *e;
	const char *key, *val;
	size_t kn, vn, i;

	if (!tok_next(t, &key, &kn) || !tok_next(t, &val, &vn))
		return fail(p, "'expect' wants KEY VALUE");
	for (i = 0; i < kn; i++)
		if (!is_label_char(key[i]) || key[i] == '-')
			return fail(p, "bad KEY '%s'", quote(key, kn, q));
	if (end_of_line(p, t) || !(e = add_expect(p, SCENARIO_EXPECT_KEY, com, clen)))
		return -1;
	if (parse_value(p, val, vn, e))
		return -1;
	e->key = dupn(key, kn);
	e->value = dupn(val, vn);
	return e->key && e->value ? 0 : oom(p);
}

static int is_row_kind(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof row_kinds / sizeof *row_kinds; i++)
		if (eq(s, n, row_kinds[i]))
			return 1;
	return 0;
}

/* CAND,CAND...: labels; returns how many, 0 if malformed. */
static size_t count_cands(const char *s, size_t n)
{
	size_t i, start = 0, count = 0;

	for (i = 0; i <= n; i++) {
		if (i < n && s[i] != ',')
			continue;
		if (!is_label(s + start, i - start))
			return 0;
		count++;
		start = i + 1;
	}
	return count;
}

/* Tokens after KIND FIX TARGET: [CANDS] [same|visible]. */
static int row_tail(struct parser *p, struct toks *t, int ambiguous,
		    const char **cands, size_t *cn, size_t *ncands,
		    enum scenario_same *same)
{
	char q[QUOTE_BUF];
	const char *tok;
	size_t n;
	int more = tok_next(t, &tok, &n);

	if (ambiguous) {
		if (!more || !(*ncands = count_cands(tok, n)))
			return fail(p, "an ambiguous row wants CAND,CAND... after '-'");
		*cands = tok;
		*cn = n;
		more = tok_next(t, &tok, &n);
	}
	*same = SCENARIO_SAME_ANY;
	if (more && eq(tok, n, "same"))
		*same = SCENARIO_SAME_TRUE;
	else if (more && eq(tok, n, "visible"))
		*same = SCENARIO_SAME_FALSE;
	else if (more)
		return fail(p, "expected 'same' or 'visible', not '%s'",
			    quote(tok, n, q));
	return end_of_line(p, t);
}

static int parse_expect_row(struct parser *p, struct toks *t, const char *com,
			    size_t clen)
{
	char q[QUOTE_BUF];
	struct scenario_expect *e;
	const char *kind, *fix, *target, *cands = NULL;
	size_t kn, fn, tn, cn = 0, ncands = 0;
	enum scenario_same same = SCENARIO_SAME_ANY;
	int amb, none;

	if (!tok_next(t, &kind, &kn) || !tok_next(t, &fix, &fn) ||
	    !tok_next(t, &target, &tn))
		return fail(p, "'expect-row' wants KIND FIX TARGET");
	if (!is_row_kind(kind, kn))
		return fail(p, "unknown row kind '%s'", quote(kind, kn, q));
	amb = eq(kind, kn, "ambiguous");
	none = eq(target, tn, "-");
	if (!is_label(fix, fn) || (!none && !is_label(target, tn)))
		return fail(p, "'expect-row' wants commit labels for FIX and TARGET");
	if (amb && !none)
		return fail(p, "an ambiguous row has '-' as TARGET");
	if (!amb && none)
		return fail(p, "only an ambiguous row has '-' as TARGET");
	if (row_tail(p, t, amb, &cands, &cn, &ncands, &same) ||
	    !(e = add_expect(p, SCENARIO_EXPECT_ROW, com, clen)))
		return -1;
	e->same = same;
	e->row_kind = dupn(kind, kn);
	e->cands = ncands ? malloc(ncands * sizeof *e->cands) : NULL;
	if (!e->row_kind || (ncands && !e->cands))
		return oom(p);
	return add_pending(p, PEND_FIX, fix, fn) ||
	       (!none && add_pending(p, PEND_TARGET, target, tn)) ||
	       (ncands && add_pending(p, PEND_CANDS, cands, cn)) ? -1 : 0;
}

static int parse_expect_release(struct parser *p, struct toks *t,
				const char *com, size_t clen)
{
	struct scenario_expect *e;
	const char *label, *rel;
	size_t ln, rn;

	if (!tok_next(t, &label, &ln) || !tok_next(t, &rel, &rn) ||
	    !is_label(label, ln) || !is_name(rel, rn))
		return fail(p, "'expect-release' wants LABEL RELEASE");
	if (end_of_line(p, t) ||
	    !(e = add_expect(p, SCENARIO_EXPECT_RELEASE, com, clen)))
		return -1;
	e->release = dupn(rel, rn);
	if (!e->release)
		return oom(p);
	return add_pending(p, PEND_COMMIT, label, ln);
}

static int parse_expect_exit(struct parser *p, struct toks *t, const char *com,
			     size_t clen)
{
	struct scenario *s = p->s;
	const char *v;
	size_t n, i;
	int code = 0;

	(void)com;
	(void)clen;
	if (s->expect_exit_line)
		return fail(p, "a second 'expect-exit' line (the first is line %zu)",
			    s->expect_exit_line);
	if (!tok_next(t, &v, &n) || n > 3)
		return fail(p, "'expect-exit' wants a status 0..255");
	for (i = 0; i < n; i++) {
		if (!is_digit(v[i]))
			return fail(p, "'expect-exit' wants a status 0..255");
		code = code * 10 + (v[i] - '0');
	}
	if (code > 255)
		return fail(p, "'expect-exit' wants a status 0..255");
	if (end_of_line(p, t))
		return -1;
	s->expect_exit = code;
	s->expect_exit_line = p->line;
	return 0;
}

static int parse_expect_stderr(struct parser *p, struct toks *t,
			       const char *com, size_t clen)
{
	struct scenario_expect *e;
	const char *text = t->p;
	size_t n = (size_t)(t->end - t->p);

	trim(&text, &n);
	if (!n)
		return fail(p, "'expect-stderr' wants a TEXT");
	e = add_expect(p, SCENARIO_EXPECT_STDERR, com, clen);
	if (!e)
		return -1;
	e->text = dupn(text, n);
	return e->text ? 0 : oom(p);
}

/* ---- runs, their expectations, files, git config ---- */

/* A run NAME: a label's characters. */
static int want_run_name(struct parser *p, struct toks *t, const char *what,
			 const char **name, size_t *n)
{
	char q[QUOTE_BUF];

	if (!tok_next(t, name, n))
		return fail(p, "'%s' wants a run NAME", what);
	if (!is_label(*name, *n))
		return fail(p, "bad run NAME '%s': use letters, digits, '_' and '-'",
			    quote(*name, *n, q));
	return 0;
}

static int push_arg(struct parser *p, struct scenario_run *r, const char *tok,
		    size_t n, int quoted)
{
	char *arg;

	if (reserve(&r->args, &r->args_cap, r->nargs, sizeof *r->args) ||
	    !(arg = unquote(tok, n, quoted, NULL)))
		return oom(p);
	r->args[r->nargs++] = arg;
	return 0;
}

static int parse_run(struct parser *p, struct toks *t, const char *com,
		     size_t clen)
{
	char q[QUOTE_BUF];
	struct scenario *s = p->s;
	struct scenario_run *r;
	const char *name, *tok;
	size_t n, tn, *prev;
	int quoted, got;

	(void)com;
	(void)clen;
	if (want_run_name(p, t, "run", &name, &n))
		return -1;
	if ((prev = map_get(&p->runs, name, n)))
		return fail(p, "run '%s' is made twice (first on line %zu)",
			    quote(name, n, q), s->runs[*prev].line);
	if (reserve(&s->runs, &s->runs_cap, s->nruns, sizeof *s->runs))
		return oom(p);
	r = &s->runs[s->nruns++];
	memset(r, 0, sizeof *r);
	r->line = p->line;
	if (!(r->name = dupn(name, n)) ||
	    map_put(&p->runs, r->name, n, s->nruns - 1))
		return oom(p);
	while ((got = qtok_next(p, t, &tok, &tn, &quoted)) > 0)
		if (push_arg(p, r, tok, tn, quoted))
			return -1;
	if (got < 0)
		return -1;
	return r->nargs ? 0 : fail(p, "'run' wants NAME ARGS...");
}

/* A run's expectation: the run is looked up once every line is read. */
static struct scenario_expect *run_expect(struct parser *p,
					  enum scenario_expect_kind kind,
					  const char *name, size_t n,
					  const char *com, size_t clen)
{
	struct scenario_expect *e = add_expect(p, kind, com, clen);

	if (e && add_pending(p, PEND_RUN, name, n))
		return NULL;
	return e;
}

/* KEY, .KEY or [N] steps; out of steps or malformed: -1 (not reported). */
static int read_path(const char *s, size_t n, struct scenario_expect *e)
{
	size_t i = 0, start, cap = 0;
	struct scenario_step *st;

	if (!n)
		return -1;
	while (i < n) {
		if (reserve(&e->steps, &cap, e->nsteps, sizeof *e->steps))
			return -2;
		st = &e->steps[e->nsteps];
		st->key = NULL;
		st->index = 0;
		if (s[i] == '[') {
			for (start = ++i; i < n && is_digit(s[i]); i++)
				st->index = st->index * 10 + (size_t)(s[i] - '0');
			if (i == start || i - start > 9 || i >= n || s[i] != ']')
				return -1;
			i++;
		} else {
			if (e->nsteps && s[i++] != '.')
				return -1;
			for (start = i; i < n && is_label_char(s[i]); i++)
				;
			if (i == start || !(st->key = dupn(s + start, i - start)))
				return i == start ? -1 : -2;
		}
		e->nsteps++;
	}
	return 0;
}

static int parse_path(struct parser *p, const char *s, size_t n,
		      struct scenario_expect *e)
{
	char q[QUOTE_BUF];
	const char *inner = s;
	size_t in = n;
	int r;

	if (n > 5 && !memcmp(s, "len(", 4) && s[n - 1] == ')') {
		e->len_of = 1;
		inner += 4;
		in -= 5;
	}
	r = read_path(inner, in, e);
	if (r == -2)
		return oom(p);
	if (r)
		return fail(p, "bad PATH '%s': want KEY, .KEY and [N] steps "
			    "(e.g. series[0].open), or len(PATH)", quote(s, n, q));
	return 0;
}

/* {LABEL} or {LABEL:N}: 1, with the label's length and N (up to three
 * digits, checked later); 0 if v is neither. */
static int read_id_value(const char *v, size_t n, size_t *ln, size_t *digits)
{
	size_t i = 1, nd = 0;

	if (n < 3 || v[0] != '{' || v[n - 1] != '}')
		return 0;
	while (i < n - 1 && is_label_char(v[i]))
		i++;
	*ln = i - 1;
	*digits = SCENARIO_HEX;
	if (!*ln)
		return 0;
	if (i == n - 1)
		return 1;
	if (v[i] != ':')
		return 0;
	for (*digits = 0, i++; i < n - 1 && is_digit(v[i]) && nd < 3; i++, nd++)
		*digits = *digits * 10 + (size_t)(v[i] - '0');
	return nd && i == n - 1;
}

static int parse_json_value(struct parser *p, const char *v, size_t n,
			    int quoted, struct scenario_expect *e)
{
	char q[QUOTE_BUF];
	size_t ln, digits;

	if (quoted) {
		e->vkind = SCENARIO_VALUE_STRING;
		e->text = unquote(v, n, 1, &e->text_len);
		return e->text ? 0 : oom(p);
	}
	if (eq(v, n, "true") || eq(v, n, "false")) {
		e->vkind = v[0] == 't' ? SCENARIO_VALUE_TRUE : SCENARIO_VALUE_FALSE;
		return 0;
	}
	if (n && v[0] == '{') {
		if (!read_id_value(v, n, &ln, &digits))
			return fail(p, "bad VALUE '%s': want {LABEL} or {LABEL:N}",
				    quote(v, n, q));
		if (digits < 7 || digits > SCENARIO_HEX)
			return fail(p, "bad VALUE '%s': N must be 7 to 40",
				    quote(v, n, q));
		e->vkind = SCENARIO_VALUE_ID;
		e->id_digits = digits;
		return add_pending(p, PEND_COMMIT, v + 1, ln);
	}
	if (read_number(v, n, e))
		return fail(p, "bad VALUE '%s': want an integer, a decimal, null, "
			    "true, false, a \"string\" or {LABEL}", quote(v, n, q));
	return 0;
}

static int parse_expect_json(struct parser *p, struct toks *t, const char *com,
			     size_t clen)
{
	struct scenario_expect *e;
	const char *name, *path, *val;
	size_t nn, pn, vn;
	int quoted, got;

	if (want_run_name(p, t, "expect-json", &name, &nn))
		return -1;
	if (!tok_next(t, &path, &pn) ||
	    (got = qtok_next(p, t, &val, &vn, &quoted)) == 0)
		return fail(p, "'expect-json' wants NAME PATH VALUE");
	if (got < 0 || end_of_line(p, t) ||
	    !(e = run_expect(p, SCENARIO_EXPECT_JSON, name, nn, com, clen)))
		return -1;
	e->key = dupn(path, pn);
	e->value = dupn(val, vn);
	if (!e->key || !e->value)
		return oom(p);
	return parse_path(p, path, pn, e) ||
	       parse_json_value(p, val, vn, quoted, e) ? -1 : 0;
}

static int parse_run_text(struct parser *p, struct toks *t, const char *com,
			  size_t clen, enum scenario_expect_kind kind,
			  const char *what)
{
	char msg[64];
	struct scenario_expect *e;
	const char *name;
	size_t nn, len;
	char *text;

	if (want_run_name(p, t, what, &name, &nn))
		return -1;
	snprintf(msg, sizeof msg, "'%s' wants NAME TEXT", what);
	if (!(text = rest_text(p, t, msg, &len)))
		return -1;
	if (!len || !(e = run_expect(p, kind, name, nn, com, clen))) {
		free(text);
		return len ? -1 : fail(p, "%s", msg);
	}
	e->text = text;
	e->text_len = len;
	return 0;
}

static int parse_expect_text(struct parser *p, struct toks *t, const char *com,
			     size_t clen)
{
	return parse_run_text(p, t, com, clen, SCENARIO_EXPECT_TEXT,
			      "expect-text");
}

static int parse_expect_stderr_run(struct parser *p, struct toks *t,
				   const char *com, size_t clen)
{
	return parse_run_text(p, t, com, clen, SCENARIO_EXPECT_STDERR_RUN,
			      "expect-stderr-run");
}

/* 0..255, written in at most 3 digits. */
static int read_status(const char *v, size_t n, int *code)
{
	size_t i;

	*code = 0;
	if (!n || n > 3)
		return -1;
	for (i = 0; i < n; i++) {
		if (!is_digit(v[i]))
			return -1;
		*code = *code * 10 + (v[i] - '0');
	}
	return *code > 255 ? -1 : 0;
}

static int parse_expect_exit_run(struct parser *p, struct toks *t,
				 const char *com, size_t clen)
{
	struct scenario_expect *e;
	const char *name, *v;
	size_t nn, vn;
	int code;

	if (want_run_name(p, t, "expect-exit-run", &name, &nn))
		return -1;
	if (!tok_next(t, &v, &vn) || read_status(v, vn, &code))
		return fail(p, "'expect-exit-run' wants NAME and a status 0..255");
	if (end_of_line(p, t) ||
	    !(e = run_expect(p, SCENARIO_EXPECT_EXIT_RUN, name, nn, com, clen)))
		return -1;
	e->ival = code;
	return 0;
}

static int parse_expect_quiet_run(struct parser *p, struct toks *t,
				  const char *com, size_t clen)
{
	const char *name;
	size_t nn;

	if (want_run_name(p, t, "expect-quiet-run", &name, &nn))
		return -1;
	if (end_of_line(p, t) ||
	    !run_expect(p, SCENARIO_EXPECT_QUIET_RUN, name, nn, com, clen))
		return -1;
	return 0;
}

static int is_file_path(const char *s, size_t n);

/* stdin-run NAME PATH: run NAME (made on an earlier line) reads PATH. */
static int parse_stdin_run(struct parser *p, struct toks *t, const char *com, size_t clen)
{
	char q[QUOTE_BUF];
	struct scenario_run *r;
	const char *name, *path;
	size_t nn, n, *at;

	(void)com;
	(void)clen;
	if (want_run_name(p, t, "stdin-run", &name, &nn))
		return -1;
	if (!(at = map_get(&p->runs, name, nn)))
		return fail(p, "'stdin-run': no run '%s' before this line", quote(name, nn, q));
	r = &p->s->runs[*at];
	if (!tok_next(t, &path, &n))
		return fail(p, "'stdin-run' wants NAME PATH");
	if (!is_file_path(path, n))
		return fail(p, "bad PATH '%s': a relative path with no empty, '.', "
			    "'..' or '.git' part", quote(path, n, q));
	if (end_of_line(p, t))
		return -1;
	if (r->stdin_path)
		return fail(p, "run '%s' has its stdin-run already", quote(name, nn, q));
	if (!(r->stdin_path = dupn(path, n)))
		return oom(p);
	return 0;
}

/* A relative path of printable words: no empty, '.', '..' or '.git' part. */
static int is_file_path(const char *s, size_t n)
{
	size_t i, start = 0;

	if (!is_name(s, n))
		return 0;
	for (i = 0; i <= n; i++) {
		if (i < n && s[i] != '/')
			continue;
		if (i == start || eq(s + start, i - start, ".") ||
		    eq(s + start, i - start, "..") ||
		    (i - start == 4 && !strncasecmp_ascii(s + start, ".git", 4)))
			return 0;
		start = i + 1;
	}
	return 1;
}

static int parse_file(struct parser *p, struct toks *t, const char *com,
		      size_t clen)
{
	char q[QUOTE_BUF];
	struct scenario *s = p->s;
	struct scenario_file *f;
	const char *path, *line;
	size_t n, ln, start, cap = 64, *prev;
	int r;

	(void)com;
	(void)clen;
	if (!tok_next(t, &path, &n))
		return fail(p, "'file' wants a PATH");
	if (!is_file_path(path, n))
		return fail(p, "bad PATH '%s': a relative path with no empty, '.', "
			    "'..' or '.git' part", quote(path, n, q));
	if (end_of_line(p, t))
		return -1;
	if ((prev = map_get(&p->files, path, n)))
		return fail(p, "file '%s' is written twice (first on line %zu)",
			    quote(path, n, q), s->files[*prev].line);
	if (reserve(&s->files, &s->files_cap, s->nfiles, sizeof *s->files))
		return oom(p);
	f = &s->files[s->nfiles++];
	memset(f, 0, sizeof *f);
	f->line = start = p->line;
	if (!(f->path = dupn(path, n)) ||
	    map_put(&p->files, f->path, n, s->nfiles - 1) ||
	    !(f->content = malloc(cap)))
		return oom(p);
	f->content[0] = '\0';
	while ((r = next_line(p, &line, &ln)) > 0) {
		if (eq(line, ln, "."))
			return 0;
		if (eq(line, ln, ".."))
			ln = 1;
		if (append_text(p, &f->content, &f->len, &cap, line, ln))
			return -1;
	}
	if (r < 0)
		return -1;
	return fail_at(p, start, "the content of file '%s' has no closing '.' line",
		       f->path);
}

/* section.name or section.subsection.name, as far as can be told here. */
static int is_config_key(const char *s, size_t n)
{
	const char *first = memchr(s, '.', n), *last = s + n;

	while (last > s && last[-1] != '.')
		last--;
	return is_name(s, n) && first && first > s && last < s + n;
}

static int parse_git_config(struct parser *p, struct toks *t, const char *com,
			    size_t clen)
{
	char q[QUOTE_BUF];
	struct scenario *s = p->s;
	struct scenario_config *c;
	const char *key;
	size_t n;

	(void)com;
	(void)clen;
	if (!tok_next(t, &key, &n))
		return fail(p, "'git-config' wants KEY VALUE");
	if (!is_config_key(key, n))
		return fail(p, "bad KEY '%s': want section.name or "
			    "section.subsection.name", quote(key, n, q));
	if (reserve(&s->configs, &s->configs_cap, s->nconfigs, sizeof *s->configs))
		return oom(p);
	c = &s->configs[s->nconfigs++];
	memset(c, 0, sizeof *c);
	c->line = p->line;
	if (!(c->key = dupn(key, n)))
		return oom(p);
	c->value = rest_text(p, t, "'git-config' wants KEY VALUE (\"\" for an "
			     "empty value)", NULL);
	return c->value ? 0 : -1;
}

/* ---- lines and the whole file ---- */

typedef int (*directive_fn)(struct parser *p, struct toks *t, const char *com,
			    size_t clen);

static int parse_line(struct parser *p, const char *line, size_t n)
{
	static const struct {
		const char *name;
		directive_fn fn;
		int quoting;	/* takes quoted words: '#' in one is no comment */
	} dirs[] = {
		{ "branch", parse_branch, 0 },
		{ "commit", parse_commit, 0 },
		{ "tag", parse_tag, 0 },
		{ "annotated-tag", parse_annotated, 0 },
		{ "range", parse_range, 0 },
		{ "expect", parse_expect, 0 },
		{ "expect-row", parse_expect_row, 0 },
		{ "expect-release", parse_expect_release, 0 },
		{ "expect-exit", parse_expect_exit, 0 },
		{ "expect-stderr", parse_expect_stderr, 0 },
		{ "run", parse_run, 1 },
		{ "expect-json", parse_expect_json, 1 },
		{ "expect-text", parse_expect_text, 1 },
		{ "expect-exit-run", parse_expect_exit_run, 0 },
		{ "expect-quiet-run", parse_expect_quiet_run, 0 },
		{ "stdin-run", parse_stdin_run, 0 },
		{ "expect-stderr-run", parse_expect_stderr_run, 1 },
		{ "file", parse_file, 0 },
		{ "git-config", parse_git_config, 1 },
	};
	char q[QUOTE_BUF];
	const char *hash = memchr(line, '#', n), *com = "", *word;
	size_t clen = 0, wn, i;
	struct toks t = { line, hash ? hash : line + n };

	if (!tok_next(&t, &word, &wn))
		return 0;
	for (i = 0; i < sizeof dirs / sizeof *dirs; i++)
		if (eq(word, wn, dirs[i].name))
			break;
	if (i == sizeof dirs / sizeof *dirs)
		return fail(p, "unknown directive '%s'", quote(word, wn, q));
	if (dirs[i].quoting) {
		t.end = find_comment(t.p, line + n);
		hash = t.end < line + n ? t.end : NULL;
	}
	if (hash) {
		com = hash + 1;
		clen = (size_t)(line + n - com);
		trim(&com, &clen);
	}
	return dirs[i].fn(p, &t, com, clen);
}

static int lookup_label(struct parser *p, const struct pending *pd,
			const char *tok, size_t n, size_t *out)
{
	char q[QUOTE_BUF];
	size_t *v = map_get(&p->labels, tok, n);

	if (!v)
		return fail_at(p, pd->line, "no commit is labelled '%s'",
			       quote(tok, n, q));
	*out = *v;
	return 0;
}

static int resolve_cands(struct parser *p, const struct pending *pd,
			 struct scenario_expect *e)
{
	size_t i, start = 0;
	int rep;

	for (i = 0; i <= pd->n; i++) {
		if (i < pd->n && pd->tok[i] != ',')
			continue;
		if (lookup_label(p, pd, pd->tok + start, i - start,
				 &e->cands[e->ncands]))
			return -1;
		e->ncands++;
		start = i + 1;
	}
	rep = has_repeats(e->cands, e->ncands);
	if (rep < 0)
		return fail_at(p, pd->line, "out of memory");
	return rep ? fail_at(p, pd->line, "a candidate is named twice") : 0;
}

static int lookup_run(struct parser *p, const struct pending *pd,
		      struct scenario_expect *e)
{
	char q[QUOTE_BUF];
	size_t *v = map_get(&p->runs, pd->tok, pd->n);

	if (!v)
		return fail_at(p, pd->line, "no 'run' line is named '%s'",
			       quote(pd->tok, pd->n, q));
	e->run = *v;
	return 0;
}

static int resolve_pending(struct parser *p)
{
	size_t i;

	for (i = 0; i < p->npend; i++) {
		const struct pending *pd = &p->pend[i];
		struct scenario_expect *e = &p->s->expects[pd->expect];
		size_t *slot = pd->what == PEND_FIX ? &e->fix
			     : pd->what == PEND_TARGET ? &e->target : &e->commit;
		int r = pd->what == PEND_CANDS ? resolve_cands(p, pd, e)
		      : pd->what == PEND_RUN ? lookup_run(p, pd, e)
		      : lookup_label(p, pd, pd->tok, pd->n, slot);

		if (r)
			return -1;
	}
	return 0;
}

/* The placeholders of each run's arguments and of each expect-text and
 * expect-stderr-run TEXT name commits of the file (any, earlier or later:
 * the runs come after the build). */
static int check_placeholders(struct parser *p)
{
	const struct scenario_run *r;
	const struct scenario_expect *e;
	char msg[MSG_BUF];
	size_t i, k;

	for (i = 0; i < p->s->nruns; i++) {
		r = &p->s->runs[i];
		for (k = 0; k < r->nargs; k++)
			if (scenario_expand(r->args[k], strlen(r->args[k]),
					    check_lookup, p, NULL, NULL, msg,
					    sizeof msg))
				return fail_at(p, r->line, "argument %zu: %s", k + 1,
					       msg);
	}
	for (i = 0; i < p->s->nexpects; i++) {
		e = &p->s->expects[i];
		if ((e->kind == SCENARIO_EXPECT_TEXT ||
		     e->kind == SCENARIO_EXPECT_STDERR_RUN) &&
		    scenario_expand(e->text, e->text_len, check_lookup, p, NULL,
				    NULL, msg, sizeof msg))
			return fail_at(p, e->line, "TEXT: %s", msg);
	}
	return 0;
}

/* Copy each expect-exit-run into its run, once per run. */
static int set_run_exits(struct parser *p)
{
	struct scenario *s = p->s;
	struct scenario_run *r;
	size_t i;

	for (i = 0; i < s->nexpects; i++) {
		const struct scenario_expect *e = &s->expects[i];

		if (e->kind != SCENARIO_EXPECT_EXIT_RUN)
			continue;
		r = &s->runs[e->run];
		if (r->expect_exit_line)
			return fail_at(p, e->line, "a second 'expect-exit-run' for run "
				       "'%s' (the first is line %zu)", r->name,
				       r->expect_exit_line);
		r->expect_exit = (int)e->ival;
		r->expect_exit_line = e->line;
	}
	return 0;
}

/* Without a range there are no stats and fixes to check. */
static int check_range_needs(struct parser *p)
{
	const struct scenario *s = p->s;
	size_t i;

	if (s->range)
		return 0;
	if (!s->nruns)
		return fail_at(p, p->line ? p->line : 1, "end of file: no 'range' "
			       "line and no 'run' line");
	if (s->expect_exit_line)
		return fail_at(p, s->expect_exit_line, "'expect-exit' checks stats "
			       "and fixes of RANGE: it needs a 'range' line");
	for (i = 0; i < s->nexpects; i++)
		if (s->expects[i].kind <= SCENARIO_EXPECT_STDERR)
			return fail_at(p, s->expects[i].line, "this expectation "
				       "checks stats or fixes of RANGE: it needs a "
				       "'range' line");
	return 0;
}

static int parse_all(struct parser *p)
{
	const char *line;
	size_t n;
	int r;

	while ((r = next_line(p, &line, &n)) > 0)
		if (parse_line(p, line, n))
			return -1;
	if (r < 0)
		return -1;
	return check_range_needs(p) || resolve_pending(p) || check_placeholders(p) ||
	       set_run_exits(p) ? -1 : 0;
}

int scenario_parse(const char *text, size_t len, struct scenario *out,
		   char *err, size_t errlen)
{
	struct parser p;
	int r;

	memset(out, 0, sizeof *out);
	memset(&p, 0, sizeof p);
	p.text = text;
	p.len = text ? len : 0;
	p.s = out;
	p.cur = SCENARIO_NONE;
	p.err = err;
	p.errlen = errlen;
	r = parse_all(&p);
	free(p.labels.slots);
	free(p.tags.slots);
	free(p.branches.slots);
	free(p.runs.slots);
	free(p.files.slots);
	free(p.pend);
	if (r)
		scenario_release(out);
	return r;
}

void scenario_release(struct scenario *s)
{
	size_t i, k;

	for (i = 0; i < s->nops; i++) {
		free(s->ops[i].name);
		free(s->ops[i].parents);
		free(s->ops[i].message);
		free(s->ops[i].author);
		free(s->ops[i].change);
	}
	for (i = 0; i < s->nbranches; i++)
		free(s->branches[i].name);
	for (i = 0; i < s->nexpects; i++) {
		struct scenario_expect *e = &s->expects[i];

		free(e->reason);
		free(e->key);
		free(e->value);
		free(e->row_kind);
		free(e->cands);
		free(e->release);
		free(e->text);
		for (k = 0; k < e->nsteps; k++)
			free(e->steps[k].key);
		free(e->steps);
	}
	for (i = 0; i < s->nruns; i++) {
		for (k = 0; k < s->runs[i].nargs; k++)
			free(s->runs[i].args[k]);
		free(s->runs[i].args);
		free(s->runs[i].name);
		free(s->runs[i].stdin_path);
	}
	for (i = 0; i < s->nfiles; i++) {
		free(s->files[i].path);
		free(s->files[i].content);
	}
	for (i = 0; i < s->nconfigs; i++) {
		free(s->configs[i].key);
		free(s->configs[i].value);
	}
	free(s->runs);
	free(s->files);
	free(s->configs);
	free(s->ops);
	free(s->commit_ops);
	free(s->branches);
	free(s->range);
	free(s->expects);
	memset(s, 0, sizeof *s);
}

const char *scenario_label(const struct scenario *s, size_t n)
{
	return n < s->ncommits ? s->ops[s->commit_ops[n]].name : NULL;
}

/* ---- placeholders -------------------------------------------------------- */

struct expansion {
	scenario_lookup_fn lookup;
	void *ctx;
	char *err;
	size_t errlen;
};

/* Read the placeholder whose '{' is at text[*pos]; write its digits to dst
 * (if not NULL), their count to *k, and move *pos past the '}'. */
static int placeholder(const struct expansion *x, const char *text, size_t len,
		       size_t *pos, char *dst, size_t *k)
{
	char q[QUOTE_BUF];
	size_t start = *pos + 1, i = start, ln, nd = 0, digits = SCENARIO_HEX;
	const char *id;

	while (i < len && is_label_char(text[i]))
		i++;
	ln = i - start;
	if (ln && i < len && text[i] == ':') {
		for (digits = 0, i++; i < len && is_digit(text[i]) && nd < 3; i++, nd++)
			digits = digits * 10 + (size_t)(text[i] - '0');
		if (!nd || nd > 2)
			ln = 0;
	}
	if (!ln || i >= len || text[i] != '}') {
		set_err(x->err, x->errlen, "column %zu: '{' starts no {LABEL} or "
			"{LABEL:N} (write '{{' for '{')", *pos + 1);
		return -1;
	}
	if (digits < 7 || digits > SCENARIO_HEX) {
		set_err(x->err, x->errlen, "column %zu: {%s:%zu}: N must be 7 to 40",
			*pos + 1, quote(text + start, ln, q), digits);
		return -1;
	}
	id = x->lookup(x->ctx, text + start, ln);
	if (!id || strnlen(id, SCENARIO_HEX + 1) != SCENARIO_HEX) {
		set_err(x->err, x->errlen, "column %zu: no earlier commit is labelled '%s'",
			*pos + 1, quote(text + start, ln, q));
		return -1;
	}
	if (dst)
		memcpy(dst, id, digits);
	*k = digits;
	*pos = i + 1;
	return 0;
}

/* One pass: measure (dst NULL) or fill dst. */
static int expand_pass(const struct expansion *x, const char *text, size_t len,
		       char *dst, size_t *outlen)
{
	size_t i = 0, o = 0, lit, k;
	const char *open;

	while (i < len) {
		open = memchr(text + i, '{', len - i);
		lit = open ? (size_t)(open - text) - i : len - i;
		if (dst)
			memcpy(dst + o, text + i, lit);
		o += lit;
		i += lit;
		if (!open)
			break;
		if (i + 1 < len && text[i + 1] == '{') {
			if (dst)
				dst[o] = '{';
			o++;
			i += 2;
			continue;
		}
		if (placeholder(x, text, len, &i, dst ? dst + o : NULL, &k))
			return -1;
		o += k;
	}
	*outlen = o;
	return 0;
}

int scenario_expand(const char *text, size_t len, scenario_lookup_fn lookup,
		    void *ctx, char **out, size_t *outlen,
		    char *err, size_t errlen)
{
	struct expansion x = { lookup, ctx, err, errlen };
	size_t n, filled;
	char *buf;

	if (out)
		*out = NULL;
	if (!text)
		len = 0;
	if (expand_pass(&x, text, len, NULL, &n))
		return -1;
	if (outlen)
		*outlen = n;
	if (!out)
		return 0;
	buf = malloc(n + 1);
	if (!buf) {
		set_err(err, errlen, "out of memory");
		return -1;
	}
	if (expand_pass(&x, text, len, buf, &filled)) {
		free(buf);
		return -1;
	}
	buf[filled] = '\0';
	*out = buf;
	return 0;
}
