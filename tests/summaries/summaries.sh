#!/usr/bin/env bash
# tests/summaries/summaries.sh REGTRACE — `stats` after a new release takes the series that
# did not change from their summaries (src/load/summary_use.h, doc/caches.md "Summaries"),
# and reads again a series whose counts depend on something that changed: the mainline's
# candidates for its upstream ids, the tags of its releases, an id named outside it.
#
# A repository made with git, one commit an hour by A <a@example.org>:
#   master:     m1 (tag v1.0); m2 "net: fix crash"; m3 (tag v2.0)
#   stable-1.0: from v1.0: s1 "net: fix crash" (no upstream line: A's m2 is its only
#               candidate, inferred); s2 "bug: add" (tag v1.0.1); s3 "bug: repair" with
#               "Fixes: <s2>" and "Fixes: <x>" (tag v1.0.2), x a commit the repository
#               does not have (made, then pruned)
#   stable-2.0: from v2.0: t1 "y: one" (tag v2.0.1)
# Hand-worked, v1.0..v1.0.2: 3 commits, 1 fix (s3 of s2), fixed a release later (0 same
# release, 1 visible), 1 upstream id inferred, 1 fix naming an id outside the series that
# the repository does not know (fixes_outside 1, fixes_outside_mainline 1).
#
# Every run is compared with a run that keeps nothing (REGTRACE_NO_CACHE=1), output and
# exit status, and so is a run over the summaries' file damaged (a byte flipped, cut, garbage,
# empty, a FIFO, a directory, a link to /dev/zero); answers are not replayed
# (REGTRACE_NO_ANSWERS=1), so each run loads.  That a
# series came from its summary is shown by damage only a summary survives: s1's object
# overwritten and the commit cache removed, so a run that reads v1.0..v1.0.2 cannot.
SANDBOX=summaries . "$(dirname "$0")/../lib/sandbox.sh"
unset REGTRACE_NO_CACHE
export REGTRACE_NO_ANSWERS=1
d=$W/repo
git init -q -b master "$d"
hourly_commit "m1: start" m1
git -C "$d" tag v1.0
tree=$(git -C "$d" rev-parse "HEAD^{tree}")
make_x() {	# the same commit each time: x
	GIT_AUTHOR_DATE="@1400000000 +0000" GIT_COMMITTER_DATE="@1400000000 +0000" \
		git -C "$d" commit-tree -m "x: gone" "$tree"
}
x=$(make_x)
git -C "$d" prune --expire=now
git -C "$d" cat-file -e "$x" 2>/dev/null && no "x pruned" "the repository still has $x"
hourly_commit "net: fix crash" m2
git -C "$d" checkout -q -b stable-1.0 v1.0
hourly_commit "net: fix crash" s1
s1=$(git -C "$d" rev-parse HEAD)
hourly_commit "bug: add" s2
s2=$(git -C "$d" rev-parse HEAD)
git -C "$d" tag v1.0.1
hourly_commit "bug: repair

Fixes: ${s2:0:12} (\"bug: add\")
Fixes: ${x:0:12} (\"x: gone\")" s3
git -C "$d" tag v1.0.2
git -C "$d" checkout -q master
hourly_commit "m3: more" m3
git -C "$d" tag v2.0
git -C "$d" checkout -q -b stable-2.0 v2.0
hourly_commit "y: one" t1
git -C "$d" tag v2.0.1
git -C "$d" checkout -q master

run() { "$R" -C "$d" "$@" 2>"$W/err"; echo "exit $?"; }
fresh() { REGTRACE_NO_CACHE=1 "$R" -C "$d" "$@" 2>"$W/err.fresh"; echo "exit $?"; }
same() {	# LABEL: stats --json equals a fresh run's, stdout, stderr and status
	local got want
	got=$(run stats --json)
	want=$(fresh stats --json)
	if [ "$got" = "$want" ] && cmp -s "$W/err" "$W/err.fresh"; then
		ok "$1"
	else
		no "$1" "got [$(echo "$got" | head -c 300)] stderr [$(head -c 200 "$W/err")], want [$(echo "$want" | head -c 300)]"
	fi
}
# OUT FIELD...: series v1.0..v1.0.2's numbers in the JSON OUT, joined with /
series1() {
	local out f v all=
	out=$(echo "$1" | awk '/"name": "v1.0..v1.0.2"/ { on = 1; next } /"name":/ { on = 0 } on')
	shift
	for f in "$@"; do
		v=$(echo "$out" | sed -n "s/^ *\"$f\": \([0-9]*\),*$/\1/p" | head -1)
		all=${all:+$all/}$v
	done
	echo "$all"
}
numbers() {	# LABEL WANT FIELD...: the hand-worked numbers of v1.0..v1.0.2
	local label=$1 want=$2 got
	shift 2
	got=$(series1 "$(fresh stats --json)" "$@")
	[ "$got" = "$want" ] && ok "$label: $* $want" || no "$label" "$* $got, want $want"
}

numbers "first" "3/1/0/1/1/1/1" commits fixes same_release visible inferred_upstream \
	fixes_outside fixes_outside_mainline
same "the first run"
[ -s "$d/.git/regtrace-summaries" ] && ok "summaries kept" || no "summaries kept" "no file"
same "again, nothing changed"

# a new release of 2.0, the mainline moved on: 1.0 from its summary
git -C "$d" checkout -q stable-2.0
hourly_commit "y: two" t2
git -C "$d" tag v2.0.2
git -C "$d" checkout -q master
hourly_commit "m4: docs" m4
want=$(fresh stats --json)
cp "$W/err.fresh" "$W/err.want"
obj=$d/.git/objects/${s1:0:2}/${s1:2}
cp "$obj" "$W/obj.saved"
chmod u+w "$obj"
printf 'not zlib at all, not at all' | dd of="$obj" conv=notrunc status=none
rm -f "$d"/.git/regtrace-cache
got=$(run stats --json)
[ "$got" = "$want" ] && cmp -s "$W/err" "$W/err.want" &&
	ok "after a release: 1.0 from its summary, its commits unread" ||
	no "after a release" "got [$(echo "$got" | head -c 300)] stderr [$(head -c 300 "$W/err")]"
mv "$d/.git/regtrace-summaries" "$W/summaries.saved"
got=$(run stats --json)
[ "${got##*exit }" != 0 ] && ok "without the summaries the damage shows (exit ${got##*exit })" ||
	no "without the summaries" "exit 0: the damage did not show, so the run above proves nothing"
mv "$W/summaries.saved" "$d/.git/regtrace-summaries"
cat "$W/obj.saved" | dd of="$obj" conv=notrunc status=none
[ "$(git -C "$d" cat-file -t "$s1")" = commit ] || no "object restored" "git cannot read $s1"
same "the object restored"

# the mainline: a second candidate for s1 (another patch: neither is s1's): ambiguous
hourly_commit "net: fix crash" m5
numbers "a second candidate" "0/1" inferred_upstream ambiguous_upstream
same "a second candidate on the mainline: 1.0 counted again"

# the tags: v1.0.1 deleted, s2 is in v1.0.2 with its fix
git -C "$d" tag -d v1.0.1 >/dev/null
numbers "a release tag deleted" "1/0" same_release visible
same "a release tag deleted: 1.0 counted again"

# an id named outside: x comes back (a fetch would bring it)
[ "$(make_x)" = "$x" ] || no "x again" "another id"
numbers "the id known" "1/0" fixes_outside fixes_outside_mainline
same "an object named outside arrives: 1.0 counted again"

# a series left out of a run keeps its summary for the next
run stats --json v2.0..v2.0.2 >/dev/null
same "after a run of another range"

# the file damaged, or no file at all: the uncached answer, and no hang (timeout)
f=$d/.git/regtrace-summaries
damaged() {	# LABEL COMMAND: COMMAND damages $f; the run equals a fresh one
	run stats --json >/dev/null	# (a sound file first)
	eval "$2"
	local got want
	got=$(timeout -k 5 60 "$R" -C "$d" stats --json 2>"$W/err"; echo "exit $?")
	want=$(fresh stats --json)
	[ "$got" = "$want" ] && cmp -s "$W/err" "$W/err.fresh" && ok "$1" ||
		no "$1" "got [$(echo "$got" | tail -c 100)] stderr [$(head -c 200 "$W/err")]"
	rm -rf "$f"
}
damaged "a byte flipped" 'o=$(( $(stat -c %s "$f") / 2 )); printf "\377" | dd of="$f" bs=1 seek=$o conv=notrunc status=none'
damaged "cut in half" 'truncate -s $(( $(stat -c %s "$f") / 2 )) "$f"'
damaged "garbage" 'head -c 4096 /dev/urandom >"$f"'
damaged "a FIFO" 'rm -f "$f"; mkfifo "$f"'
damaged "a directory" 'rm -f "$f"; mkdir "$f"'
damaged "a link to /dev/zero" 'rm -f "$f"; ln -s /dev/zero "$f"'
damaged "empty" ': >"$f"'
finish summaries
