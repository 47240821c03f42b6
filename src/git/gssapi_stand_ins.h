/*
 * gssapi_stand_ins.h — the GSSAPI (Kerberos) calls of libgit2's archive,
 * answered without Kerberos, for the program linked statically.
 *
 * Debian's libgit2 authenticates to HTTP remotes with Negotiate through
 * GSSAPI, and its archive (libgit2.a) names these eight functions and one
 * constant, while Kerberos ships no archive to link them from.  regtrace
 * opens no remote, so the static program (the Makefile's STATIC) links
 * this file's object instead of the Kerberos libraries: eight stand-ins
 * that fail closed (a context or name asked for is GSS_S_FAILURE, a
 * release of nothing GSS_S_COMPLETE; every minor status 0) and a null name
 * type.  Were Negotiate ever tried, libgit2 would report its failure.
 *
 * The object is linked into the static program only: the shared libgit2
 * finds the real GSSAPI, and nothing in regtrace calls these names (the
 * unit test does, through this header).  Types are GSSAPI's, spelled with
 * C's own (OM_uint32 is 32 bits unsigned; the handles are pointers), so
 * that no Kerberos header is needed to build it.
 */
#ifndef REGTRACE_GSSAPI_STAND_INS_H
#define REGTRACE_GSSAPI_STAND_INS_H

#include <stdint.h>

#define GSSAPI_STAND_IN_FAILURE 0xd0000u	/* GSS_S_FAILURE (RFC 2744) */

uint32_t gss_delete_sec_context(uint32_t *minor, void **context, void *output);
uint32_t gss_display_status(uint32_t *minor, uint32_t status, int type, void *mech,
			    uint32_t *message_context, void *text);
uint32_t gss_import_name(uint32_t *minor, void *name, void *name_type, void **out);
uint32_t gss_indicate_mechs(uint32_t *minor, void **mechs);
uint32_t gss_init_sec_context(uint32_t *minor, void *credential, void **context, void *target,
			      void *mech, uint32_t flags, uint32_t time, void *bindings,
			      void *input, void **actual_mech, void *output, uint32_t *out_flags,
			      uint32_t *time_left);
uint32_t gss_release_buffer(uint32_t *minor, void *buffer);
uint32_t gss_release_name(uint32_t *minor, void **name);
uint32_t gss_release_oid_set(uint32_t *minor, void **set);

extern void *GSS_C_NT_HOSTBASED_SERVICE;

#endif
