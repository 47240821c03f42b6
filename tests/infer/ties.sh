#!/usr/bin/env bash
# tests/infer/ties.sh REGTRACE — ties of the upstream inference settled by patch-id
# (doc/dialects.md, "Upstream identity when the message names none"; src/git/patch_compare.h):
# the comparison file group by file group gives the patch-id's answer in every case below,
# cold, warm (the tie's answer from .git/regtrace-infer-cache) and without a cache.
#
# A repository made with git: master m0 (tag v1.0) holds every file below; stable branches
# from v1.0 (tag v1.0.1 at its tip). Every commit is by A <a@example.org>; in each case the
# stable commit s<N> and the master commits m<N><x> share one subject, so each s<N> is a tie
# among its master commits, settled by the patch-id (`git patch-id --stable` is asked too,
# as a check of the hand-worked answer):
#   1 paths differ:  m1a changes po/de.po, m1b po/fr.po; s1 makes m1b's change to po/fr.po
#                    -> m1b (m1a's paths are not s1's: its patch is never compared)
#   2 one file of two differs: m2a and m2b change docs/a and docs/b; m2b adds another line to
#                    docs/a; s2 makes m2a's change to files that differ from master's beyond the
#                    diff's context (other blobs, the same patch) -> m2a
#   3 the same blobs: m3a and m3b change lib/c; s3 makes m3a's change to the same file (the
#                    same blob ids) -> m3a
#   4 white space in a path: m4a appends to "sp ace.txt", m4b to other.txt; s4 makes m4a's
#                    change to space.txt (the same content): the patch-id drops white space,
#                    so s4's is m4a's -> m4a
#   5 two with the patch: m5a and m5b append the same line to notes (m5r, another subject,
#                    takes it out between them); s5 appends it -> ambiguous (none inferred)
#   6 a file made a link: m6a makes file `link` a symbolic link (a deletion and an addition
#                    in one group), m6b changes its text; s6 makes m6a's change -> m6a
#   7 a file made a directory: m7a replaces file `d7` by `d7/x`, m7b by `d7/y`; s7 makes
#                    m7a's change -> m7a (d7 and d7/x both, as git's diff shows them)
#   8 a mode alone: m8a makes tool.sh executable, m8b changes its text; s8 makes m8a's
#                    change -> m8a
# Cases 9 to 11 are about the line balance (src/core/line_balance.h) that rules out a
# candidate whose lines differ before any diff is made:
#   9 white space in a line: m9a appends "x  y" to w9, m9b "x z"; s9 appends "x y": the
#                    patch-id drops white space, so s9's is m9a's -> m9a
#  10 no newline at the end: m10a appends "end" to e10 with no newline after it, m10b "fin";
#                    s10 appends "end" and a newline: the same patch-id -> m10a
#  11 the same balance: m11a swaps the first two lines of f11, m11b the last two (each
#                    adds and removes one line: balance 0 for both); s11 makes m11a's swap:
#                    only the patch-id tells them apart -> m11a
# Hand-worked: inferred_upstream 10 (s1 s2 s3 s4 s6 s7 s8 s9 s10 s11), ambiguous_upstream 1
# (s5), commits 11.
SANDBOX=ties . "$(dirname "$0")/../lib/sandbox.sh"
# The caches beneath are the subject: no earlier output is replayed (src/cmd/replay.h), no
# series is taken from its summary (src/load/summary_use.h).
export REGTRACE_NO_ANSWERS=1 REGTRACE_NO_SUMMARIES=1
d=$W/repo
n=0
commit() {	# LABEL SUBJECT: commit what is staged; $LABEL=its id
	n=$((n + 1))
	GIT_AUTHOR_DATE="@$((1500000000 + n * 3600)) +0000" GIT_COMMITTER_DATE="@$((1500000000 + n * 3600)) +0000" \
		git -C "$d" commit -q -m "$2"
	printf -v "$1" %s "$(git -C "$d" rev-parse HEAD)"
}
put() {	# FILE LINE...: FILE holds these lines, staged
	mkdir -p "$d/$(dirname "$1")"; local f=$1; shift
	printf '%s\n' "$@" >"$d/$f"; git -C "$d" add "$f"
}
ten() { echo "$1 1" "$1 2" "$1 3" "$1 4" "$1 5" "$1 6" "$1 7" "$1 8" "$1 9" "${2:-$1 10}"; }

git init -q -b master "$d"
put po/de.po de; put po/fr.po fr
# shellcheck disable=SC2046
put docs/a $(ten a); put docs/b $(ten b); put lib/c c; put "sp ace.txt" s; put space.txt s
put other.txt o; put notes n; put link "link text"; put d7 d; put tool.sh t
put w9 w; put e10 e; put f11 1 2 3 4 5 6 7 8
commit m0 base
git -C "$d" tag v1.0

put po/de.po de "new de"; commit m1a "po: update translations"
put po/fr.po fr "new fr"; commit m1b "po: update translations"
# shellcheck disable=SC2046
{ put docs/a $(ten a "a master"); put docs/b $(ten b "b master"); commit m2p "doc: other ends"; }
# shellcheck disable=SC2046
{ put docs/a "a 0" $(ten a "a master"); put docs/b "b 0" $(ten b "b master"); commit m2a "doc: sync"; }
# shellcheck disable=SC2046
{ put docs/a "a 00" "a 0" $(ten a "a master"); put docs/b "b 00" "b 0" $(ten b "b master"); commit m2b "doc: sync"; }
put lib/c c "c 1"; commit m3a "lib: grow c"
put lib/c c "c 1" "c 2"; commit m3b "lib: grow c"
put "sp ace.txt" s z; commit m4a "text: add z"
put other.txt o z; commit m4b "text: add z"
put notes n q; commit m5a "notes: add q"
put notes n; commit m5r "notes: take q out"
put notes n q; commit m5b "notes: add q"
git -C "$d" rm -q link; ln -s target "$d/link"; git -C "$d" add link; commit m6a "link: make it one"
git -C "$d" rm -q link; put link "link text" more; commit m6b "link: make it one"
git -C "$d" rm -q d7; put d7/x x; commit m7a "d7: make it a directory"
git -C "$d" rm -q -r d7; put d7 d; commit m7r "d7: a file again"
git -C "$d" rm -q d7; put d7/y x; commit m7b "d7: make it a directory"
chmod +x "$d/tool.sh"; git -C "$d" add tool.sh; commit m8a "tool: make it run"
put tool.sh t u; commit m8b "tool: make it run"
put w9 w "x  y"; commit m9a "w9: add x y"
put w9 w; commit m9r "w9: take it out"
put w9 w "x z"; commit m9b "w9: add x y"
printf 'e\nend' >"$d/e10"; git -C "$d" add e10; commit m10a "e10: an end"
put e10 e; commit m10r "e10: no end"
put e10 e fin; commit m10b "e10: an end"
put f11 2 1 3 4 5 6 7 8; commit m11a "f11: swap"
put f11 1 2 3 4 5 6 7 8; commit m11r "f11: back"
put f11 1 2 3 4 5 6 8 7; commit m11b "f11: swap"
git -C "$d" checkout -q -b stable v1.0
put po/fr.po fr "new fr"; commit s1 "po: update translations"
# shellcheck disable=SC2046
{ put docs/a "a 0" $(ten a); put docs/b "b 0" $(ten b); commit s2 "doc: sync"; }
put lib/c c "c 1"; commit s3 "lib: grow c"
put space.txt s z; commit s4 "text: add z"
put notes n q; commit s5 "notes: add q"
git -C "$d" rm -q link; ln -s target "$d/link"; git -C "$d" add link; commit s6 "link: make it one"
git -C "$d" rm -q d7; put d7/x x; commit s7 "d7: make it a directory"
chmod +x "$d/tool.sh"; git -C "$d" add tool.sh; commit s8 "tool: make it run"
put w9 w "x y"; commit s9 "w9: add x y"
put e10 e end; commit s10 "e10: an end"
put f11 2 1 3 4 5 6 7 8; commit s11 "f11: swap"
git -C "$d" tag v1.0.1
git -C "$d" checkout -q master

# The hand-worked answer checked against git's own patch-ids: SAME|DIFF A B
pid() { git -C "$d" show "$1" | git -C "$d" patch-id --stable | cut -d' ' -f1; }
rel() {
	local a b
	a=$(pid "${!2}"); b=$(pid "${!3}")
	if { [ "$1" = SAME ] && [ "$a" = "$b" ]; } || { [ "$1" = DIFF ] && [ "$a" != "$b" ]; }; then
		ok "git patch-id: $2 $1 $3"
	else no "git patch-id: $2 $1 $3" "$a vs $b"; fi
}
rel SAME s1 m1b; rel DIFF s1 m1a; rel SAME s2 m2a; rel DIFF s2 m2b; rel SAME s3 m3a
rel DIFF s3 m3b; rel SAME s4 m4a; rel DIFF s4 m4b; rel SAME s5 m5a; rel SAME s5 m5b
rel SAME s6 m6a; rel DIFF s6 m6b; rel SAME s7 m7a; rel DIFF s7 m7b; rel SAME s8 m8a
rel DIFF s8 m8b; rel SAME s9 m9a; rel DIFF s9 m9b; rel SAME s10 m10a; rel DIFF s10 m10b
rel SAME s11 m11a; rel DIFF s11 m11b
if [ "$(git -C "$d" rev-parse "$s3:lib/c")" = "$(git -C "$d" rev-parse "$m3a:lib/c")" ] &&
   [ "$(git -C "$d" rev-parse "$s2:docs/a")" != "$(git -C "$d" rev-parse "$m2a:docs/a")" ]; then
	ok "blobs: s3's are m3a's, s2's are not m2a's"
else no blobs "s3 and m3a, s2 and m2a"; fi

# answers NAME WANT-INFERRED WANT-AMBIGUOUS S<N>=M<N>x|none ...: stats and explain
answers() {
	local name=$1 want="$2 $3" got out x s m
	shift 3
	out=$("$R" -C "$d" stats --json v1.0..v1.0.1 2>"$W/err")
	got=$(python3 -c 'import json, sys; s = json.loads(sys.argv[1])["series"][0]
print(s["inferred_upstream"], s["ambiguous_upstream"])' "$out" 2>&1)
	if [ "$got" = "$want" ] && [ ! -s "$W/err" ]; then ok "$name: inferred, ambiguous $got"
	else no "$name" "inferred, ambiguous '$got' (want '$want'), stderr: $(head -c 300 "$W/err")"; fi
	for x in "$@"; do
		s=${x%%=*} m=${x#*=}
		out=$("$R" -C "$d" explain "${!s}" 2>&1)
		if [ "$m" = none ]; then
			if grep -q "upstream ids: none" <<<"$out"; then ok "$name: $s has no upstream id"
			else no "$name: $s" "an upstream id: $(grep -A1 'upstream ids' <<<"$out")"; fi
		elif grep -q "${!m}  inferred: mainline commit ${!m:0:12}" <<<"$out"; then
			ok "$name: $s -> $m"
		else no "$name: $s -> $m" "$(grep -A1 'upstream ids' <<<"$out")"; fi
	done
}
all=(s1=m1b s2=m2a s3=m3a s4=m4a s5=none s6=m6a s7=m7a s8=m8a s9=m9a s10=m10a s11=m11a)
REGTRACE_NO_CACHE=1 answers uncached 10 1 "${all[@]}"
answers cold 10 1 "${all[@]}"
if [ -s "$d/.git/regtrace-infer-cache" ]; then ok "the ties are kept"
else no kept "no .git/regtrace-infer-cache"; fi
answers warm 10 1 "${all[@]}"

# A new master commit with s1's patch and subject: s1's tie has three candidates now, a tie
# the cache never saw (its answer for two is not reused): ambiguous (m1b and m1c).
put po/fr.po fr; commit m1r "po: take the fr line out"
put po/fr.po fr "new fr"; commit m1c "po: update translations"
rel SAME s1 m1c
answers "new candidate" 9 2 s1=none s2=m2a
REGTRACE_NO_CACHE=1 answers "new candidate, uncached" 9 2 s1=none

finish ties
