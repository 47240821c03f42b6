/*
 * Unit tests for hostile inputs (issue 5): the pure parsers on messages and
 * tag lists that real repositories rarely hold, and one test per bug the
 * fuzzers found (fuzz/RELIABILITY.md), so that each stays fixed.
 */
#define _XOPEN_SOURCE 700	/* mkdtemp, symlink */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <time.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/blobfile.h"
#include "base/codec.h"
#include "base/sha1.h"
#include "cache/commits.h"
#include "git/cgraph_trust.h"
#include "git/commit_parse.h"
#include "core/message.h"
#include "core/release.h"
#include "core/release_discover.h"
#include "base/util.h"
#include "test_seal.h"

#define ID40 "4abb951b73ff0a8a979113ef185651aa3c8da19b"

static struct msg_facts parse_n(const char *m, size_t n)
{
	struct msg_facts f;

	msg_parse(m, n, &f);
	return f;
}

static struct msg_facts parse(const char *m)
{
	return parse_n(m, strlen(m));
}

/* Bug (fuzz_message): 'Revert "X "' gave the quoted subject "X " with its
 * space, not clean, so it never equalled the target's subject "X". */
static void test_revert_subject_is_clean(void **state)
{
	(void)state;
	struct msg_facts f = parse("Revert \"  net: fix the thing \"\n\n"
				   "This reverts commit 1234567890abcdef.\n");
	assert_int_equal(f.nrefs, 1);
	assert_string_equal(f.refs[0].subject, "net: fix the thing");
	assert_true(msg_subject_equal(f.refs[0].subject, "net: fix the thing"));
	msg_facts_release(&f);
}

/* Bug (fuzz_release): the six largest unsigned longs were refused as N. */
static void test_release_number_limits(void **state)
{
	(void)state;
	char tag[64];
	unsigned long n = 0;

	snprintf(tag, sizeof(tag), "v4.19.%lu", ULONG_MAX);
	assert_true(release_number("v4.19", tag, &n));
	assert_true(n == ULONG_MAX);
	snprintf(tag, sizeof(tag), "v4.19.%lu", ULONG_MAX - 5);
	assert_true(release_number("v4.19", tag, &n));
	assert_true(n == ULONG_MAX - 5);
	/* one more than ULONG_MAX (64-bit: ...616) and 21 digits are refused */
	assert_false(release_number("v4.19", "v4.19.18446744073709551616", &n) &&
		     sizeof(unsigned long) == 8);
	assert_false(release_number("v4.19", "v4.19.999999999999999999999", &n));
}

/* Bug (fuzz_release, ASan): release_find_series freed nested bases while
 * still comparing against them (v2 v2.1 v2.1.1 v2.2 v2.2.1: use after free,
 * `regtrace stats` with no RANGE).  Since the rule of doc/dialects.md, a
 * release that is the base of a series of its own belongs to that series:
 * v2.1 and v2.2 are series, and v2, left with no other release, is none. */
static void test_nested_series(void **state)
{
	(void)state;
	char *tags[] = { "v2", "v2.1", "v2.1.1", "v2.2", "v2.2.1", "v3", "v3.1" };
	struct series_name *s;
	size_t n;

	release_find_series(tags, sizeof(tags) / sizeof(*tags), NULL, &s, &n);
	assert_int_equal(n, 3);
	assert_string_equal(s[0].base, "v3");
	assert_string_equal(s[0].tip, "v3.1");
	assert_string_equal(s[1].base, "v2.2");
	assert_string_equal(s[1].tip, "v2.2.1");
	assert_string_equal(s[2].base, "v2.1");
	assert_string_equal(s[2].tip, "v2.1.1");
	release_series_names_free(s, n);
}

/* Bug (found by review): discovery and counting disagreed on mixed forms.
 * Tags v4.19.0, v4.19.0.1, v4.19.2: the matcher for BASE v4.19.0 takes the
 * releases v4.19.0.N (a tag BASE.N exists, so the X.Y.0 form does not
 * apply), so discovery must propose v4.19.0..v4.19.0.1, not ..v4.19.2. */
static void test_mixed_zero_forms(void **state)
{
	(void)state;
	char *tags[] = { "v4.19.0", "v4.19.0.1", "v4.19.2", "v8.0.0", "v8.0.1", "v8.0.2" };
	struct series_name *s;
	struct release_matcher m;
	unsigned long num;
	size_t n;

	release_find_series(tags, sizeof(tags) / sizeof(*tags), NULL, &s, &n);
	assert_int_equal(n, 2);
	assert_string_equal(s[0].base, "v8.0.0");	/* the X.Y.0 form proper */
	assert_string_equal(s[0].tip, "v8.0.2");
	assert_string_equal(s[1].base, "v4.19.0");
	assert_string_equal(s[1].tip, "v4.19.0.1");
	/* and the tip discovery chose is a release by the counting rule */
	release_matcher_init(&m, "v4.19.0", NULL, tags, sizeof(tags) / sizeof(*tags));
	assert_true(release_match(&m, "v4.19.0.1", &num));
	assert_false(release_match(&m, "v4.19.2", &num));
	release_matcher_release(&m);
	release_series_names_free(s, n);
	/* (fuzz_release) a tag BASE.0 is no release in the matcher's eyes, so it
	 * does not stop the X.Y.0 form either: v8.0.0..v8.0.1, key "v8.0" */
	char *zero[] = { "v8.0.0", "v8.0.0.0", "v8.0.1" };
	release_find_series(zero, 3, NULL, &s, &n);
	assert_int_equal(n, 1);
	assert_string_equal(s[0].base, "v8.0.0");
	assert_string_equal(s[0].tip, "v8.0.1");
	release_matcher_init(&m, "v8.0.0", NULL, zero, 3);
	assert_true(release_match(&m, "v8.0.1", &num));
	release_matcher_release(&m);
	release_series_names_free(s, n);
}

/* Bug (fuzz_release, UBSan): with a series pattern, a lone tag numbered
 * ULONG_MAX left the "lowest tag" unset (xstrdup(NULL)). */
static void test_pattern_series_ulong_max(void **state)
{
	(void)state;
	struct pattern *re;
	char tag[64], *tags[1] = { tag }, err[256];
	struct series_name *s;
	size_t n;

	assert_int_equal(pattern_compile(&re, "^(v[0-9]+\\.[0-9]+)\\.([0-9]+)$", 2, err,
					 sizeof(err)), 0);
	snprintf(tag, sizeof(tag), "v4.1.%lu", ULONG_MAX);
	release_find_series(tags, 1, re, &s, &n);
	assert_int_equal(n, 0);	/* one tag only: nothing after the base */
	release_series_names_free(s, n);
	pattern_free(re);
}

/* The raw message of a commit is read up to its first NUL (doc/rules.md
 * "Limits"), as libgit2 returns it: what follows cannot add a reference. */
static void test_commit_message_stops_at_nul(void **state)
{
	(void)state;
	static const char obj[] =
		"tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
		"parent " ID40 "\n"
		"author A <a@example.org> 1500000000 +0000\n"
		"committer A <a@example.org> 1500003600 +0000\n"
		"\n"
		"subject\0hidden\n\nFixes: " ID40 "\n";
	struct raw_commit rc;

	assert_int_equal(commit_parse(obj, sizeof(obj) - 1, &rc), 0);
	assert_int_equal(rc.nparents, 1);
	assert_int_equal(rc.time, 1500003600);
	assert_int_equal(rc.author_time, 1500000000);
	assert_int_equal(rc.author_name_len, 1);
	assert_memory_equal(rc.author_name, "A", 1);
	assert_int_equal(rc.author_email_len, strlen("a@example.org"));
	assert_memory_equal(rc.author_email, "a@example.org", rc.author_email_len);
	assert_int_equal(rc.message_len, strlen("subject"));
	struct msg_facts f = parse_n(rc.message, rc.message_len);
	assert_string_equal(f.subject, "subject");
	assert_int_equal(f.nrefs, 0);
	msg_facts_release(&f);
}

/* A commit with 70 parents (Linux has a 66-parent merge) keeps them all;
 * one with more than COMMIT_MAX_PARENTS keeps that many and says how many
 * there were, so the walk can refuse it rather than count part of it. */
static void check_parents(int count)
{
	size_t cap = 200 + (size_t)count * 48, n = 0;
	char *obj = malloc(cap);
	struct raw_commit rc;

	n += (size_t)sprintf(obj + n, "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n");
	for (int i = 0; i < count; i++)
		n += (size_t)sprintf(obj + n, "parent %040x\n", i + 1);
	n += (size_t)sprintf(obj + n, "committer A <a@example.org> 1 +0000\n\nmerge\n");
	assert_int_equal(commit_parse(obj, n, &rc), 0);
	assert_int_equal(rc.all_parents, count);
	if (count <= COMMIT_MAX_PARENTS) {
		assert_int_equal(rc.nparents, count);
		/* the last one, in order: id count, big-endian */
		assert_int_equal(rc.parents[count - 1][18] << 8 | rc.parents[count - 1][19], count);
	} else {
		assert_int_equal(rc.nparents, COMMIT_MAX_PARENTS);	/* walk.c: an error */
	}
	free(obj);
}

static void test_commit_many_parents(void **state)
{
	(void)state;
	check_parents(70);
	check_parents(COMMIT_MAX_PARENTS);
	check_parents(COMMIT_MAX_PARENTS + 1);
}

/* An id's 40 digits, read 8 at a time: every digit in every place gives its
 * value, and any byte that is no lower-case hex digit (those next to the
 * ranges, upper case, a high byte) in any place is refused. */
static void test_hex_to_oid(void **state)
{
	static const char digits[] = "0123456789abcdef";
	static const char bad[] = "/:@AFG`g \x80\xb0\xe1";
	char hex[41];
	uint8_t oid[20];

	(void)state;
	for (int shift = 0; shift < 16; shift++) {
		for (int i = 0; i < 40; i++)
			hex[i] = digits[(i * 7 + shift) % 16];
		hex[40] = '\0';
		assert_int_equal(commit_hex_to_oid(hex, oid), 0);
		for (int i = 0; i < 20; i++)
			assert_int_equal(oid[i], ((i * 14 + shift) % 16) << 4 | ((i * 14 + 7 + shift) % 16));
	}
	for (int i = 0; i < 40; i++) {
		for (size_t b = 0; b < sizeof(bad) - 1; b++) {
			memcpy(hex, ID40, 41);
			hex[i] = bad[b];
			assert_int_equal(commit_hex_to_oid(hex, oid), -1);
		}
	}
	assert_int_equal(commit_hex_to_oid(ID40, oid), 0);
	assert_int_equal(oid[0], 0x4a);
	assert_int_equal(oid[19], 0x9b);
}

/* Bug (fuzz_message): "upstream commitdeadbeef1" gave an alias, an id glued
 * to the word; doc/rules.md's form is "upstream commit[:] <id>". */
static void test_upstream_commit_needs_a_separator(void **state)
{
	(void)state;
	struct msg_facts f = parse("s\n\nupstream commitdeadbeef1 x\n");
	assert_int_equal(f.naliases, 0);
	msg_facts_release(&f);
	f = parse("s\n\nUpstream commit:deadbeef1\n[ upstream commit\tdeadbeef2 ]\n");
	assert_int_equal(f.naliases, 2);
	msg_facts_release(&f);
}

/* Hostile message forms (doc/rules.md "What a message says"). */
static void test_hostile_forms(void **state)
{
	(void)state;
	struct msg_facts f = parse(
		"s\n\n"
		"> Fixes: 1234567 (\"quoted reply\")\n"
		"Fixes: " ID40 "0 (\"41 digits\")\n"
		"Fixes: 4ABB951B73FF (\"upper case\")\n"
		"It says This reverts commit 7654321 mid-line.\n"
		"\n"
		"A longer paragraph.\n"
		"This reverts commit 89abcdef.\n"
		"commit " ID40 " upstream.\n");
	assert_int_equal(f.fixes_lines, 1);
	assert_int_equal(f.nonsha_fixes_lines, 1);
	assert_int_equal(f.nrefs, 2);
	assert_int_equal(f.refs[0].kind, MSG_REF_FIXES);
	assert_string_equal(f.refs[0].id, "4abb951b73ff");
	assert_int_equal(f.refs[1].kind, MSG_REF_REVERT);
	assert_string_equal(f.refs[1].id, "89abcdef");
	/* the line after a revert line continues its sentence: no alias */
	assert_int_equal(f.naliases, 0);
	msg_facts_release(&f);
}

/* Subjects: invalid UTF-8 becomes U+FFFD, controls and tabs spaces, NUL
 * bytes (given a length) too; at most MSG_SUBJECT_MAX bytes. */
static void test_subject_cleaning(void **state)
{
	(void)state;
	static const char m[] = "a\xff" "b\tc\0d \xc0\xaf \xed\xa0\x80 =<b>\"x\",y\n";
	struct msg_facts f = parse_n(m, sizeof(m) - 1);
	assert_string_equal(f.subject, "a\xef\xbf\xbd" "b c d \xef\xbf\xbd\xef\xbf\xbd "
			    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd =<b>\"x\",y");
	msg_facts_release(&f);

	size_t big = 1 << 20;
	char *line = malloc(big + 1);
	memset(line, 0xe2, big);	/* truncated sequences: all U+FFFD */
	line[big] = '\n';
	f = parse_n(line, big + 1);
	assert_true(strlen(f.subject) <= MSG_SUBJECT_MAX);
	assert_int_equal(strlen(f.subject) % 3, 0);
	msg_facts_release(&f);
	free(line);
}

/* 10,000 Fixes lines and a 1 MB line: every line counted, each id once. */
static void test_many_fixes_lines(void **state)
{
	(void)state;
	size_t cap = 64 + 10001 * 40 + (1 << 20), n = 0;
	char *m = malloc(cap);

	n += (size_t)sprintf(m + n, "many\n\n");
	for (int i = 0; i < 10000; i++)
		n += (size_t)sprintf(m + n, "Fixes: %012x (\"x\")\n", i % 5000 + 0x100000);
	memset(m + n, 'y', 1 << 20);
	n += 1 << 20;
	n += (size_t)sprintf(m + n, "\nFixes: " ID40 "\n");
	struct msg_facts f = parse_n(m, n);
	assert_int_equal(f.fixes_lines, 10001);
	assert_int_equal(f.nrefs, 5001);	/* 5,000 ids twice each, and ID40 */
	assert_string_equal(f.refs[5000].id, ID40);
	msg_facts_release(&f);
	free(m);
}

/* A message of k distinct Fixes lines and k alias lines, then the last
 * Fixes line again; its length in *n. */
static char *many_references(int k, size_t *n)
{
	char *m = malloc(16 + (size_t)k * 2 * 64);

	*n = (size_t)sprintf(m, "many\n\n");
	for (int i = 0; i < k; i++)
		*n += (size_t)sprintf(m + *n, "Fixes: %012x (\"x\")\n", 0x100000 + i);
	for (int i = 0; i < k; i++)
		*n += (size_t)sprintf(m + *n, "Upstream-commit: %040x\n", 0x200000 + i);
	*n += (size_t)sprintf(m + *n, "Fixes: %012x\n", 0x100000 + k - 1);	/* again */
	return m;
}

/* CPU seconds of parsing a message of k references of each kind (the
 * least of three runs). */
static double parse_cpu(int k)
{
	size_t n;
	char *m = many_references(k, &n);
	double best = 1e9;

	for (int run = 0; run < 3; run++) {
		clock_t t0 = clock();
		struct msg_facts f = parse_n(m, n);
		double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
		msg_facts_release(&f);
		best = secs < best ? secs : best;
	}
	free(m);
	return best;
}

/* Issue 15.4: 100,000 distinct Fixes lines and as many alias lines in one
 * message are parsed in time proportional to their number (the references
 * were looked up one by one: 80,000 lines took 21 s), each id kept once.
 * Proportional, not fast: ten times the lines may cost at most 30 times the
 * CPU of the smaller message (quadratic costs 100 times), whatever the
 * machine, its load, a sanitizer or valgrind; no absolute time is asserted. */
static void test_many_references_linear(void **state)
{
	(void)state;
	size_t n;
	char *m = many_references(100000, &n);
	struct msg_facts f = parse_n(m, n);

	assert_int_equal(f.fixes_lines, 100001);
	assert_int_equal(f.nrefs, 100000);
	assert_int_equal(f.naliases, 100000);
	assert_string_equal(f.refs[99999].id, "00000011869f");
	msg_facts_release(&f);
	free(m);
	double small = parse_cpu(10000), big = parse_cpu(100000);
	print_message("parse: 10,000 lines of each kind %.3f s CPU, 100,000 %.3f s\n", small, big);
	assert_true(big <= 30 * (small > 0.001 ? small : 0.001));
}

/* Issue 15.4: a commit naming 70,000 references and 70,000 upstream ids
 * (more than a 2-byte count holds) goes through the commit cache whole:
 * the file is accepted and gives every one back. */
static void test_cache_many_references(void **state)
{
	(void)state;
	struct msg_facts f = { 0 }, g;
	struct cache c, d;
	struct cache_hit h;
	uint8_t oid[20] = { 7 };
	size_t len;

	f.subject = xstrdup("many");
	f.refs = xcalloc(70000, sizeof(*f.refs));
	f.aliases = xcalloc(70000, sizeof(*f.aliases));
	for (size_t i = 0; i < 70000; i++) {
		f.refs[i].kind = MSG_REF_FIXES;
		snprintf(f.refs[i].id, sizeof(f.refs[i].id), "%012zx", i + 0x100000);
		snprintf(f.aliases[i], sizeof(f.aliases[i]), "%040zx", i + 0x200000);
	}
	f.nrefs = f.refs_cap = f.naliases = f.aliases_cap = 70000;
	f.fixes_lines = 70000;
	cache_init(&c, 1);
	cache_add(&c, oid, 1500000000, 0, NULL, 0, NULL, &f);
	uint8_t *buf = cache_encode(&c, &len);
	cache_init(&d, 1);
	cache_load_buffer(&d, buf, len);
	assert_null(d.rejected);
	assert_true(cache_lookup(&d, oid, &h));
	assert_int_equal(cache_facts(&h, &g), 0);
	assert_int_equal(g.nrefs, 70000);
	assert_int_equal(g.naliases, 70000);
	assert_string_equal(g.refs[69999].id, f.refs[69999].id);
	assert_string_equal(g.aliases[69999], f.aliases[69999]);
	msg_facts_release(&g);
	cache_release(&d);
	cache_release(&c);
	msg_facts_release(&f);
}

static uint8_t *copy(const uint8_t *buf, size_t len)
{
	uint8_t *p = xmalloc(len);

	memcpy(p, buf, len);
	return p;
}

/* An id in a cached record with any one byte not a lower-case hex digit (in
 * the eight-at-a-time part of the check or in its tail; just outside each
 * range of digits: '/', ':', '`', 'g', a capital, a byte with the high bit)
 * makes the file rejected whole; the same file unchanged loads. */
static void test_cache_id_not_hex(void **state)
{
	(void)state;
	static const char *alias = "0123456789abcdef0123456789abcdef01234567";
	static const uint8_t bad[] = { '/', ':', '`', 'g', 'A', 'F', 0x80 + '0', 0xe1 };
	struct msg_facts f = { 0 };
	struct cache c, d;
	uint8_t oid[20] = { 9 };
	size_t len;

	f.subject = xstrdup("one alias");
	f.aliases = xcalloc(1, sizeof(*f.aliases));
	snprintf(f.aliases[0], sizeof(f.aliases[0]), "%s", alias);
	f.naliases = f.aliases_cap = 1;
	cache_init(&c, 1);
	cache_add(&c, oid, 1500000000, 0, NULL, 0, NULL, &f);
	uint8_t *buf = cache_encode(&c, &len);
	uint8_t *at = NULL;
	for (size_t i = 0; !at && i + 40 <= len; i++)
		if (!memcmp(buf + i, alias, 40))
			at = buf + i;
	assert_non_null(at);
	cache_init(&d, 1);
	cache_load_buffer(&d, copy(buf, len), len);	/* (taken over) */
	assert_null(d.rejected);
	cache_release(&d);
	for (size_t pos = 0; pos < 40; pos++)
		for (size_t b = 0; b < sizeof(bad); b++) {
			uint8_t was = at[pos];
			at[pos] = bad[b];
			reseal(buf, len);
			cache_init(&d, 1);
			cache_load_buffer(&d, copy(buf, len), len);
			assert_non_null(d.rejected);
			cache_release(&d);
			at[pos] = was;
		}
	free(buf);
	cache_release(&c);
	msg_facts_release(&f);
}

/* Issue 15.6: C1 controls (U+0080..U+009F: NEL, CSI, ST, OSC) and the
 * line and paragraph separators U+2028/U+2029 are cleaned out of subjects
 * like C0 controls: each is a space between words. */
static void test_subject_c1_and_separators(void **state)
{
	(void)state;
	struct msg_facts f = parse("a\xc2\x85" "b\xc2\x9b" "31mc\xc2\x9c" "d\xc2\x9d" "0;x\xc2\x80"
				   "e\xc2\x9f" "f\xe2\x80\xa8" "g\xe2\x80\xa9" "h \xc2\xa0i\n\n"
				   "Fixes: 1234567 (\"q\xc2\x9b" "1m\xe2\x80\xa8r\")\n");
	assert_string_equal(f.subject, "a b 31mc d 0;x e f g h \xc2\xa0i");
	assert_int_equal(f.nrefs, 1);
	assert_string_equal(f.refs[0].subject, "q 1m r");
	msg_facts_release(&f);
	char *c = msg_clean_text("\xc2\x9b\xe2\x80\xa8", 5, 100);
	assert_string_equal(c, "");
	free(c);
}

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1	/* ASan's allocator aborts on a failed malloc: not testable */
#else
#define UNDER_ASAN 0
#endif

/* Under valgrind (its preload in LD_PRELOAD): the child below ends with its
 * threads alive, by design (the first to run out ends the process), and
 * valgrind counts their stacks as leaks of the child: not testable there
 * either; the plain and sanitizer runs check it. */
static int under_valgrind(void)
{
	const char *p = getenv("LD_PRELOAD");

	return p && strstr(p, "vgpreload");
}

static pthread_barrier_t oom_barrier;

static void *oom_thread(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&oom_barrier);
	return xmalloc(SIZE_MAX / 4);	/* never returns: no memory for that */
}

/* A child process whose 8 threads run out of memory at once: its stderr. */
static size_t oom_child(char *buf, size_t cap, int *status)
{
	int fd[2];
	pthread_t t[8];
	size_t n = 0;
	ssize_t got;

	assert_int_equal(pipe(fd), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fd[1], 2);
		close(fd[0]);
		pthread_barrier_init(&oom_barrier, NULL, 8);
		for (int i = 0; i < 8; i++)
			pthread_create(&t[i], NULL, oom_thread, NULL);
		for (int i = 0; i < 8; i++)
			pthread_join(t[i], NULL);
		_exit(0);
	}
	close(fd[1]);
	while (n + 1 < cap && (got = read(fd[0], buf + n, cap - 1 - n)) > 0)
		n += (size_t)got;
	buf[n] = '\0';
	close(fd[0]);
	waitpid(pid, status, 0);
	return n;
}

/* Issue 15.7: running out of memory in several threads at once says so
 * once, exit status 1 (each thread printed and called exit). */
static void test_out_of_memory_said_once(void **state)
{
	(void)state;
	char buf[4096];
	int status;

	if (UNDER_ASAN || under_valgrind())
		skip();
	for (int i = 0; i < 20; i++) {
		oom_child(buf, sizeof(buf), &status);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 1);
		assert_string_equal(buf, "regtrace: out of memory\n");
	}
}

/* A commit-cache record for the oid n (facts with one alias). */
static void add_record(struct cache *c, int n)
{
	struct msg_facts f = { 0 };
	uint8_t oid[20] = { 0 };

	oid[0] = (uint8_t)n;
	oid[19] = (uint8_t)(n * 3);
	f.subject = xstrdup("s");
	cache_add(c, oid, 1500000000 + n, 0, NULL, 0, NULL, &f);
	msg_facts_release(&f);
}

/* A range (base and tip ids made of b) holding the commits of records ns[0..n):
 * a save keeps only the records of the commits of its ranges. */
static void add_range(struct cache *c, int b, const int *ns, uint32_t n)
{
	uint8_t base[20] = { 0 }, tip[20] = { 0 };
	uint8_t *oids = xcalloc(n, 20);
	uint32_t *first = xcalloc(n + 1, sizeof(uint32_t)), *par = xmalloc(sizeof(uint32_t));

	base[0] = 0xb0;
	base[1] = (uint8_t)b;
	tip[0] = 0xc0;
	tip[1] = (uint8_t)b;
	for (uint32_t i = 0; i < n; i++) {
		oids[i * 20] = (uint8_t)ns[i];
		oids[i * 20 + 19] = (uint8_t)(ns[i] * 3);
	}
	cache_ranges_put(&c->ranges, base, tip, n, oids, first, par, 0, NULL);
}

static int has_record(const struct cache *c, int n)
{
	uint8_t oid[20] = { 0 };
	struct cache_hit h;

	oid[0] = (uint8_t)n;
	oid[19] = (uint8_t)(n * 3);
	return cache_lookup(c, oid, &h);
}

/* Issue 15.8: two runs at once.  B loaded the file, C saved more to it since; B's save keeps
 * C's records and ranges and adds its own, each once (the last writer used to win: a small
 * run saved a 27 KB cache over a 2.9 MB one). */
static void test_cache_save_merges(void **state)
{
	(void)state;
	char path[] = "/tmp/test_cache.XXXXXX", err[256];
	struct cache a, b, c, d;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	cache_init(&a, 7);
	add_record(&a, 1);
	add_range(&a, 1, (const int[]){ 1 }, 1);
	assert_int_equal(cache_save(&a, path, err, sizeof(err)), 0);
	cache_release(&a);

	cache_init(&b, 7);
	cache_load_file(&b, path);	/* B: 1 */
	cache_init(&c, 7);
	cache_load_file(&c, path);	/* C: 1 */
	add_record(&c, 3);
	add_record(&c, 4);
	add_range(&c, 2, (const int[]){ 1, 3, 4 }, 3);
	assert_int_equal(cache_save(&c, path, err, sizeof(err)), 0);	/* 1 3 4 */
	add_record(&b, 2);
	add_record(&b, 4);		/* B learned 4 too */
	add_range(&b, 3, (const int[]){ 1, 2, 4 }, 3);
	assert_int_equal(cache_save(&b, path, err, sizeof(err)), 0);

	cache_init(&d, 7);
	cache_load_file(&d, path);
	assert_null(d.rejected);
	for (int n = 1; n <= 4; n++)
		assert_true(has_record(&d, n));
	assert_int_equal(d.count, 4);	/* each once */
	assert_int_equal(d.ranges.n, 3);	/* A's, C's and B's */
	cache_release(&b);
	cache_release(&c);
	cache_release(&d);
	unlink(path);
}

/* Issue 15.8: a cache path that is no regular file is no cache: a FIFO is not waited on
 * (it hung forever), a link is not followed (/dev/zero grew to 6.9 GB), a directory is
 * nothing; a regular file larger than the cap is not read. */
static void test_blobfile_not_a_file(void **state)
{
	(void)state;
	char dir[] = "/tmp/test_blobfile.XXXXXX", p[256];
	size_t len = 99;

	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof(p), "%s/fifo", dir);
	assert_int_equal(mkfifo(p, 0600), 0);
	alarm(10);
	assert_null(blobfile_read(p, &len));
	alarm(0);
	assert_int_equal(len, 0);
	unlink(p);
	snprintf(p, sizeof(p), "%s/zero", dir);
	assert_int_equal(symlink("/dev/zero", p), 0);
	assert_null(blobfile_read(p, &len));
	unlink(p);
	assert_null(blobfile_read(dir, &len));
	snprintf(p, sizeof(p), "%s/big", dir);
	FILE *f = fopen(p, "w");
	fputs("0123456789", f);
	fclose(f);
	assert_null(blobfile_read_max(p, 9, &len));
	uint8_t *b = blobfile_read_max(p, 10, &len);
	assert_non_null(b);
	assert_int_equal(len, 10);
	free(b);
	unlink(p);
	rmdir(dir);
}

/* Issue 15.5: a commit-graph is used only when its trailing SHA-1 holds; a file found
 * sound is remembered (regtrace-graph-checked) by size, mtime and inode, so that a warm run
 * does not hash it again: a remembered entry is believed without hashing, and a change of
 * the file (another mtime) is hashed again. */
static void test_cgraph_trust(void **state)
{
	(void)state;
	char dir[] = "/tmp/test_cgraph_trust.XXXXXX", gitdir[64], path[128], side[128];
	uint8_t data[100];
	struct stat st;

	assert_non_null(mkdtemp(dir));
	snprintf(gitdir, sizeof(gitdir), "%s/", dir);
	snprintf(path, sizeof(path), "%scommit-graph", gitdir);
	snprintf(side, sizeof(side), "%s%s", gitdir, CGRAPH_TRUST_FILE);
	for (int i = 0; i < 80; i++)
		data[i] = (uint8_t)(i * 7);
	sha1(data, 80, data + 80);
	assert_true(cgraph_checksum_ok(data, 100));
	FILE *f = fopen(path, "wb");
	fwrite(data, 1, 100, f);
	fclose(f);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(cgraph_trusted(gitdir, path, &st, data, 100), 1);
	assert_int_equal(access(side, F_OK), 0);	/* remembered */

	data[30] ^= 1;	/* one flipped byte */
	assert_false(cgraph_checksum_ok(data, 100));
	/* the same size, mtime, inode and checksum: believed (no hashing on warm runs),
	 * also by a fresh process (another gitdir first forgets this process's memory) */
	assert_int_equal(cgraph_trusted("/nonexistent/", path, &st, data, 100), 0);
	assert_int_equal(cgraph_trusted(gitdir, path, &st, data, 100), 1);
	st.st_mtim.tv_nsec ^= 1;	/* the file changed: hashed again */
	assert_int_equal(cgraph_trusted(gitdir, path, &st, data, 100), 0);
	unlink(path);
	unlink(side);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_revert_subject_is_clean),
		cmocka_unit_test(test_release_number_limits),
		cmocka_unit_test(test_nested_series),
		cmocka_unit_test(test_mixed_zero_forms),
		cmocka_unit_test(test_pattern_series_ulong_max),
		cmocka_unit_test(test_commit_message_stops_at_nul),
		cmocka_unit_test(test_commit_many_parents),
		cmocka_unit_test(test_hex_to_oid),
		cmocka_unit_test(test_upstream_commit_needs_a_separator),
		cmocka_unit_test(test_hostile_forms),
		cmocka_unit_test(test_subject_cleaning),
		cmocka_unit_test(test_many_fixes_lines),
		cmocka_unit_test(test_many_references_linear),
		cmocka_unit_test(test_cache_many_references),
		cmocka_unit_test(test_cache_id_not_hex),
		cmocka_unit_test(test_subject_c1_and_separators),
		cmocka_unit_test(test_out_of_memory_said_once),
		cmocka_unit_test(test_cache_save_merges),
		cmocka_unit_test(test_blobfile_not_a_file),
		cmocka_unit_test(test_cgraph_trust),
	};
	return cmocka_run_group_tests_name("hostile", tests, NULL, NULL);
}
