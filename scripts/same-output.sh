#!/usr/bin/env bash
# same-output.sh OLD NEW [SCENARIO...]: run two regtrace binaries over every scenario
# repository (built with build/mkscenario) and the same command lines, and report any
# difference in stdout, stderr or exit status.  A check for changes meant to keep behaviour
# (a refactoring): exit 0 when every output is byte-identical.
set -u
old=$(realpath "$1") new=$(realpath "$2"); shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
mk=${MKSCENARIO:-$top/build/mkscenario}
[ $# -gt 0 ] || set -- "$top"/tests/scenarios/*.scenario "$top"/tests/report/report.scenario
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
diffs=0 runs=0
# A database as its schema (white space folded: only names, types and order count) and rows.
dump_db() { sqlite3 "$1" .schema | tr -s '[:space:]' ' '; echo; sqlite3 "$1" .dump | grep '^INSERT'; }
run_both() {	# repo args...
	local repo=$1; shift
	local out
	for b in old new; do
		out="$work/$b"
		( cd "$work" && REGTRACE_NO_CACHE=1 "${!b}" -C "$repo" "$@" >"$out.stdout" 2>"$out.stderr"; echo $? >"$out.rc" )
		case " $* " in *" --sqlite "*|*" -o "*)
			f="$work/out-file"; [ -f "$f" ] && { if [ "${*#*--sqlite}" != "$*" ]; then dump_db "$f"; else cat "$f"; fi; } >"$out.file" 2>&1; rm -f "$f";;
		*) : >"$out.file";;
		esac
	done
	runs=$((runs + 1))
	for k in stdout stderr rc file; do
		if ! cmp -s "$work/old.$k" "$work/new.$k"; then
			echo "DIFF ($k): regtrace -C $repo $*"; diff "$work/old.$k" "$work/new.$k" | head -10
			diffs=$((diffs + 1))
		fi
	done
}
for s in "$@"; do
	name=$(basename "$s" .scenario)
	repo="$work/repo-$name"
	"$mk" "$s" "$repo" >/dev/null 2>&1 || { echo "skip $name (mkscenario failed)"; continue; }
	range=$(sed -n 's/^range[[:space:]]\+\([^[:space:]#]*\.\.[^[:space:]#]*\).*/\1/p' "$s" | head -1)
	set -- stats "stats --json" "stats --csv" "stats --by channel" "stats --by path --json" \
		"report -o $work/out-file" "export --sqlite $work/out-file"
	for cmd in "$@"; do run_both "$repo" $cmd; done
	if [ -n "$range" ]; then
		for cmd in stats "stats --json" "stats --csv" fixes "fixes --json" "fixes --csv" \
			timeline "timeline --json" "timeline --csv" sagas "sagas --json" \
			unfixed "unfixed --json" "unfixed --csv" "stats --mainline master --json" \
			"stats --by channel --csv" "report -o $work/out-file" "export --sqlite $work/out-file"; do
			run_both "$repo" $cmd "$range"
		done
	fi
done
echo "same-output: $runs command lines, $diffs differences"
[ "$diffs" = 0 ]
