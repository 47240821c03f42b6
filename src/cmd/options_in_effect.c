/* options_in_effect.c — see options_in_effect.h. */
#include "cmd/options_in_effect.h"

#include "git/config.h"
#include "git/presets.h"

static void put(struct option_in_effect *o, size_t *n, const char *key, const char *flag,
		enum option_form form, const char *value, int given)
{
	o[(*n)++] = (struct option_in_effect){ key, flag, form, value, given };
}

size_t options_in_effect(const struct cli *c, const struct run *run,
			 struct option_in_effect *o)
{
	const struct project_config *p = run ? run->project : NULL;
	const char *preset = p && p->preset ? p->preset->name : NULL;
	size_t n = 0;

	put(o, &n, "mainline", "--mainline", OPTION_VALUE, c->mainline, c->mainline != NULL);
	put(o, &n, "infer", "--no-infer", OPTION_NO_FLAG, NULL, c->no_infer);
	put(o, &n, "by", "--by", OPTION_VALUE, c->by, c->by != NULL);
	put(o, &n, "introduced_until", "--introduced-until", OPTION_VALUE, c->introduced_until,
	    c->introduced_until != NULL);
	put(o, &n, "at_age", "--at-age", OPTION_VALUE, c->at_age, c->at_age != NULL);
	put(o, &n, "projected", "--projected", OPTION_FLAG, NULL, c->projected);
	put(o, &n, "replace_objects", "--no-replace-objects", OPTION_NO_FLAG, NULL,
	    c->no_replace_objects);
	put(o, &n, "project", "--project", OPTION_VALUE, preset, preset != NULL);
	if (c->cmd == CMD_AFFECTED)
		put(o, &n, "vulnerable", "--vulnerable", OPTION_VALUE, c->vulnerable,
		    c->vulnerable != NULL);
	return n;
}
