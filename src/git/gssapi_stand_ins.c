/* gssapi_stand_ins.c — see gssapi_stand_ins.h. */
#include "git/gssapi_stand_ins.h"

#include <stddef.h>

void *GSS_C_NT_HOSTBASED_SERVICE = NULL;

/* Each stand-in: minor status 0 and the major status given. */
static uint32_t answer(uint32_t *minor, uint32_t major)
{
	if (minor)
		*minor = 0;
	return major;
}

uint32_t gss_delete_sec_context(uint32_t *minor, void **context, void *output)
{
	(void)output;
	if (context)
		*context = NULL;
	return answer(minor, 0);
}

uint32_t gss_display_status(uint32_t *minor, uint32_t status, int type, void *mech,
			    uint32_t *message_context, void *text)
{
	(void)status, (void)type, (void)mech, (void)text;
	if (message_context)
		*message_context = 0;
	return answer(minor, GSSAPI_STAND_IN_FAILURE);
}

uint32_t gss_import_name(uint32_t *minor, void *name, void *name_type, void **out)
{
	(void)name, (void)name_type;
	if (out)
		*out = NULL;
	return answer(minor, GSSAPI_STAND_IN_FAILURE);
}

uint32_t gss_indicate_mechs(uint32_t *minor, void **mechs)
{
	if (mechs)
		*mechs = NULL;
	return answer(minor, GSSAPI_STAND_IN_FAILURE);
}

uint32_t gss_init_sec_context(uint32_t *minor, void *credential, void **context, void *target,
			      void *mech, uint32_t flags, uint32_t time, void *bindings,
			      void *input, void **actual_mech, void *output, uint32_t *out_flags,
			      uint32_t *time_left)
{
	(void)credential, (void)context, (void)target, (void)mech, (void)flags, (void)time;
	(void)bindings, (void)input, (void)output;
	if (actual_mech)
		*actual_mech = NULL;
	if (out_flags)
		*out_flags = 0;
	if (time_left)
		*time_left = 0;
	return answer(minor, GSSAPI_STAND_IN_FAILURE);
}

uint32_t gss_release_buffer(uint32_t *minor, void *buffer)
{
	(void)buffer;
	return answer(minor, 0);
}

uint32_t gss_release_name(uint32_t *minor, void **name)
{
	if (name)
		*name = NULL;
	return answer(minor, 0);
}

uint32_t gss_release_oid_set(uint32_t *minor, void **set)
{
	if (set)
		*set = NULL;
	return answer(minor, 0);
}
