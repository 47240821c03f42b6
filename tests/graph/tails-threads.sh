#!/usr/bin/env bash
# tests/graph/tails-threads.sh REGTRACE — the mainlines of bases tagged on branches of their
# own (src/git/mainline_alone.h: one walk of TIP ^BASE for every base) made range by range on
# two threads (src/git/walk_result.c: a commit in several tails has its facts copied for
# all but the last range that takes it, whichever thread makes that one) give one thread's
# answer.
#
# A repository made with git fast-import, one commit an hour by A <a@example.org>:
#   master      c1 .. c6000; after c2000, c(N) for N = 50 mod 100 says "Fixes: c(N-50)"
#   branch-1.0  from c2000: "release 1.0.0" (tag v1.0.0), then b1 .. b10 with the subjects of
#               c2100, c2200, .., c3000 (backports naming no upstream commit); tags v1.0.1
#               (at b5), v1.0.2 (at b10)
#   branch-1.1  the same from c4000: v1.1.0, b1 .. b10 copying c4100 .. c5000, v1.1.1, v1.1.2
# The tails master ^v1.0.0 and master ^v1.1.0 hold 4,000 and 2,000 commits: enough to be
# made on two threads.  Hand-worked, whole repository: two series of 10 commits, each
# commit's upstream inferred from the mainline (author and subject: 10 inferred each), none
# tagged, no fix.  `unfixed` of 1.0: all 10 commits, each missing the mainline commit 50
# after its upstream one.  Checks, without caches: those numbers from one thread, and the
# same stdout, stderr and exit status of `stats` and `regressions`, and the same tables of
# `export`, from two.
SANDBOX=tails-threads . "$(dirname "$0")/../lib/sandbox.sh"
export REGTRACE_NO_ANSWERS=1 REGTRACE_NO_CACHE=1
d=$W/repo

git init -q -b master "$d"
python3 - 2>"$W/tip" <<'PY' | git -C "$d" fast-import --quiet
import hashlib, sys
EMPTY = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"	# (fast-import's commits change no file)
t, mark, out, ids = 1500000000, 0, [], {}
def commit(ref, msg, parents):
    global t, mark
    mark += 1
    t += 3600
    head = f"author A <a@example.org> {t} +0000\ncommitter A <a@example.org> {t} +0000\n"
    out.append(f"commit {ref}\nmark :{mark}\n{head}data {len(msg)}\n{msg}")
    out.extend(("from" if k == 0 else "merge") + f" :{p}\n" for k, p in enumerate(parents))
    out.append("\n")
    raw = (f"tree {EMPTY}\n" + "".join(f"parent {ids[p]}\n" for p in parents) +
           f"{head}\n{msg}").encode()	# the id git gives it, for the Fixes: lines
    ids[mark] = hashlib.sha1(b"commit %d\0" % len(raw) + raw).hexdigest()
    return mark
master, head = {}, None
for i in range(1, 6001):
    fix = (f"\nFixes: {ids[master[i - 50]][:12]} (\"c{i - 50}: change {i - 50}\")\n"
           if i > 2000 and i % 100 == 50 else "")
    head = commit("refs/heads/master", f"c{i}: change {i}\n{fix}", [head] if head else [])
    master[i] = head
for minor, fork in ((0, 2000), (1, 4000)):
    b = commit(f"refs/heads/branch-1.{minor}", f"release 1.{minor}.0\n", [master[fork]])
    out.append(f"reset refs/tags/v1.{minor}.0\nfrom :{b}\n\n")
    for k in range(1, 11):
        b = commit(f"refs/heads/branch-1.{minor}", f"c{fork + 100 * k}: change {fork + 100 * k}\n", [b])
        if k in (5, 10):
            out.append(f"reset refs/tags/v1.{minor}.{k // 5}\nfrom :{b}\n\n")
sys.stdout.write("".join(out))
sys.stderr.write(ids[master[6000]] + "\n")
PY
[ "$(git -C "$d" rev-parse master)" = "$(cat "$W/tip")" ] && ok "the ids the Fixes: lines name are git's" ||
	no "ids" "master is $(git -C "$d" rev-parse master), the generator made $(cat "$W/tip")"

one() { REGTRACE_THREADS=1 "$R" -C "$d" "$@" 2>&1; echo "exit $?"; }
two() { REGTRACE_THREADS=2 "$R" -C "$d" "$@" 2>&1; echo "exit $?"; }
want=$(one stats --json)
got=$(python3 -c 'import json, sys
s = json.loads(sys.argv[1].rsplit("exit", 1)[0])["series"]
print(" ".join("%s:%d:%d:%d:%d" % (x["name"], x["commits"], x["inferred_upstream"], x["tagged"],
                                   x["fixes"]) for x in sorted(s, key=lambda x: x["name"])))' "$want" 2>&1)
if [ "$got" = "v1.0.0..v1.0.2:10:10:0:0 v1.1.0..v1.1.2:10:10:0:0" ]; then
	ok "one thread: two series of 10 commits, each upstream inferred"
else no "one thread" "name:commits:inferred:tagged:fixes '$got'"; fi
got=$(one unfixed --json v1.0.0..v1.0.2 | python3 -c 'import json, sys
d = json.loads(sys.stdin.read().rsplit("exit", 1)[0])
print(len(d["unfixed"]))' 2>&1)
[ "$got" = 10 ] && ok "unfixed 1.0: 10 commits missing their mainline fix" || no "unfixed" "'$got'"

[ "$(two stats --json)" = "$want" ] && ok "stats: two threads give one's answer" ||
	no "stats" "$(diff <(echo "$want") <(two stats --json) | head -5)"
a=$(one regressions --json) b=$(two regressions --json)
[ "$a" = "$b" ] && [ "${a##*exit }" = 0 ] && ok "regressions: two threads give one's answer" ||
	no "regressions" "$(diff <(echo "$a") <(echo "$b") | head -5)"
one export --sqlite "$W/one.db" >/dev/null
two export --sqlite "$W/two.db" >/dev/null
a=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for (t,) in db.execute("select name from sqlite_master where type = \"table\" order by name"):
    print(t, sorted(db.execute("select * from " + t).fetchall()))' "$W/one.db" 2>&1)
b=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for (t,) in db.execute("select name from sqlite_master where type = \"table\" order by name"):
    print(t, sorted(db.execute("select * from " + t).fetchall()))' "$W/two.db" 2>&1)
[ -n "$a" ] && [ "$a" = "$b" ] && ok "export: two threads write one's tables" ||
	no "export" "$(diff <(echo "$a") <(echo "$b") | head -5)"
finish tails-threads
