#!/usr/bin/env bash
# tests/graph/mainline-peek.sh REGTRACE — the mainline's walks take the dates and parents of
# the commits they only paint from the commit cache (src/git/walk.h, walk_options.peek;
# doc/performance.md): after the mainline moves, the chain's tail TIP ^v1.0 is read again
# and paints v1.0's history as the series' walk painted it the run before.
#
# A repository made with git, one commit an hour, each by A <a@example.org>:
#   master  c1 c2 c3 ... c8 (tag v1.0), then a merge of topic (t1, forked at c2), then m2
#           (added after the first run)
#   stable  from v1.0: s1 "t1: add t1" (t1's subject, no upstream line), tag v1.0.1
# The walk of master ^v1.0 meets t1's parent c2, so it paints c8 back to c2 before it can
# stop; the walk of the series v1.0..v1.0.1 painted them too (they are within its day of
# clock skew), and the commit cache kept their dates and parents.
# Hand-worked: one series (v1.0..v1.0.1), commits 1, s1's upstream inferred from t1
# (inferred_upstream 1), no fixes.
# Checks: the first run caches; m2 is committed; the objects of c3..c7 (painted only) are
# deleted; the second run must read the tail again without them and give what a run
# without caches gives on the intact repository.
SANDBOX=mainline-peek . "$(dirname "$0")/../lib/sandbox.sh"
# The caches beneath are the subject: no earlier output is replayed (src/cmd/replay.h).
export REGTRACE_NO_ANSWERS=1
d=$W/repo
n=0
commit() {	# git commit ARGS at the next hour
	n=$((n + 1))
	GIT_AUTHOR_DATE="@$((1500000000 + n * 3600)) +0000" GIT_COMMITTER_DATE="@$((1500000000 + n * 3600)) +0000" \
		git -C "$d" "$@"
}
add() { echo "$1" >"$d/$1"; git -C "$d" add "$1"; commit commit -q -m "$2"; }

git init -q -b master "$d"
for i in 1 2 3 4 5 6 7 8; do add "f$i" "c$i: add f$i"; done
git -C "$d" tag v1.0
git -C "$d" checkout -q -b topic v1.0~6
add t1 "t1: add t1"
git -C "$d" checkout -q master
commit merge -q --no-ff -m "merge topic" topic
git -C "$d" checkout -q -b stable v1.0
add t1 "t1: add t1"
git -C "$d" tag v1.0.1
git -C "$d" checkout -q master

field() { sed -n "s/^ *\"$1\": \([0-9]*\),*$/\1/p" "$2" | head -1; }

"$R" -C "$d" stats --json >"$W/first.json" 2>"$W/first.err"
if [ $? = 0 ] && [ "$(field inferred_upstream "$W/first.json")" = 1 ] &&
	[ -s "$d/.git/regtrace-cache" ] && [ -s "$d/.git/regtrace-mainline-cache" ]; then
	ok "first run: s1 inferred, caches written"
else
	no "first run" "$(cat "$W/first.err")"
fi

add m2 "m2: add m2"
REGTRACE_NO_CACHE=1 "$R" -C "$d" stats --json >"$W/plain.json" 2>&1
for c in $(git -C "$d" rev-list v1.0~1 ^v1.0~6); do
	rm -f "$d/.git/objects/${c:0:2}/${c:2}"
done
if git -C "$d" cat-file -e v1.0~1 2>/dev/null; then
	no "objects deleted" "c7 is still readable"
else
	ok "objects of c3..c7 deleted"
fi

"$R" -C "$d" stats --json >"$W/second.json" 2>"$W/second.err"
rc=$?
if [ $rc = 0 ] && [ "$(field commits "$W/second.json")" = 1 ] &&
	[ "$(field inferred_upstream "$W/second.json")" = 1 ]; then
	ok "after the mainline moved: tail read again without the painted commits' objects"
else
	no "after the mainline moved" "exit $rc: $(head -c 300 "$W/second.err")"
fi
if [ -s "$W/plain.json" ] &&
	cmp -s <(grep -v '"repository"' "$W/plain.json") <(grep -v '"repository"' "$W/second.json"); then
	ok "equal to the run without caches on the intact repository"
else
	no "equal to the plain run" "$(diff "$W/plain.json" "$W/second.json" | head -5)"
fi
finish "mainline-peek"
