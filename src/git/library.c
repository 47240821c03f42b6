/*
 * library.c — libgit2 started without its object cache, its second hash
 * and its certificate bundle (library.h).
 */
#include <git2.h>

#include "git/library.h"

static unsigned loads;	/* times a stand-in below was called */

/* Repository extensions (format 1) libgit2 1.5 refuses and regtrace reads
 * under all the same (library.h); config names, lower case as its parser
 * gives them. */
static const char *read_extensions[] = { "partialclone", "preciousobjects", "worktreeconfig" };

/*
 * Stand-ins for mbedTLS's certificate loaders, which libgit2's start calls.
 * They load nothing and succeed, leaving libgit2 an empty chain of trusted
 * certificates.  Prototypes as mbedTLS's, with its chain type left opaque.
 *  - Linked with the shared libgit2, the executable's definitions come
 *    first in the dynamic linker's search: these are called instead of
 *    libmbedx509's.  Weak, so that a static link, which takes libmbedx509's
 *    own from its archive, is no clash.
 *  - Linked statically (the Makefile's STATIC), the linker sends libgit2's
 *    calls to the __wrap_ names instead (ld's --wrap).
 */
int mbedtls_x509_crt_parse_file(void *chain, const char *path) __attribute__((weak));
int mbedtls_x509_crt_parse_path(void *chain, const char *path) __attribute__((weak));
int __wrap_mbedtls_x509_crt_parse_file(void *chain, const char *path);
int __wrap_mbedtls_x509_crt_parse_path(void *chain, const char *path);

int __wrap_mbedtls_x509_crt_parse_file(void *chain, const char *path)
{
	(void)chain;
	(void)path;
	loads++;
	return 0;
}

int __wrap_mbedtls_x509_crt_parse_path(void *chain, const char *path)
{
	(void)chain;
	(void)path;
	loads++;
	return 0;
}

/* (forwarded to the names only this file defines: in a static link the
 * names above are libmbedx509's own) */
int mbedtls_x509_crt_parse_file(void *chain, const char *path)
{
	return __wrap_mbedtls_x509_crt_parse_file(chain, path);
}

int mbedtls_x509_crt_parse_path(void *chain, const char *path)
{
	return __wrap_mbedtls_x509_crt_parse_path(chain, path);
}

void library_start(void)
{
	git_libgit2_init();
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	git_libgit2_opts(GIT_OPT_SET_EXTENSIONS, read_extensions, sizeof(read_extensions) /
							       sizeof(read_extensions[0]));
}

void library_stop(void)
{
	git_libgit2_shutdown();
}

unsigned library_certificate_loads(void)
{
	return loads;
}
