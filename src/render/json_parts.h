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
/* Write root (taken over) to out, C1 controls and U+2028/U+2029 escaped
 * (render/safe_text.h); 0, or -1 on a write error. */
int json_dump_root(FILE *out, json_t *root);

#endif
