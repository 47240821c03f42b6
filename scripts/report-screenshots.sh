#!/bin/sh
# report-screenshots.sh [OUTDIR]: the screenshots of the HTML report kept in doc/
# (doc/report-1400.png, doc/report-420.png): tests/report/report.scenario's report, as the
# report test writes it (SOURCE_DATE_EPOCH fixed), shot whole by headless Chromium in a window
# 1400 px wide and in one 420 px wide (a phone).  Headless Chromium makes no window narrower
# than 500 px: the 420 px page is shown in a frame of that width (tests/report/fit.py) and cut
# out of the shot (scripts/png-crop.py).  The page's height at each width is measured first
# (tests/report/fit.js).  Needs build/regtrace and build/mkscenario (make test-build),
# chromium and python3.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath "${1:-$top/doc}")
browser=$(command -v chromium || command -v chromium-browser)
# A fixed directory: the page names its repository's path, and the shots stay the same
# from one run to the next.
work=${TMPDIR:-/tmp}/regtrace-report-screenshots
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1500000000

"$top/build/mkscenario" "$top/tests/report/report.scenario" "$work/repo" >/dev/null
"$top/build/regtrace" -C "$work/repo" report -o "$work/report.html" >/dev/null

# chrome ARG...: headless, offline, a fresh profile.
chrome() {
	rm -rf "$work/profile"
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --disable-extensions --user-data-dir="$work/profile" "$@" \
		2>/dev/null
}

for width in 1400 420; do
	window=$((width < 500 ? 500 : width))
	python3 "$top/tests/report/fit.py" inject "$work/report.html" "$work/measured.html"
	python3 "$top/tests/report/fit.py" frame measured.html "$width" "$work/frame.html"
	chrome --window-size="$window,1000" --virtual-time-budget=10000 \
		--dump-dom "file://$work/frame.html" >"$work/dom.html"
	height=$(python3 "$top/tests/report/fit.py" result "$work/dom.html" |
		sed -n 's/^height //p')
	python3 "$top/tests/report/fit.py" frame report.html "$width" "$work/frame.html" "$height"
	chrome --window-size="$window,$height" --virtual-time-budget=10000 \
		--screenshot="$work/shot.png" "file://$work/frame.html" >/dev/null
	python3 "$top/scripts/png-crop.py" "$work/shot.png" "$out/report-$width.png" "$width"
	echo "wrote $out/report-$width.png (${width}x$height)"
done
