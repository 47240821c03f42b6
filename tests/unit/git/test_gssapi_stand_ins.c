/* Unit tests for git/gssapi_stand_ins.c: the GSSAPI calls of the statically linked libgit2
 * fail closed.  Asking for a name, a context, the mechanisms or a status text is
 * GSS_S_FAILURE with every output cleared; releasing is GSS_S_COMPLETE (0); every minor
 * status is 0, and a null minor status pointer is no crash. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "git/gssapi_stand_ins.h"

static void *const junk = (void *)0x5a5a;

static void test_asking_fails(void **state)
{
	uint32_t minor = 7, ctx_msg = 9, out_flags = 3, time_left = 4;
	void *name = junk, *mechs = junk, *context = junk, *actual = junk;

	(void)state;
	assert_int_equal(gss_import_name(&minor, NULL, GSS_C_NT_HOSTBASED_SERVICE, &name),
			 GSSAPI_STAND_IN_FAILURE);
	assert_int_equal(minor, 0);
	assert_null(name);
	minor = 7;
	assert_int_equal(gss_indicate_mechs(&minor, &mechs), GSSAPI_STAND_IN_FAILURE);
	assert_int_equal(minor, 0);
	assert_null(mechs);
	minor = 7;
	assert_int_equal(gss_init_sec_context(&minor, NULL, &context, NULL, NULL, 0, 0, NULL, NULL,
					      &actual, NULL, &out_flags, &time_left),
			 GSSAPI_STAND_IN_FAILURE);
	assert_int_equal(minor, 0);
	assert_null(actual);
	assert_int_equal(out_flags, 0);
	assert_int_equal(time_left, 0);
	minor = 7;
	assert_int_equal(gss_display_status(&minor, GSSAPI_STAND_IN_FAILURE, 1, NULL, &ctx_msg, NULL),
			 GSSAPI_STAND_IN_FAILURE);
	assert_int_equal(minor, 0);
	assert_int_equal(ctx_msg, 0);
	assert_int_equal(gss_import_name(NULL, NULL, NULL, NULL), GSSAPI_STAND_IN_FAILURE);
	assert_null(GSS_C_NT_HOSTBASED_SERVICE);
}

static void test_releasing_completes(void **state)
{
	uint32_t minor = 7;
	void *context = junk, *name = junk, *set = junk;

	(void)state;
	assert_int_equal(gss_delete_sec_context(&minor, &context, NULL), 0);
	assert_int_equal(minor, 0);
	assert_null(context);
	minor = 7;
	assert_int_equal(gss_release_name(&minor, &name), 0);
	assert_int_equal(minor, 0);
	assert_null(name);
	minor = 7;
	assert_int_equal(gss_release_oid_set(&minor, &set), 0);
	assert_int_equal(minor, 0);
	assert_null(set);
	minor = 7;
	assert_int_equal(gss_release_buffer(&minor, NULL), 0);
	assert_int_equal(minor, 0);
	assert_int_equal(gss_release_name(NULL, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_asking_fails),
		cmocka_unit_test(test_releasing_completes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
