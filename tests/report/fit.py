#!/usr/bin/env python3
"""fit.py inject PAGE.html COPY.html | frame COPY.html WIDTH FRAME.html [HEIGHT] | result DOM.html

The fit test's parts (fit.js measures, in the browser).

inject: COPY.html is PAGE.html with its Content-Security-Policy <meta> removed (it allows only
the report's own script) and fit.js (beside this file) inlined at the end of the body, after
the report's script has run.  The report itself is left as it is.
frame: FRAME.html shows COPY.html (a path relative to it) in a frame WIDTH pixels wide and 1000
(or HEIGHT) high, and writes what fit.js posts from there into its own DOM, as fit.js does: headless
Chromium makes no window narrower than 500 px, and a frame is a window of its own width (its
media queries, its innerWidth).
result: prints the text of <pre id="fit-result"> that fit.js wrote into the DOM that headless
Chromium dumped (--dump-dom), or "no result" when the script did not run.
"""
import html
import os
import re
import sys


def inject(page, copy):
    with open(page, encoding="utf-8") as f:
        text = f.read()
    text, n = re.subn(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?', "", text)
    if n != 1:
        sys.exit("fit.py: %s has %d Content-Security-Policy metas, want 1" % (page, n))
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fit.js"),
              encoding="utf-8") as f:
        script = f.read()
    at = text.rindex("</body>")
    with open(copy, "w", encoding="utf-8") as f:
        f.write(text[:at] + "<script>\n" + script + "</script>\n" + text[at:])


def frame(copy, width, out, height=1000):
    with open(out, "w", encoding="utf-8") as f:
        f.write("""<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body{margin:0}iframe{border:0;display:block}</style>
</head><body>
<script>
window.addEventListener('message', function (e) {
	var pre = document.createElement('pre');
	pre.id = 'fit-result';
	pre.textContent = e.data;
	document.body.appendChild(pre);
});
</script>
<iframe src="%s" width="%d" height="%d"></iframe>
</body></html>
""" % (html.escape(copy), int(width), int(height)))


def result(dom):
    with open(dom, encoding="utf-8") as f:
        m = re.search(r'<pre id="fit-result">(.*?)</pre>', f.read(), re.S)
    print(html.unescape(m.group(1)) if m else "no result")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "inject":
        inject(sys.argv[2], sys.argv[3])
    elif len(sys.argv) in (5, 6) and sys.argv[1] == "frame":
        frame(*sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "result":
        result(sys.argv[2])
    else:
        sys.exit(__doc__)
