#!/usr/bin/env bash
# tests/paths/blobless.sh REGTRACE — `stats --by path` on partial clones (README "Breakdowns").
#
# Builds a small repository with git (real files in several directories), serves it through
# file:// with uploadpack.allowFilter, and clones it with --filter=blob:none (no blob at all:
# checked).  regtrace must give the hand-worked numbers below there, with the rows sorted by
# commits (most first, then by name) and a total.  Then a --filter=tree:0 clone (no tree
# either) with the blobless clone's commit cache copied in must give the same output: a warm
# `--by path` reads no tree (the paths are in the commit cache).
#
# The series v1.0..v1.0.2 (each commit changes the files named):
#   c1  drivers/net/a.c                      .1
#   c2  drivers/net/a.c fs/ext4/c.c          .1
#   c3  mm/d.c                               .1
#   c4  drivers/net/a.c   Fixes: c1          .2  fix -> c1, visible (.1 -> .2)
#   c5  README                               .2
#   c6  fs/ext4/c.c       Fixes: c2          .2  fix -> c2, visible
#   c7  drivers/gpu/new/e.c (a new directory) .2
# Census: commits 7, tagged 2 (c4 c6), fixes 2, same release 0, visible 2.
# By path (depth 2):
#   drivers/net  c1 c2 c4  commits 3, tagged 1 (c4), fixes 2 (c4 -> c1, c6 -> c2: both
#                targets in the group), visible 2
#   fs/ext4      c2 c6     commits 2, tagged 1 (c6), fixes 1 (c6 -> c2), visible 1
#   (top)        c5, drivers/gpu c7, mm c3: commits 1 each, nothing else
#   rows: drivers/net, fs/ext4, then the 1-commit rows by name: (top), drivers/gpu, mm
#   total: commits 7 (every commit changes a file), tagged 2, fixes 2 (each fix once),
#          visible 2
# By path:1: drivers (c1 c2 c4 c7) 4 commits, fixes 2; fs 2, fixes 1; (top) 1; mm 1.
SANDBOX=paths . "$(dirname "$0")/../lib/sandbox.sh"
# The caches beneath are the subject: no earlier output is replayed (src/cmd/replay.h).
export REGTRACE_NO_ANSWERS=1
py() {	# PROGRAM FILE: run PROGRAM with j = FILE's JSON
	python3 -c 'import json, sys
def row(g):
    return " ".join(str(g[k]) for k in ("commits", "tagged", "fixes", "same_release", "visible"))
j = json.load(open(sys.argv[2]))
exec(sys.argv[1])' "$1" "$2"
}

src="$W/src"
git init -q -b master "$src"
n=0
change() {	# MESSAGE FILE... : a commit changing each FILE
	local msg=$1 f
	shift
	for f in "$@"; do mkdir -p "$src/$(dirname "$f")"; echo "$msg $n" >> "$src/$f"; git -C "$src" add "$f"; done
	n=$((n + 1))
	GIT_AUTHOR_DATE="@$((1500000000 + n * 3600)) +0000" GIT_COMMITTER_DATE="@$((1500000000 + n * 3600)) +0000" \
		git -C "$src" commit -q -m "$msg"
	git -C "$src" rev-parse HEAD
}
change "base" README drivers/net/a.c drivers/gpu/b.c fs/ext4/c.c mm/d.c >/dev/null
git -C "$src" tag v1.0
git -C "$src" checkout -q -b stable
c1=$(change "net: c1" drivers/net/a.c)
c2=$(change "net, ext4: c2" drivers/net/a.c fs/ext4/c.c)
change "mm: c3" mm/d.c >/dev/null
git -C "$src" tag v1.0.1
change "$(printf 'net: fix c1\n\nFixes: %s ("net: c1")' "${c1:0:12}")" drivers/net/a.c >/dev/null
change "top: c5" README >/dev/null
change "$(printf 'ext4: fix c2\n\nFixes: %s ("net, ext4: c2")' "${c2:0:12}")" fs/ext4/c.c >/dev/null
change "gpu: c7" drivers/gpu/new/e.c >/dev/null
git -C "$src" tag v1.0.2
git -C "$src" config uploadpack.allowFilter true

git clone -q --bare --filter=blob:none "file://$src" "$W/blobless" 2>/dev/null
blobs=$(git -C "$W/blobless" rev-list --objects --all --missing=print 2>/dev/null | grep -c '^?')
have=$(git -C "$W/blobless" cat-file --batch-all-objects --batch-check 2>/dev/null | grep -c ' blob ')
if [ "$have" = 0 ] && [ "$blobs" -gt 0 ]; then ok "the clone has no blob ($blobs left out)"; else no clone "blobs present: $have"; fi

want_text='3 1 2 0 2
2 1 1 0 1
1 0 0 0 0
1 0 0 0 0
1 0 0 0 0'
"$R" -C "$W/blobless" stats --by path --json v1.0..v1.0.2 > "$W/cold.json" 2> "$W/cold.err"
if [ $? != 0 ]; then
	no "stats --by path on a blobless clone" "$(cat "$W/cold.err")"
else
	names=$(py 'print(" ".join(g["name"] for g in j["series"][0]["by"]["groups"]) + " ")' "$W/cold.json")
	[ "$names" = "drivers/net fs/ext4 (top) drivers/gpu mm " ] && ok "rows sorted by commits, then name" ||
		no "row order" "$names"
	got=$(py 'print("\n".join(row(g) for g in j["series"][0]["by"]["groups"]))' "$W/cold.json")
	[ "$got" = "$want_text" ] && ok "per-path numbers" || no "per-path numbers" "$got"
	total=$(py 'print(row(j["series"][0]["by"]["total"]))' "$W/cold.json")
	[ "$total" = "7 2 2 0 2" ] && ok "total: every commit once" || no total "$total"
fi
"$R" -C "$W/blobless" stats --by path:1 --csv v1.0..v1.0.2 > "$W/d1.csv" 2>&1
got=$(cut -d, -f3,4,6 "$W/d1.csv" | tr '\n' ' ')
[ "$got" = "group,commits,fixes drivers,4,2 fs,2,1 (top),1,0 mm,1,0 (total),7,2 " ] &&
	ok "path:1 as CSV, with its total" || no "path:1 CSV" "$got"
"$R" -C "$W/blobless" stats --by path v1.0..v1.0.2 > "$W/text" 2>&1
grep -Eq '^Total +7 +2 +2 +0 +2 ' "$W/text" && ok "text: a Total row" || no "text total" "$(cat "$W/text")"

# warm: the same output, and no tree read (a clone without trees, with the cache)
"$R" -C "$W/blobless" stats --by path --json v1.0..v1.0.2 > "$W/warm.json" 2>&1
[ -s "$W/cold.json" ] && cmp -s "$W/cold.json" "$W/warm.json" && ok "warm output identical" ||
	no warm "differs, or no output"
git clone -q --bare --filter=tree:0 "file://$src" "$W/treeless" 2>/dev/null
trees=$(git -C "$W/treeless" cat-file --batch-all-objects --batch-check 2>/dev/null | grep -c ' tree ')
if "$R" -C "$W/treeless" stats --by path --json v1.0..v1.0.2 >/dev/null 2>&1; then
	no "treeless clone" "reading trees should fail without the cache ($trees trees)"
else
	ok "a clone without trees cannot be read without the cache ($trees trees)"
fi
cp "$W/blobless/regtrace-cache" "$W/treeless/" 2>/dev/null
# (the JSON envelope names the repository read: not compared, doc/json.md)
if "$R" -C "$W/treeless" stats --by path --json v1.0..v1.0.2 > "$W/treeless.json" 2> "$W/treeless.err" &&
	[ -s "$W/cold.json" ] && cmp -s <(sed '/^    "repository": /d' "$W/cold.json") \
		<(sed '/^    "repository": /d' "$W/treeless.json"); then
	ok "warm --by path reads no tree"
else
	no "warm reads trees" "$(cat "$W/treeless.err")"
fi
finish paths
