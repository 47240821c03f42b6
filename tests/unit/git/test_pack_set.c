/* Unit tests for git/pack_set.c: a bare repository made with libgit2, its commits c0 <- c1
 * <- c2 <- c3 packed (git_packbuilder), then c4 written loose.  Every commit the pack stores
 * whole (pack_commits.h says which) is given with the bytes libgit2 reads; the tree, an id
 * no object has and the loose c4 are not (the caller reads those through libgit2).  Two
 * threads reading every commit at once get the same bytes.  Asked for another repository
 * while this one's packs are mapped: nothing; after pack_set_clear, the other's (it has no
 * pack: nothing) and then this one's again.  Last, c4 packed alone in a second pack: read
 * in turn with the first pack's commits, each is found in its own pack. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <git2.h>

#include "git/pack_commits.h"
#include "git/pack_set.h"
#include "test_repo.h"

#define PACKED 4

static char dir[] = "/tmp/regtrace-pack-set.XXXXXX";
static char gitdir[256];
static struct test_repo tr;
static git_repository *repo;
static git_oid c[PACKED + 1];

static int commit(int i)
{
	char msg[64];

	snprintf(msg, sizeof(msg), "c%d: a message long enough to compress\n", i);
	return tr_commit(&tr, &c[i], 1500000000 + 60 * i, msg, i ? &c[i - 1] : NULL, NULL);
}

static int setup(void **state)
{
	git_packbuilder *pb;
	char packdir[300];

	(void)state;
	if (tr_open(&tr, dir))
		return -1;
	repo = tr.repo;
	for (int i = 0; i < PACKED; i++)
		if (commit(i))
			return -1;
	snprintf(gitdir, sizeof(gitdir), "%s", git_repository_commondir(repo));
	snprintf(packdir, sizeof(packdir), "%sobjects/pack", gitdir);
	if (git_packbuilder_new(&pb, repo) < 0 || git_packbuilder_insert_commit(pb, &c[PACKED - 1]) < 0 ||
	    git_packbuilder_insert_recur(pb, &c[0], NULL) < 0 ||
	    git_packbuilder_write(pb, packdir, 0, NULL, NULL) < 0)
		return -1;
	git_packbuilder_free(pb);
	return commit(PACKED);	/* loose */
}

static int teardown(void **state)
{
	(void)state;
	pack_set_clear();
	return tr_remove(&tr);
}

/* Whether the repository's one pack stores commit k whole. */
static int stored_whole(int k)
{
	char path[600];
	struct dirent *e;
	DIR *d;
	int whole = 0;

	snprintf(path, sizeof(path), "%sobjects/pack", gitdir);
	assert_non_null(d = opendir(path));
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		struct pack_file p;
		struct pack_reader r = { 0 };
		if (len < 5 || strcmp(e->d_name + len - 4, ".idx"))
			continue;
		snprintf(path, sizeof(path), "%sobjects/pack/%s", gitdir, e->d_name);
		assert_int_equal(pack_file_open(&p, path), 0);
		int64_t pos = pack_file_find(&p, c[k].id);
		whole |= pos >= 0 && pack_read_commit(&p, (uint32_t)pos, &r) >= 0;
		pack_reader_release(&r);
		pack_file_close(&p);
	}
	closedir(d);
	return whole;
}

/* Commit k as pack_set gives it: 1 when given (and the bytes libgit2 reads), else 0. */
static int given(int k)
{
	git_odb *odb;
	git_odb_object *obj;
	size_t len = 0;
	char *bytes = pack_set_read_commit(gitdir, c[k].id, &len);
	int rc = bytes != NULL;

	if (bytes) {
		assert_int_equal(git_repository_odb(&odb, repo), 0);
		assert_int_equal(git_odb_read(&obj, odb, &c[k]), 0);
		assert_int_equal(len, git_odb_object_size(obj));
		assert_memory_equal(bytes, git_odb_object_data(obj), len);
		assert_int_equal(bytes[len], '\0');
		git_odb_object_free(obj);
		git_odb_free(odb);
	}
	free(bytes);
	return rc;
}

static void test_whole_commits_given(void **state)
{
	size_t len;
	uint8_t none[20];
	int whole = 0;

	(void)state;
	pack_set_clear();
	for (int k = 0; k < PACKED; k++) {
		whole += stored_whole(k);
		assert_int_equal(given(k), stored_whole(k));
	}
	assert_true(whole >= 1);	/* (the newest is never a delta) */
	assert_true(stored_whole(PACKED - 1));
	assert_false(given(PACKED));	/* loose */
	assert_null(pack_set_read_commit(gitdir, tr.tree.id, &len));	/* not a commit */
	memset(none, 0x42, sizeof(none));
	assert_null(pack_set_read_commit(gitdir, none, &len));
	assert_null(pack_set_read_commit(NULL, c[PACKED - 1].id, &len));
}

static void test_one_repository(void **state)
{
	size_t len;

	(void)state;
	pack_set_clear();
	assert_true(given(PACKED - 1));
	assert_null(pack_set_read_commit("/no/such/repository/", c[PACKED - 1].id, &len));
	pack_set_clear();
	assert_null(pack_set_read_commit("/no/such/repository/", c[PACKED - 1].id, &len));
	assert_null(pack_set_read_commit(gitdir, c[PACKED - 1].id, &len));	/* (the other's) */
	pack_set_clear();
	assert_true(given(PACKED - 1));
}

static void *read_all(void *arg)
{
	int *ok = arg;

	for (int round = 0; round < 200; round++)
		for (int k = 0; k < PACKED; k++) {
			size_t len = 0;
			char *bytes = pack_set_read_commit(gitdir, c[k].id, &len);
			if (bytes && (len < 10 || memcmp(bytes, "tree ", 5)))
				*ok = 0;
			free(bytes);
		}
	return NULL;
}

static void test_threads(void **state)
{
	pthread_t t[2];
	int ok[2] = { 1, 1 };

	(void)state;
	pack_set_clear();
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, read_all, &ok[i]), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
	assert_true(ok[0] && ok[1]);
	assert_true(given(PACKED - 1));
}

static void test_two_packs(void **state)
{
	git_packbuilder *pb;
	char packdir[300];

	(void)state;
	snprintf(packdir, sizeof(packdir), "%sobjects/pack", gitdir);
	assert_int_equal(git_packbuilder_new(&pb, repo), 0);
	assert_int_equal(git_packbuilder_insert(pb, &c[PACKED], NULL), 0);
	assert_int_equal(git_packbuilder_write(pb, packdir, 0, NULL, NULL), 0);
	git_packbuilder_free(pb);
	pack_set_clear();
	assert_true(stored_whole(PACKED));
	const int order[] = { PACKED, PACKED - 1, PACKED, 0, PACKED, PACKED - 1 };
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		assert_int_equal(given(order[i]), stored_whole(order[i]));
	assert_true(given(PACKED));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whole_commits_given),
		cmocka_unit_test(test_one_repository),
		cmocka_unit_test(test_threads),
		cmocka_unit_test(test_two_packs),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
