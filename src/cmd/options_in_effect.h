/*
 * options_in_effect.h — the options that shaped a run's answer, in one list
 * for every output that states them: the JSON envelope (envelope.c, under
 * its JSON keys) and the report's about line (cmd_report.c, as they are
 * typed).  An option added here shows in both.
 */
#ifndef REGTRACE_OPTIONS_IN_EFFECT_H
#define REGTRACE_OPTIONS_IN_EFFECT_H

#include "cmd/cli.h"
#include "cmd/run.h"

enum option_form {
	OPTION_VALUE,	/* --flag VALUE; JSON: the value, or null when not given */
	OPTION_FLAG,	/* --flag; JSON: true when given */
	OPTION_NO_FLAG,	/* --no-flag; JSON: false when given (the key says what is on) */
};

struct option_in_effect {
	const char *key;	/* the JSON key: "mainline", "infer", ... */
	const char *flag;	/* as typed: "--mainline", "--no-infer", ... */
	enum option_form form;
	const char *value;	/* OPTION_VALUE: the value given, or NULL */
	int given;		/* on the command line (or, --project, in config) */
};

#define OPTIONS_IN_EFFECT_MAX 12

/* Fill OUT (OPTIONS_IN_EFFECT_MAX rows) with the options C's command takes
 * that shape its answer, given or not, in a fixed order; returns how many.
 * Values point into C and RUN, valid while they are. */
size_t options_in_effect(const struct cli *c, const struct run *run,
			 struct option_in_effect *out);

#endif
