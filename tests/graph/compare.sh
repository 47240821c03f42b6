#!/usr/bin/env bash
# Every way of reading history must give exactly what the plain walk gives.
# For every scenario repository the end-to-end run built (DIR), run stats and
# fixes plainly (REGTRACE_NO_COMMIT_GRAPH, REGTRACE_NO_CACHE) and compare,
# byte for byte, with: a single-file commit-graph, split commit-graph layers,
# a cold cache (none on disk: the run writes it), the warm cache it wrote, and
# that cache with a byte flipped or cut short (ignored, never trusted).  Both
# caches: the commit cache (regtrace-cache) and, for scenarios that run
# `unfixed`, the mainline cache (regtrace-mainline-cache).  Then every series
# at once, read by one thread and by three.
# usage: tests/graph/compare.sh REGTRACE E2E_WORK_DIR SCENARIO_DIR
# (SHARD=K/N, GRAPH_SCENARIOS: which repositories, tests/graph/select.sh)
set -u
regtrace=$1 work=$2 scenarios=$3
# The caches beneath are the subject: no earlier output is replayed (src/cmd/replay.h), no
# series is taken from its summary (src/load/summary_use.h).
export REGTRACE_NO_ANSWERS=1 REGTRACE_NO_SUMMARIES=1
. "$(dirname "$0")/select.sh"
mapfile -t dirs < <(scenario_dirs "$work")
pass=0 fail=0
for repo in "${dirs[@]}"; do
	name=$(basename "$repo")
	range=$(awk '$1 == "range" && NF == 2 && $2 ~ /[.][.]/ { r = $2 } END { print r }' "$scenarios/$name.scenario" 2>/dev/null)
	[ -n "$range" ] && [ -d "$repo/.git" ] || continue
	cmds="stats fixes"
	grep -q '^run [^ ]* unfixed' "$scenarios/$name.scenario" && cmds="$cmds unfixed"
	# the plain walk's answer, once per command (the same for every mode)
	declare -A plain=()
	rm -rf "$repo/.git/objects/info/commit-graph" "$repo/.git/objects/info/commit-graphs"
	for cmd in $cmds; do
		plain[$cmd]=$(REGTRACE_NO_CACHE=1 REGTRACE_NO_COMMIT_GRAPH=1 "$regtrace" -C "$repo" $cmd --json "$range" 2>&1; echo "exit $?")
	done
	for mode in single split cold-cache warm-cache corrupt-cache truncated-cache; do
		rm -rf "$repo/.git/objects/info/commit-graph" "$repo/.git/objects/info/commit-graphs"
		case $mode in
		single) git -C "$repo" commit-graph write --reachable >/dev/null 2>&1 ;;
		split) git -C "$repo" commit-graph write --reachable --split=no-merge >/dev/null 2>&1 ;;
		cold-cache) rm -f "$repo/.git/regtrace-cache" "$repo/.git/regtrace-mainline-cache" \
			"$repo/.git/regtrace-tags-cache" ;;
		corrupt-cache)	# one byte flipped in the middle: the checksum rejects it
			for f in "$repo/.git/regtrace-cache" "$repo/.git/regtrace-mainline-cache" \
				"$repo/.git/regtrace-tags-cache"; do
				[ -s "$f" ] || continue
				size=$(stat -c %s "$f")
				printf '\377' | dd of="$f" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
			done ;;
		truncated-cache)
			for f in "$repo/.git/regtrace-cache" "$repo/.git/regtrace-mainline-cache" \
				"$repo/.git/regtrace-tags-cache"; do
				[ -s "$f" ] && truncate -s $(( $(stat -c %s "$f") * 2 / 3 )) "$f"
			done ;;
		esac
		ok=1
		for cmd in $cmds; do
			if [ $mode = cold-cache ]; then
				rm -f "$repo/.git/regtrace-cache" "$repo/.git/regtrace-mainline-cache" \
					"$repo/.git/regtrace-tags-cache"
				with=$(REGTRACE_NO_COMMIT_GRAPH=1 "$regtrace" -C "$repo" $cmd --json "$range" 2>&1; echo "exit $?")
			elif [ "${mode%-cache}" != "$mode" ]; then
				with=$(REGTRACE_NO_COMMIT_GRAPH=1 "$regtrace" -C "$repo" $cmd --json "$range" 2>&1; echo "exit $?")
			else
				with=$(REGTRACE_NO_CACHE=1 "$regtrace" -C "$repo" $cmd --json "$range" 2>&1; echo "exit $?")
			fi
			without=${plain[$cmd]}
			[ "$with" = "$without" ] || ok=0
		done
		if [ $mode = warm-cache ] && [ "${without##*exit }" = 0 ] &&
			[ ! -s "$repo/.git/regtrace-cache" ]; then
			ok=0	# the cold run must have written it
		fi
		# a mainline read alone is not kept: *no-chain* (a BASE off the mainline); a BASE
		# that is a mainline tag (vX, vX.Y, -rcN) or, when none is, any BASE on the
		# mainline (the chain of the bases) is read into the cache
		kept=$name
		case "$mode $kept $cmds" in	# (*no-chain*: read alone, not kept)
		"warm-cache "*no-chain*) ;;
		"warm-cache "*unfixed*)
			[ "${without##*exit }" != 0 ] || [ -s "$repo/.git/regtrace-mainline-cache" ] ||
				ok=0 ;;
		esac
		if [ $ok = 1 ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL $name ($mode): output differs from the plain walk"
		fi
	done
	rm -rf "$repo/.git/objects/info/commit-graph" "$repo/.git/objects/info/commit-graphs"
done
# Every series of a repository (no RANGE) read by one thread or by three at once: the same
# output, errors included, whatever order the threads finish in.
for repo in "${dirs[@]}"; do
	[ -d "$repo/.git" ] || continue
	one=$(REGTRACE_NO_CACHE=1 REGTRACE_THREADS=1 "$regtrace" -C "$repo" stats --json 2>&1; echo "exit $?")
	three=$(REGTRACE_NO_CACHE=1 REGTRACE_THREADS=3 "$regtrace" -C "$repo" stats --json 2>&1; echo "exit $?")
	if [ "$one" = "$three" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $(basename "$repo") (threads): 3 threads differ from 1"
	fi
done
echo "history readers: $pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
