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
/* Write root (taken over) to out; 0, or -1 on a write error. */
int json_dump_root(FILE *out, json_t *root);

#endif
