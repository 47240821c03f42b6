/*
 * fuzz_scenario.c — libFuzzer harness for the scenario parser (not part of
 * `make`; build and run by hand):
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c11 \
 *       -D_POSIX_C_SOURCE=200809L -o /tmp/fuzz_scenario \
 *       tests/scenario/fuzz_scenario.c tests/scenario/scenario.c
 *   /tmp/fuzz_scenario -max_total_time=300 -dict=... CORPUS_DIR tests/scenarios
 *
 * Checks, for any input: the parse ends; an error is one line "line N: ..."
 * (N >= 1); a parsed scenario names commits in range, has a range or runs,
 * and every message and run argument expands with every label known.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static const char *const fake =
	"0123456789abcdef0123456789abcdef01234567";

static const char *any_label(void *ctx, const char *label, size_t len)
{
	const struct scenario *s = ctx;
	size_t n;

	for (n = 0; n < s->ncommits; n++)
		if (strlen(scenario_label(s, n)) == len &&
		    !memcmp(scenario_label(s, n), label, len))
			return fake;
	return NULL;
}

static void check_parsed(const struct scenario *s)
{
	char err[256], *out;
	size_t i, k, n;

	if (!s->range && !s->nruns)
		abort();
	for (i = 0; i < s->nops; i++) {
		const struct scenario_op *op = &s->ops[i];

		if (op->kind == SCENARIO_OP_COMMIT) {
			for (k = 0; k < op->nparents; k++)
				if (op->parents[k] >= op->commit)
					abort();
			if (scenario_expand(op->message, op->message_len, any_label,
					    (void *)s, &out, &n, err, sizeof err))
				abort();
			free(out);
		} else if ((op->kind == SCENARIO_OP_TAG ||
			    op->kind == SCENARIO_OP_ANNOTATED_TAG) &&
			   op->commit >= s->ncommits) {
			abort();
		}
	}
	for (i = 0; i < s->nruns; i++)
		for (k = 0; k < s->runs[i].nargs; k++)
			if (scenario_expand(s->runs[i].args[k],
					    strlen(s->runs[i].args[k]), any_label,
					    (void *)s, NULL, NULL, err, sizeof err))
				abort();
	for (i = 0; i < s->nexpects; i++) {
		const struct scenario_expect *e = &s->expects[i];

		if (e->kind >= SCENARIO_EXPECT_JSON && e->run >= s->nruns)
			abort();
		if (e->kind == SCENARIO_EXPECT_JSON && !e->nsteps)
			abort();
		if (e->kind == SCENARIO_EXPECT_JSON &&
		    e->vkind == SCENARIO_VALUE_ID &&
		    (e->commit >= s->ncommits || e->id_digits < 7 ||
		     e->id_digits > SCENARIO_HEX))
			abort();
		if (e->kind == SCENARIO_EXPECT_ROW && e->fix >= s->ncommits)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scenario s;
	char err[512];

	if (scenario_parse((const char *)data, size, &s, err, sizeof err)) {
		if (strncmp(err, "line ", 5) || err[5] < '1' || err[5] > '9' ||
		    strchr(err, '\n'))
			abort();
	} else {
		check_parsed(&s);
	}
	scenario_release(&s);
	scenario_release(&s);
	return 0;
}
