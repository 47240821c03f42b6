#!/usr/bin/env bash
# usage: fuzz/run.sh DIR SECONDS JOBS HARNESS...  (make fuzz, make fuzz-long)
#
# Fuzzes each HARNESS (DIR/fuzz_HARNESS, built by make fuzz-build) for SECONDS, JOBS of them
# at a time (each harness is one process on one core): its corpus is DIR/corpus/HARNESS,
# seeded from fuzz/corpus/HARNESS, with the dictionary fuzz/dict/HARNESS.dict; a crash is
# saved as DIR/HARNESS-crash-*.  libFuzzer's flags come from FUZZ_RUN (the Makefile's).
# Prints, harness after harness once all have ended, the run's last statistics; for a harness
# that failed, its log's last 60 lines.  Exit status 0 when no harness failed, else 1.
set -u
dir=$1 secs=$2 jobs=$3
shift 3
one() {	# HARNESS: fuzz it; its summary in DIR/HARNESS.summary, status 1 when it failed
	local h=$1 len=65536
	case $h in release | commit) len=4096 ;; esac
	mkdir -p "$dir/corpus/$h"
	# shellcheck disable=SC2086
	if "$dir/fuzz_$h" ${FUZZ_RUN:-} -max_total_time="$secs" -max_len=$len \
		-dict="fuzz/dict/$h.dict" -artifact_prefix="$dir/$h-crash-" \
		"$dir/corpus/$h" "fuzz/corpus/$h" >"$dir/$h.log" 2>&1; then
		{ echo "== fuzz_$h: $secs s"
		  grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$dir/$h.log"
		} >"$dir/$h.summary"
	else
		{ tail -n 60 "$dir/$h.log"; echo "fuzz_$h FAILED (log: $dir/$h.log)"; } >"$dir/$h.summary"
		return 1
	fi
}
running=0 bad=0
for h in "$@"; do
	if [ "$running" -ge "$jobs" ]; then
		wait -n || bad=1
		running=$((running - 1))
	fi
	one "$h" &
	running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
	wait -n || bad=1
	running=$((running - 1))
done
for h in "$@"; do
	cat "$dir/$h.summary"
done
if [ "$bad" = 0 ]; then
	echo "fuzz: no crash, no property failure"
fi
exit $bad
