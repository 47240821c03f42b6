/*
 * fuzz_scenario.c — libFuzzer harness for tests/scenario-engine/scenario.c: the
 * scenario parser and its placeholder expander.
 *
 * The whole input is parsed as a scenario file, then expanded as one
 * message.  Checked, besides memory errors:
 *
 *  - scenario_parse either fails with a one-line printable message ("line
 *    N: ..." with N within the file, or just past its end) and an empty
 *    *out, or succeeds with: a range or runs; commit labels well-formed
 *    ([A-Za-z0-9_-]+, not "-") and unique; commit numbers 0..n-1 in file
 *    order with commit_ops pointing back at them; parents earlier commits,
 *    distinct; an author email without blanks or angle brackets, a change
 *    name well-formed as a label; tags, branch tips and expectation labels naming existing
 *    commits (a tag or expected commit no later than the file says); tag
 *    and branch names unique; every message free of NUL, each line ended by
 *    '\n', and expandable (every placeholder names an earlier commit);
 *    run names well-formed and unique, run arguments expandable with any
 *    commit of the file; file paths relative, without empty, ".", ".." or
 *    ".git" parts, unique; expectations of runs naming a run (an
 *    expect-exit-run's status copied into its run);
 *  - scenario_release is safe twice;
 *  - scenario_expand agrees with a small reference expander on success,
 *    failure, output and length; measuring (out NULL) gives the same
 *    answer as expanding.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

/* The checks below are not what is being fuzzed: keep coverage feedback (and
 * its cost) to the code under test.  ASan and UBSan still apply. */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif

#include "fuzz_common.h"

static int is_label_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-';
}

static int is_label(const char *s)
{
	if (!*s || !strcmp(s, "-"))
		return 0;
	for (; *s; s++)
		if (!is_label_char(*s))
			return 0;
	return 1;
}

static int is_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if ((unsigned char)*s <= 0x20 || (unsigned char)*s >= 0x7f)
			return 0;
	return 1;
}

/* Ids for the expander: commit k of the scenario being checked, or in the
 * stand-alone run, a label's id made from its bytes. */
struct lookup_ctx {
	const struct scenario *s;
	size_t before;		/* only commits numbered below this */
	char id[SCENARIO_HEX + 1];
};

static void make_id(char out[SCENARIO_HEX + 1], const char *label, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)label[i]) * 16777619u;
	for (size_t i = 0; i < SCENARIO_HEX; i++) {
		out[i] = hex[h & 15];
		h = h * 1103515245u + 12345u + (uint32_t)i;
	}
	out[SCENARIO_HEX] = '\0';
}

/*
 * The commits' labels sorted, for the lookups: a binary search instead of a
 * pass over every commit for every placeholder (commits x placeholders was
 * the harness's cost on big files).  Built by check_labels, which has
 * checked first that the labels are unique, so that "the commit with this
 * label, if numbered below before" is the answer the linear search gave.
 */
struct label_ix {
	const char *label;
	size_t commit;
};
static struct label_ix *labels;
static size_t labels_cap, nlabels;

/* strcmp without the libc call libFuzzer hooks (a harness comparison). */
static int str_cmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}

static int cmp_name(const void *a, const void *b)
{
	return str_cmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_label_ix(const void *a, const void *b)
{
	return str_cmp(((const struct label_ix *)a)->label, ((const struct label_ix *)b)->label);
}

/* label (len bytes, no NUL) against a NUL-terminated s, as strcmp would order them */
static int cmp_key(const char *label, size_t len, const char *s)
{
	for (size_t i = 0; i < len; i++) {
		if (!s[i] || (unsigned char)label[i] != (unsigned char)s[i])
			return !s[i] ? 1 : (unsigned char)label[i] - (unsigned char)s[i];
	}
	return s[len] ? -1 : 0;
}

static const char *scenario_lookup(void *vctx, const char *label, size_t len)
{
	struct lookup_ctx *x = vctx;
	size_t lo = 0, hi = nlabels;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_key(label, len, labels[mid].label);
		if (c == 0) {
			if (labels[mid].commit >= x->before)
				return NULL;
			make_id(x->id, label, len);
			return x->id;
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* A scratch array of n names, kept between runs. */
static const char **scratch(size_t n)
{
	static const char **v;
	static size_t cap;

	if (cap < n) {
		cap = n;
		free(v);
		v = malloc(cap * sizeof(*v));
		CHECK(v != NULL, "out of memory");
	}
	return v;
}

/* Names unique: sorted, no two neighbours equal.  v is sorted in place. */
static void check_unique(const char **v, size_t n, const char *what)
{
	if (n < 2)
		return;
	qsort(v, n, sizeof(*v), cmp_name);
	for (size_t i = 1; i < n; i++)
		CHECK(str_cmp(v[i - 1], v[i]), "%s '%s' twice", what, v[i]);
}

/* Stand-alone: a label is known when its first byte is not 'x'. */
static const char *free_lookup(void *vctx, const char *label, size_t len)
{
	struct lookup_ctx *x = vctx;

	if (len && label[0] == 'x')
		return NULL;
	make_id(x->id, label, len);
	return x->id;
}

/*
 * Reference expander (FORMAT.md): "{{" is '{'; "{LABEL}" the id;
 * "{LABEL:N}" its first N digits, N one or two decimal digits, 7..40;
 * any other '{' is an error.  Returns the length, or -1.
 */
static long ref_expand(const char *t, size_t len, scenario_lookup_fn lookup, void *ctx,
		       char *out)
{
	size_t o = 0;

	for (size_t i = 0; i < len;) {
		if (t[i] != '{') {
			out[o++] = t[i++];
			continue;
		}
		if (i + 1 < len && t[i + 1] == '{') {
			out[o++] = '{';
			i += 2;
			continue;
		}
		size_t j = i + 1;
		while (j < len && is_label_char(t[j]))
			j++;
		size_t ln = j - i - 1, digits = SCENARIO_HEX;
		if (!ln || j >= len)
			return -1;
		if (t[j] == ':') {
			size_t k = j + 1, nd = 0;
			digits = 0;
			while (k < len && t[k] >= '0' && t[k] <= '9' && nd < 3)
				digits = digits * 10 + (size_t)(t[k++] - '0'), nd++;
			if (nd < 1 || nd > 2 || k >= len || t[k] != '}')
				return -1;
			if (digits < 7 || digits > SCENARIO_HEX)
				return -1;
			const char *id = lookup(ctx, t + i + 1, ln);
			if (!id)
				return -1;
			memcpy(out + o, id, digits);
			o += digits;
			i = k + 1;
			continue;
		}
		if (t[j] != '}')
			return -1;
		const char *id = lookup(ctx, t + i + 1, ln);
		if (!id)
			return -1;
		memcpy(out + o, id, SCENARIO_HEX);
		o += SCENARIO_HEX;
		i = j + 1;
	}
	return (long)o;
}

static void check_expand(const char *text, size_t len, scenario_lookup_fn lookup, void *ctx,
			 int must_succeed)
{
	/* an output is at most 40/3 times as long as its input; the buffer is
	 * the harness's own and kept between runs, not allocated (and filled
	 * by ASan) at 14 times the text for every message checked */
	static char *want;
	static size_t want_cap;
	char *out = (char *)1, err[256] = "", err2[256] = "";

	if (want_cap < len * 14 + 1) {
		want_cap = len * 14 + 1;
		free(want);
		want = malloc(want_cap);
		CHECK(want != NULL, "out of memory");
	}
	size_t outlen = 7, measured = 9;
	long wl = ref_expand(text, len, lookup, ctx, want);
	int r = scenario_expand(text, len, lookup, ctx, &out, &outlen, err, sizeof(err));
	int m = scenario_expand(text, len, lookup, ctx, NULL, &measured, err2, sizeof(err2));

	CHECK(r == m, "measuring %d, expanding %d", m, r);
	CHECK((r == 0) == (wl >= 0), "scenario_expand %d, reference %ld (%s)", r, wl, err);
	CHECK(!must_succeed || r == 0, "a parsed message does not expand: %s", err);
	if (r == 0) {
		CHECK(out != NULL && outlen == (size_t)wl && measured == outlen,
		      "lengths %zu %zu %ld", outlen, measured, wl);
		CHECK(!memcmp(out, want, outlen) && out[outlen] == '\0', "output differs");
		free(out);
	} else {
		CHECK(out == NULL, "output on failure");
		CHECK(!strncmp(err, "column ", 7) && !strchr(err, '\n') && !strcmp(err, err2),
		      "error '%s' / '%s'", err, err2);
	}
}

/* Any commit of the file, for run arguments. */
static const char *any_commit(void *vctx, const char *label, size_t len)
{
	struct lookup_ctx *x = vctx;

	x->before = x->s->ncommits;
	return scenario_lookup(vctx, label, len);
}

static int bad_path(const char *p)
{
	if (!*p || *p == '/')
		return 1;
	for (;;) {
		size_t n = strcspn(p, "/");
		if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && !strncmp(p, "..", 2)) ||
		    (n == 4 && !strncmp(p, ".git", 4)))
			return 1;
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

static void check_runs_files(const struct scenario *s, size_t nlines)
{
	for (size_t r = 0; r < s->nruns; r++) {
		const struct scenario_run *run = &s->runs[r];
		CHECK(run->name && is_label(run->name), "run name");
		CHECK(run->line >= 1 && run->line <= nlines, "run line");
		CHECK(run->expect_exit >= 0 && run->expect_exit <= 255, "run exit");
		for (size_t a = 0; a < run->nargs; a++) {
			struct lookup_ctx x = { s, s->ncommits, "" };
			CHECK(run->args[a], "run arg");
			check_expand(run->args[a], strlen(run->args[a]), any_commit, &x, 1);
		}
	}
	const char **v = scratch(s->nruns);
	for (size_t r = 0; r < s->nruns; r++)
		v[r] = s->runs[r].name;
	check_unique(v, s->nruns, "run");
	for (size_t f = 0; f < s->nfiles; f++) {
		const struct scenario_file *file = &s->files[f];
		CHECK(file->path && !bad_path(file->path), "file path '%s'",
		      file->path ? file->path : "(null)");
		CHECK(file->content && strlen(file->content) == file->len, "file content");
		CHECK(!file->len || file->content[file->len - 1] == '\n', "file end");
	}
	v = scratch(s->nfiles);
	for (size_t f = 0; f < s->nfiles; f++)
		v[f] = s->files[f].path;
	check_unique(v, s->nfiles, "file");
	for (size_t c = 0; c < s->nconfigs; c++)
		CHECK(s->configs[c].key && *s->configs[c].key && s->configs[c].value &&
		      !strchr(s->configs[c].value, '\n'), "git-config");
}

/* Labels well-formed and unique; then the sorted index for the lookups. */
static void check_labels(const struct scenario *s)
{
	if (labels_cap < s->ncommits) {
		labels_cap = s->ncommits;
		free(labels);
		labels = malloc(labels_cap * sizeof(*labels));
		CHECK(labels != NULL, "out of memory");
	}
	for (size_t k = 0; k < s->ncommits; k++) {
		const char *l = scenario_label(s, k);
		CHECK(l && is_label(l), "label %zu", k);
		labels[k].label = l;
		labels[k].commit = k;
	}
	CHECK(scenario_label(s, s->ncommits) == NULL, "label past the end");
	if (s->ncommits > 1)
		qsort(labels, s->ncommits, sizeof(*labels), cmp_label_ix);
	for (size_t k = 1; k < s->ncommits; k++)
		CHECK(str_cmp(labels[k - 1].label, labels[k].label), "label '%s' twice",
		      labels[k].label);
	nlabels = s->ncommits;
}

static void check_one_line(const char *err)
{
	CHECK(*err, "empty error");
	for (const char *p = err; *p; p++)
		CHECK((unsigned char)*p >= 0x20 && *p != 0x7f, "unprintable error '%s'", err);
}

static void check_parsed(const struct scenario *s, size_t nlines)
{
	size_t ncommit_ops = 0;

	CHECK(s->range || s->nruns, "neither a range nor runs");
	CHECK(!s->range || is_name(s->range), "range '%s'", s->range);
	CHECK(!s->range || (s->range_line >= 1 && s->range_line <= nlines), "range line %zu",
	      s->range_line);
	check_labels(s);
	check_runs_files(s, nlines);
	CHECK(s->nbranches > 0 || s->ncommits == 0, "commits without a branch");
	for (size_t i = 0; i < s->nops; i++) {
		const struct scenario_op *op = &s->ops[i];
		CHECK(op->line >= 1 && op->line <= nlines, "op line %zu", op->line);
		CHECK(i == 0 || op->line > s->ops[i - 1].line, "ops out of order");
		CHECK(op->name != NULL, "op without name");
		switch (op->kind) {
		case SCENARIO_OP_COMMIT:
			CHECK(is_label(op->name), "label '%s'", op->name);
			CHECK(op->commit == ncommit_ops, "commit %zu numbered %zu", ncommit_ops,
			      op->commit);
			CHECK(s->commit_ops[op->commit] == i, "commit_ops");
			for (size_t k = 0; k < op->nparents; k++) {
				CHECK(op->parents[k] < op->commit, "parent %zu of %zu",
				      op->parents[k], op->commit);
				for (size_t l = 0; l < k; l++)
					CHECK(op->parents[k] != op->parents[l], "parent twice");
			}
			CHECK(op->message && strlen(op->message) == op->message_len,
			      "message length");
			CHECK(op->message_len == 0 || op->message[op->message_len - 1] == '\n',
			      "message end");
			CHECK(!op->change || is_label(op->change), "change '%s'", op->change);
			CHECK(!op->author || (*op->author && !strpbrk(op->author, " \t<>")),
			      "author '%s'", op->author);
			struct lookup_ctx x = { s, op->commit, "" };
			check_expand(op->message, op->message_len, scenario_lookup, &x, 1);
			ncommit_ops++;
			break;
		case SCENARIO_OP_TAG:
		case SCENARIO_OP_ANNOTATED_TAG:
			CHECK(is_name(op->name), "tag '%s'", op->name);
			CHECK(op->commit < ncommit_ops, "tag on commit %zu of %zu", op->commit,
			      ncommit_ops);
			break;
		case SCENARIO_OP_BRANCH:
			CHECK(is_name(op->name), "branch '%s'", op->name);
			CHECK(op->commit == SCENARIO_NONE || op->commit < ncommit_ops,
			      "branch at %zu", op->commit);
			CHECK(op->created || op->commit == SCENARIO_NONE, "existing branch moved");
			break;
		default:
			CHECK(0, "op kind %d", (int)op->kind);
		}
	}
	CHECK(ncommit_ops == s->ncommits, "%zu commit ops, %zu commits", ncommit_ops,
	      s->ncommits);
	const char **v = scratch(s->nops);
	size_t ntags = 0;
	for (size_t i = 0; i < s->nops; i++)
		if (s->ops[i].kind == SCENARIO_OP_TAG || s->ops[i].kind == SCENARIO_OP_ANNOTATED_TAG)
			v[ntags++] = s->ops[i].name;
	check_unique(v, ntags, "tag");
	for (size_t b = 0; b < s->nbranches; b++) {
		CHECK(is_name(s->branches[b].name), "branch name");
		CHECK(s->branches[b].tip == SCENARIO_NONE || s->branches[b].tip < s->ncommits,
		      "branch tip");
	}
	v = scratch(s->nbranches);
	for (size_t b = 0; b < s->nbranches; b++)
		v[b] = s->branches[b].name;
	check_unique(v, s->nbranches, "branch");
	CHECK(s->expect_exit >= 0 && s->expect_exit <= 255, "exit %d", s->expect_exit);
	for (size_t i = 0; i < s->nexpects; i++) {
		const struct scenario_expect *e = &s->expects[i];
		CHECK(e->reason && !strchr(e->reason, '\n'), "reason");
		switch (e->kind) {
		case SCENARIO_EXPECT_KEY:
			CHECK(e->key && e->value && *e->key, "key");
			CHECK(s->range, "expect without a range");
			break;
		case SCENARIO_EXPECT_ROW:
			CHECK(s->range, "expect-row without a range");
			CHECK(e->row_kind && e->fix < s->ncommits, "row fix");
			CHECK(e->target == SCENARIO_NONE || e->target < s->ncommits, "row target");
			CHECK(!strcmp(e->row_kind, "ambiguous") == (e->target == SCENARIO_NONE),
			      "ambiguous rows and only they have no target");
			CHECK(!strcmp(e->row_kind, "ambiguous") == (e->ncands > 0), "candidates");
			for (size_t k = 0; k < e->ncands; k++) {
				CHECK(e->cands[k] < s->ncommits, "candidate");
				for (size_t l = 0; l < k; l++)
					CHECK(e->cands[k] != e->cands[l], "candidate twice");
			}
			break;
		case SCENARIO_EXPECT_RELEASE:
			CHECK(e->commit < s->ncommits && e->release && is_name(e->release),
			      "release");
			break;
		case SCENARIO_EXPECT_STDERR:
			CHECK(e->text && *e->text, "stderr text");
			CHECK(s->range, "expect-stderr without a range");
			break;
		case SCENARIO_EXPECT_JSON:
			CHECK(e->run < s->nruns && e->key && e->value, "expect-json");
			CHECK(e->nsteps == 0 || e->steps, "expect-json steps");
			if (e->vkind == SCENARIO_VALUE_ID)
				CHECK(e->commit < s->ncommits && e->id_digits >= 7 &&
				      e->id_digits <= SCENARIO_HEX, "expect-json id");
			break;
		case SCENARIO_EXPECT_TEXT:
		case SCENARIO_EXPECT_STDERR_RUN:
			CHECK(e->run < s->nruns && e->text, "expect-text/stderr-run");
			CHECK(strlen(e->text) == e->text_len && e->text_len > 0, "text length");
			break;
		case SCENARIO_EXPECT_QUIET_RUN:
			CHECK(e->run < s->nruns, "expect-quiet-run");
			break;
		case SCENARIO_EXPECT_EXIT_RUN:
			CHECK(e->run < s->nruns && e->ival >= 0 && e->ival <= 255 &&
			      s->runs[e->run].expect_exit == e->ival, "expect-exit-run");
			break;
		default:
			CHECK(0, "expect kind %d", (int)e->kind);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct scenario s;
	char err[200];
	size_t nlines = 0;

	for (size_t i = 0; i < size; i++)
		nlines += data[i] == '\n';
	nlines += size && data[size - 1] != '\n';

	memset(err, 'X', sizeof(err));
	err[sizeof(err) - 1] = '\0';
	if (scenario_parse(text, size, &s, err, sizeof(err)) == 0) {
		check_parsed(&s, nlines);
	} else {
		check_one_line(err);
		unsigned long line = 0;
		/* line nlines + 1: at the end of the file */
		CHECK(sscanf(err, "line %lu: ", &line) == 1 && line >= 1 && line <= nlines + 1,
		      "error '%s' (%zu lines)", err, nlines);
		CHECK(s.nops == 0 && s.ops == NULL && s.range == NULL && s.nexpects == 0 &&
		      s.nruns == 0 && s.nfiles == 0 && s.nconfigs == 0,
		      "a failed parse leaves data");
	}
	scenario_release(&s);
	scenario_release(&s);

	/* The expander alone, on the whole input. */
	struct lookup_ctx x = { NULL, 0, "" };
	check_expand(text, size, free_lookup, &x, 0);
	return 0;
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
