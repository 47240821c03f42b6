#!/usr/bin/env bash
# fuzz/mkcorpus.sh — (re)make the seed corpora of fuzz/corpus/ from the scenarios.
#
#   message/   every commit message of every built scenario repository, plus the real
#              stable-kernel patches of ../shared/seeds/*.patch when present (whole file,
#              and the message alone), plus hand-made hostile ones (hostile-*)
#   release/   "BASE\nTAG\nTAG..." : each scenario's range base and its repository's tags,
#              plus hand-made tag lists (hand-*)
#   scenario/  every tests/scenarios/*.scenario file
#   commit/    raw commit objects (git cat-file commit) of the built repositories
#   cgraph/    their commit-graph files (git commit-graph write --reachable), a few
#   cache/     the records of their .git/regtrace-cache (regtrace stats run once), as
#              fuzz_cache reads them: 2 bytes of record count (top bit: sections follow),
#              then the records and the range and path sections
#   tagcache/  the records of their .git/regtrace-tags-cache (after a run over the range
#              and one over every series, which keeps the tags' first-parent line), as
#              fuzz_tagcache reads them: 4 bytes of record count, the records, the line
#   infercache/ the bodies of their .git/regtrace-infer-cache (the candidates and ties
#              of the upstream inference), as fuzz_infercache reads them: 4 bytes of
#              candidate count, the candidates, the ties
#   pack/      the commits of a few of them packed alone (git pack-objects, up to 60 KB),
#              with and without a reverse index, as fuzz_pack reads them: 4 bytes of the
#              index's length, 4 of the .rev's, the index, the .rev, the pack
#   askcache/  the bodies of their .git/regtrace-outside-cache after the fingerprint (the
#              packs, then the records), as fuzz_askcache reads them
#   summaries/ the bodies of their .git/regtrace-summaries (stats over every series), as
#              fuzz_summaries reads them: 4 bytes of summary count, the summaries
#
# usage: fuzz/mkcorpus.sh [MKSCENARIO [REGTRACE]]   (defaults build/mkscenario, build/regtrace)
set -euo pipefail
cd "$(dirname "$0")/.."
mk=${1:-build/mkscenario}
rt=${2:-build/regtrace}
[ -x "$mk" ] || make -s "$mk"
[ -x "$rt" ] || make -s "$rt"
out=fuzz/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out/message" "$out/release" "$out/scenario" "$out/commit" "$out/cgraph" "$out/cache" \
	"$out/tagcache" "$out/askcache" "$out/infercache" "$out/pack" "$out/summaries"
ngraph=0 npack=0
# pack_seed REPO NAME: REPO's commits packed alone, with and without a .rev, into pack/
pack_seed() {
	local p
	p=$(git -C "$1" rev-list --all | git -C "$1" pack-objects -q "$tmp/seed") || return 0
	git index-pack --rev-index "$tmp/seed-$p.pack" >/dev/null 2>&1 || return 0
	for rev in rev plain; do
		python3 -c 'import sys, struct
i, r, p = (open(f, "rb").read() for f in sys.argv[1:4])
sys.stdout.buffer.write(struct.pack(">II", len(i), len(r)) + i + r + p)' \
			"$tmp/seed-$p.idx" "$([ $rev = rev ] && echo "$tmp/seed-$p.rev" || echo /dev/null)" \
			"$tmp/seed-$p.pack" >"$out/pack/$2-$rev"
	done
	rm -f "$tmp"/seed-*
	find "$out/pack" -size +60k -delete
}

for f in tests/scenarios/*.scenario; do
	name=$(basename "$f" .scenario)
	cp "$f" "$out/scenario/$name"
	repo="$tmp/$name"
	"$mk" "$f" "$repo" >/dev/null 2>&1 || { echo "skip $name: does not build" >&2; continue; }
	for c in $(git -C "$repo" rev-list --all); do
		git -C "$repo" cat-file commit "$c" | sed '1,/^$/d' >"$out/message/$name-${c:0:8}"
	done
	base=$(sed -n 's/^range[[:space:]]*\([^.[:space:]]*\)\.\..*/\1/p' "$f" | head -n 1)
	{ echo "${base:-v4.19}"; git -C "$repo" tag -l; } >"$out/release/$name"
	for c in $(git -C "$repo" rev-list --all | head -n 4); do
		git -C "$repo" cat-file commit "$c" >"$out/commit/$name-${c:0:8}"
	done
	range=$(sed -n 's/^range[[:space:]]*\([^[:space:]#]*\).*/\1/p' "$f" | head -n 1)
	if [ -n "$range" ] && "$rt" -C "$repo" stats "$range" >/dev/null 2>&1 &&
		[ -f "$repo/.git/regtrace-cache" ]; then
		python3 -c 'import sys, struct
b = open(sys.argv[1], "rb").read()
n = 15 + 4; vl = struct.unpack_from("<I", b, n)[0]; n += 4 + vl + 8
count = struct.unpack_from("<Q", b, n)[0]; n += 8
sys.stdout.buffer.write(struct.pack("<H", min(count, 32767) | 0x8000) + b[n:-8])' \
			"$repo/.git/regtrace-cache" >"$out/cache/$name"
	fi
	"$rt" -C "$repo" stats >/dev/null 2>&1 || true	# every series: the tags' line
	if [ -s "$repo/.git/regtrace-infer-cache" ]; then
		python3 -c 'import sys, struct
b = open(sys.argv[1], "rb").read()
n = 21 + 4; vl = struct.unpack_from("<I", b, n)[0]; n += 4 + vl
sys.stdout.buffer.write(b[n:-8])' "$repo/.git/regtrace-infer-cache" >"$out/infercache/$name"
	fi
	if [ -s "$repo/.git/regtrace-summaries" ]; then
		python3 -c 'import sys, struct
b = open(sys.argv[1], "rb").read()
n = 19 + 4; vl = struct.unpack_from("<I", b, n)[0]; n += 4 + vl
sys.stdout.buffer.write(b[n:-8])' "$repo/.git/regtrace-summaries" >"$out/summaries/$name"
	fi
	if [ -s "$repo/.git/regtrace-tags-cache" ]; then
		python3 -c 'import sys, struct
b = open(sys.argv[1], "rb").read()
n = 20 + 4; vl = struct.unpack_from("<I", b, n)[0]; n += 4 + vl
sys.stdout.buffer.write(b[n:-8])' "$repo/.git/regtrace-tags-cache" >"$out/tagcache/$name"
	fi
	if [ -s "$repo/.git/regtrace-outside-cache" ]; then
		python3 -c 'import sys, struct
b = open(sys.argv[1], "rb").read()
n = 23 + 4; vl = struct.unpack_from("<I", b, n)[0]; n += 4 + vl + 8
sys.stdout.buffer.write(b[n:-8])' "$repo/.git/regtrace-outside-cache" >"$out/askcache/$name"
	fi
	if [ $npack -lt 6 ]; then
		pack_seed "$repo" "$name"
		npack=$((npack + 1))
	fi
	if [ $ngraph -lt 8 ] && git -C "$repo" commit-graph write --reachable 2>/dev/null &&
		[ -f "$repo/.git/objects/info/commit-graph" ]; then
		cp "$repo/.git/objects/info/commit-graph" "$out/cgraph/$name"
		ngraph=$((ngraph + 1))
	fi
done

shopt -s nullglob
for p in ../shared/seeds/*.patch /work/shared/seeds/*.patch; do
	name=$(basename "$p" .patch | cut -c1-40)
	[ -e "$out/message/patch-$name" ] && continue
	cat "$p" >"$out/message/patch-$name"
	# the message: after the header block, up to the "---" line before the diff
	sed -n '/^$/,$p' "$p" | sed '1d' | sed '/^---$/,$d' >"$out/message/msg-$name"
done

# Hand-made hostile messages.
h="$out/message"
printf 'subject\n\nFixes: 4ABB951B73FF ("upper case")\nFixes: 4abb951b73ff0a8a979113ef185651aa3c8da19b0 ("41 digits")\n> Fixes: 1234567 ("quoted")\n' >"$h/hostile-ids"
printf 'Revert "x"\n\nSome text before.\nThis reverts commit 22083c028d0b3ee419232d25ce90367e5b25df8f which is\ncommit 4abb951b73ff0a8a979113ef185651aa3c8da19b upstream.\n' >"$h/hostile-revert-paragraph"
printf 'A <b>bold</b> "quoted", comma,\ttab & =cmd\n\nFixes: 1234567 ("<script>\n alert(1)</script>")\n' >"$h/hostile-html"
printf 'bad \xff\xfe utf-8 \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80 end\r\n\r\nupstream commit: ABCDEF0\r\n' >"$h/hostile-utf8"
printf 'nul\0 inside\n\nFixes: abcdef0\0123\n' >"$h/hostile-nul"
printf 'a\xc2\x85b\xc2\x9b31mc\xc2\x9cd\xc2\x9d0;x\x07e\xe2\x80\xa8f\xe2\x80\xa9g\xc2\xa0h\n\nFixes: 1234567 ("q\xc2\x9b1m\xe2\x80\xa8r")\nFixes: 1234567 ("again")\nThis reverts commit 1234567.\n' >"$h/hostile-c1"
printf '=SUM(A1)\n\n[ Upstream commit 0123456789abcdef0123456789abcdef01234567 ]\n(cherry picked from commit fedcba9)\nGit-commit: 89abcde\n' >"$h/hostile-formula"

# Hand-made tag lists.
r="$out/release"
printf 'v4.19\nv4.19.1\nv4.19.2\nv4.19.x\nv4.19.01\nv4.19.0\nv4.19.10\nv4.19\nv4.190.1\nv4.1\nv4.1.9\n' >"$r/hand-linux"
printf 'v8.0.0\nv8.0.0\nv8.0.1\nv8.0.2\nv8.0.10\nv8.1.0\nv8.1.1\nv3.0\nv3.1\nv3.0.1\n' >"$r/hand-x.y.0"
printf 'refs/tags/v4.19\nv4.19.18446744073709551615\nv4.19.18446744073709551616\nv4.19.18446744073709551610\nv4.19.99999999999999999999\n' >"$r/hand-overflow"
printf '\001RELEASE-1.2.0\nRELEASE-1.2.0\nRELEASE-1.2.1\nRELEASE-1.2.3\nRELEASE-1.3.0\nRELEASE-1.2.01\n' >"$r/hand-pattern"
printf 'tags/v254\nv254.1\nv254.2\nv254.1.1\nv254.1.2\nv255\nv255.1\n' >"$r/hand-nested"
# A 70-parent octopus merge object, and one with a bad parent line.
{ printf 'tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n'
  for i in $(seq 1 70); do printf 'parent %040x\n' "$i"; done
  printf 'author A <a@example.org> 1 +0000\ncommitter A <a@example.org> 2 +0000\n\nmerge\n'; } >"$out/commit/hand-octopus-70"
printf 'tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nparent 4ABB951B73FF0A8A979113EF185651AA3C8DA19B\nparent xyz\ncommitter A <a@example.org> 99999999999999999999 +0000\n\nm\0after\n' >"$out/commit/hand-bad-parent"
echo "corpus: $(ls "$out/message" | wc -l) messages, $(ls "$out/release" | wc -l) tag lists," \
	"$(ls "$out/scenario" | wc -l) scenarios, $(ls "$out/commit" | wc -l) commits," \
	"$(ls "$out/cgraph" | wc -l) commit-graphs, $(ls "$out/cache" | wc -l) caches"
