#!/usr/bin/env bash
# tests/graph/rev-names.sh REGTRACE — a range's BASE and TIP name what git names: a tag's
# commit is taken from the tags table without reading the tag (src/git/tags.h,
# tags_commit_of), but only where git's rules lead to that tag: a full id first, then the
# refs git_reference_dwim tries in git's order (NAME, refs/NAME, refs/tags/NAME,
# refs/heads/NAME, ...).
#
# A repository made with git, one commit an hour by A <a@example.org>: master c1 c2 c3 c4;
# tags b (annotated, on c1) and t (on c4); every commit changes its own file, no message
# names another commit. Hand-worked commit counts of stats b..t (`git rev-list --count`
# agrees, asked below):
#   1 as tagged:                            b = c1            -> c2 c3 c4   3
#   2 a branch t at c2 (refs/tags/t first): t = c4            -> 3
#   3 a ref refs/b at c3 (before refs/tags): b = c3           -> c4         1
#     the same ref packed (git pack-refs: no loose file left)   -> 1
#     a tag B on c1 and a pseudo-ref B (the git directory's own file B, as
#     FETCH_HEAD) at c3: B = c3 (stats B..t)                  -> 1
#   4 a tag named c2's full id, on c3: that id is c2's object, not the tag
#     (stats C2ID..t)                                         -> c3 c4      2
#   5 the same base through the annotated tag's own id (b^{tag} is its object): c1 -> 3
SANDBOX=rev-names . "$(dirname "$0")/../lib/sandbox.sh"
d=$W/repo
git init -q -b master "$d"
for c in c1 c2 c3 c4; do hourly_commit "$c: add it" "$c"; done
git -C "$d" tag -a -m "base" b master~3
git -C "$d" tag t master
c2=$(git -C "$d" rev-parse master~2)
c3=$(git -C "$d" rev-parse master~1)

count() {	# LABEL RANGE WANT: stats' commits, and git's count agrees
	local got git
	got=$("$R" -C "$d" stats "$2" --json 2>"$W/err" | sed -n 's/^ *"commits": \([0-9]*\),$/\1/p' | head -1)
	git=$(git -C "$d" rev-list --count --no-merges "$2" 2>/dev/null)
	if [ "$got" = "$3" ] && [ "$git" = "$3" ]; then
		ok "$1: $3 commits"
	else
		no "$1" "regtrace ${got:-none} (stderr: $(head -c 200 "$W/err")), git ${git:-none}, hand-worked $3"
	fi
}

count "tags as made" b..t 3
git -C "$d" branch t "$c2" 2>/dev/null
count "a branch of the tag's name" b..t 3
git -C "$d" update-ref refs/b "$c3"
count "a ref before refs/tags" b..t 1
git -C "$d" pack-refs --all
if [ -e "$d/.git/refs/b" ]; then no "packed ref" "refs/b still loose after pack-refs"; fi
count "a packed ref before refs/tags" b..t 1
git -C "$d" update-ref -d refs/b
git -C "$d" tag B "$(git -C "$d" rev-parse master~3)"
echo "$c3" >"$d/.git/B"
count "a pseudo-ref before refs/tags" B..t 1
rm "$d/.git/B"
git -C "$d" tag -d B >/dev/null
git -C "$d" tag "$c2" "$c3" 2>/dev/null
count "a tag named by a full id" "$c2..t" 2
count "the annotated tag by its own id" "$(git -C "$d" rev-parse b)..t" 3
finish "rev-names"
