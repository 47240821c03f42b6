/* mainline_dates.c — see mainline_dates.h. */
#include "git/mainline_dates.h"
#include "base/error.h"
#include "git/lookup.h"
#include "git/walk.h"

#include <stdint.h>
#include <string.h>

static int commit_of(git_repository *repo, const char *rev, git_oid *oid, int64_t *time,
		     char *err, size_t errlen)
{
	git_commit *c;
	int rc = lookup_peel(repo, rev, &c, err, errlen);

	if (!rc) {
		git_oid_cpy(oid, git_commit_id(c));
		*time = (int64_t)git_commit_time(c);
	}
	git_commit_free(c);
	return rc;
}

int mainline_dates_read(git_repository *repo, const char *ref, const char *const *bases,
			size_t nbases, struct upstream_dates *d, char *err, size_t errlen)
{
	struct walk_options wo = { .headers_only = 1 };
	struct walk_result w = { 0 };
	git_oid tip, base, oid;
	int64_t oldest = INT64_MAX, t;
	int have_base = 0, rc = commit_of(repo, ref, &tip, &t, err, errlen);
	char hex[41];

	for (size_t i = 0; !rc && i < nbases; i++) {
		if ((rc = commit_of(repo, bases[i], &oid, &t, err, errlen)))
			break;
		if (t < oldest) {
			oldest = t;
			base = oid;
			have_base = 1;
		}
	}
	if (!rc)
		rc = walk_range(repo, have_base ? &base : NULL, &tip, &wo, &w, err, errlen);
	for (size_t i = 0; !rc && i < w.n; i++) {
		memcpy(oid.id, w.v[i].oid, 20);
		git_oid_tostr(hex, sizeof(hex), &oid);
		long k = upstream_dates_find(d, hex);
		if (k >= 0)
			d->date[k] = w.v[i].time;
	}
	walk_result_release(&w);
	return rc;
}
