/* Unit tests for git/library.c: libgit2 started by library_start loads no certificate
 * bundle.  When mbedTLS's certificate library is in the process (libgit2 built with
 * mbedTLS, as Debian's is), its loaders must have been called, and the stand-ins must
 * have answered: else the bundle was parsed, 54 M instructions at every start.  The
 * settings library_start makes are read back. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <link.h>
#include <string.h>

#include "git/library.h"

/* dl_iterate_phdr's callback: 1 (stop) at a loaded object named libmbedx509 */
static int is_mbedx509(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	return strstr(info->dlpi_name, "libmbedx509") != NULL;
}

static void test_no_certificates(void **state)
{
	(void)state;
	library_start();
	if (dl_iterate_phdr(is_mbedx509, NULL))
		assert_true(library_certificate_loads() >= 1);
	else
		assert_int_equal(library_certificate_loads(), 0);
	library_stop();
}

/* the stand-ins only answer libgit2's start: called directly, they load
 * nothing and say so */
static void test_stand_in_loads_nothing(void **state)
{
	extern int mbedtls_x509_crt_parse_file(void *chain, const char *path);
	unsigned before = library_certificate_loads();

	(void)state;
	assert_int_equal(mbedtls_x509_crt_parse_file(NULL, "/nonexistent"), 0);
	assert_int_equal(library_certificate_loads(), before + 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_certificates),
		cmocka_unit_test(test_stand_in_loads_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
