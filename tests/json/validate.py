#!/usr/bin/env python3
"""validate.py SCHEMA DIR COMMAND... — every JSON document regtrace wrote into DIR (the
end-to-end runner's outputs, *.out) against doc/regtrace-output.schema.json.

A file whose text parses as a JSON object is a document: it must carry the envelope
("regtrace") and match the schema of its command.  Each COMMAND named must have at least one
document, so that a command whose --json output no scenario runs is noticed.  Prints one line
per invalid document and a summary; exit 1 on any failure."""
import glob
import json
import os
import re
import sys

import jsonschema

# A fraction (a rate, an interval's bound) with more than 10 significant digits, as a bare
# JSON number after a key or in an array: binary noise such as 0.018749999999999999.
LONG_REAL = re.compile(r'(?<=[:\[,] )-?0\.0*[1-9][0-9]{10,}(?:[eE][-+]?[0-9]+)?')


def main():
    schema_path, work, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    seen, bad, docs = {}, 0, 0
    for path in sorted(glob.glob(os.path.join(work, "*.out"))):
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (ValueError, UnicodeDecodeError):
            continue  # text output
        if not isinstance(doc, dict):
            continue
        docs += 1
        with open(path, encoding="utf-8") as f:
            long_real = LONG_REAL.search(f.read())
        if long_real:  # a ratio printed with binary noise (0.018749999999999999)
            bad += 1
            print("FAIL %s: %s has more than 10 significant digits" % (
                os.path.basename(path), long_real.group(0)))
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        if errors:
            bad += 1
            e = errors[0]
            where = "/".join(str(p) for p in e.path)
            print("FAIL %s: %s at /%s" % (os.path.basename(path), e.message[:200], where))
            continue
        cmd = doc["regtrace"]["command"]
        seen[cmd] = seen.get(cmd, 0) + 1
    missing = [c for c in wanted if c not in seen]
    for c in missing:
        print("FAIL no --json document of '%s' to check" % c)
    print("json schema: %d documents (%s), %d invalid, %d commands missing" % (
        docs, ", ".join("%s %d" % kv for kv in sorted(seen.items())), bad, len(missing)))
    print("json schema: %d passed, %d failed" % (docs - bad, bad + len(missing)))
    return 1 if bad or missing else 0


if __name__ == "__main__":
    sys.exit(main())
