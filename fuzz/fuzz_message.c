/*
 * fuzz_message.c — libFuzzer harness for src/core/message.c.
 *
 * The input is a raw commit message (any bytes).  Besides running the parser
 * under ASan/UBSan, each run checks properties of the result and aborts
 * (a "crash" for libFuzzer) when one does not hold:
 *
 *  - every id (aliases and references) is 7..40 lower-case hex digits and
 *    occurs in the input, compared ignoring case, as a word (no letter or
 *    digit just before it, none just after it);
 *  - the subject and every quoted subject are clean: valid UTF-8, no control
 *    character, at most MSG_SUBJECT_MAX bytes, no leading, trailing or double
 *    space;
 *  - aliases are distinct, references are distinct per kind;
 *  - fixes_lines + nonsha_fixes_lines <= the number of lines, and the Fixes
 *    references are no more than fixes_lines;
 *  - is_revert is set exactly when there is a revert reference;
 *  - the result does not change when every "\n" becomes "\r\n" and a final
 *    "\r\n" is added (input without '\r'), or when a final newline is
 *    added (input with '\r');
 *  - subjects hold no C1 control and no U+2028/U+2029 either;
 *  - with project patterns (msg_parse_with), the references and counts are
 *    the same and the aliases a superset, each still 7..40 lower-case hex
 *    found in the input;
 *  - with fix-line and channel patterns, every id is still clean and a word
 *    of the input, and only the bits of the channel patterns given are set
 *    (none without them);
 *  - msg_parse_where gives the same facts and one line per alias and
 *    reference, numbered within the message, whose text names the id;
 *  - msg_clean_text gives clean text and is idempotent; msg_subject_equal is
 *    reflexive, symmetric, blind to ASCII case and agrees with a reference
 *    comparison.
 */
#define _GNU_SOURCE	/* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/message.h"

/* The checks below are not what is being fuzzed: keep coverage feedback (and
 * its cost) to the code under test.  ASan and UBSan still apply. */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif

#include "fuzz_common.h"

/*
 * A second build of src/core/message.c (the real source, compiled by the Makefile
 * without coverage feedback, every symbol it defines renamed nocov_*), with
 * ASan and UBSan as everywhere: the same code, named nocov_msg_*.  The input itself goes through the instrumented
 * functions, whose coverage guides the fuzzer; the derived checks (a final
 * newline, CRLF line ends, cleaning a cleaned text again, comparing a
 * subject with itself or its upper-case form, either way round) go through
 * this copy.  They check the same properties of the same code, without
 * paying libFuzzer's comparison tracing (most of the time the harness took)
 * for inputs whose coverage is that of the input itself.  The input is parsed
 * with the instrumented msg_parse_with (project patterns: the same code as
 * msg_parse plus pattern_alias) and with the copy's msg_parse.
 */
void nocov_msg_parse_with(const char *msg, size_t len, const struct msg_rules *rules,
			  struct msg_facts *f);
void nocov_msg_parse(const char *msg, size_t len, struct msg_facts *f);
void nocov_msg_facts_release(struct msg_facts *f);
void nocov_msg_parse_where(const char *msg, size_t len, const struct msg_rules *rules,
			   struct msg_facts *f, struct msg_where *where);
void nocov_msg_where_release(struct msg_where *w);
char *nocov_msg_clean_text(const char *s, size_t len, size_t max);
int nocov_msg_subject_equal(const char *a, const char *b);


static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int is_alnum(int c)
{
	return (c >= '0' && c <= '9') || (lower(c) >= 'a' && lower(c) <= 'z');
}

static int is_lower_hex_id(const char *id)
{
	return fuzz_is_hex_id(id, MSG_ID_MIN, MSG_ID_MAX);
}

/*
 * id (lower-case) occurs in the input ignoring case: low is the input with
 * ASCII letters lowered, data the input itself.  whole: also as a word: no
 * letter or digit just before it, and a non-alphanumeric character or the
 * end after.
 */
static int occurs(const uint8_t *data, const char *low, size_t size, const char *id, int whole)
{
	size_t n = strlen(id);

	for (const char *p = low, *end = low + size; (size_t)(end - p) >= n;) {
		const char *q = memmem(p, (size_t)(end - p), id, n);
		if (!q)
			return 0;
		size_t i = (size_t)(q - low);
		if (!whole ||
		    ((i == 0 || !is_alnum(data[i - 1])) && (i + n == size || !is_alnum(data[i + n]))))
			return 1;
		p = q + 1;
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The first string of v[0..n) that is there twice, or NULL (v is sorted). */
static const char *repeated(const char **v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_str);
	for (size_t i = 1; i < n; i++)
		if (!strcmp(v[i - 1], v[i]))
			return v[i];
	return NULL;
}

/* Strict UTF-8 (no overlongs, surrogates or > U+10FFFF), no C0/DEL, no C1
 * (U+0080..U+009F), no U+2028/U+2029. */
static int clean_text_ok(const char *s, size_t max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s);

	if (n > max)
		return 0;
	if (n && (s[0] == ' ' || s[n - 1] == ' '))
		return 0;
	for (size_t i = 0; i < n;) {
		unsigned c = u[i];
		size_t k;
		unsigned cp;
		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f)
				return 0;
			if (c == ' ' && i + 1 < n && u[i + 1] == ' ')
				return 0;
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			k = 2, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			k = 3, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			k = 4, cp = c & 0x07;
		else
			return 0;
		if (i + k > n)
			return 0;
		for (size_t j = 1; j < k; j++) {
			if ((u[i + j] & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (u[i + j] & 0x3f);
		}
		if ((k == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
		    (k == 4 && (cp < 0x10000 || cp > 0x10ffff)))
			return 0;
		if (cp < 0xa0 || cp == 0x2028 || cp == 0x2029)
			return 0;
		i += k;
	}
	return 1;
}

static size_t count_lines(const uint8_t *data, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < size; i++)
		n += data[i] == '\n';
	return n + (size && data[size - 1] != '\n');
}

static int same_str(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

/* The next reference of f from *i that counts (not a mention, unless all). */
static const struct msg_ref *next_ref(const struct msg_facts *f, size_t *i, int all)
{
	while (*i < f->nrefs && !all && f->refs[*i].kind == MSG_REF_MENTION)
		(*i)++;
	return *i < f->nrefs ? &f->refs[(*i)++] : NULL;
}

/* With aliases 0 (project patterns may read a line as an alias), mentions
 * are not compared either: a line an upstream pattern reads is no prose. */
static int same_facts(const struct msg_facts *a, const struct msg_facts *b, int aliases)
{
	size_t i = 0, j = 0;
	const struct msg_ref *x, *y;

	if (strcmp(a->subject, b->subject) ||
	    a->fixes_lines != b->fixes_lines || a->nonsha_fixes_lines != b->nonsha_fixes_lines ||
	    a->is_revert != b->is_revert || a->cc_stable != b->cc_stable ||
	    a->reported != b->reported)
		return 0;
	do {
		x = next_ref(a, &i, aliases);
		y = next_ref(b, &j, aliases);
		if (!x != !y || (x && (x->kind != y->kind || strcmp(x->id, y->id) ||
				       !same_str(x->subject, y->subject))))
			return 0;
	} while (x);
	if (!aliases)
		return 1;
	if (a->naliases != b->naliases || a->autosel_form != b->autosel_form)
		return 0;
	for (size_t k = 0; k < a->naliases; k++)
		if (strcmp(a->aliases[k], b->aliases[k]))
			return 0;
	return 1;
}

/* fix_lines_many: fix-line patterns were given, and such a line yields
 * every id on it (doc/projects.md), so it may give several references. */
static void check_facts(const uint8_t *data, const char *low, size_t size,
			const struct msg_facts *f, int builtin_only, int fix_lines_many)
{
	size_t nfix = 0, nrev = 0;
	const char **ids = malloc((f->naliases + f->nrefs + 1) * sizeof(char *)), *twice;

	CHECK(f->subject != NULL, "no subject");
	CHECK(clean_text_ok(f->subject, MSG_SUBJECT_MAX), "subject '%s'", f->subject);
	CHECK(f->naliases <= f->aliases_cap && f->nrefs <= f->refs_cap, "counts");
	CHECK(f->seen == NULL, "the parser's index is left");
	for (size_t i = 0; i < f->naliases; i++) {
		CHECK(is_lower_hex_id(f->aliases[i]), "alias '%s'", f->aliases[i]);
		CHECK(occurs(data, low, size, f->aliases[i], builtin_only),
		      "alias '%s' not in input", f->aliases[i]);
		ids[i] = f->aliases[i];
	}
	twice = repeated(ids, f->naliases);
	CHECK(!twice, "alias '%s' twice", twice);
	for (int kind = MSG_REF_FIXES; kind <= MSG_REF_MENTION; kind++) {
		size_t n = 0;
		for (size_t i = 0; i < f->nrefs; i++)
			if (f->refs[i].kind == (enum msg_ref_kind)kind)
				ids[n++] = f->refs[i].id;
		twice = repeated(ids, n);
		CHECK(!twice, "ref '%s' twice", twice);
	}
	free(ids);
	for (size_t i = 0; i < f->nrefs; i++) {
		const struct msg_ref *r = &f->refs[i];
		CHECK(r->kind == MSG_REF_FIXES || r->kind == MSG_REF_REVERT ||
		      r->kind == MSG_REF_MENTION, "kind %d", r->kind);
		CHECK(is_lower_hex_id(r->id), "ref '%s'", r->id);
		CHECK(occurs(data, low, size, r->id, 1), "ref '%s' not in input", r->id);
		CHECK(!r->subject || clean_text_ok(r->subject, MSG_SUBJECT_MAX),
		      "ref subject '%s'", r->subject);
		nfix += r->kind == MSG_REF_FIXES;
		nrev += r->kind == MSG_REF_REVERT;
	}
	CHECK((size_t)f->fixes_lines + f->nonsha_fixes_lines <= count_lines(data, size),
	      "%u + %u lines > %zu", f->fixes_lines, f->nonsha_fixes_lines,
	      count_lines(data, size));
	CHECK(fix_lines_many || nfix <= f->fixes_lines, "%zu refs > %u lines", nfix,
	      f->fixes_lines);
	CHECK(!f->is_revert == !nrev, "is_revert %d, %zu revert refs", f->is_revert, nrev);
}

/* Project patterns, as a .regtrace might give them. */
static const char *const patterns[] = {
	"^Original-Change: ([0-9a-f]+)$",
	"^[[:space:]]*Upstream-Id:[[:space:]]*([0-9A-Fa-f]{7,40})",
	"backport of ([0-9a-f]+)",
};
#define NPATTERNS (sizeof(patterns) / sizeof(*patterns))
static struct pattern *compiled[NPATTERNS];
static struct msg_rules rules = { .upstream = compiled, .nupstream = NPATTERNS };

/* Fix-line and channel patterns, as systemd's or a bot's might be. */
static const char *const fix_patterns[] = {
	"^Follow-up (for|to):? ([0-9a-f]+)",
	"[Rr]efs? ([0-9A-Fa-f]+)",
};
static const char *const channel_patterns[] = { "^Cc:", "stable" };
static struct pattern *fix_compiled[2], *channel_compiled[2];
static struct msg_rules fix_rules = { .fixes = fix_compiled, .nfixes = 2,
				      .channels = channel_compiled, .nchannels = 2 };

/* Every pattern at once: the one parse of the input that coverage feedback
 * sees runs each code path a rule can take. */
static struct pattern *all_upstream[NPATTERNS], *all_fixes[2], *all_channels[2];
static struct msg_rules all_rules = { .upstream = all_upstream, .nupstream = NPATTERNS,
				      .fixes = all_fixes, .nfixes = 2,
				      .channels = all_channels, .nchannels = 2 };

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	char err[256];

	for (size_t i = 0; i < NPATTERNS; i++)
		if (pattern_compile(&compiled[i], patterns[i], 1, err, sizeof(err)))
			abort();
	for (size_t i = 0; i < 2; i++)
		if (pattern_compile(&fix_compiled[i], fix_patterns[i], 1, err, sizeof(err)) ||
		    pattern_compile(&channel_compiled[i], channel_patterns[i], 0, err, sizeof(err)))
			abort();
	for (size_t i = 0; i < NPATTERNS; i++)
		all_upstream[i] = compiled[i];
	for (size_t i = 0; i < 2; i++) {
		all_fixes[i] = fix_compiled[i];
		all_channels[i] = channel_compiled[i];
	}
	return 0;
}

static void check_parser(const uint8_t *data, size_t size)
{
	const char *msg = (const char *)data;
	struct msg_facts f, g;
	char *low = malloc(size + 1);

	for (size_t i = 0; i < size; i++)
		low[i] = (char)lower(data[i]);

	/* The one instrumented parse (coverage feedback): msg_parse_where with
	 * every pattern, whose facts are clean and whose lines name each id. */
	struct msg_where w;
	msg_parse_where(msg, size, &all_rules, &g, &w);
	check_facts(data, low, size, &g, 0, 1);	/* (all_rules: fix lines too) */
	CHECK(!(g.channels & ~UINT32_C(3)), "channel bits %x of 2 patterns", g.channels);
	CHECK(w.naliases == g.naliases && w.nrefs == g.nrefs, "%zu/%zu lines for %zu/%zu",
	      w.naliases, w.nrefs, g.naliases, g.nrefs);
	for (size_t i = 0; i < w.naliases + w.nrefs; i++) {
		const struct msg_line *l = i < w.naliases ? &w.aliases[i] : &w.refs[i - w.naliases];
		CHECK(l->no >= 1 && l->no <= count_lines(data, size) + 1, "line %u", l->no);
		CHECK(clean_text_ok(l->text, MSG_SUBJECT_MAX), "line text '%s'", l->text);
	}
	msg_where_release(&w);
	msg_facts_release(&g);

	/* The rest through the copy: the same code on the same bytes, without
	 * paying comparison tracing again. */
	nocov_msg_parse(msg, size, &f);
	check_facts(data, low, size, &f, 1, 0);

	/* Line ends change nothing: an input without CR parsed again with CRLF
	 * line ends and a final CRLF, one with CR with a final newline (the copy
	 * holds exactly the bytes parsed, so that ASan sees any read past them). */
	int crlf = !memchr(data, '\r', size);
	size_t n = size + 1;
	for (size_t i = 0; crlf && i < size; i++)
		n += data[i] == '\n';
	char *copy = malloc(n + 1);
	n = 0;
	for (size_t i = 0; i < size; i++) {
		if (crlf && data[i] == '\n')
			copy[n++] = '\r';
		copy[n++] = (char)data[i];
	}
	if (crlf)
		copy[n++] = '\r';
	copy[n++] = '\n';
	nocov_msg_parse(copy, n, &g);
	CHECK(same_facts(&f, &g, 1), crlf ? "CRLF line ends and a final CRLF change the result"
					   : "a final newline changes the result");
	nocov_msg_facts_release(&g);
	free(copy);

	/* msg_parse_where without rules: the same facts as msg_parse. */
	nocov_msg_parse_where(msg, size, NULL, &g, &w);
	CHECK(same_facts(&f, &g, 1), "msg_parse_where changes the facts");
	CHECK(w.naliases == g.naliases && w.nrefs == g.nrefs, "%zu/%zu lines for %zu/%zu",
	      w.naliases, w.nrefs, g.naliases, g.nrefs);
	nocov_msg_where_release(&w);
	nocov_msg_facts_release(&g);

	/* Project patterns only add aliases. */
	nocov_msg_parse_with(msg, size, &rules, &g);
	check_facts(data, low, size, &g, 0, 0);
	CHECK(same_facts(&f, &g, 0), "project patterns change references");
	for (size_t i = 0; i < f.naliases; i++) {
		int found = 0;
		for (size_t j = 0; j < g.naliases && !found; j++)
			found = !strcmp(f.aliases[i], g.aliases[j]);
		CHECK(found, "alias '%s' lost with project patterns", f.aliases[i]);
	}
	nocov_msg_facts_release(&g);

	/* Fix-line and channel patterns: clean ids, words of the input; only
	 * the channel bits given. */
	CHECK(f.channels == 0, "channels without patterns");
	nocov_msg_parse_with(msg, size, &fix_rules, &g);
	check_facts(data, low, size, &g, 1, 1);
	CHECK(!(g.channels & ~UINT32_C(3)), "channel bits %x of 2 patterns", g.channels);
	nocov_msg_facts_release(&g);
	nocov_msg_facts_release(&f);
	CHECK(f.subject == NULL && f.nrefs == 0, "release does not reset");
	free(low);
}

/* Reference for msg_subject_equal on clean strings. */
static int ref_equal(const char *a, const char *b)
{
	for (;;) {
		if (*a == ' ' && *b == ' ') {
			while (*a == ' ')
				a++;
			while (*b == ' ')
				b++;
			continue;
		}
		if (!*a || !*b)
			return !*a && !*b;
		if (lower((unsigned char)*a) != lower((unsigned char)*b))
			return 0;
		a++, b++;
	}
}

static void check_text(const uint8_t *data, size_t size)
{
	/* Three parts, and a cap drawn from the first byte. */
	size_t third = size / 3, max = size ? (size_t)data[0] % 64 : 0;
	const char *p[3] = { (const char *)data, (const char *)data + third,
			     (const char *)data + 2 * third };
	size_t len[3] = { third, third, size - 2 * third };
	char *c[3];

	for (int i = 0; i < 3; i++) {
		size_t cap = i == 2 ? max : MSG_SUBJECT_MAX;
		/* The first two parts through the copy: msg_parse_with already runs
		 * the instrumented msg_clean_text on the input's own bytes (the
		 * subject and quoted subjects, any bytes, cap MSG_SUBJECT_MAX);
		 * the third part's small cap stays instrumented (and cheap: at
		 * most 63 bytes are kept). */
		c[i] = i == 2 ? msg_clean_text(p[i], len[i], cap)
			      : nocov_msg_clean_text(p[i], len[i], cap);
		CHECK(clean_text_ok(c[i], cap), "clean_text gives '%s'", c[i]);
		char *again = nocov_msg_clean_text(c[i], strlen(c[i]), cap);
		CHECK(!strcmp(again, c[i]), "clean_text not idempotent: '%s' -> '%s'", c[i],
		      again);
		free(again);
	}
	for (int i = 0; i < 3; i++) {
		CHECK(nocov_msg_subject_equal(c[i], c[i]), "not reflexive: '%s'", c[i]);
		char *up = strdup(c[i]);
		for (char *q = up; *q; q++)
			if (*q >= 'a' && *q <= 'z')
				*q = (char)(*q - 32);
		CHECK(nocov_msg_subject_equal(c[i], up) && nocov_msg_subject_equal(up, c[i]),
		      "case matters: '%s'", c[i]);
		free(up);
		for (int j = i + 1; j < 3; j++) {
			int e = msg_subject_equal(c[i], c[j]);
			CHECK(e == nocov_msg_subject_equal(c[j], c[i]), "not symmetric: '%s' '%s'",
			      c[i], c[j]);
			CHECK(!e == !ref_equal(c[i], c[j]), "differs from reference: '%s' '%s'",
			      c[i], c[j]);
		}
	}
	for (int i = 0; i < 3; i++)
		free(c[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_parser(data, size);
	check_text(data, size);
	return 0;
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
