#!/usr/bin/env bash
# fuzz/longrun.sh [SECONDS] — the long fuzzing session behind fuzz/RELIABILITY.md's figures:
# every harness of `make fuzz` for SECONDS (default 900), two at a time (one per core), each
# from its seeds (fuzz/corpus/NAME) into build/fuzz/long/corpus-NAME. Prints one line per
# harness: executions, seconds, crashes (artifacts), corpus size, peak RSS; exits 1 on any crash.
set -u
cd "$(dirname "$0")/.."
secs=${1:-900}
make -s fuzz-build >/dev/null || exit 1
L=build/fuzz/long
mkdir -p "$L"
one() {
	local h=$1 ml=65536
	case $h in release|commit) ml=4096 ;; esac
	mkdir -p "$L/corpus-$h"
	build/fuzz/fuzz_$h -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 \
		-max_total_time="$secs" -max_len=$ml -dict=fuzz/dict/$h.dict \
		-artifact_prefix="$L/crash-$h-" "$L/corpus-$h" fuzz/corpus/$h >"$L/$h.log" 2>&1
}
set -- message release scenario commit cgraph cache
while [ $# -gt 0 ]; do
	one "$1" &
	[ $# -gt 1 ] && one "$2" &
	wait
	shift; [ $# -gt 0 ] && shift
done
bad=0
for h in message release scenario commit cgraph cache; do
	ex=$(sed -n 's/^stat::number_of_executed_units: *//p' "$L/$h.log")
	rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$L/$h.log")
	n=$(ls "$L" | grep -c "^crash-$h-")
	[ "$n" = 0 ] || bad=1
	echo "fuzz_$h: ${ex:-?} executions in $secs s, $n crashes, corpus $(ls "$L/corpus-$h" | wc -l), peak RSS ${rss:-?} MB"
done
exit $bad
