/*
 * json_parts.h — the pieces every JSON output shares (render_json.c): a
 * commit of a series as `fixes --json` shows it ({"id", "upstream",
 * "release", "subject"}), a link as a row of `fixes --json`, and writing
 * a document (indented, keys in order, a final newline).
 */
#ifndef REGTRACE_JSON_PARTS_H
#define REGTRACE_JSON_PARTS_H

#include <stdio.h>
#include <jansson.h>

#include "core/series.h"

json_t *json_commit_object(const struct series *s, uint32_t c);
json_t *json_link_object(const struct series *s, const struct link *l);
/* The series a whole-repository run left out, as an array of {"name",
 * "base", "tip", "reason"} (empty for none or k NULL). */
json_t *json_not_counted(const struct series_skips *k);
/* The envelope every JSON document starts with, under the key "regtrace"
 * (who wrote it, the schema's version, the command, the repository and the
 * options in effect: doc/json.md), set once by the command before it
 * writes (taken over); NULL or never set: documents without one. */
#define JSON_SCHEMA_VERSION 1
void json_envelope_set(json_t *envelope);
/* Write root (taken over) to out, after the envelope when one is set, C1 controls and U+2028/U+2029 escaped
 * (render/safe_text.h); 0, or -1 on a write error. */
int json_dump_root(FILE *out, json_t *root);

#endif
