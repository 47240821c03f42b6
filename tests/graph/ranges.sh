#!/usr/bin/env bash
# The range cache (README "How it reads history"): a range read from it, or extended from a
# cached range of the same BASE whose TIP is an ancestor of the new TIP, must give exactly what
# a plain walk gives.  For every scenario repository the end-to-end run built (DIR) whose range
# BASE..TIP has a commit P before TIP (TIP's first or second parent, not reachable from BASE),
# on a copy of the repository, with and without a commit-graph:
#
#  - extended: run stats BASE..P (caches it), delete the objects of the commits of BASE..P
#    that no tag names (so walking them again would fail), then stats and fixes BASE..TIP:
#    the output must equal the plain walk's (on the intact repository);
#  - warm: the same commands again (the range is cached now): equal, with the objects of
#    every untagged commit of BASE..TIP deleted too;
#  - rewound: with (BASE, TIP) cached, BASE..P (P is no descendant of TIP): equal to its plain
#    walk.
# And every series at once (stats with no RANGE): cold, warm and plain are equal, and each
# series equals the same series read alone (one walk for all, or one each; all but what it
# shares with the other series of the run, doc/rules.md): on every scenario
# repository and on a generated merge-heavy history (mkmerges.py: topics forked far back,
# clock skew), with and without a commit-graph, by one thread and by three.
# usage: tests/graph/ranges.sh REGTRACE E2E_WORK_DIR SCENARIO_DIR
# (SHARD=K/N, GRAPH_SCENARIOS: which repositories, tests/graph/select.sh)
set -u
regtrace=$(realpath "$1") work=$2 scenarios=$3
# The caches beneath are the subject: no earlier output is replayed (src/cmd/replay.h), no
# series is taken from its summary (src/load/summary_use.h).
export REGTRACE_NO_ANSWERS=1 REGTRACE_NO_SUMMARIES=1
. "$(dirname "$0")/select.sh"
mapfile -t dirs < <(scenario_dirs "$work")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/regtrace-ranges.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# The JSON envelope names the repository read (doc/json.md): copies of one repository
# compare equal without that line.
# unrepo VAR TEXT: TEXT without what follows its "repository" key up to the line's end, in VAR
# (in the shell: a sed per check cost more than the check's regtrace runs)
nl=$'\n'
unrepo() {
	local s=$2
	case $s in *'"repository": '*) s="${s%%\"repository\": *}${s#*\"repository\": *$nl}" ;; esac
	printf -v "$1" '%s' "$s"
}
check() {	# NAME WANT GOT
	local want got
	unrepo want "$2"
	unrepo got "$3"
	if [ "$want" = "$got" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $1"
		diff <(echo "$2") <(echo "$3") | head -5
	fi
}
run() {	# REPO ARGS...: output and status
	local repo=$1
	shift
	env ${NOGRAPH:+REGTRACE_NO_COMMIT_GRAPH=1} "$regtrace" -C "$repo" "$@" 2>&1
	echo "exit $?"
}
plain() { REGTRACE_NO_CACHE=1 REGTRACE_NO_COMMIT_GRAPH=1 "$regtrace" -C "$@" 2>&1; echo "exit $?"; }
# Delete from REPO the loose objects of the commits of RANGE (listed in the intact SRC) that
# no tag names, except the range's TIP (resolving a name reads its commit) and the commits of
# the mainline branch (read again for the upstream inference, doc/dialects.md).
forget() {	# SRC REPO RANGE
	local src=$1 repo=$2 keep=$tmp/keep b mainline=
	{	# (no empty line: as a pattern it would match every commit)
		git -C "$src" for-each-ref --format='%(objectname)%0a%(*objectname)' refs/tags
		git -C "$src" rev-parse "${3#*..}^{commit}"
	} | sed '/^$/d' >"$keep"
	for b in master main; do
		git -C "$src" rev-parse -q --verify "refs/heads/$b" >/dev/null && mainline="$mainline ^refs/heads/$b"
	done
	# shellcheck disable=SC2086
	git -C "$src" rev-list "$3" $mainline | grep -vxF -f "$keep" |
		sed "s|^\(..\)|$repo/.git/objects/\1/|" | xargs -r -d '\n' rm -f
}
for src in "${dirs[@]}"; do
	name=$(basename "$src")
	range=$(awk '$1 == "range" && NF == 2 && $2 ~ /[.][.]/ { r = $2 } END { print r }' "$scenarios/$name.scenario" 2>/dev/null)
	[ -n "$range" ] && [ -d "$src/.git" ] || continue
	base=${range%%..*} tip=${range#*..}
	git -C "$src" rev-parse -q --verify "$tip^{commit}" >/dev/null 2>&1 || continue
	git -C "$src" rev-parse -q --verify "$base^{commit}" >/dev/null 2>&1 || continue
	[ -z "$(ls "$src/.git/objects/pack" 2>/dev/null)" ] || continue	# loose objects only
	case "$range" in *'~'*|*'^'*|*:*) continue ;; esac	# resolving those reads commits
	for parent in 1 2; do
		p=$(git -C "$src" rev-parse -q --verify "$tip^$parent" 2>/dev/null) || continue
		git -C "$src" merge-base --is-ancestor "$p" "$base" 2>/dev/null && continue
		[ -n "$(git -C "$src" rev-list "$base..$p" 2>/dev/null | head -1)" ] || continue
		# --no-infer: the upstream inference reads the mainline (doc/dialects.md), whose
		# segments may hold the series' commits (tags such as v254.1 read as mainline tags)
		want_stats=$(plain "$src" stats --json --no-infer "$range")
		want_fixes=$(plain "$src" fixes --json --no-infer "$range")
		want_p=$(plain "$src" stats --json "$base..$p")
		for graph in no yes; do
			repo="$tmp/$name"
			rm -rf "$repo"
			cp -a "$src" "$repo"
			rm -rf "$repo/.git/regtrace-"*
			NOGRAPH=1
			if [ $graph = yes ]; then
				git -C "$repo" commit-graph write --reachable >/dev/null 2>&1
				NOGRAPH=
			fi
			label="$name ($tip^$parent, commit-graph $graph)"
			run "$repo" stats --json --no-infer "$base..$p" >/dev/null
			forget "$src" "$repo" "$base..$p"
			check "$label extended stats" "$want_stats" \
				"$(run "$repo" stats --json --no-infer "$range")"
			check "$label extended fixes" "$want_fixes" \
				"$(run "$repo" fixes --json --no-infer "$range")"
			forget "$src" "$repo" "$range"
			check "$label warm stats" "$want_stats" \
				"$(run "$repo" stats --json --no-infer "$range")"
			check "$label warm fixes" "$want_fixes" \
				"$(run "$repo" fixes --json --no-infer "$range")"
			rm -rf "$repo"
			cp -a "$src" "$repo"
			rm -rf "$repo/.git/regtrace-"*
			run "$repo" stats --json "$range" >/dev/null
			check "$label rewound" "$want_p" "$(run "$repo" stats --json "$base..$p")"
			rm -rf "$repo"
		done
	done
done
for src in "${dirs[@]}"; do
	[ -d "$src/.git" ] || continue
	repo="$tmp/all"
	rm -rf "$repo"
	cp -a "$src" "$repo"
	rm -rf "$repo/.git/regtrace-"*
	want=$(plain "$src" stats --json)
	check "$(basename "$src") every series, cold" "$want" "$(NOGRAPH=1 run "$repo" stats --json)"
	check "$(basename "$src") every series, warm" "$want" "$(NOGRAPH=1 run "$repo" stats --json)"
	rm -rf "$repo"
done
# Each series of stats --json (every series at once) against that series alone.
alone_equal() {	# REPO
	local repo=$1 all three
	# three threads must give what one gives; each series is then read alone once (its
	# answer does not depend on the thread count of the run over every series)
	all=$(REGTRACE_NO_CACHE=1 REGTRACE_THREADS=1 "$regtrace" -C "$repo" stats --json 2>/dev/null) || return 0
	three=$(REGTRACE_NO_CACHE=1 REGTRACE_THREADS=3 "$regtrace" -C "$repo" stats --json 2>/dev/null)
	[ "$all" = "$three" ] || { echo "differs: 3 threads"; return 1; }
	python3 - "$regtrace" "$repo" "$all" <<'PY' || return 1
import json, os, subprocess, sys
regtrace, repo, text = sys.argv[1], sys.argv[2], sys.argv[3]
env = dict(os.environ, REGTRACE_NO_CACHE="1")
def own(s):	# what a series says of itself: not what it shares with the others of the run
    return {k: v for k, v in s.items() if k not in ("shared_commits", "shared_with")}
for s in json.loads(text)["series"]:
    one = subprocess.run([regtrace, "-C", repo, "stats", "--json", s["name"]], env=env,
                         capture_output=True, text=True)
    if one.returncode or own(json.loads(one.stdout)["series"][0]) != own(s):
        print("differs:", s["name"])
        sys.exit(1)
PY
}
for src in "${dirs[@]}"; do
	[ -d "$src/.git" ] || continue
	alone_equal "$src" && check "$(basename "$src") each series alone" ok ok ||
		check "$(basename "$src") each series alone" ok differs
done
# (one share of a sharded run does the generated history: tests/graph/select.sh)
if last_shard; then
	merges="$tmp/merges"
	git init -q --bare "$merges"
	python3 "$(dirname "$0")/mkmerges.py" | git -C "$merges" fast-import --quiet
	for graph in no yes; do
		NOGRAPH=1
		if [ $graph = yes ]; then
			git -C "$merges" commit-graph write --reachable >/dev/null 2>&1
			NOGRAPH=
		fi
		alone_equal "$merges" && check "merge-heavy, commit-graph $graph, each series alone" ok ok ||
			check "merge-heavy, commit-graph $graph, each series alone" ok differs
		want=$(plain "$merges" stats --json)
		rm -rf "$merges/regtrace-"*
		check "merge-heavy, commit-graph $graph, cold" "$want" "$(run "$merges" stats --json)"
		check "merge-heavy, commit-graph $graph, warm" "$want" "$(run "$merges" stats --json)"
	done
fi
echo "range cache: $pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
