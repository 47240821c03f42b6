/* Unit tests for commit_url.c: a remote URL to the commit-link template of its forge
 * (doc/usage.md "report"), each expected template written out by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>

#include "render/commit_url.h"
#include "render/html.h"

static void is(const char *url, const char *want)
{
	char *got = commit_url_of_remote(url);

	if (!want) {
		assert_null(got);
		return;
	}
	assert_non_null(got);
	assert_string_equal(got, want);
	assert_true(html_url_template_ok(got));
	assert_true(html_url_scheme_ok(got));
	free(got);
}

static void test_github(void **state)
{
	(void)state;
	is("https://github.com/git/git.git", "https://github.com/git/git/commit/%s");
	is("https://github.com/openvswitch/ovs", "https://github.com/openvswitch/ovs/commit/%s");
	is("git@github.com:DPDK/dpdk-stable.git", "https://github.com/DPDK/dpdk-stable/commit/%s");
	is("ssh://git@github.com/systemd/systemd-stable.git/",
	   "https://github.com/systemd/systemd-stable/commit/%s");
}

static void test_gitlab(void **state)
{
	(void)state;
	is("https://gitlab.freedesktop.org/NetworkManager/NetworkManager.git",
	   "https://gitlab.freedesktop.org/NetworkManager/NetworkManager/-/commit/%s");
	is("git@gitlab.com:group/sub/project.git", "https://gitlab.com/group/sub/project/-/commit/%s");
	is("https://gitlab.com:443/a/b", "https://gitlab.com/a/b/-/commit/%s");
}

static void test_cgit(void **state)
{
	(void)state;
	is("https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git",
	   "https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git/commit/?id=%s");
	is("https://example.org/cgit/tools.git/", "https://example.org/cgit/tools.git/commit/?id=%s");
}

static void test_no_links(void **state)
{
	(void)state;
	is("/srv/git/linux.git", NULL);			/* a local path */
	is("file:///srv/git/linux.git", NULL);
	is("https://example.org/some/repo.git", NULL);	/* a host no rule knows */
	is("https://github.com/a%2fb/c", NULL);		/* '%' in a template */
	is("https://github.com/a\"onmouseover=x/c", NULL);	/* a quote */
	is("https://github.com/", NULL);		/* no path */
	is("github.com", NULL);
	is("", NULL);
	is(NULL, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_github),
		cmocka_unit_test(test_gitlab),
		cmocka_unit_test(test_cgit),
		cmocka_unit_test(test_no_links),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
