#!/usr/bin/env bash
# tests/graph/line-prefetch.sh REGTRACE — discovery's first-parent line without a commit-graph,
# read by two threads (src/git/pack_prefetch.h): past 1,024 commits inflated, a second thread
# reads the packs' commits oldest first into the walk memo and the line's walk takes them from
# there.  Every answer is the one a single thread gives (REGTRACE_THREADS=1 starts no reader).
#
# A repository made with git fast-import, one commit an hour, each by A <a@example.org>:
#   master  c1 .. c3000, a topic of two commits merged (--no-ff) after every 500th; tags v1.0
#           (at c100), v1.1 (c300), v1.1.1 (c320), v1.1.2 (c340) and v1.2 (c400): the line's
#           oldest part, the part the second thread reads first
#   stable  from v1.0 (made with git commit): s1 .. s70, tags v1.0.1 (at s35) and v1.0.2 (at
#           s70); s10 says "Fixes: s5", s40 "Fixes: s20"
#   stable2 from v1.2: r1 .. r3, tag v1.2.1 (at r3)
# Hand-worked: one series, 1.0 (v1.0..v1.0.2): commits 70, fixes 2 (s10 fixes s5 in the same
# release v1.0.1; s40 in v1.0.2 fixes s20 of v1.0.1: visible), same release 1, visible 1;
# and 1.2 (v1.2..v1.2.1): commits 3.
# 1.1's releases are on the first-parent line, which goes on to a newer base (v1.2): the
# development line's, no series (a line that ended where the two threads met would make 1.1
# one).  Checks, without caches: those numbers from one thread; then the same stdout, stderr
# and exit status of `stats` and `series` from two, with the pack as `git repack -ad` writes
# it, with a reverse index (.rev), with a .rev cut short, with a byte of an old commit's
# stored object flipped, and with an index whose offset of one commit is its child's, so that
# the line comes back to a commit (whatever the single thread says of it, two say the same, and both end).
SANDBOX=line-prefetch . "$(dirname "$0")/../lib/sandbox.sh"
export REGTRACE_NO_ANSWERS=1 REGTRACE_NO_CACHE=1 REGTRACE_NO_COMMIT_GRAPH=1
d=$W/repo

git init -q -b master "$d"
python3 - <<'PY' | git -C "$d" fast-import --quiet
import sys
t, mark, out = 1500000000, 0, []
def commit(ref, msg, parents):
    global t, mark
    mark += 1
    t += 3600
    out.append(f"commit {ref}\nmark :{mark}\nauthor A <a@example.org> {t} +0000\n"
               f"committer A <a@example.org> {t} +0000\ndata {len(msg)}\n{msg}")
    out.extend(("from" if k == 0 else "merge") + f" :{p}\n" for k, p in enumerate(parents))
    out.append("\n")
    return mark
tags = {100: "v1.0", 300: "v1.1", 320: "v1.1.1", 340: "v1.1.2", 400: "v1.2"}
head = None
for i in range(1, 3001):
    head = commit("refs/heads/master", f"c{i}: change {i}\n", [head] if head else [])
    if i in tags:
        out.append(f"reset refs/tags/{tags[i]}\nfrom :{head}\n\n")
    if i % 500 == 0:
        a = commit(f"refs/heads/topic{i}", f"t{i}: first\n", [head])
        b = commit(f"refs/heads/topic{i}", f"t{i}: second\n", [a])
        head = commit("refs/heads/master", f"merge topic{i}\n", [head, b])
sys.stdout.write("".join(out))
PY
n=4000
. "$(dirname "$0")/../lib/stable-branches.sh"
stable_branches
git -C "$d" repack -adq

one() { REGTRACE_THREADS=1 "$R" -C "$d" "$@" --json 2>&1; echo "exit $?"; }
two() { REGTRACE_THREADS=2 "$R" -C "$d" "$@" --json 2>&1; echo "exit $?"; }
want_stats=$(one stats) want_series=$(one series)
got=$(python3 -c 'import json, sys
s = json.loads(sys.argv[1].rsplit("exit", 1)[0])["series"]
by = {x["name"]: x for x in s}
a, b = by.get("v1.0..v1.0.2", {}), by.get("v1.2..v1.2.1", {})
print(len(s), a.get("commits"), a.get("fixes"), a.get("same_release"), a.get("visible"),
      b.get("commits"))' "$want_stats" 2>&1)
if [ "$got" = "2 70 2 1 1 3" ]; then
	ok "one thread: 1.0 of 70 commits, 2 fixes, 1 visible; 1.2 of 3; no 1.1"
else no "one thread" "series, name, commits, fixes, same release, visible: '$got'"; fi

same() {	# LABEL: two threads give what one gave
	if [ "$(two stats)" = "$want_stats" ] && [ "$(two series)" = "$want_series" ]; then
		ok "$1: one thread's answer"
	else no "$1" "$(diff <(echo "$want_stats") <(two stats) | head -5)"; fi
}
same "a pack without a reverse index"

git -C "$d" -c pack.writeReverseIndex=true repack -adq
rev=$(ls "$d"/.git/objects/pack/pack-*.rev 2>/dev/null)
if [ -n "$rev" ]; then same "a pack with a reverse index"
else no "a pack with a reverse index" "git wrote no .rev"; fi
chmod u+w "$rev" && truncate -s 100 "$rev"
same "a reverse index cut short"

# a byte in the middle of c350's stored object flipped: whatever one thread makes of it
idx=$(ls "$d"/.git/objects/pack/pack-*.idx)
pack=${idx%.idx}.pack
id=$(git -C "$d" log --format=%H --grep='^c350: change 350$' master)
at=$(git verify-pack -v "$idx" | awk -v id="$id" '$1 == id { print $5 + int($4 / 2) }')
before=$want_stats
chmod u+w "$pack"
printf '\377' | dd of="$pack" bs=1 seek="$at" conv=notrunc 2>/dev/null
want_stats=$(one stats) want_series=$(one series)
if [ -n "$at" ] && [ "$want_stats" != "$before" ]; then ok "c350's object damaged: another answer"
else no "damage" "c350 at '$at' in the pack, the answer unchanged"; fi
same "an old commit's object damaged"

# the index's offset of c2500 made c2501's: c2500's id names c2501's object, whose parent is
# c2500: the line comes back to a commit.  Its walk ends there (no hang), by one thread or
# two alike.
c2500=$(git -C "$d" log --format=%H --grep='^c2500: change 2500$' master 2>/dev/null)
c2501=$(git -C "$d" log --format=%H --grep='^c2501: change 2501$' master 2>/dev/null)
chmod u+w "$idx"
python3 - "$idx" "$c2500" "$c2501" <<'PY'
import sys
path, a, b = sys.argv[1], bytes.fromhex(sys.argv[2]), bytes.fromhex(sys.argv[3])
x = bytearray(open(path, "rb").read())
n = int.from_bytes(x[8 + 255 * 4:8 + 256 * 4], "big")
ids = [bytes(x[1032 + 20 * k:1052 + 20 * k]) for k in range(n)]
offs = 1032 + 24 * n
pa, pb = ids.index(a), ids.index(b)
ea, eb = offs + 4 * pa, offs + 4 * pb
x[ea:ea + 4] = x[eb:eb + 4]
open(path, "wb").write(bytes(x))
PY
one() { REGTRACE_THREADS=1 timeout 60 "$R" -C "$d" "$@" --json 2>&1; echo "exit $?"; }
two() { REGTRACE_THREADS=2 timeout 60 "$R" -C "$d" "$@" --json 2>&1; echo "exit $?"; }
want_stats=$(one stats) want_series=$(one series)
if ! grep -q "^exit 124" <<<"$want_stats$want_series"; then ok "a line that comes back ends"
else no "a line that comes back" "the run did not end in 60 s"; fi
same "a line that comes back"
finish line-prefetch
