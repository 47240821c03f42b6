/*
 * envelope.h — the envelope of every JSON document (render/json_parts.h):
 * regtrace's version, the schema version, the command, the repository and
 * the options in effect, patterns from git config and `.regtrace`
 * included, so that a document says how it was made (doc/json.md).
 */
#ifndef REGTRACE_ENVELOPE_H
#define REGTRACE_ENVELOPE_H

#include "cmd/cli.h"
#include "cmd/run.h"

/* Set the envelope for the documents this command writes (--json only). */
void envelope_set(const struct cli *c, const struct run *run);

#endif
