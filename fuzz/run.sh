#!/usr/bin/env bash
# usage: fuzz/run.sh DIR SECONDS HARNESS...  (make fuzz, make fuzz-long)
#
# Fuzzes each HARNESS (DIR/fuzz_HARNESS, built by make fuzz-build) for SECONDS, one after the
# other: its corpus is DIR/corpus/HARNESS, seeded from fuzz/corpus/HARNESS, with the dictionary
# fuzz/dict/HARNESS.dict; a crash is saved as DIR/HARNESS-crash-*.  libFuzzer's flags come
# from FUZZ_RUN (the Makefile's).  With SHARD=K/N (tests/sharded.sh, which the Makefile runs it
# under, one harness per core), only the harnesses at positions K, K + N, ...  Prints each
# harness's last statistics, or for one that failed its log's last 60 lines.  Exit status 0
# when no harness failed, else 1.
set -u
dir=$1 secs=$2
shift 2
k=${SHARD%/*} n=${SHARD#*/}
[ -n "${SHARD:-}" ] || k=0 n=1
i=0 bad=0
for h in "$@"; do
	i=$((i + 1))
	[ $(((i - 1) % n)) = "$k" ] || continue
	len=65536
	case $h in release | commit) len=4096 ;; esac
	mkdir -p "$dir/corpus/$h"
	# shellcheck disable=SC2086
	if "$dir/fuzz_$h" ${FUZZ_RUN:-} -max_total_time="$secs" -max_len=$len \
		-dict="fuzz/dict/$h.dict" -artifact_prefix="$dir/$h-crash-" \
		"$dir/corpus/$h" "fuzz/corpus/$h" >"$dir/$h.log" 2>&1; then
		echo "== fuzz_$h: $secs s"
		grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$dir/$h.log"
	else
		tail -n 60 "$dir/$h.log"
		echo "fuzz_$h FAILED (log: $dir/$h.log)"
		bad=1
	fi
done
[ "$bad" = 0 ] && echo "fuzz: no crash, no property failure"
exit $bad
