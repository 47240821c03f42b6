#!/usr/bin/env bash
# usage: tests/sharded.sh N CMD [ARG...]
#
# Runs N copies of CMD at once, the K-th (0 <= K < N) with SHARD=K/N in its environment, so
# that each takes its share of the scenarios (tests/scenario-engine/e2e.c,
# tests/graph/select.sh); N=1 runs CMD once, as it is.  Each copy's output (stdout and
# stderr) goes to a file of its own and is printed, copy after copy, once all have ended, so
# that the lines of one never cut into another's.  Exit status: 0 when every copy exited 0,
# 1 otherwise.
set -u
n=$1
shift
case $n in ''|*[!0-9]*|0) echo "sharded.sh: N must be a positive number" >&2; exit 2 ;; esac
[ "$n" = 1 ] && exec "$@"
dir=$(mktemp -d "${TMPDIR:-/tmp}/regtrace-shards.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
pids=()
for ((k = 0; k < n; k++)); do
	SHARD=$k/$n "$@" >"$dir/$k" 2>&1 &
	pids+=($!)
done
rc=0
for ((k = 0; k < n; k++)); do
	wait "${pids[$k]}" || rc=1
done
for ((k = 0; k < n; k++)); do
	cat "$dir/$k"
done
exit $rc
