/* envelope.c — see envelope.h. */
#include "cmd/envelope.h"
#include "cmd/options_in_effect.h"

#include "base/pattern.h"
#include "base/version.h"
#include "git/config.h"
#include "render/json_parts.h"

#include <string.h>

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* Every pattern that shapes what a message says, as {"kind", "pattern"}. */
static json_t *patterns(const struct project_config *p)
{
	json_t *a = json_array();

	for (size_t i = 0; p && i < p->nsources; i++) {
		const char *space = strchr(p->sources[i], ' ');
		if (!space)
			continue;
		json_t *kind = json_stringn(p->sources[i], (size_t)(space - p->sources[i]));
		json_array_append_new(a, json_pack("{s:o, s:s}", "kind", kind, "pattern",
						   space + 1));
	}
	return a;
}

static json_t *option_value(const struct option_in_effect *o)
{
	if (o->form == OPTION_VALUE)
		return str_or_null(o->value);
	return json_boolean(o->form == OPTION_FLAG ? o->given : !o->given);
}

/* The options in effect (options_in_effect.h) under their keys, then every pattern. */
static json_t *options(const struct cli *c, const struct run *run)
{
	const struct project_config *p = run ? run->project : NULL;
	struct option_in_effect opt[OPTIONS_IN_EFFECT_MAX];
	size_t n = options_in_effect(c, run, opt);
	json_t *o = json_object(), *ranges = json_array();

	for (size_t i = 0; i < c->nranges; i++)
		json_array_append_new(ranges, json_string(c->ranges[i]));
	json_object_set_new(o, "args", ranges);
	for (size_t i = 0; i < n; i++)
		json_object_set_new(o, opt[i].key, option_value(&opt[i]));
	if (c->by && !strcmp(c->by, "path"))
		json_object_set_new(o, "by_depth", json_integer(c->by_depth));
	json_object_set_new(o, "series_pattern",
			    str_or_null(p && p->has_series ? pattern_source(p->series) : NULL));
	json_object_set_new(o, "patterns", patterns(p));
	return o;
}

static json_t *repository(const struct run *run)
{
	const char *dir = NULL;

	if (run && run->repo)
		dir = git_repository_is_bare(run->repo) ? git_repository_path(run->repo)
							: git_repository_workdir(run->repo);
	return str_or_null(dir);
}

void envelope_set(const struct cli *c, const struct run *run)
{
	if (c->format != FORMAT_JSON)
		return;
	json_envelope_set(json_pack("{s:s, s:i, s:s, s:o, s:o}", "version", REGTRACE_VERSION,
				    "schema", JSON_SCHEMA_VERSION, "command", c->cmd_name,
				    "repository", repository(run), "options", options(c, run)));
}
