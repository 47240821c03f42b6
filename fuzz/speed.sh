#!/usr/bin/env bash
# fuzz/speed.sh [-d DIR] [-r RUNS] [HARNESS...] — how fast each harness checks an input:
# every seed of fuzz/corpus/NAME is run RUNS times (default 100) by DIR/fuzz_NAME (default
# build/fuzz), and the executions are divided by the CPU time taken (user + system), which,
# unlike libFuzzer's exec/s, does not depend on what else the machine runs.  The same fixed
# inputs for every build, so two builds compare (e.g. before and after a harness change).
set -u
cd "$(dirname "$0")/.."
dir=build/fuzz runs=100
while [ $# -gt 0 ]; do
	case $1 in
	-d) dir=$2; shift 2 ;;
	-r) runs=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || set -- message release scenario commit cgraph cache
tf=$(mktemp)
trap 'rm -f "$tf"' EXIT
for h in "$@"; do
	n=$(ls fuzz/corpus/$h | wc -l)
	/usr/bin/time -o "$tf" -f '%U %S' nice -n 19 "$dir/fuzz_$h" -runs="$runs" fuzz/corpus/$h/* \
		>/dev/null 2>&1 || { echo "fuzz_$h: failed"; exit 1; }
	t=$(tail -n 1 "$tf")
	awk -v h="$h" -v n="$n" -v r="$runs" -v t="$t" 'BEGIN { split(t, a, " "); c = a[1] + a[2];
		printf "fuzz_%s: %d inputs x %d runs in %.2f s CPU: %.0f executions per CPU second\n",
		h, n, r, c, n * r / (c > 0 ? c : 0.01) }'
done
