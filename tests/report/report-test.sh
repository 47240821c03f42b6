#!/bin/sh
# report-test.sh REGTRACE MKSCENARIO WORK — end-to-end test of `regtrace report`.
#
# Builds tests/report/report.scenario (two series, subjects with markup and quotes) into WORK,
# writes the report, opens it in headless Chromium and checks the DOM the browser built
# (check_report.py: summary rows, link rows, the four charts, the worst-offenders tables, the
# one script allowed by its hash and that it ran, no script from a subject, no "undefined",
# the commit links, both layouts of each chart, every table in its scroll wrapper) and that the
# browser logged nothing on its console, and how the page fits windows 1400 and 420 px wide
# (fit.js, after showing on fit-bad.html that it can fail); saves a screenshot as
# WORK/report.png.  The same with --by path (the subsystems' table), and a page of 12 series
# (gen_many.py: colours that do not repeat, lines named at their ends, scales that one
# outlier does not set; screenshot WORK/many.png).  Then the choice of commit links
# (none, --commit-url, a Linux remote, a Linux tree), the same bytes on every run, the
# default file name, and the atomic writing and its errors.  Needs chromium and python3
# (scripts/install-deps.sh --browser).
set -eu
# The page's day (its only clock) fixed, so that two runs give the same bytes even across midnight.
export SOURCE_DATE_EPOCH=1500000000
REGTRACE=$(realpath "$1")
MKSCENARIO=$(realpath "$2")
WORK=$3
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

KERNEL='https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git/commit/?id=%s'

rm -rf "$WORK"
mkdir -p "$WORK"
WORK=$(realpath "$WORK")
REPO=$WORK/repo
"$MKSCENARIO" "$HERE/report.scenario" "$REPO" >/dev/null

BROWSER=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$BROWSER" ]; then
	echo "report-test: chromium is missing (scripts/install-deps.sh --browser)" >&2
	exit 1
fi

# browser OUT ARG...: headless, offline, a fresh profile each time.
browser() {
	out=$1
	shift
	profile=$(mktemp -d "$WORK/profile.XXXXXX")
	timeout 120 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --disable-extensions --hide-scrollbars --user-data-dir="$profile" \
		"$@" >"$out" 2>"$WORK/browser.err"
	rm -rf "$profile"
}

# dom_check WHAT HTML LINKS [MODE]: the browser's DOM of HTML passes check_report.py, and
# the page wrote nothing on the console (a script error, a refused load or script: the
# console's lines are logged to stderr as "CONSOLE").
dom_check() {
	if ! browser "$WORK/dom.html" --enable-logging=stderr --v=0 --dump-dom "file://$2"; then
		fail "$1: chromium failed" "$(tail -3 "$WORK/browser.err")"
		return
	fi
	if python3 "$HERE/check_report.py" "$WORK/dom.html" "$3" "${4:-plain}" \
		>"$WORK/check.out"; then
		ok "$1"
	else
		fail "$1" "$(cat "$WORK/check.out")"
	fi
	check "$1: no console message" "$(grep CONSOLE "$WORK/browser.err" | head -3)" ""
}

# fit HTML WIDTH: what fit.js finds in a copy of HTML shown WIDTH px wide (fit.py: the copy
# without the page's Content-Security-Policy and with fit.js, in a frame of that width; the
# window is at least 500 px, headless Chromium's narrowest).
fit() {
	python3 "$HERE/fit.py" inject "$1" "$WORK/fit-copy.html"
	python3 "$HERE/fit.py" frame fit-copy.html "$2" "$WORK/fit-frame.html"
	if browser "$WORK/fit-dom.html" --window-size="$(($2 < 500 ? 500 : $2)),1100" \
		--virtual-time-budget=10000 --dump-dom "file://$WORK/fit-frame.html"; then
		python3 "$HERE/fit.py" result "$WORK/fit-dom.html"
	else
		echo "chromium failed"
	fi
}

# fit_check WHAT HTML: at 1400 and 420 px, every chart shown (4: one layout of each), no
# text of a chart over another or past its edge or too small, no table outside its scroll
# wrapper, the page no wider than the window.
fit_check() {
	for width in 1400 420; do
		got=$(fit "$2" "$width")
		check "$1: fits $width px" "$(echo "$got" | grep -v '^texts\|^font\|^height')" \
			"width $width
charts 4
ok"
	done
}

# The test can fail: fit-bad.html fits badly on purpose (worked in its comment).
fit_kinds() {
	fit "$HERE/fit-bad.html" "$1" | sed -n 's/^FAIL \([a-z]*\).*/\1/p' | tr '\n' ' '
}
check "fit test: a bad page fails at 1400 px" "$(fit_kinds 1400)" "overlap cut small table "
check "fit test: a bad page fails at 420 px" "$(fit_kinds 420)" "overlap cut small page table "

# ---- the page, as a browser builds it ----
HTML=$WORK/report.html
run "$REGTRACE" -C "$REPO" report -o "$HTML"
check_run "report" 0 "wrote $HTML" ""
dom_check "report: DOM (no commit links)" "$HTML" none
fit_check "report" "$HTML"
browser "$WORK/shot.out" --window-size=1280,2400 --screenshot="$WORK/report.png" \
	"file://$HTML" || true
if [ -s "$WORK/report.png" ]; then ok "screenshot: $WORK/report.png"; else fail "screenshot"; fi
check "self-contained: no external reference" \
	"$(grep -Eio '(src|href)="(https?:)?//[^"]*"|@import|url\(' "$HTML" | head -3)" ""
check "one script, inline" "$(grep -ic '<script' "$HTML") $(grep -ic '<script[^>]*src' "$HTML")" \
	"1 0"
check "no 'undefined' in the file" "$(grep -ic undefined "$HTML")" 0

# ---- with paths: the subsystems' table ----
run "$REGTRACE" -C "$REPO" report --by path -o "$WORK/paths.html"
check_run "report --by path" 0 "wrote $WORK/paths.html" ""
dom_check "report --by path: DOM" "$WORK/paths.html" none by-path
fit_check "report --by path" "$WORK/paths.html"

# ---- 12 series, one outlier ----
python3 "$HERE/gen_many.py" >"$WORK/many.scenario"
"$MKSCENARIO" "$WORK/many.scenario" "$WORK/many-repo" >/dev/null
run "$REGTRACE" -C "$WORK/many-repo" report -o "$WORK/many.html"
check_run "report, 12 series" 0 "wrote $WORK/many.html" ""
dom_check "report, 12 series: DOM" "$WORK/many.html" none many
fit_check "report, 12 series" "$WORK/many.html"
browser "$WORK/shot.out" --window-size=1280,4000 --screenshot="$WORK/many.png" \
	"file://$WORK/many.html" || true
if [ -s "$WORK/many.png" ]; then ok "screenshot: $WORK/many.png"; else fail "screenshot many"; fi

# Where the page came from, under its title: the repository (also in <title>), regtrace's
# version, the day (SOURCE_DATE_EPOCH when set: 1500000000 is 2017-07-14 UTC), the options and
# the patterns in effect; with a fixes pattern the header's definition names it.
SOURCE_DATE_EPOCH=1500000000 run "$REGTRACE" -C "$REPO" report -o "$WORK/about.html" \
	--mainline master --fixes-pattern '^Fixup of ([0-9a-f]{7,40})'
check "about: the title names the repository" \
	"$(grep -o '<title>regtrace report[^<]*</title>' "$WORK/about.html")" \
	"<title>regtrace report: repo</title>"
check "about: repository, version, day, options, patterns" \
	"$(grep -o '<p id="about">.*</p>' "$WORK/about.html")" \
	"<p id=\"about\">Repository <strong>repo</strong> (<code>$REPO/</code>); regtrace $("$REGTRACE" --version | cut -d' ' -f2), 2017-07-14; options <code>--mainline master</code>; patterns <code>fixes: ^Fixup of ([0-9a-f]{7,40})</code>.</p>"
check "about: the definition names the fixes patterns" \
	"$(grep -c 'a <code>Fixes:</code> tag or a line of the fixes patterns above' "$WORK/about.html")" 1

run "$REGTRACE" -C "$REPO" report -o "$WORK/again.html"
check "the same bytes on every run" "$(cmp "$HTML" "$WORK/again.html" 2>&1)" ""

# ---- commit links ----
URL='https://example.org/c/%s?from=regtrace&x=%%41'
run "$REGTRACE" -C "$REPO" report -o "$WORK/custom.html" --commit-url "$URL"
check_run "report --commit-url" 0 "wrote $WORK/custom.html" ""
dom_check "report --commit-url: DOM" "$WORK/custom.html" \
	'https://example.org/c/%s?from=regtrace&x=%41'

git -C "$REPO" remote add origin https://example.org/pub/scm/linux-stable.git
run "$REGTRACE" -C "$REPO" report -o "$WORK/remote.html"
check_run "report, Linux remote" 0 "wrote $WORK/remote.html" ""
dom_check "report, Linux remote: git.kernel.org links" "$WORK/remote.html" "$KERNEL"
git -C "$REPO" remote remove origin
# any other project: its forge, from the remote's URL (render/commit_url.h)
git -C "$REPO" remote add origin git@github.com:example/stable-tree.git
run "$REGTRACE" -C "$REPO" report -o "$WORK/github.html"
check_run "report, GitHub remote" 0 "wrote $WORK/github.html" ""
dom_check "report, GitHub remote: github.com links" "$WORK/github.html" \
	'https://github.com/example/stable-tree/commit/%s'
git -C "$REPO" remote remove origin

# A Linux tree: MAINTAINERS and Kbuild at the top of TIP's tree (plain git, fixed dates).
LINUX=$WORK/linux
git init -q "$LINUX"
commit() {
	GIT_AUTHOR_DATE="@$1 +0000" GIT_COMMITTER_DATE="@$1 +0000" \
		git -C "$LINUX" -c user.name=T -c user.email=t@example.org commit -q -m "$2"
}
: >"$LINUX/MAINTAINERS"
: >"$LINUX/Kbuild"
git -C "$LINUX" add MAINTAINERS Kbuild
commit 1500000000 "Linux 6.1"
git -C "$LINUX" tag v6.1
echo 'obj-y += kernel/' >"$LINUX/Kbuild"
git -C "$LINUX" add Kbuild
commit 1500086400 "kbuild: a change"
git -C "$LINUX" tag v6.1.1
: >"$LINUX/Kbuild"
git -C "$LINUX" add Kbuild
commit 1500172800 "Revert \"kbuild: a change\"

This reverts commit $(git -C "$LINUX" rev-parse HEAD)."
git -C "$LINUX" tag v6.1.2
run "$REGTRACE" -C "$LINUX" report -o "$WORK/linux.html"
check_run "report, Linux tree" 0 "wrote $WORK/linux.html" ""
check "report, Linux tree: git.kernel.org links (revert and reverted, in the details and \
in the longest-lived table)" \
	"$(grep -o 'href="https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git/commit/?id=[0-9a-f]\{40\}"' "$WORK/linux.html" | wc -l)" 4

for bad in 'https://example.org/c/' 'https://example.org/%s/%s' 'https://example.org/%d/%s' \
	'https://example.org/%s%'; do
	printf 'old report\n' >"$HTML"
	run "$REGTRACE" -C "$REPO" report -o "$HTML" --commit-url "$bad"
	check_run "bad --commit-url '$bad'" 2 "" "regtrace: --commit-url '$bad' must hold exactly \
one %s (the commit id) and no other % directive (write %% for a %)"
	check "bad --commit-url '$bad': old file intact" "$(cat "$HTML")" "old report"
done

# ---- default name, atomic writing, errors ----
mkdir "$WORK/cwd"
(cd "$WORK/cwd" && "$REGTRACE" -C "$REPO" report >"$WORK/out" 2>"$WORK/err") && rc=0 || rc=$?
check_run "report without -o" 0 "wrote regtrace-report.html" ""
check "report without -o: the file" "$(cmp "$WORK/cwd/regtrace-report.html" \
	"$WORK/again.html" 2>&1)" ""

printf 'old report\n' >"$HTML"
run "$REGTRACE" -C "$REPO" report -o "$HTML" v5.4..no-such-tag
check_run "failed report" 1 "" "regtrace: unknown revision 'no-such-tag'"
check "failed report: the old file is intact" "$(cat "$HTML")" "old report"
check_no_temp "failed report" "$HTML"
run "$REGTRACE" -C "$REPO" report -o "$WORK/no-such-dir/r.html"
check_run "report into a missing directory" 1 "" \
	"regtrace: cannot write '$WORK/no-such-dir/r.html': No such file or directory"
run "$REGTRACE" -C "$REPO" report -o "$HTML/r.html"
check_run "report below a file" 1 "" "regtrace: cannot write '$HTML/r.html': Not a directory"
run "$REGTRACE" -C "$REPO" report -o "$WORK"
check_run "report onto a directory" 1 "" "regtrace: cannot write '$WORK': Is a directory"
chmod 640 "$HTML"
run "$REGTRACE" -C "$REPO" report -o "$HTML" v5.4
check_run "report over an old file" 0 "wrote $HTML" ""
check "report over an old file: its permissions are kept" "$(stat -c %a "$HTML")" 640
check "report over an old file: one series" "$(grep -c '<table class="details' "$HTML")" 1
check_no_temp "report over an old file" "$HTML"

# ---- commits several series hold: each series says so, totals count a link once ----
# tests/scenarios/shared-commits.scenario (worked there): the link x2 -> x1 is in both series,
# 5 days in 2.0 and 6 in 1.0; the lifetime histogram and the longest-lived table hold it once,
# from the first series (2.0), where a count per series would give two.
SH=$WORK/shared
"$MKSCENARIO" "$HERE/../scenarios/shared-commits.scenario" "$SH" >/dev/null
run "$REGTRACE" -C "$SH" report -o "$WORK/shared.html"
check "shared: report written" "$rc" 0
check "shared: the histogram counts the link once" \
	"$(sed -n '/<svg id="chart-lifetime" /,/<\/svg>/p' "$WORK/shared.html" |
		grep -o '<title>[0-9]* days: [1-9][0-9]*</title>')" \
	"<title>5 days: 1</title>"
check "shared: one longest-lived row" "$(sed -n '/id="worst-lifetime"/,/<\/table>/p' \
	"$WORK/shared.html" | grep -c '<tr><td>')" 1
check "shared: each series names the other" "$(grep -o '<p class="shared">[^<]*' \
	"$WORK/shared.html" | sed 's/.*lines): //; s/\. This.*//')" "v1.0..v1.0.3
v2.0..v2.0.3"

finish
