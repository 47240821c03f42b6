#!/usr/bin/env python3
"""check_report.py DOM.html LINKS -- check the DOM of `regtrace report` on report.scenario.

DOM.html is the page as headless Chromium serialised it after parsing (--dump-dom), so what
is checked is what a browser built, not what regtrace wrote.  LINKS is "none" (no commit
links expected) or the commit-link template (every commit id must link to it, %s = full id).
The expected values are the hand-worked ones in report.scenario's comments.
Prints one line per failed check and exits 1 if any failed; prints "ok" otherwise.
"""
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}

XSS = "<script>alert(1)</script> \"double\" & 'single' quotes"

SUMMARY_HEAD = ["Series", "Commits", "Tags", "% tagged", "Fixes", "Reverts",
                "Same release", "Visible", "Low rate", "High rate", "% upstream"]
# % upstream (doc/dialects.md): commits with an upstream id, written or inferred, of all.
SUMMARY_ROWS = {
    "v5.10..v5.10.2": ["5.10.2", "4", "2", "50.0%", "1", "0", "0", "1", "25.0%", "50.0%",
                       "100.0%"],
    "v5.4..v5.4.3": ["5.4.3", "4", "1", "25.0%", "2", "1", "1", "1", "25.0%", "100.0%",
                     "75.0%"],
}
# Per series, in order: kind, fix (release, subject), target (release, subject) or the
# candidates' subjects, same release, lifetime.
DETAILS = {
    "v5.10..v5.10.2": [
        ("ambiguous", ("v5.10.2", "drm: check the <gamma> & degamma tables"),
         ["drm: add the gamma tables", "drm: add the degamma tables"], "-", "-"),
        ("fix", ("v5.10.2", "drm: fix the gamma tables"),
         ("v5.10.1", "drm: add the gamma tables"), "no", "1 release, 2 days"),
    ],
    "v5.4..v5.4.3": [
        ("fix", ("v5.4.2", "net: fix the bold thing"),
         ("v5.4.2", "net: add the <b>bold</b> thing"), "yes", "0 releases, 0 days"),
        ("revert", ("v5.4.3", "Revert \"" + XSS + "\""), ("v5.4.1", XSS), "no",
         "2 releases, 3 days"),
    ],
}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children = []

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def classes(self):
        return self.attrs.get("class", "").split()

    def walk(self):
        for c in self.children:
            if isinstance(c, Node):
                yield c
                yield from c.walk()

    def find(self, tag=None, cls=None, **attrs):
        return [n for n in self.walk()
                if (tag is None or n.tag == tag) and (cls is None or cls in n.classes())
                and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]


class Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.cur = Node("#document", [], None)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.cur)
        self.cur.children.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


def cells(tr):
    return [c for c in tr.children if isinstance(c, Node) and c.tag in ("td", "th")]


def norm(s):
    return " ".join(s.split())


def check_no_script(root):
    check(not root.find("script"), "a <script> element exists")
    handlers = [n.tag for n in root.walk() if any(a.startswith("on") for a in n.attrs)]
    check(not handlers, "elements with event-handler attributes: %s" % handlers)
    subjects = [norm(d.text()) for d in root.find("div", cls="subject")]
    check(XSS in subjects, "the <script> subject is not shown as text")


def check_summary(root):
    tables = root.find("table", id="summary")
    if not check(len(tables) == 1, "no single <table id=summary>"):
        return
    head = [norm(c.text()) for c in cells(tables[0].find("thead")[0].find("tr")[0])]
    check(head == SUMMARY_HEAD, "summary head %s" % head)
    rows = tables[0].find("tbody")[0].find("tr")
    got = [(r.attrs.get("data-series"), [norm(c.text()) for c in cells(r)]) for r in rows]
    check(got == list(SUMMARY_ROWS.items()), "summary rows %s" % got)


def commit(cell):
    return (norm(cell.find("span", cls="release")[0].text()),
            norm(cell.find("div", cls="subject")[0].text()))


def link_row(tr):
    kind, fix, target, same, life = cells(tr)
    if "undecided" in target.classes():
        tgt = [norm(li.find("div", cls="subject")[0].text()) for li in target.find("li")]
    else:
        tgt = commit(target)
    return (norm(kind.text()), commit(fix), tgt, norm(same.text()), norm(life.text()))


def check_details(root):
    tables = root.find("table", cls="details")
    got = {t.attrs.get("data-series"): [link_row(r) for r in t.find("tbody")[0].find("tr")]
           for t in tables}
    check(list(got) == list(DETAILS), "details tables for %s" % list(got))
    for name, rows in DETAILS.items():
        check(got.get(name) == rows, "details of %s: %s" % (name, got.get(name)))


def check_charts(root):
    want = {"chart-rates": ("rect", "bar", 4), "chart-timeline": ("path", "line", 2),
            "chart-lifetime": ("rect", "bar", 3)}
    for chart, (tag, cls, n) in want.items():
        svgs = root.find("svg", id=chart)
        if not check(len(svgs) == 1, "no single <svg id=%s>" % chart):
            continue
        marks = [m for m in svgs[0].find(tag, cls=cls)
                 if tag != "rect" or float(m.attrs.get("height", 0)) > 0]
        check(len(marks) == n, "%s: %d %s.%s marks, want %d" % (chart, len(marks), tag, cls, n))
        check(svgs[0].find("title") and svgs[0].find("text"), "%s has no title or text" % chart)
    points = root.find("svg", id="chart-timeline")[0].find("circle") if \
        root.find("svg", id="chart-timeline") else []
    check(len(points) == 7, "chart-timeline: %d points, want 7" % len(points))


def check_links(root, template):
    anchors = root.find("a", cls="id")
    if template == "none":
        check(not anchors, "%d commit links, want none" % len(anchors))
        return
    ids = [c.attrs["data-id"] for c in root.walk() if "data-id" in c.attrs]
    check(len(anchors) == len(ids) and ids, "%d commit links for %d commits" %
          (len(anchors), len(ids)))
    for a in anchors:
        owner = a.parent
        want = template.replace("%s", owner.attrs.get("data-id", "?"))
        check(a.attrs.get("href") == want, "link %s, want %s" % (a.attrs.get("href"), want))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    builder = Builder()
    with open(sys.argv[1], encoding="utf-8") as f:
        builder.feed(f.read())
    root = builder.root
    check_no_script(root)
    check_summary(root)
    check_details(root)
    check_charts(root)
    check_links(root, sys.argv[2])
    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else "%d checks failed" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
