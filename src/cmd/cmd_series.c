/* cmd_series.c — `series`: discovery's decisions (git/discover.h): every
 * series found with its base, tip and release count, and every candidate
 * rejected with the rule that rejected it (doc/dialects.md). */
#include "cmd/pager.h"
#include "cmd/commands.h"
#include "cmd/output.h"
#include "cmd/run.h"
#include "base/error.h"
#include "git/pack_prefetch.h"
#include "git/config.h"
#include "git/discover.h"
#include "render/json_parts.h"
#include "render/safe_text.h"

#include <jansson.h>
#include <stdio.h>

static const char *origin(const struct series_found *f)
{
	return f->by_config ? "added by config" : "tags";
}

static int series_text(FILE *out, const struct series_discovery *d)
{
	fprintf(out, "series (%zu):\n", d->nfound);
	for (size_t i = 0; i < d->nfound; i++) {
		const struct series_found *f = &d->found[i];
		fprintf(out, "  %s..%s  %zu release%s%s%s\n", f->base, f->tip, f->nreleases,
			f->nreleases == 1 ? "" : "s", f->by_config ? "  " : "",
			f->by_config ? origin(f) : "");
	}
	fprintf(out, "rejected (%zu):\n", d->nrejected);
	for (size_t i = 0; i < d->nrejected; i++) {
		const struct series_rejected *r = &d->rejected[i];
		fprintf(out, "  %s  %s: %s\n", r->candidate, r->rule, r->reason);
	}
	return ferror(out) ? -1 : 0;
}

static json_t *found_json(const struct series_found *f)
{
	return json_pack("{s:s, s:s, s:I, s:s}", "base", f->base, "tip", f->tip, "releases",
			 (json_int_t)f->nreleases, "origin", f->by_config ? "config" : "tags");
}

static json_t *rejected_json(const struct series_rejected *r)
{
	return json_pack("{s:s, s:s, s:s}", "candidate", r->candidate, "rule", r->rule,
			 "reason", r->reason);
}

static int series_json(FILE *out, const struct series_discovery *d)
{
	json_t *root = json_object(), *found = json_array(), *rejected = json_array();

	for (size_t i = 0; i < d->nfound; i++)
		json_array_append_new(found, found_json(&d->found[i]));
	for (size_t i = 0; i < d->nrejected; i++)
		json_array_append_new(rejected, rejected_json(&d->rejected[i]));
	json_object_set_new(root, "series", found);
	json_object_set_new(root, "rejected", rejected);
	return json_dump_root(out, root);
}

int cmd_series(const struct cli *c, struct run *run, char *err, size_t errlen)
{
	const struct project_config *p = run->project;
	struct series_discovery d;
	struct safe_text t;
	int rc = discover_series(run->repo, p && p->has_series ? p->series : NULL, &d, err,
				 errlen);

	pack_prefetch_stop();	/* (no walk follows: git/pack_prefetch.h) */
	if (rc)
		return rc;
	pager_start();
	if (c->format == FORMAT_JSON)
		rc = series_json(run->out, &d);
	else
		rc = safe_text_begin(&t) ? -1 : safe_text_end(&t, run->out, series_text(t.fp, &d));
	discovery_release(&d);
	if (rc || fflush(run->out))
		return cmd_write_failed(err, errlen);
	return RT_OK;
}
