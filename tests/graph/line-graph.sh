#!/usr/bin/env bash
# tests/graph/line-graph.sh REGTRACE — a whole-repository run with a commit-graph gives what
# the plain walk gives: discovery takes the mainline's first-parent line from the graph
# (src/git/discover.c: nothing inflated), and the walks' message readers each read through a
# repository handle of their own (src/git/walk_messages.c: two readers once a walk has 64
# commits or more to read after it).
#
# A repository made with git, one commit an hour, each by A <a@example.org>:
#   master  c1 .. c120, a topic of two commits merged (--no-ff) after every 20th; tags v1.0
#           (at c40), v1.1 (c80), v1.1.1 (c90), v1.1.2 (c100) and v1.2 (c110)
#   stable  from v1.0: s1 .. s70, tags v1.0.1 (at s35) and v1.0.2 (at s70); s10 says
#           "Fixes: s5", s40 "Fixes: s20"; s51 .. s55 take the subjects of c101 .. c105
#           (backports that name no upstream commit: inferred from the mainline's messages)
#   stable2 from v1.2: r1 .. r3, tag v1.2.1 (at r3)
# Hand-worked: one series, 1.0 (v1.0..v1.0.2): commits 70, fixes 2 (s10 fixes s5 in the
# same release v1.0.1; s40 in v1.0.2 fixes s20 of v1.0.1: visible), same release 1,
# visible 1, inferred_upstream 5 (s51 .. s55: one mainline commit each has their author
# and subject); and 1.2 (v1.2..v1.2.1): commits 3.  1.1's releases are on the mainline's
# first-parent line, which goes on to a newer base (v1.2): the development line's
# (doc/dialects.md, development-line), no series.  (Without the line, 1.1 would be one.)
# Checks, every run without caches (REGTRACE_NO_CACHE): the numbers above without a
# commit-graph; then the same stdout and stderr of `stats` and `series` over every series,
# and of `stats v1.0..v1.0.2` (one walk of 70 commits: its messages read by two threads),
# with a single-file graph, split layers, a graph written before 12 more commits and a
# release (the newest commits not in it), and a graph with a byte flipped (not trusted),
# each by two threads.
SANDBOX=line-graph . "$(dirname "$0")/../lib/sandbox.sh"
export REGTRACE_NO_ANSWERS=1 REGTRACE_NO_CACHE=1
d=$W/repo
n=0
. "$(dirname "$0")/../lib/stable-branches.sh"

git init -q -b master "$d"
for i in $(seq 1 120); do
	commit "c$i: change $i"
	case $i in
	40) git -C "$d" tag v1.0 ;; 80) git -C "$d" tag v1.1 ;; 90) git -C "$d" tag v1.1.1 ;;
	100) git -C "$d" tag v1.1.2 ;; 110) git -C "$d" tag v1.2 ;;
	esac
	if [ $((i % 20)) = 0 ]; then
		git -C "$d" checkout -q -b "topic$i"
		commit "t$i: first"
		commit "t$i: second"
		git -C "$d" checkout -q master
		merge "topic$i"
	fi
done
BACKPORTS=1 stable_branches

# the plain walk's answer: stats and series, stdout and stderr and exit status
plain() { REGTRACE_NO_COMMIT_GRAPH=1 REGTRACE_THREADS=1 "$R" -C "$d" "$@" --json 2>&1; echo "exit $?"; }
graph() { REGTRACE_THREADS=2 "$R" -C "$d" "$@" --json 2>&1; echo "exit $?"; }
want_stats=$(plain stats) want_series=$(plain series) want_range=$(plain stats v1.0..v1.0.2)
got=$(python3 -c 'import json, sys
s = json.loads(sys.argv[1].rsplit("exit", 1)[0])["series"]
by = {x["name"]: x for x in s}
a, b = by.get("v1.0..v1.0.2", {}), by.get("v1.2..v1.2.1", {})
print(len(s), a.get("commits"), a.get("fixes"), a.get("same_release"), a.get("visible"),
      a.get("inferred_upstream"), b.get("commits"))' "$want_stats" 2>&1)
if [ "$got" = "2 70 2 1 1 5 3" ]; then
	ok "plain: 1.0 of 70 commits, 2 fixes, 1 visible, 5 inferred; 1.2 of 3; no 1.1"
else no "plain" "series, name, commits, fixes, same release, visible: '$got'"; fi

same() {	# LABEL: stats and series with the graph as it is now equal the plain answers
	if [ "$(graph stats)" = "$want_stats" ] && [ "$(graph series)" = "$want_series" ] &&
		[ "$(graph stats v1.0..v1.0.2)" = "$want_range" ]; then
		ok "$1: the plain walk's answer"
	else no "$1" "$(diff <(echo "$want_stats") <(graph stats) | head -5)"; fi
}
rm_graph() { rm -rf "$d/.git/objects/info/commit-graph" "$d/.git/objects/info/commit-graphs"; }

git -C "$d" commit-graph write --reachable
same "single-file graph"
rm_graph
git -C "$d" commit-graph write --reachable --split=no-merge
same "split graph"
rm_graph

# a graph that does not hold the newest commits: the line's top is read from the objects
git -C "$d" commit-graph write --reachable
for i in $(seq 121 130); do commit "c$i: change $i"; done
git -C "$d" checkout -q stable
commit "s71: change 71"
commit "s72: change 72"
git -C "$d" tag v1.0.3
git -C "$d" checkout -q master
want_stats=$(plain stats) want_series=$(plain series) want_range=$(plain stats v1.0..v1.0.2)
if grep -q '"commits": 72' <<<"$want_stats"; then ok "plain after 12 more commits: 72 in 1.0"
else no "plain after more commits" "$(head -c 300 <<<"$want_stats")"; fi
same "graph without the newest commits"

# a byte flipped in the graph: its checksum fails, it is not used
f=$d/.git/objects/info/commit-graph
chmod u+w "$f"
printf '\377' | dd of="$f" bs=1 seek=$(($(stat -c %s "$f") / 2)) conv=notrunc 2>/dev/null
same "corrupt graph"
rm_graph
finish line-graph
