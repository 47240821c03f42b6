/*
 * fuzz_release.c — libFuzzer harness for the tag and version rules of
 * src/core/release.c.
 *
 * The input is split into lines (NUL bytes end a line too): the first line
 * is BASE, the others are tag names.  A first byte 0x01..0x1f picks a
 * project series pattern (its value modulo 4; 0: none) and is not part of
 * BASE.  Checked, besides memory errors:
 *
 *  - release_number(base, tag) accepts exactly "<base>.<N>" (base's letters
 *    in any case), N decimal
 *    digits without a leading zero ("0" itself allowed) whose value fits an
 *    unsigned long, and gives N;
 *  - release_version_cmp is reflexive, antisymmetric and transitive (for
 *    "<", "=" and "<=") on every triple of the first lines, and orders
 *    "<base>.<N>" by N;
 *  - release_matcher_init/release_match, with no pattern: the key is BASE,
 *    or BASE less a final ".0" only when no tag BASE.N (N > 0) exists, some
 *    tag KEY.N (N > 0) does and BASE has another dot, or, for a point
 *    release P.M (no tag BASE.N at all, P with a dot, a tag P.N with N > M),
 *    P with the releases above M, and exactly then; release_match is then
 *    release_number(key, tag) (above M) or one of its fix re-releases (m.rerelease,
 *    numbered as m.rerelease_n says); with a pattern, a match has the matcher's key
 *    as group 1 and a valid N as group 2;
 *  - release_find_series: bases distinct, base and tip are tags of the
 *    list, tip != base, the base's matcher (as `regtrace stats BASE` would
 *    build it) takes the tip with N == top, and every tag it takes with a
 *    higher N is the base of another series found, a snapshot (a jump
 *    release_is_snapshot calls one lies between top and it), a beta
 *    (release_is_beta_number) or a tag spelt in another case, and the list
 *    is sorted newest first by release_version_cmp of the versions after
 *    their prefixes, then of the names; without a pattern, no
 *    base is a pre-release and no base or tip has a '/'.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/release.h"
#include "core/release_discover.h"

/* The checks below are not what is being fuzzed: keep coverage feedback (and
 * its cost) to the code under test.  ASan and UBSan still apply. */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((no_sanitize("coverage"))), apply_to = function)
#endif

#include "fuzz_common.h"

/*
 * A second build of src/core/release.c (the real source, compiled by the Makefile
 * without coverage feedback, every symbol it defines renamed nocov_*), with
 * ASan and UBSan: the same code, named nocov_release_*.  The checks of every series found (the matcher that
 * `regtrace stats BASE..TIP` would build, tried on every tag: series x tags
 * calls) go through it; the functions under test are called on the input
 * through the instrumented build, whose coverage guides the fuzzer.
 */
/* The copy's functions (the Makefile builds it: every symbol of
 * src/core/release.c renamed nocov_*). */
void nocov_release_matcher_init(struct release_matcher *m, const char *base, const struct pattern *re,
				char *const *tags, size_t ntags);
int nocov_release_match(const struct release_matcher *m, const char *tag, unsigned long *n);
int nocov_release_is_snapshot(unsigned long prev, unsigned long n);
int nocov_release_is_prerelease(const char *tag);
void nocov_release_matcher_release(struct release_matcher *m);

#define MAX_TAGS 64
#define MAX_TRIPLE 10

static const char *const patterns[] = {
	NULL,
	"^(RELEASE-[0-9]+\\.[0-9]+)\\.([0-9]+)$",
	"^(v[0-9]+\\.[0-9]+)\\.([0-9]+)$",
	"^([a-z]*)-?([0-9]*)$",		/* empty groups allowed */
};
#define NPATTERNS (sizeof(patterns) / sizeof(*patterns))
static struct pattern *compiled[NPATTERNS];

/* ULONG_MAX in decimal, written once (not for every tag checked). */
static char ulong_max[32];
static size_t ulong_max_len;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(ulong_max, sizeof(ulong_max), "%lu", ULONG_MAX);
	ulong_max_len = strlen(ulong_max);
	char err[256];

	for (size_t i = 1; i < NPATTERNS; i++)
		if (pattern_compile(&compiled[i], patterns[i], 2, err, sizeof(err)))
			abort();
	return 0;
}

/* strcmp(a, b) == 0 and memcmp(a, b, n) == 0 without the libc calls, which
 * libFuzzer hooks to learn comparisons from (the code under test's, not the
 * harness's own: S x T of them per input was a cost and only noise). */
static int streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

static int memeq(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

static int memeq_fold(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char x = a[i] >= 'A' && a[i] <= 'Z' ? (char)(a[i] + 32) : a[i];
		char y = b[i] >= 'A' && b[i] <= 'Z' ? (char)(b[i] + 32) : b[i];
		if (x != y)
			return 0;
	}
	return 1;
}

static int sign(int x)
{
	return (x > 0) - (x < 0);
}

/* The reference: "<base>.<N>" with N's value in *n. */
static int ref_number(const char *base, const char *tag, unsigned long *n)
{
	size_t bl = strlen(base), dl;
	const char *d;

	if (bl == 0 || strlen(tag) < bl + 2 || !memeq_fold(tag, base, bl) || tag[bl] != '.')
		return 0;
	d = tag + bl + 1;
	dl = strlen(d);
	if (strspn(d, "0123456789") != dl || (d[0] == '0' && dl > 1))
		return 0;
	/* fits an unsigned long: compare as decimal strings */
	if (dl > ulong_max_len || (dl == ulong_max_len && strcmp(d, ulong_max) > 0))
		return 0;
	*n = strtoul(d, NULL, 10);
	return 1;
}

static void check_number(const char *base, const char *tag)
{
	unsigned long n = 12345, r = 54321;
	int got = release_number(base, tag, &n), want = ref_number(base, tag, &r);

	CHECK(got == want, "release_number('%s', '%s') = %d", base, tag, got);
	CHECK(!got || n == r, "release_number('%s', '%s') gives %lu, not %lu", base, tag, n, r);
	if (got) {
		char buf[4200];
		snprintf(buf, sizeof(buf), "%s.%lu", base, n);
		CHECK(strlen(buf) == strlen(tag) && memeq_fold(buf, tag, strlen(tag)),
		      "'%s' != '%s'", buf, tag);
	}
}

static void check_order(char **v, size_t n)
{
	size_t k = n < MAX_TRIPLE ? n : MAX_TRIPLE;
	int c[MAX_TRIPLE][MAX_TRIPLE];

	for (size_t i = 0; i < k; i++)
		for (size_t j = 0; j < k; j++)
			c[i][j] = sign(release_version_cmp(v[i], v[j]));
	for (size_t i = 0; i < k; i++) {
		CHECK(c[i][i] == 0, "'%s' != itself", v[i]);
		for (size_t j = 0; j < k; j++) {
			CHECK(c[i][j] == -c[j][i], "not antisymmetric: '%s' '%s'", v[i], v[j]);
			for (size_t l = 0; l < k; l++) {
				if (c[i][j] <= 0 && c[j][l] <= 0)
					CHECK(c[i][l] <= 0, "not transitive: '%s' <= '%s' <= '%s'",
					      v[i], v[j], v[l]);
				if (c[i][j] < 0 && c[j][l] <= 0)
					CHECK(c[i][l] < 0, "not transitive: '%s' < '%s' <= '%s'",
					      v[i], v[j], v[l]);
				if (c[i][j] == 0 && c[j][l] == 0)
					CHECK(c[i][l] == 0, "not transitive: '%s' = '%s' = '%s'",
					      v[i], v[j], v[l]);
			}
		}
	}
}

/* BASE.N vs BASE.M compare as N vs M (spelt as BASE: a case variant
 * compares bytewise). */
static void check_release_order(const char *base, char **tags, size_t n)
{
	size_t bl = strlen(base);
	unsigned long a, b;

	for (size_t i = 0; i < n && i < MAX_TRIPLE; i++) {
		if (!release_number(base, tags[i], &a) || !memeq(tags[i], base, bl))
			continue;
		for (size_t j = 0; j < n && j < MAX_TRIPLE; j++) {
			if (!release_number(base, tags[j], &b) || !memeq(tags[j], base, bl))
				continue;
			CHECK(sign(release_version_cmp(tags[i], tags[j])) == (a > b) - (a < b),
			      "'%s' vs '%s'", tags[i], tags[j]);
		}
	}
}

/* Is some tag "<key>.<N>", whatever N? */
static int any_number(const char *key, char **tags, size_t n)
{
	unsigned long r;

	for (size_t i = 0; i < n; i++)
		if (ref_number(key, tags[i], &r))
			return 1;
	return 0;
}

/* Is some tag "<key>.<N>" with N > above (above 0: any release)? */
static int any_above(const char *key, unsigned long above, char **tags, size_t n)
{
	unsigned long r;

	for (size_t i = 0; i < n; i++)
		if (ref_number(key, tags[i], &r) && r > above)
			return 1;
	return 0;
}

static void check_matcher(const char *base, const struct pattern *re, char **tags, size_t n)
{
	struct release_matcher m;
	unsigned long a, b;

	release_matcher_init(&m, base, re, tags, n);
	CHECK(m.key != NULL, "no key");
	if (!re) {
		size_t bl = strlen(base);
		int zero_form = bl > 2 && !strcmp(base + bl - 2, ".0") && memchr(base, '.', bl - 2) &&
				!any_above(base, 0, tags, n);
		char *k = strdup(base);
		if (zero_form)
			k[bl - 2] = '\0';
		zero_form = zero_form && any_above(k, 0, tags, n);
		if (strcmp(m.key, base) && m.above == 0) {
			CHECK(zero_form && streq(m.key, k), "key '%s' of base '%s'", m.key, base);
		} else if (strcmp(m.key, base)) {
			/* a point release P.M: no tag BASE.N at all, P has a dot, a tag
			 * P.N with N > M (release.h) */
			size_t kl = strlen(m.key);
			CHECK(!zero_form && !any_number(base, tags, n) && kl < bl &&
			      memeq(m.key, base, kl) && memchr(m.key, '.', kl) &&
			      ref_number(m.key, base, &a) && a == m.above &&
			      any_above(m.key, m.above, tags, n),
			      "point key '%s' above %lu of base '%s'", m.key, m.above, base);
		} else {
			CHECK(!zero_form, "key '%s' should be '%s'", m.key, k);
			CHECK(m.above == 0, "above %lu with key '%s'", m.above, m.key);
			const char *dot = strrchr(base, '.');
			if (dot && dot != base && !any_number(base, tags, n)) {
				char *pk = strdup(base);
				pk[dot - base] = '\0';
				unsigned long pm;
				CHECK(!(strchr(pk, '.') && ref_number(pk, base, &pm) &&
					any_above(pk, pm, tags, n)),
				      "base '%s' is a point release of '%s'", base, pk);
				free(pk);
			}
		}
		free(k);
	}
	for (size_t i = 0; i < n; i++) {
		int got = release_match(&m, tags[i], &a);
		if (!re) {
			int want = release_number(m.key, tags[i], &b) && (!m.above || b > m.above);
			for (size_t r = 0; !want && r < m.nrerelease; r++)
				if (streq(m.rerelease[r], tags[i]))
					want = 1, b = m.rerelease_n[r];
			CHECK(got == want && (!got || a == b), "match '%s' key '%s'", tags[i], m.key);
			continue;
		}
		struct pattern_group g[3];
		if (!got)
			continue;
		CHECK(pattern_exec(re, tags[i], strlen(tags[i]), g, 3) && g[1].so >= 0 && g[2].so >= 0,
		      "'%s' matched without the pattern", tags[i]);
		CHECK((size_t)(g[1].eo - g[1].so) == strlen(m.key) &&
		      !strncmp(tags[i] + g[1].so, m.key, strlen(m.key)),
		      "'%s' matched with another key than '%s'", tags[i], m.key);
		char num[64], x[80];
		size_t nl = (size_t)(g[2].eo - g[2].so);
		CHECK(nl < sizeof(num), "long number in '%s'", tags[i]);
		memcpy(num, tags[i] + g[2].so, nl);
		num[nl] = '\0';
		snprintf(x, sizeof(x), "x.%s", num);
		CHECK(ref_number("x", x, &b) && a == b, "'%s' gives N %lu", tags[i], a);
	}
	release_matcher_release(&m);
	CHECK(m.key == NULL, "key kept");
}

/* name from its first digit on */
static const char *version_part(const char *name)
{
	while (*name && (*name < '0' || *name > '9'))
		name++;
	return name;
}

static int in_list(char **tags, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (streq(tags[i], s))
			return 1;
	return 0;
}

/*
 * Known, reported, not fixed: a base "P.0" that has both tags "P.0.N" and,
 * with no tag "P", tags "P.M" (v4.19.0, v4.19.0.1, v4.19.2) is discovered as
 * one series whose tip may be "P.M", while `stats P.0..P.M` takes only the
 * "P.0.N" tags as releases (release.h: the ".0" is dropped only when no tag
 * BASE.N exists).  The matcher's rule is the one the counts use.
 */
static int mixed_form(const char *base, const char *tip, unsigned long top, char **tags,
		      size_t n)
{
	size_t bl = strlen(base);
	unsigned long r;

	if (bl < 3 || strcmp(base + bl - 2, ".0") || !any_above(base, 0, tags, n))
		return 0;
	char *p = strdup(base);
	p[bl - 2] = '\0';
	int mixed = ref_number(p, tip, &r) && r == top && !in_list(tags, n, p);
	free(p);
	return mixed;
}

/* Known, not handled: a base spelt in two cases (v4 and V4: git cannot keep
 * both on a case-insensitive file system) splits discovery's releases by
 * spelling, while counting takes both; such a series is not checked for
 * higher releases. */
static int case_twin(char **tags, size_t n, const char *base)
{
	size_t bl = strlen(base);

	for (size_t i = 0; i < n; i++)
		if (strlen(tags[i]) == bl && memeq_fold(tags[i], base, bl) && !streq(tags[i], base))
			return 1;
	return 0;
}

/* The same, a level up: a fix re-release "P.N.1" whose "P.N" is spelt in
 * two cases (v4.19.1, V4.19.1) is counted as a release of P's series by
 * counting, while discovery split P.N's spellings between two bases.
 * Found by the fuzzer (its input in fuzz/corpus/release/case-twin-rerelease);
 * older than the rules it was found beside. */
static int parent_twin(char **tags, size_t n, const char *tag)
{
	const char *dot = strrchr(tag, '.');
	int yes;

	if (!dot || dot == tag)
		return 0;
	char *p = strdup(tag);
	p[dot - tag] = '\0';
	yes = case_twin(tags, n, p);
	free(p);
	return yes;
}

static int cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return (x > y) - (x < y);
}

/* Is some found series based on tag? */
static int cmp_str_ptr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The rules run in doc/dialects.md's order: release-is-base takes a release
 * that is the base of a candidate out of the older series, and a later rule
 * (subproject, development-line) may still reject that candidate; the tag
 * then belongs to neither.  Is tag the base of a candidate rejected so? */
static int rejected_after_release_is_base(char **tags, size_t n, const char *tag)
{
	char **sorted = malloc((n + 1) * sizeof(char *));
	struct tag_fact *f = calloc(n + 1, sizeof(*f));
	struct series_discovery d;
	int yes = 0;

	memcpy(sorted, tags, n * sizeof(char *));
	qsort(sorted, n, sizeof(char *), cmp_str_ptr);
	for (size_t i = 0; i < n; i++)	/* (as release_find_series gives them) */
		f[i].name = sorted[i], f[i].commit = (uint32_t)i;
	release_discover(f, n, NULL, NULL, &d);
	for (size_t i = 0; i < d.nrejected && !yes; i++)
		yes = streq(d.rejected[i].candidate, tag) &&
		      (streq(d.rejected[i].rule, RULE_SUBPROJECT) ||
		       streq(d.rejected[i].rule, RULE_DEVELOPMENT));
	discovery_release(&d);
	free(f);
	free(sorted);
	return yes;
}

static int is_found_base(const struct series_name *s, size_t ns, const char *tag)
{
	for (size_t i = 0; i < ns; i++)
		if (streq(s[i].base, tag))
			return 1;
	return 0;
}

/* Between top and num (both among the sorted nums), a jump that makes a
 * snapshot: every number from it on is no release. */
static int snapshot_between(const unsigned long *nums, size_t k, unsigned long top,
			    unsigned long num)
{
	for (size_t i = 1; i < k; i++)
		if (nums[i - 1] >= top && nums[i] <= num && nums[i - 1] != nums[i] &&
		    nocov_release_is_snapshot(nums[i - 1], nums[i]))
			return 1;
	return 0;
}

static void check_series(const struct pattern *re, char **tags, size_t n)
{
	struct series_name *s = (struct series_name *)1;
	size_t ns = 99;
	unsigned long num, nums[MAX_TAGS];

	release_find_series(tags, n, re, &s, &ns);
	CHECK(ns <= n, "%zu series of %zu tags", ns, n);
	CHECK(ns == 0 || s != NULL, "no array");
	for (size_t i = 0; i < ns; i++) {
		CHECK(in_list(tags, n, s[i].base) && in_list(tags, n, s[i].tip),
		      "series %s..%s not made of tags", s[i].base, s[i].tip);
		CHECK(strcmp(s[i].base, s[i].tip), "series %s..%s", s[i].base, s[i].tip);
		CHECK(re || (!strchr(s[i].base, '/') && !strchr(s[i].tip, '/') &&
			     !nocov_release_is_prerelease(s[i].base)),
		      "series %s..%s: a namespace or a pre-release", s[i].base, s[i].tip);
		for (size_t j = 0; j < i; j++)
			CHECK(!streq(s[i].base, s[j].base), "base %s twice", s[i].base);
		if (i)	/* by the version after the prefix, then the name */
			CHECK(sign(release_version_cmp(version_part(s[i - 1].base),
						       version_part(s[i].base))) * 2 +
				      sign(release_version_cmp(s[i - 1].base, s[i].base)) >= 0,
			      "not newest first: %s, %s", s[i - 1].base, s[i].base);
		/* what `regtrace stats BASE..TIP` will take as releases */
		struct release_matcher m;
		nocov_release_matcher_init(&m, s[i].base, re, tags, n);
		if (!re && !mixed_form(s[i].base, s[i].tip, s[i].top, tags, n))
			CHECK(nocov_release_match(&m, s[i].tip, &num) && num == s[i].top,
			      "series %s..%s (top %lu): the tip is no release of the base (key '%s')",
			      s[i].base, s[i].tip, s[i].top, m.key);
		if (re)
			CHECK(nocov_release_match(&m, s[i].tip, &num) && num == s[i].top,
			      "series %s..%s (top %lu): the tip is no release of the base (key '%s')",
			      s[i].base, s[i].tip, s[i].top, m.key);
		/* With a pattern, a tag the matcher takes has the key as its group 1
		 * (check_matcher checks so for every tag BASE's matcher takes), so a
		 * tag without the key in it is skipped here rather than put through
		 * pattern_exec: the code under test makes series x tags pattern_exec calls
		 * itself, and this loop made as many again. */
		size_t k = 0;
		for (size_t t = 0; t < n; t++)
			if ((!re || strstr(tags[t], m.key)) && nocov_release_match(&m, tags[t], &num) &&
			    (re || !release_is_beta_number(num)))	/* betas: no releases */
				nums[k++] = num;
		qsort(nums, k, sizeof(*nums), cmp_ulong);
		int twin = !re && case_twin(tags, n, s[i].base);
		/* a release spelt in another case than the key (V4.19.0 or V4.19.1 of
		 * v4.19: "V4.19.0" is then a base of its own, the X.Y.0 form): the
		 * spellings split discovery's releases as for twins, and the snapshot
		 * rule sees other numbers (found by the fuzzer in CI, older than this
		 * session's rules; inputs fuzz/corpus/release/case-tip, case-release) */
		int case_tip = 0;
		for (size_t t = 0; !re && t < n && !case_tip; t++)
			case_tip = nocov_release_match(&m, tags[t], &num) &&
				   !memeq(tags[t], m.key, strlen(m.key));
		for (size_t t = 0; t < n; t++)
			CHECK((re && !strstr(tags[t], m.key)) || !nocov_release_match(&m, tags[t], &num) ||
			      num <= s[i].top ||
			      (!re && (is_found_base(s, ns, tags[t]) || twin || case_tip ||
				       parent_twin(tags, n, tags[t]) ||
				       snapshot_between(nums, k, s[i].top, num) ||
				       release_is_beta_number(num) ||
				       !memeq(tags[t], m.key, strlen(m.key)) ||
				       rejected_after_release_is_base(tags, n, tags[t]))),
			      "series %s..%s: %s is higher", s[i].base, s[i].tip, tags[t]);
		nocov_release_matcher_release(&m);
	}
	release_series_names_free(s, ns);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *v[MAX_TAGS];
	size_t n = 0, start = 0;

	memcpy(text, data, size);
	text[size] = '\0';
	for (size_t i = 0; i <= size && n < MAX_TAGS; i++) {
		if (i < size && text[i] != '\n' && text[i] != '\0')
			continue;
		text[i] = '\0';
		v[n++] = text + start;
		start = i + 1;
	}
	const char *base = v[0];
	char **tags = v + 1;
	size_t ntags = n - 1, sel = 0;
	/* a first byte 0x01..0x1f picks a pattern (its value mod 4; 0: none) */
	if ((unsigned char)base[0] >= 1 && (unsigned char)base[0] < 0x20)
		sel = (unsigned char)*base++ % NPATTERNS;
	const struct pattern *re = patterns[sel] ? compiled[sel] : NULL;

	const char *bn = release_base_name(base);
	CHECK(bn == base || (bn == base + 10 && !strncmp(base, "refs/tags/", 10)) ||
	      (bn == base + 5 && !strncmp(base, "tags/", 5)), "base name of '%s'", base);
	for (size_t i = 0; i < ntags; i++) {
		check_number(base, tags[i]);
		check_number(release_base_name(base), tags[i]);
	}
	check_order(v, n);
	check_release_order(base, tags, ntags);
	check_matcher(release_base_name(base), re, tags, ntags);
	check_series(re, tags, ntags);
	free(text);
	return 0;
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
