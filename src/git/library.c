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
 * Stand-ins for mbedTLS's certificate loaders, which libgit2's start calls
 * through the dynamic linker: the executable's definitions come first in
 * its search, so these are called instead of libmbedx509's.  They load
 * nothing and succeed, leaving libgit2 an empty chain of trusted
 * certificates.  Prototypes as mbedTLS's, with its chain type left opaque.
 */
int mbedtls_x509_crt_parse_file(void *chain, const char *path);
int mbedtls_x509_crt_parse_path(void *chain, const char *path);

int mbedtls_x509_crt_parse_file(void *chain, const char *path)
{
	(void)chain;
	(void)path;
	loads++;
	return 0;
}

int mbedtls_x509_crt_parse_path(void *chain, const char *path)
{
	(void)chain;
	(void)path;
	loads++;
	return 0;
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
