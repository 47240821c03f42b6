#!/usr/bin/env python3
"""check.py — validators for tests/hostile/run.sh.

  check.py json FILE [PATH=VALUE...]   FILE is one strict JSON document (UTF-8, no NaN or
                                       Infinity, no duplicate keys); each PATH (a.b[0].c)
                                       has VALUE (compared as JSON: 3, null, "text"); an
                                       argument may hold several PATH=VALUE, blank-separated
  check.py json-len FILE PATH N        the array or object at PATH has N elements
  check.py json-has FILE PATH TEXT     the string at PATH contains TEXT (a JSON string literal)
  check.py csv FILE [COL=VALUE...]     FILE is RFC 4180: CRLF record ends, fields plain or
                                       quoted with "" for a quote, every record as many fields
                                       as the header; COL=VALUE: some record has VALUE in the
                                       column named COL (VALUE a JSON string literal)
  check.py text FILE                   valid UTF-8, no control character but LF (C0, DEL,
                                       C1 U+0080..U+009F, U+2028, U+2029, bidirectional
                                       controls U+061C, U+200E/F, U+202A..E, U+2066..9)

json and csv also fail on a C1 control or U+2028/U+2029 written as is (JSON must escape them,
CSV replace them).
  check.py html FILE TEXT...           each TEXT does not occur in FILE as written (escaped)

Prints nothing and exits 0 when every check holds; else one line per failure, exit 1.
"""
import json
import re
import sys


def fail(msg):
    print("check.py: " + msg)
    sys.exit(1)


def no_dupes(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate key in %r" % keys)
    return dict(pairs)


def bad_constant(name):
    raise ValueError("non-standard JSON constant " + name)


BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def unsafe_char(ch):
    """C1 controls, the line/paragraph separators and the bidirectional controls (which
    can make a line display in another order than its bytes): no output may hold them raw."""
    return 0x80 <= ord(ch) <= 0x9f or ch in "\u2028\u2029" or ch in BIDI


def no_raw_unsafe(path, text):
    for i, ch in enumerate(text):
        if unsafe_char(ch):
            fail("%s: %r written as is at %d" % (path, ch, i))


def load_json(path):
    raw = open(path, "rb").read()
    try:
        text = raw.decode("utf-8", errors="strict")
        no_raw_unsafe(path, text)
        return json.loads(text, object_pairs_hook=no_dupes, parse_constant=bad_constant)
    except (UnicodeDecodeError, ValueError) as e:
        fail("%s: not strict JSON: %s" % (path, e))


def walk(doc, path):
    for key, index in re.findall(r"([A-Za-z0-9_-]+)|\[(\d+)\]", path):
        try:
            doc = doc[key] if key else doc[int(index)]
        except (KeyError, IndexError, TypeError):
            fail("no %s" % path)
    return doc


def parse_csv(path):
    """A strict RFC 4180 reader: returns the records (lists of str)."""
    raw = open(path, "rb").read()
    try:
        s = raw.decode("utf-8", errors="strict")
    except UnicodeDecodeError as e:
        fail("%s: not UTF-8: %s" % (path, e))
    no_raw_unsafe(path, s)
    records, i, n = [], 0, len(s)
    if n and not s.endswith("\r\n"):
        fail("%s: does not end with CRLF" % path)
    while i < n:
        rec = []
        while True:
            if i < n and s[i] == '"':
                j, val = i + 1, []
                while True:
                    k = s.find('"', j)
                    if k < 0:
                        fail("%s: unclosed quote" % path)
                    val.append(s[j:k])
                    if s[k + 1:k + 2] == '"':
                        val.append('"')
                        j = k + 2
                        continue
                    i = k + 1
                    break
                rec.append("".join(val))
            else:
                m = re.compile(r'[^",\r\n]*').match(s, i)
                rec.append(m.group(0))
                i = m.end()
            if s.startswith(",", i):
                i += 1
                continue
            if s.startswith("\r\n", i):
                i += 2
                break
            fail("%s: bad character %r at offset %d" % (path, s[i:i + 1], i))
        records.append(rec)
    if not records:
        fail("%s: empty" % path)
    width = len(records[0])
    for r, rec in enumerate(records):
        if len(rec) != width:
            fail("%s: record %d has %d fields, the header %d" % (path, r, len(rec), width))
    return records


PAIR = re.compile(r'\s*([A-Za-z0-9_.\[\]-]+)=("(?:[^"\\]|\\.)*"|[^\s"]+)\s*')


def pairs(args):
    """PATH=VALUE items, any number per argument, separated by blanks or newlines;
    VALUE a JSON string literal (blanks allowed inside) or a token."""
    out = []
    for a in args:
        i = 0
        while i < len(a):
            m = PAIR.match(a, i)
            if not m:
                fail("bad check %r" % a[i:])
            out.append((m.group(1), m.group(2)))
            i = m.end()
    return out


def main(argv):
    if len(argv) < 3:
        fail(__doc__)
    mode, path, rest = argv[1], argv[2], argv[3:]
    if mode == "json":
        doc = load_json(path)
        for p, v in pairs(rest):
            got = walk(doc, p)
            want = json.loads(v)
            if isinstance(want, float) or isinstance(got, float):
                ok = got is not None and want is not None and abs(got - want) < 1e-9
            else:
                ok = got == want and type(got) == type(want)
            if not ok:
                fail("%s: %s is %r, not %r" % (path, p, got, want))
    elif mode == "json-len":
        got = walk(load_json(path), rest[0])
        if not isinstance(got, (list, dict)) or len(got) != int(rest[1]):
            fail("%s: %s has %s elements, not %s" % (path, rest[0],
                                                     len(got) if hasattr(got, "__len__") else "no",
                                                     rest[1]))
    elif mode == "json-has":
        got = walk(load_json(path), rest[0])
        if not isinstance(got, str) or json.loads(rest[1]) not in got:
            fail("%s: %s is %r, without %r" % (path, rest[0], got, json.loads(rest[1])))
    elif mode == "csv":
        recs = parse_csv(path)
        head = recs[0]
        for col, v in pairs(rest):
            want = json.loads(v)
            if col not in head:
                fail("%s: no column %s in %r" % (path, col, head))
            c = head.index(col)
            if not any(r[c] == want for r in recs[1:]):
                fail("%s: no record with %s = %r (have %r)" % (path, col, want,
                                                               [r[c] for r in recs[1:]][:5]))
    elif mode == "text":
        raw = open(path, "rb").read()
        try:
            s = raw.decode("utf-8", errors="strict")
        except UnicodeDecodeError as e:
            fail("%s: not UTF-8: %s" % (path, e))
        for i, ch in enumerate(s):
            if (ord(ch) < 0x20 and ch != "\n") or ord(ch) == 0x7f or unsafe_char(ch):
                fail("%s: control character %r at %d" % (path, ch, i))
    elif mode == "text-colour":
        # path: --color=always output; rest[0]: the --color=never output of the same run.
        # Every ESC starts one of the palette's sequences (render/colour.c); without them
        # the text is the plain one byte for byte, and that has no control.
        raw, plain = open(path, "rb").read(), open(rest[0], "rb").read()
        palette = re.compile(rb"\x1b\[(?:1|3[1-6])?m")
        if raw.count(b"\x1b") != len(palette.findall(raw)):
            i = raw.find(b"\x1b")
            while i >= 0 and palette.match(raw, i):
                i = raw.find(b"\x1b", i + 1)
            fail("%s: an ESC that is no colour of the palette at %d: %r" % (path, i,
                                                                          raw[i:i + 20]))
        if palette.sub(b"", raw) != plain:
            fail("%s: without its colours it is not %s" % (path, rest[0]))
        if b"\x1b" not in raw:
            fail("%s: no colour at all" % path)
        main(["check.py", "text", rest[0]])
    elif mode == "html":
        s = open(path, "rb").read().decode("utf-8", errors="replace")
        for t in rest:
            if t in s:
                fail("%s: %r appears unescaped" % (path, t))
    else:
        fail("unknown mode " + mode)


if __name__ == "__main__":
    main(sys.argv)
