#!/usr/bin/env bash
# The commit-graph walk must give exactly what the plain walk gives.
# For every scenario repository the end-to-end run built (DIR), write a
# commit-graph (single file, then split layers), run stats and fixes with and
# without it (REGTRACE_NO_COMMIT_GRAPH), and compare byte for byte.
# usage: tests/graph/compare.sh REGTRACE E2E_WORK_DIR SCENARIO_DIR
set -u
regtrace=$1 work=$2 scenarios=$3
pass=0 fail=0
for repo in "$work"/*/; do
	name=$(basename "$repo")
	range=$(awk '$1 == "range" { print $2; exit }' "$scenarios/$name.scenario" 2>/dev/null)
	[ -n "$range" ] && [ -d "$repo/.git" ] || continue
	for mode in single split; do
		rm -rf "$repo/.git/objects/info/commit-graph" "$repo/.git/objects/info/commit-graphs"
		if [ $mode = split ]; then
			git -C "$repo" commit-graph write --reachable --split=no-merge >/dev/null 2>&1
		else
			git -C "$repo" commit-graph write --reachable >/dev/null 2>&1
		fi
		ok=1
		for cmd in stats fixes; do
			with=$("$regtrace" -C "$repo" $cmd --json "$range" 2>&1; echo "exit $?")
			without=$(REGTRACE_NO_COMMIT_GRAPH=1 "$regtrace" -C "$repo" $cmd --json "$range" 2>&1; echo "exit $?")
			[ "$with" = "$without" ] || ok=0
		done
		if [ $ok = 1 ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL $name ($mode commit-graph): output differs from the plain walk"
		fi
	done
	rm -rf "$repo/.git/objects/info/commit-graph" "$repo/.git/objects/info/commit-graphs"
done
echo "commit-graph: $pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
