#!/usr/bin/env bash
# fuzz/longrun.sh [-1] [-n RUNS] [SECONDS] [HARNESS...] — the long fuzzing session behind
# fuzz/RELIABILITY.md's figures.  Every harness of `make fuzz` (or the ones named) from its
# seeds (fuzz/corpus/NAME) into build/fuzz/long/corpus-NAME, for SECONDS (default 900) each:
#   -1        one harness at a time, under `nice -n 19` (a shared machine); default: two at a
#             time, one per core;
#   -n RUNS   stop a harness after RUNS executions (libFuzzer -runs), SECONDS is then only a cap.
# Prints one line per harness: executions, wall-clock and CPU seconds, crashes (artifacts),
# corpus size, peak RSS, start date; exits 1 on any crash.  Each log is build/fuzz/long/NAME.log.
set -u
cd "$(dirname "$0")/.."
par=2 runs=
while [ $# -gt 0 ]; do
	case $1 in
	-1) par=1; shift ;;
	-n) runs=$2; shift 2 ;;
	*) break ;;
	esac
done
secs=${1:-900}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- message release scenario commit cgraph cache
all="$*"
make -s fuzz-build >/dev/null || exit 1
L=build/fuzz/long
mkdir -p "$L"
one() {
	local h=$1 ml=65536 t0 t1
	case $h in release|commit) ml=4096 ;; esac
	mkdir -p "$L/corpus-$h"
	rm -f "$L/crash-$h-"*
	t0=$(date +%s)
	date -u '+%Y-%m-%d %H:%M UTC' >"$L/$h.start"
	/usr/bin/time -o "$L/$h.cpu" -f '%U %S' ${nice:+nice -n 19} build/fuzz/fuzz_$h -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
		-print_final_stats=1 -max_total_time="$secs" ${runs:+-runs=$runs} -max_len=$ml \
		-dict=fuzz/dict/$h.dict -artifact_prefix="$L/crash-$h-" \
		"$L/corpus-$h" fuzz/corpus/$h >"$L/$h.log" 2>&1
	echo $? >"$L/$h.rc"
	t1=$(date +%s)
	echo $((t1 - t0)) >"$L/$h.secs"
}
nice=
[ $par = 1 ] && nice=1
set -- $all
while [ $# -gt 0 ]; do
	if [ $par = 1 ]; then
		one "$1"
		shift
		continue
	fi
	one "$1" &
	[ $# -gt 1 ] && one "$2" &
	wait
	shift; [ $# -gt 0 ] && shift
done
bad=0
for h in $all; do
	ex=$(sed -n 's/^stat::number_of_executed_units: *//p' "$L/$h.log")
	rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$L/$h.log")
	n=$(ls "$L" | grep -c "^crash-$h-")
	[ "$n" = 0 ] && [ "$(cat "$L/$h.rc")" = 0 ] || bad=1
	cpu=$(tail -n 1 "$L/$h.cpu" | awk '{ printf "%.0f", $1 + $2 }')
	echo "fuzz_$h: ${ex:-?} executions in $(cat "$L/$h.secs") s ($cpu s CPU), $n crashes (exit $(cat "$L/$h.rc")), corpus $(ls "$L/corpus-$h" | wc -l), peak RSS ${rss:-?} MB, from $(cat "$L/$h.start")"
done
exit $bad
