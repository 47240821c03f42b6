#!/usr/bin/env bash
# tests/replay/replay.sh REGTRACE — a command run again on a repository that did not change
# prints its earlier answer without reading history (src/cmd/replay.h,
# src/git/answer_key.h), and anything its output depends on gives a fresh answer.
#
# A repository made with git (a work tree), one commit an hour by A <a@example.org>:
#   master:  m1 (tag v1.0)
#   stable:  from v1.0: s1 "bug: add"; s2 "bug: repair" with "Fixes: <s1>" (tag v1.0.1)
# Hand-worked, whole repository: one series v1.0..v1.0.1, 2 commits, 1 fix, and the fix in
# the release of what it fixes (1 same-release, 0 visible); no commit names an upstream one,
# so the text's run warns that none has an upstream commit id.
#
# Every check compares with a run that keeps nothing (REGTRACE_NO_CACHE=1), output and
# exit status; that a run was replayed is shown by damage only a replay survives: a
# commit's object overwritten in place (its directory's time unchanged) and every cache
# file removed, so a run that reads history fails.
SANDBOX=replay . "$(dirname "$0")/../lib/sandbox.sh"
unset REGTRACE_NO_CACHE REGTRACE_NO_ANSWERS
d=$W/repo
git init -q -b master "$d"
hourly_commit "m1: start" m1
git -C "$d" tag v1.0
git -C "$d" checkout -q -b stable
hourly_commit "bug: add" s1
s1=$(git -C "$d" rev-parse HEAD)
hourly_commit "bug: repair

Fixes: ${s1:0:12} (\"bug: add\")" s2
s2=$(git -C "$d" rev-parse HEAD)
git -C "$d" tag v1.0.1
git -C "$d" checkout -q master

answers() { find "$d/.git/regtrace-answers" -type f 2>/dev/null | wc -l; }
names() { ls "$d/.git/regtrace-answers" 2>/dev/null; }	# (at most 16 kept: compare names)
run() { "$R" -C "$d" "$@" 2>"$W/err"; echo "exit $?"; }
fresh() { REGTRACE_NO_CACHE=1 "$R" -C "$d" "$@" 2>"$W/err.fresh"; echo "exit $?"; }
same() {	# LABEL ARGS...: a run equals a fresh one, stdout, stderr and status
	local label=$1 got want
	shift
	got=$(run "$@")
	want=$(fresh "$@")
	if [ "$got" = "$want" ] && cmp -s "$W/err" "$W/err.fresh"; then
		ok "$label"
	else
		no "$label" "got [$(echo "$got" | head -c 300)] stderr [$(head -c 200 "$W/err")], want [$(echo "$want" | head -c 300)] stderr [$(head -c 200 "$W/err.fresh")]"
	fi
}
field() { sed -n "s/^ *\"$1\": \([0-9]*\),*$/\1/p" | head -1; }

# the hand-worked numbers, so that "equal to a fresh run" compares right answers
first=$(run stats --json)
c=$(echo "$first" | field commits) f=$(echo "$first" | field fixes)
sr=$(echo "$first" | field same_release) v=$(echo "$first" | field visible)
if [ "$c/$f/$sr/$v" = "2/1/1/0" ]; then
	ok "first run: 2 commits, 1 fix, 1 same-release, 0 visible"
else
	no "first run" "commits/fixes/same-release/visible $c/$f/$sr/$v, stderr $(head -c 200 "$W/err")"
fi
text=$(run stats)
cp "$W/err" "$W/err.text"
grep -q "have an upstream commit id" "$W/err.text" && ok "the text's warning" ||
	no "the text's warning" "stderr $(head -c 200 "$W/err.text")"
[ "$(answers)" = 2 ] && ok "two answers kept" || no "two answers kept" "$(answers) files"

# the replay reads no history: s1's object damaged in place, the caches gone
obj=$d/.git/objects/${s1:0:2}/${s1:2}
cp "$obj" "$W/obj.saved"
chmod u+w "$obj"
printf 'not zlib at all, not at all' | dd of="$obj" conv=notrunc status=none
rm -f "$d"/.git/regtrace-*cache* "$d"/.git/regtrace-summaries	# (a summary reads none either)
second=$(run stats --json)
[ "$second" = "$first" ] && [ ! -s "$W/err" ] && ok "replayed: the same output, history unread" ||
	no "replayed" "got [$(echo "$second" | head -c 200)] stderr [$(head -c 200 "$W/err")]"
second=$(run stats)
[ "$second" = "$text" ] && cmp -s "$W/err" "$W/err.text" &&
	ok "replayed: the same text and warning, history unread" ||
	no "replayed text" "got [$(echo "$second" | head -c 200)] stderr [$(head -c 200 "$W/err")]"
third=$(REGTRACE_NO_ANSWERS=1 "$R" -C "$d" stats --json 2>/dev/null; echo "exit $?")
[ "${third##*exit }" != 0 ] && ok "without replay the damage shows (exit ${third##*exit })" ||
	no "without replay" "exit 0: the damage did not show, so the replay above proves nothing"
cat "$W/obj.saved" | dd of="$obj" conv=notrunc status=none
[ "$(git -C "$d" cat-file -t "$s1")" = commit ] || no "object restored" "git cannot read $s1"

quiet=$(run stats -q)
[ ! -s "$W/err" ] && [ "${quiet%exit 0}" != "$quiet" ] && ok "--quiet: another answer, no warning" ||
	no "--quiet" "stderr $(head -c 200 "$W/err")"

# what the output depends on, changed: each a fresh answer
same "text, not json" stats
git -C "$d" checkout -q stable
hourly_commit "other: change" s3
git -C "$d" checkout -q master
same "a commit after the last release" stats --json
git -C "$d" tag v1.0.2 stable	# (a ref only: no new object)
same "a new release tag" stats --json
got=$(run stats --json | field commits)
[ "$got" = 3 ] && ok "the new release counted: 3 commits" || no "new release" "$got commits"
hourly_commit "m2: more" m2
same "the mainline moved" stats --json
git -C "$d" config regtrace.excludeSeries v1.0
same "a setting (regtrace.excludeSeries)" stats --json
git -C "$d" config --unset regtrace.excludeSeries
same "the setting removed" stats --json
printf '[regtrace]\n\texcludeSeries = v1.0\n' >"$d/.regtrace"
same "the work tree's .regtrace" stats --json
rm "$d/.regtrace"
same ".regtrace removed" stats --json
plain=$(GIT_AUTHOR_DATE="@1500090000 +0000" GIT_COMMITTER_DATE="@1500090000 +0000" \
	git -C "$d" commit-tree -p "$s1" -m "bug: repair, without naming it" "$s2^{tree}")
git -C "$d" replace "$s2" "$plain"
same "a git replace ref" stats --json
got=$(run stats --json | field fixes)
[ "$got" = 0 ] && ok "the replacement counted: 0 fixes" || no "replacement" "$got fixes"
git -C "$d" replace -d "$s2" >/dev/null
same "the replace ref deleted" stats --json
echo "$s2" >"$d/.git/info/grafts"
same "a grafts file" stats --json
rm "$d/.git/info/grafts"
same "the grafts file removed" stats --json
git -C "$d" pack-refs --all
same "the refs packed" stats --json
git -C "$d" tag -d v1.0.2 >/dev/null	# (in packed-refs only)
same "a packed tag deleted" stats --json
git -C "$d" tag v1.0.2 stable
git -C "$d" update-ref FETCH_HEAD "$s2"
same "a pseudo-ref in a range" stats --json v1.0..FETCH_HEAD
git -C "$d" update-ref FETCH_HEAD "$s1"
same "the pseudo-ref moved" stats --json v1.0..FETCH_HEAD
got=$(run stats --json v1.0..FETCH_HEAD | field commits)
[ "$got" = 1 ] && ok "the moved pseudo-ref counted: 1 commit" || no "pseudo-ref" "$got commits"
before=$(names)
same "a reflog entry in a range" stats --json v1.0..stable@{0}
[ "$(names)" = "$before" ] && ok "a reflog entry: nothing kept" || no "reflog entry" "an answer was kept"
run stats --json >/dev/null	# (this state's answer kept)
before=$(names)
git -C "$d" hash-object -w --stdin <<<"a loose object, no ref moved" >/dev/null
same "a loose object added" stats --json
[ "$(names)" != "$before" ] && ok "a loose object: another key" || no "loose object" "no new answer"
git -C "$d" repack -q -a -d
same "repacked" stats --json
before=$(names)
REGTRACE_THREADS=1 "$R" -C "$d" stats --json >/dev/null 2>&1
[ "$(names)" != "$before" ] && ok "the environment: another key" || no "environment" "no new answer"
cp "$R" "$W/regtrace-copy"
before=$(names)
R=$W/regtrace-copy same "another build of regtrace" stats --json
[ "$(names)" != "$before" ] && ok "another build: another key" || no "another build" "no new answer"
for f in "$d"/.git/regtrace-answers/*; do printf 'x' | dd of="$f" bs=1 seek=40 conv=notrunc status=none; done
same "damaged answers are no answers" stats --json
same "... and are written again" stats --json
echo "$s1" >"$W/ids1"
echo "$s2" >"$W/ids2"
a1=$("$R" -C "$d" affected --stdin <"$W/ids1" 2>&1)
a2=$("$R" -C "$d" affected --stdin <"$W/ids2" 2>&1)
w2=$(REGTRACE_NO_CACHE=1 "$R" -C "$d" affected --stdin <"$W/ids2" 2>&1)
[ "$a2" = "$w2" ] && [ "$a1" != "$a2" ] && ok "affected --stdin: never replayed" ||
	no "affected --stdin" "another input got the first answer"

# a linked work tree: its HEAD in its own git directory, the tags in the common one
wt=$W/wt
git -C "$d" worktree add -q --detach "$wt" stable
wrun() { "$R" -C "$wt" "$@" 2>&1; echo "exit $?"; }
wfresh() { REGTRACE_NO_CACHE=1 "$R" -C "$wt" "$@" 2>&1; echo "exit $?"; }
wrun stats --json >/dev/null
[ "$(wrun stats --json)" = "$(wfresh stats --json)" ] && ok "a linked work tree: replayed" ||
	no "linked work tree" "the replay differs from a fresh run"
git -C "$d" tag -d v1.0.2 >/dev/null	# (in the common git directory)
got=$(wrun stats --json)
[ "$got" = "$(wfresh stats --json)" ] && [ "$(echo "$got" | field commits)" = 2 ] &&
	ok "a linked work tree: a tag deleted in the common directory, 2 commits" ||
	no "linked work tree, tag deleted" "$(echo "$got" | field commits) commits"
git -C "$d" tag v1.0.2 stable

e=$W/empty
git clone -q "$d" "$e"
REGTRACE_NO_ANSWERS=1 "$R" -C "$e" stats >/dev/null 2>&1
[ ! -e "$e/.git/regtrace-answers" ] && ok "REGTRACE_NO_ANSWERS: nothing kept" ||
	no "REGTRACE_NO_ANSWERS" "an answer was kept"
"$R" -C "$e" export --sqlite "$W/x.db" >/dev/null 2>&1
[ ! -e "$e/.git/regtrace-answers" ] && ok "export: not kept" || no "export" "an answer was kept"
finish "replay"
