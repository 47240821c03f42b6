/* lookup.c — see lookup.h. */
#include "git/lookup.h"
#include "base/error.h"
#include "base/util.h"
#include "git/commit_parse.h"

#include <string.h>

int lookup_peel(git_repository *repo, const char *rev, git_commit **out, char *err,
		size_t errlen)
{
	git_object *obj = NULL;
	int rc = RT_OK;

	*out = NULL;
	if (git_revparse_single(&obj, repo, rev) < 0)
		rc = rt_fail(err, errlen, RT_EFAIL, "unknown revision '%s'", rev);
	else if (git_object_peel((git_object **)out, obj, GIT_OBJECT_COMMIT) < 0)
		rc = rt_fail(err, errlen, RT_EFAIL, "'%s' does not name a commit", rev);
	git_object_free(obj);
	return rc;
}

int lookup_commit(git_repository *repo, const char *rev, char hex[41], char *err,
		  size_t errlen)
{
	git_commit *commit;
	int rc = lookup_peel(repo, rev, &commit, err, errlen);

	if (!rc)
		git_oid_tostr(hex, 41, git_commit_id(commit));
	git_commit_free(commit);
	return rc;
}

int lookup_message(git_repository *repo, const char hex[41], char **msg, size_t *len,
		   char *err, size_t errlen)
{
	git_odb *odb = NULL;
	git_odb_object *obj = NULL;
	struct raw_commit rc;
	git_oid oid;
	int r = RT_OK;

	*msg = NULL;
	*len = 0;
	if (git_oid_fromstr(&oid, hex) < 0 || git_repository_odb(&odb, repo) < 0 ||
	    git_odb_read(&obj, odb, &oid) < 0 || git_odb_object_type(obj) != GIT_OBJECT_COMMIT ||
	    commit_parse(git_odb_object_data(obj), git_odb_object_size(obj), &rc) < 0)
		r = rt_fail(err, errlen, RT_EFAIL, "cannot read commit %s", hex);
	else {
		*msg = xstrndup(rc.message, rc.message_len);
		*len = rc.message_len;
	}
	git_odb_object_free(obj);
	git_odb_free(odb);
	return r;
}
