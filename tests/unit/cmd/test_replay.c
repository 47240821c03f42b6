/* Unit tests for replay.c's stream of a missed command: every write reaches stdout's
 * descriptor as it is flushed, with a copy kept; an output past ANSWERS_MAX_BYTES is passed
 * on whole and not kept; a stdout that fails is the command's error. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/error.h"
#include "cmd/replay.h"

static int saved_stdout = -1;

/* stdout's descriptor onto fd (restored by restore_stdout). */
static void stdout_to(int fd)
{
	fflush(stdout);
	saved_stdout = dup(STDOUT_FILENO);
	assert_true(saved_stdout >= 0);
	assert_int_equal(dup2(fd, STDOUT_FILENO), STDOUT_FILENO);
}

static void restore_stdout(void)
{
	dup2(saved_stdout, STDOUT_FILENO);
	close(saved_stdout);
	saved_stdout = -1;
}

/* A replay that made its key and found no answer: one to keep. */
static void missed(struct replay *r)
{
	memset(r, 0, sizeof(*r));
	r->on = 1;
}

static void test_passed_and_kept(void **state)
{
	char path[] = "/tmp/test_replay.XXXXXX", err[256], back[64] = "";
	int fd = mkstemp(path);
	struct replay r;

	(void)state;
	assert_true(fd >= 0);
	missed(&r);
	stdout_to(fd);
	FILE *f = replay_capture(&r);
	assert_ptr_not_equal(f, stdout);
	fputs("Series 1.0.1\n", f);
	assert_int_equal(fflush(f), 0);
	/* on stdout as soon as flushed, before the stream is closed */
	assert_int_equal(pread(fd, back, sizeof(back) - 1, 0), 13);
	assert_string_equal(back, "Series 1.0.1\n");
	fputs("2 commits\n", f);
	assert_int_equal(replay_flush(&r, RT_OK, err, sizeof(err)), RT_OK);
	restore_stdout();
	assert_int_equal(pread(fd, back, sizeof(back) - 1, 0), 23);
	assert_true(r.on);	/* kept */
	assert_int_equal(r.copy.len, 23);
	assert_memory_equal(r.copy.b, "Series 1.0.1\n2 commits\n", 23);
	replay_release(&r);
	close(fd);
	unlink(path);
}

static void test_too_large_not_kept(void **state)
{
	FILE *null = fopen("/dev/null", "w");
	size_t chunk = (size_t)1 << 20, written = 0;
	char *buf = malloc(chunk), err[256];
	struct replay r;

	(void)state;
	assert_non_null(null);
	memset(buf, 'x', chunk);
	missed(&r);
	stdout_to(fileno(null));
	FILE *f = replay_capture(&r);
	while (written <= ANSWERS_MAX_BYTES) {
		assert_int_equal(fwrite(buf, 1, chunk, f), chunk);
		written += chunk;
	}
	assert_int_equal(replay_flush(&r, RT_OK, err, sizeof(err)), RT_OK);
	restore_stdout();
	assert_false(r.on);	/* passed on whole, not kept */
	assert_true(r.copy.len <= ANSWERS_MAX_BYTES);
	replay_release(&r);
	fclose(null);
	free(buf);
}

static void test_stdout_fails(void **state)
{
	int fds[2];
	char err[256] = "";
	struct replay r;

	(void)state;
	assert_int_equal(pipe(fds), 0);
	close(fds[0]);	/* no reader: EPIPE */
	signal(SIGPIPE, SIG_IGN);
	missed(&r);
	stdout_to(fds[1]);
	FILE *f = replay_capture(&r);
	fputs("text no one reads\n", f);
	int flushed = fflush(f);
	int rc = replay_flush(&r, RT_OK, err, sizeof(err));
	restore_stdout();
	signal(SIGPIPE, SIG_DFL);
	assert_int_not_equal(flushed, 0);	/* the command sees its write fail */
	assert_int_equal(rc, RT_EFAIL);
	assert_non_null(strstr(err, "cannot write output"));
	replay_release(&r);
	close(fds[1]);
}

static void test_off_is_stdout(void **state)
{
	struct replay r;

	(void)state;
	memset(&r, 0, sizeof(r));	/* no key made */
	assert_ptr_equal(replay_capture(&r), stdout);
	r.on = 1;
	r.found = 1;	/* an answer to print: the command does not run */
	assert_ptr_equal(replay_capture(&r), stdout);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_passed_and_kept),
		cmocka_unit_test(test_too_large_not_kept),
		cmocka_unit_test(test_stdout_fails),
		cmocka_unit_test(test_off_is_stdout),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
