#!/usr/bin/env bash
# usage: scripts/run-suites.sh LOGDIR SUITE...
#
# Runs each SUITE (a target of the Makefile: `make SUITE`) with its output in LOGDIR/SUITE.log
# and prints one line per suite, its counts and its time; the last line is the total over all
# suites, "N passed, N failed".  Counts are read from the suites' own summary lines ("N passed,
# N failed", cmocka's "[  PASSED  ] N test(s)" and "[  FAILED  ] N test(s)"); a suite that
# prints none counts as one check, passed when it exits 0.  A suite that exits non-zero while
# its lines report no failure counts one failure more, so that the total never says 0 failed
# for a suite that failed.  On a failure, the suite's failing lines and its log's path are
# shown.  V=1 shows every suite's whole output as it runs.  Exit status: 0 when nothing
# failed, 1 otherwise.
set -u
logdir=$1
shift
mkdir -p "$logdir"
total_pass=0 total_fail=0 failed_suites=""

# counts LOG: "PASS FAIL FOUND" from the summary lines of LOG
counts() {
	awk '
	/^([A-Za-z][A-Za-z0-9 _-]*: )?[0-9]+ passed, [0-9]+ failed/ {
		line = $0; sub(/^[^0-9]*: /, "", line)
		split(line, w, /[ ,]+/); p += w[1]; f += w[3]; found = 1; next
	}
	/^\[  PASSED  \] [0-9]+ test\(s\)\./ { p += $4; found = 1; next }
	/^\[  FAILED  \] [0-9]+ test\(s\), listed below:/ { f += $4; found = 1; next }
	END { printf "%d %d %d\n", p, f, found }
	' "$1"
}

for suite in "$@"; do
	log=$logdir/$suite.log
	start=$(date +%s.%N)
	if [ "${V:-0}" = 1 ]; then
		make --no-print-directory "$suite" 2>&1 | tee "$log"
		rc=${PIPESTATUS[0]}
	else
		make -s --no-print-directory "$suite" >"$log" 2>&1
		rc=$?
	fi
	secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.0f", e - s }')
	read -r p f found < <(counts "$log")
	if [ "$found" = 0 ]; then
		if [ "$rc" = 0 ]; then p=1; else f=1; fi
	elif [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		f=1
	fi
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	printf '%-14s %6d passed, %d failed  (%s s)\n' "$suite:" "$p" "$f" "$secs"
	if [ "$f" != 0 ]; then
		failed_suites="$failed_suites $suite"
		grep -E '^(FAIL|not ok)|\[  (FAILED|ERROR)  \]|\[   LINE   \]|error:|Error [0-9]' "$log" |
			head -n 40 | sed 's/^/    /'
		echo "    (whole output: $log)"
	fi
done
[ -n "$failed_suites" ] && echo "failed:$failed_suites"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
