#!/usr/bin/env python3
"""check_report.py DOM.html LINKS [MODE] -- check the DOM of `regtrace report`.

DOM.html is the page as headless Chromium serialised it after parsing and running its script
(--dump-dom), so what is checked is what a browser built, not what regtrace wrote.  LINKS is
"none" (no commit links expected) or the commit-link template (every commit id must link to
it, %s = full id).  MODE is "plain" (default: report.scenario, no paths read), "by-path"
(report.scenario written with --by path: the subsystems' table) or "many" (the 12 series of
gen_many.py: colours, end labels, the scales' outliers).
The expected values are the hand-worked ones in report.scenario's and gen_many.py's comments.
Prints one line per failed check and exits 1 if any failed; prints "ok" otherwise.
"""
import base64
import hashlib
import re
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}

XSS = "<script>alert(1)</script> \"double\" & 'single' quotes"

SUMMARY_HEAD = ["Series", "Commits", "Tags", "% tagged", "Fixes", "Reverts",
                "Same release", "Visible", "Low rate", "High rate", "% upstream"]
# % upstream (doc/dialects.md): commits with an upstream id, written or inferred, of all.
# Each rate with its 95 % interval in brackets (Wilson's, doc/rules.md; z = 1.96, z² = 3.8416):
#   1 of 4: centre = (1 + 1.9208) / 7.8416 = 0.372475,
#           half = 1.96 / 7.8416 * sqrt(1 * 3 / 4 + 0.9604) = 0.249949 * 1.307823 = 0.326889
#           -> 4.6% to 69.9%
#   1 of 2: centre = 2.9208 / 5.8416 = 0.5,
#           half = 1.96 / 5.8416 * sqrt(1 * 1 / 2 + 0.9604) = 0.335524 * 1.208470 = 0.405471
#           -> 9.5% to 90.5%
#   1 of 1: centre = 2.9208 / 4.8416 = 0.603272, half = 1.96 / 4.8416 * sqrt(0.9604) = 0.396729
#           -> 20.7% to 100.0%
# Every rate here is drawn from fewer than 20 commits: each rate cell is "small" (grey).
SUMMARY_ROWS = {
    "v5.10..v5.10.2": ["5.10.2", "4", "2", "50.0%", "1", "0", "0", "1", "25.0% [4.6%–69.9%]",
                       "50.0% [9.5%–90.5%]", "100.0%"],
    "v5.4..v5.4.3": ["5.4.3", "4", "1", "25.0%", "2", "1", "1", "1", "25.0% [4.6%–69.9%]",
                     "100.0% [20.7%–100.0%]", "75.0%"],
}
# The rates chart (plain): the same four rates, each bar grey ("faint") with its interval as a
# path.ci; no series has 20 commits, so the control hides none at first (its default 0).
RATE_CIS = ["95% interval: 4.6% to 69.9%", "95% interval: 9.5% to 90.5%",
            "95% interval: 4.6% to 69.9%", "95% interval: 20.7% to 100.0%"]
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


def check_script(root):
    """One inline script, allowed by its hash and nothing else; it ran (sortable tables)."""
    scripts = root.find("script")
    if check(len(scripts) == 1, "%d <script> elements, want 1" % len(scripts)):
        s = scripts[0]
        check("src" not in s.attrs, "the script has a src")
        digest = base64.b64encode(hashlib.sha256(s.text().encode()).digest()).decode()
        csp = [m.attrs.get("content", "") for m in root.find("meta")
               if m.attrs.get("http-equiv", "").lower() == "content-security-policy"]
        check(len(csp) == 1 and "script-src 'sha256-%s'" % digest in csp[0]
              and "default-src 'none'" in csp[0] and "unsafe-eval" not in csp[0],
              "CSP %s does not allow exactly the script (sha256-%s)" % (csp, digest))
    handlers = [n.tag for n in root.walk() if any(a.startswith("on") for a in n.attrs)]
    check(not handlers, "elements with event-handler attributes: %s" % handlers)
    tables = root.find("table", cls="sortable")
    check(len(tables) >= 3, "%d sortable tables" % len(tables))
    check(all(t.attrs.get("data-sortable") == "on" for t in tables),
          "the script did not run on every sortable table")
    check(len(root.find("input", cls="filter")) == len(tables), "a filter box per table")


def check_summary(root):
    tables = root.find("table", id="summary")
    if not check(len(tables) == 1, "no single <table id=summary>"):
        return
    head = [norm(c.text()) for c in cells(tables[0].find("thead")[0].find("tr")[0])]
    check(head == SUMMARY_HEAD, "summary head %s" % head)
    rows = tables[0].find("tbody")[0].find("tr")
    got = [(r.attrs.get("data-series"), [rate_text(c) for c in cells(r)]) for r in rows]
    check(got == list(SUMMARY_ROWS.items()), "summary rows %s" % got)
    small = [norm(c.text()) for r in rows for c in cells(r) if "small" in c.classes()]
    check(len(small) == 4, "summary: %d grey rates, want 4 (%s)" % (len(small), small))


def rate_text(cell):
    """A cell's text; a rate's interval (span.ci) after it in brackets."""
    ci = cell.find("span", cls="ci")
    if not ci:
        return norm(cell.text())
    own = "".join(c if isinstance(c, str) else c.text() for c in cell.children
                  if c is not ci[0])
    return "%s [%s]" % (norm(own), norm(ci[0].text()))


def check_rate_chart(root, mode):
    """The intervals, the grey bars and the control that hides small series."""
    rates = svg(root, "chart-rates")
    controls = root.find("p", cls="hide-small")
    if rates is None or not check(len(controls) == 1, "no single p.hide-small"):
        return
    p = controls[0]
    check("hidden" not in p.attrs and p.find("input", cls="min-size"),
          "the script did not make the control")
    rows_ = rates.find("g", cls="row")
    hidden = [g for g in rows_ if "none" in g.attrs.get("style", "")]
    cis = [norm(c.find("title")[0].text()) for c in rates.find("path", cls="ci")]
    faint = rates.find("rect", cls="faint")
    if mode == "many":
        # gen_many.py: 11 series of 20 commits (1 of 20 low, 1 of 4 tagged high: grey),
        # v3.12 of 2 commits (1 of 2 low: grey; high undefined: no bar, no interval).
        # One series has 20 commits or more: the control starts at 20 and hides v3.12.
        check(p.attrs.get("data-default") == "20", "many: control default %s, want 20" %
              p.attrs.get("data-default"))
        check(len(rows_) == 12 and len(hidden) == 1 and hidden[0].attrs.get("data-size") == "2",
              "many: %d rows, %d hidden, want 12 and v3.12's" % (len(rows_), len(hidden)))
        narrow = [g for g in root.find("svg", id="chart-rates-narrow")[0].find("g", cls="row")
                  if "none" in g.attrs.get("style", "")]
        check(len(narrow) == 1 and narrow[0].attrs.get("data-size") == "2",
              "many: the control hides v3.12 in the narrow chart too: %d hidden" % len(narrow))
        check("1 of 12 series hidden" in norm(p.text()), "many: control says %s" %
              norm(p.text()))
        check(len(cis) == 23, "many: %d intervals, want 23" % len(cis))
        check(len(faint) == 12, "many: %d grey bars, want 12 (11 high, v3.12's low)" %
              len(faint))
    else:
        check(p.attrs.get("data-default") == "0" and not hidden,
              "plain: control default %s, %d hidden, want 0 and none" %
              (p.attrs.get("data-default"), len(hidden)))
        check(cis == RATE_CIS, "plain: intervals %s" % cis)
        check(len(faint) == 4, "plain: %d grey bars, want 4" % len(faint))


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


def svg(root, chart):
    svgs = root.find("svg", id=chart)
    return svgs[0] if check(len(svgs) == 1, "no single <svg id=%s>" % chart) else None


def bars(chart):
    return [m for m in chart.find("rect", cls="bar") if float(m.attrs.get("height", 0)) > 0]


def check_charts(root):
    want = {"chart-rates": ("rect", "bar", 4), "chart-timeline": ("path", "line", 2),
            "chart-age": ("path", "line", 2), "chart-lifetime": ("rect", "bar", 2)}
    for chart, (tag, cls, n) in want.items():
        s = svg(root, chart)
        if s is None:
            continue
        marks = [m for m in s.find(tag, cls=cls)
                 if tag != "rect" or float(m.attrs.get("height", 0)) > 0]
        check(len(marks) == n, "%s: %d %s.%s marks, want %d" % (chart, len(marks), tag, cls, n))
        check(s.find("title") and s.find("text"), "%s has no title or text" % chart)
    timeline, age, life = (svg(root, c) for c in ("chart-timeline", "chart-age",
                                                   "chart-lifetime"))
    if timeline is not None:
        # a base point per series and one per release: 5.4 (3 releases), 5.10 (2)
        check(len(timeline.find("circle")) == 7, "chart-timeline: %d points, want 7" %
              len(timeline.find("circle")))
        ticks = [norm(x.text()) for x in timeline.find("text", cls="tick")]
        dates = [x for x in ticks if re.fullmatch(r"\d{4}-\d{2}-\d{2}", x)]
        check(len(dates) >= 2, "chart-timeline: x ticks are not dates: %s" % ticks)
    if age is not None:
        # the low rate at each release with a commit: 3 of 5.4, 2 of 5.10
        check(len(age.find("circle")) == 5, "chart-age: %d points, want 5" %
              len(age.find("circle")))
    for s in (timeline, age):
        if s is not None:
            labels = sorted(norm(x.text()) for x in s.find("text", cls="end-label"))
            check(labels == ["5.10.2", "5.4.3"], "%s end labels %s" % (s.attrs["id"], labels))
    if life is not None:
        # visible regressions only: 5.10's fix (2 days), 5.4's revert (3 days); not 5.4's
        # same-release fix (0 days)
        tips = [norm(b.find("title")[0].text()) for b in bars(life)]
        check(tips == ["2 days: 1", "3 days: 1"], "chart-lifetime bars %s" % tips)
        check("visible" in norm(life.parent.text()).lower(), "lifetime caption not 'visible'")


def rows(table):
    return [[norm(c.text()) for c in cells(r)] for r in table.find("tbody")[0].find("tr")]


def check_offenders(root, mode):
    """report.scenario: visible regressions are 5.4's revert of xss (upstream 1111...,
    v5.4.1 -> v5.4.3, 3 days, 2 releases) and 5.10's fix of gamma (upstream aaaaaaa1c07d...,
    v5.10.1 -> v5.10.2, 2 days, 1 release); 5.4's fix of bold is same-release."""
    up = root.find("table", id="worst-upstream")
    if check(len(up) == 1, "no worst-upstream table"):
        check(rows(up[0]) == [
            ["111111111111", XSS, "1", "5.4.3: v5.4.1 \u2192 v5.4.3"],
            ["aaaaaaa1c07d", "drm: add the gamma tables", "1", "5.10.2: v5.10.1 \u2192 v5.10.2"],
        ], "worst-upstream rows %s" % rows(up[0]))
    life = root.find("table", id="worst-lifetime")
    if check(len(life) == 1, "no worst-lifetime table"):
        got = [[r[0], r[3], r[4]] for r in rows(life[0])]
        check(got == [["5.4.3", "3", "2"], ["5.10.2", "2", "1"]], "worst-lifetime %s" % got)
    sub = root.find("table", id="worst-subsystems")
    heads = [h for h in root.find("h3") if "subsystem" in norm(h.text()).lower()]
    if mode == "by-path":
        # every file is files/LABEL: one subsystem "files"; visible 1 + 1, commits 4 + 4
        check(len(sub) == 1 and rows(sub[0]) == [["files", "2", "8", "25.0%", "2"]],
              "worst-subsystems %s" % (rows(sub[0]) if sub else None))
    else:
        # not computed without --by path: no table, no heading, no word of it
        check(not sub and not heads and "subsystem" not in norm(
            root.find("section", id="offenders")[0].text()).lower(),
              "without paths, the page has a subsystems section")


def check_many(root):
    """gen_many.py: 12 series, one outlier."""
    summary = root.find("table", id="summary")
    check(summary and len(rows(summary[0])) == 12, "many: 12 summary rows")
    # no commit of gen_many.py names an upstream commit and the mainline has none of their
    # subjects: each series 0 of its commits (< half) -> one note naming all 12, none per row
    notes = root.find("p", cls="blind")
    check(len(notes) == 1 and norm(notes[0].text()).startswith(
        "12 of 12 series: fewer than half their commits have an upstream commit id") and
        all("3.%d.2" % k in notes[0].text() for k in range(1, 13)),
        "many: blind note %s" % [norm(x.text()) for x in notes])
    rates = svg(root, "chart-rates")
    if rates is not None:
        check(len(bars(rates)) == 23, "many: %d rate bars, want 23" % len(bars(rates)))
        past = rates.find("rect", cls="past-scale")
        check(len(past) == 1 and "50.0%" in past[0].text(), "many: the 50%% bar is the "
              "one past the scale: %s" % [p.text() for p in past])
        ticks = [norm(x.text()) for x in rates.find("text", cls="tick")]
        check(ticks and ticks[-1] == "40.0%", "many: rate scale ends at %s, want 40.0%%" %
              ticks[-1:])
        check(len(rates.find("text", cls="none")) == 1, "many: one rate without a value")
    age = svg(root, "chart-age")
    if age is not None:
        check(len(age.find("path", cls="past-scale")) == 1, "many: one age point past the "
              "scale")
    for chart in ("chart-timeline", "chart-age"):
        s = svg(root, chart)
        if s is None:
            continue
        labels = [norm(x.text()) for x in s.find("text", cls="end-label")]
        check(sorted(labels) == sorted("3.%d.2" % k for k in range(1, 13)),
              "many: %s end labels %s" % (chart, labels))
        colours = [p.attrs.get("stroke") for p in s.find("path", cls="line")]
        check(len(colours) == 12 and len(set(colours)) == 12,
              "many: %s colours repeat: %s" % (chart, colours))


def check_layouts(root):
    """Each chart twice: wide (ID, class "chart wide", 800 units) and narrow (ID-narrow,
    class "chart narrow", 400 units), the same marks in both; the page shows one by its width
    (fit.js measures that).  Every table in a div.scroll (it scrolls sideways on a phone)."""
    for chart in ("chart-rates", "chart-timeline", "chart-age", "chart-lifetime"):
        wide, narrow = root.find("svg", id=chart), root.find("svg", id=chart + "-narrow")
        if not check(len(wide) == 1 and len(narrow) == 1, "%s: wide and narrow" % chart):
            continue
        wide, narrow = wide[0], narrow[0]
        check(wide.classes() == ["chart", "wide"] and narrow.classes() == ["chart", "narrow"],
              "%s: classes %s, %s" % (chart, wide.classes(), narrow.classes()))
        check(wide.attrs.get("viewbox", "").startswith("0 0 800 ") and
              narrow.attrs.get("viewbox", "").startswith("0 0 400 "),
              "%s: viewBoxes %s, %s" % (chart, wide.attrs.get("viewbox"),
                                        narrow.attrs.get("viewbox")))
        marks = [len(s.find("rect", cls="bar")) + len(s.find("path", cls="line")) +
                 len(s.find("circle")) for s in (wide, narrow)]
        check(marks[0] == marks[1], "%s: marks wide %d, narrow %d" % (chart, *marks))
    loose = [t.attrs.get("id") or t.attrs.get("class") for t in root.find("table")
             if not (t.parent.tag == "div" and "scroll" in t.parent.classes())]
    check(not loose, "tables outside a div.scroll: %s" % loose)


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
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and
                                       sys.argv[3] not in ("plain", "by-path", "many")):
        sys.exit(__doc__)
    builder = Builder()
    with open(sys.argv[1], encoding="utf-8") as f:
        builder.feed(f.read())
    root = builder.root
    mode = sys.argv[3] if len(sys.argv) > 3 else "plain"
    with open(sys.argv[1], encoding="utf-8") as f:
        page = f.read()
        check("undefined" not in page.lower(), "the page says 'undefined'")
        # the rules by what is installed (man page, documentation directory), not the source
        check("man regtrace" in page and "/share/doc/regtrace" in page and
              not re.search(r"doc/[a-z-]+\.md", page), "the page cites a source path")
    check_script(root)
    check_layouts(root)
    check_rate_chart(root, mode)
    if mode == "many":
        check_many(root)
    else:
        subjects = [norm(d.text()) for d in root.find("div", cls="subject")]
        check(XSS in subjects, "the <script> subject is not shown as text")
        check_summary(root)
        # 75.0% and 100.0% upstream: no series is mostly blind, no note
        check(not root.find("p", cls="blind"), "plain: a blind note without a blind series")
        check_details(root)
        check_charts(root)
        check_offenders(root, mode)
    check_links(root, sys.argv[2])
    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else "%d checks failed" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
