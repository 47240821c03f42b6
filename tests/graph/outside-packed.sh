#!/usr/bin/env bash
# tests/graph/outside-packed.sh REGTRACE — a commit outside every range that a fix names is
# read for the upstream ids its own message gives (src/git/outside.c), from the packs'
# bytes when a pack holds it whole (src/git/pack_set.h), else through libgit2: the same
# answer either way.
#
# A repository made with git, one commit an hour by A <a@example.org>:
#   master:  m1 (tag v1.0); m2 "port: the bug to master" with "(cherry picked from commit
#            <s1>)" (another subject than s1's: inference pairs no commit with it)
#   stable:  from v1.0: s1 "bug: add" (tag v1.0.1); s2 "bug: repair" with "Fixes: <m2>",
#            12 digits, no subject (tag v1.0.2)
# Hand-worked, whole repository: one series v1.0..v1.0.2 of 2 commits.  m2 is in no range;
# its message names s1, so s2's Fixes: resolves to s1 through it: fixes 1, in another
# release than s1 (visible 1, same release 0), no fix outside the series.  Without m2's
# message read, the fix would be outside (fixes 0, fixes_outside 1).
# Checks, without caches: those numbers with loose objects, then the same stdout, stderr
# and exit status with every object packed (m2 stored whole, as git packs a small commit).
SANDBOX=outside-packed . "$(dirname "$0")/../lib/sandbox.sh"
export REGTRACE_NO_ANSWERS=1 REGTRACE_NO_CACHE=1
d=$W/repo
git init -q -b master "$d"
hourly_commit "m1: start" m1
git -C "$d" tag v1.0
git -C "$d" checkout -q -b stable
hourly_commit "bug: add" s1
s1=$(git -C "$d" rev-parse HEAD)
git -C "$d" tag v1.0.1
git -C "$d" checkout -q master
hourly_commit "port: the bug to master

(cherry picked from commit $s1)" m2
m2=$(git -C "$d" rev-parse HEAD)
git -C "$d" checkout -q stable
hourly_commit "bug: repair

Fixes: ${m2:0:12}" s2
git -C "$d" tag v1.0.2
git -C "$d" checkout -q master

run() { "$R" -C "$d" stats --json 2>&1; echo "exit $?"; }
want=$(run)
got=$(python3 -c 'import json, sys
s = json.loads(sys.argv[1].rsplit("exit", 1)[0])["series"]
a = s[0] if len(s) == 1 else {}
print(len(s), a.get("name"), a.get("commits"), a.get("fixes"), a.get("visible"),
      a.get("same_release"), a.get("fixes_outside"))' "$want" 2>&1)
if [ "$got" = "1 v1.0..v1.0.2 2 1 1 0 0" ]; then
	ok "loose objects: 2 commits, s2 fixes s1 through m2's message (visible)"
else no "loose objects" "series, name, commits, fixes, visible, same release, outside: '$got'"; fi

git -C "$d" repack -adq
idx=$(ls "$d"/.git/objects/pack/pack-*.idx)
whole=$(git verify-pack -v "$idx" | awk -v id="$m2" '$1 == id && NF == 5 { print "whole" }')
[ "$whole" = whole ] && ok "m2 is stored whole in the pack" || no "m2 whole" "verify-pack: '$whole'"
[ "$(run)" = "$want" ] && ok "packed: the loose objects' answer" ||
	no "packed" "$(diff <(echo "$want") <(run) | head -5)"

finish outside-packed
