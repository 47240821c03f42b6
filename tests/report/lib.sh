# lib.sh — shared by export-test.sh and report-test.sh (sourced, POSIX sh).
#
# Each check prints "ok WHAT" or "FAIL WHAT" (and why); finish prints
# "N passed, M failed" and exits 1 if any failed.  run CMD... keeps the
# exit status in $rc, stdout in $WORK/out and stderr in $WORK/err.

passed=0
failed=0

ok() {
	passed=$((passed + 1))
	echo "ok $1"
}

fail() {
	failed=$((failed + 1))
	echo "FAIL $1"
	shift
	for line in "$@"; do
		echo "    $line"
	done
}

# check WHAT GOT WANT
check() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		fail "$1" "got:  $2" "want: $3"
	fi
}

run() {
	rc=0
	"$@" >"$WORK/out" 2>"$WORK/err" || rc=$?
}

# check_run WHAT RC STDOUT STDERR: the last run's status and output.
check_run() {
	check "$1: exit status" "$rc" "$2"
	check "$1: stdout" "$(cat "$WORK/out")" "$3"
	check "$1: stderr" "$(cat "$WORK/err")" "$4"
}

# check_no_temp WHAT TARGET: no temporary file of the atomic writer (".NAME.XXXXXX" beside
# TARGET) is left.
check_no_temp() {
	left=$(find "$(dirname "$2")" -maxdepth 1 -name ".$(basename "$2").??????" | head -3)
	check "$1: no temporary file left" "$left" ""
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}
