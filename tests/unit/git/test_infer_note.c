/* Unit tests for infer_note (infer.h): a mainline commit the inference will ask for (its
 * identity key wanted) goes into the inference cache as it is read, with the email and
 * subject infer_upstream checks; the others, and one read without its author, do not. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/graph.h"
#include "core/identity.h"
#include "git/infer.h"

static const uint8_t oid_a[20] = { 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 9 };
static const uint8_t oid_b[20] = { 0xb1, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 9 };

/* Is oid a candidate of c: with *email and *subject (to free) when it is. */
static int candidate(struct infercache *c, const uint8_t oid[20], char **email, char **subject)
{
	uint8_t got[20];

	if (!infercache_candidate(c, oid, got, email, subject))
		return 0;
	assert_memory_equal(got, oid, 20);
	return 1;
}

/* An empty cache c and a mainline m that wants the one key *want. */
static void want_one(struct infercache *c, struct mainline *m, uint32_t *want)
{
	infercache_init(c);
	memset(m, 0, sizeof(*m));
	m->want = want;
	m->nwant = 1;
	m->want_bits = mainline_want_filter(want, 1);
}

static void release(struct infercache *c, struct mainline *m)
{
	free((void *)m->want_bits);
	infercache_release(c);
}

static void test_wanted_kept(void **state)
{
	struct infercache c;
	struct mainline m;
	char subject[] = "net: fix a leak", *e, *s;
	struct msg_facts f = { .subject = subject };
	struct commit_meta meta = { 0, 0, graph_author_make("A U Thor", 8, "Thor@Example.org", 16) };
	uint32_t want = identity_key("thor@example.org", subject);
	struct infer_note n = { &c, &m };

	(void)state;
	want_one(&c, &m, &want);
	infer_note(&n, oid_a, &f, &meta, want);
	infer_note(&n, oid_b, &f, &meta, want + 1);	/* a key no commit asks for */
	assert_true(candidate(&c, oid_a, &e, &s));
	/* the email as the series' commits keep theirs (graph_author_make) */
	assert_string_equal(e, graph_author_email(&(struct graph_commit){ .meta = meta }));
	assert_string_equal(e, "Thor@Example.org");
	assert_string_equal(s, subject);
	free(e);
	free(s);
	assert_false(candidate(&c, oid_b, &e, &s));
	free(meta.author);
	release(&c, &m);
}

static void test_no_author_not_kept(void **state)
{
	struct infercache c;
	struct mainline m;
	char subject[] = "net: fix a leak", *e, *s;
	struct msg_facts f = { .subject = subject };
	uint32_t want = identity_key("", subject);
	struct infer_note n = { &c, &m };

	(void)state;
	want_one(&c, &m, &want);
	infer_note(&n, oid_a, &f, NULL, want);	/* (read without meta: no email to check) */
	assert_false(candidate(&c, oid_a, &e, &s));
	release(&c, &m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wanted_kept),
		cmocka_unit_test(test_no_author_not_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
