#!/bin/sh
# tests/docs/check-docs.sh REGTRACE — the man page and the shell completions against the
# program, and `make install` / `make uninstall` (make docs-test, part of make check).
#
# - Every command and every option that `REGTRACE --help` prints appears in the man page
#   (doc/regtrace.1: a command as a .SS heading, an option anywhere), in the bash completion
#   (completions/regtrace.bash: a command in its `commands=` list) and in the zsh completion
#   (completions/_regtrace: a command as a 'NAME:description' entry).  Only what --help prints
#   is required, so options added later must reach the docs when they reach --help.
# - The man page renders without a warning: `groff -man -ww -z` and `man --warnings -l`
#   print nothing on stderr.
# - The completions parse (bash -n, zsh -n when zsh is installed), and the bash completion
#   completes commands, options and the tags of a repository for RANGE, also after BASE..
#   and in the repository of -C DIR.
# - `make install DESTDIR=TMP PREFIX=/usr` puts exactly the binary, the man page and the two
#   completions there (with modes 755 and 644), and `make uninstall` with the same variables
#   removes exactly those files.
# - Every path of the tree that doc/*.md, README.md, CONTRIBUTING.md, fuzz/*.md and
#   bench/README.md cite in backticks (src/..., tests/..., scripts/..., bench/..., fuzz/...;
#   tests/docs/cited-paths.pl says which words count) exists: one FAIL per path that does not,
#   naming where it is cited.
#
# Each check prints "ok WHAT" or "FAIL WHAT"; the last line is "N passed, M failed" and the
# exit status is 1 when any failed.  Needs groff, man, git, bash and perl.
set -eu
REGTRACE=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
MAN=$TOP/doc/regtrace.1
BASHC=$TOP/completions/regtrace.bash
ZSHC=$TOP/completions/_regtrace
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regtrace-docs.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
. "$TOP/tests/report/lib.sh"

# ---- what --help prints -------------------------------------------------------------------
help=$("$REGTRACE" --help)
# Options: every -x or --word that does not continue a word (so not "self-contained").
options=$(printf '%s\n' "$help" |
	grep -oE '(^|[^A-Za-z0-9_-])--?[A-Za-z][A-Za-z0-9-]*' | sed 's/^[^-]*//' | sort -u)
# Commands: the word after `regtrace [-C DIR]` on the usage lines, and the first word of each
# line of the "commands:" section.
commands=$(printf '%s\n' "$help" | {
	grep -oE '^(usage:)?[[:space:]]*regtrace( \[-C DIR\])? [a-z][a-z-]*' | awk '{ print $NF }'
	printf '%s\n' "$help" | awk '
		tolower($0) ~ /^commands?:/ { in_cmds = 1; next }
		in_cmds && /^[^[:space:]]/ { in_cmds = 0 }
		in_cmds && /^ [ ]?[ ]?[ ]?[a-z][a-z-]*( |$)/ { print $1 }'
} | sort -u)
check "--help names options" "$(test -n "$options" && echo yes)" yes
check "--help names commands" "$(test -n "$commands" && echo yes)" yes

# The man page as text: roff escapes of - and fonts removed.
man_text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' -e 's/\\&//g' "$MAN")
# has TEXT OPTION: OPTION occurs in TEXT as a whole word (neither letter, digit nor - around).
has() {
	printf '%s\n' "$1" | grep -qE -- "(^|[^A-Za-z0-9-])$2([^A-Za-z0-9-]|\$)"
}
for o in $options; do
	has "$man_text" "$o" && ok "man page has $o" || fail "man page has $o" "not in doc/regtrace.1"
	has "$(cat "$BASHC")" "$o" && ok "bash completion has $o" ||
		fail "bash completion has $o" "not in completions/regtrace.bash"
	has "$(cat "$ZSHC")" "$o" && ok "zsh completion has $o" ||
		fail "zsh completion has $o" "not in completions/_regtrace"
done
bash_cmds=$(grep -E '^[[:space:]]*(local )?commands=' "$BASHC" || true)
for c in $commands; do
	printf '%s\n' "$man_text" | grep -qE "^\.SS \"?$c([ \"]|\$)" && ok "man page has command $c" ||
		fail "man page has command $c" "no '.SS $c' heading in doc/regtrace.1"
	has "$bash_cmds" "$c" && ok "bash completion has command $c" ||
		fail "bash completion has command $c" "not in the commands= list"
	grep -q "'$c:" "$ZSHC" && ok "zsh completion has command $c" ||
		fail "zsh completion has command $c" "no '$c:description' entry"
done

# ---- the man page renders without a warning ----------------------------------------------
check "groff -man -ww -z: no warning" "$(groff -man -ww -z "$MAN" 2>&1)" ""
check "man --warnings -l: no warning" \
	"$(MANWIDTH=80 man --warnings=w -l "$MAN" 2>&1 >/dev/null)" ""
check "man page NAME" "$(MANWIDTH=200 man -l "$MAN" 2>/dev/null | grep -c '^ *regtrace - count the regressions')" 1

# ---- the completions -----------------------------------------------------------------------
check "bash -n completions/regtrace.bash" "$(bash -n "$BASHC" 2>&1)" ""
if command -v zsh >/dev/null 2>&1; then
	check "zsh -n completions/_regtrace" "$(zsh -n "$ZSHC" 2>&1)" ""
else
	echo "skip zsh -n: zsh is not installed"
fi

# A repository with two series, to complete RANGE from (git only, no regtrace).
R=$WORK/repo
git init -q -b master "$R"
git -C "$R" -c user.name=t -c user.email=t@t commit -q --allow-empty -m base
git -C "$R" tag v1.0
git -C "$R" -c user.name=t -c user.email=t@t commit -q --allow-empty -m one
git -C "$R" tag v1.0.1
git -C "$R" tag v1.0.2
git -C "$R" tag v2.0
# complete DIR WORD...: what the bash completion offers for the last WORD, run in DIR.
complete_in() {
	(cd "$1" && shift && bash -c '. "$0"
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _regtrace
		printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' "$BASHC" "$@")
}
check "bash: commands" "$(complete_in "$R" regtrace ti)" "timeline "
check "bash: global options" "$(complete_in "$R" regtrace --v)" "--version "
check "bash: command options" "$(complete_in "$R" regtrace export --s)" \
	"--series-pattern --sqlite "
check "bash: RANGE tags" "$(complete_in "$R" regtrace fixes v1.0.)" "v1.0.1 v1.0.2 "
check "bash: TIP after BASE.." "$(complete_in "$R" regtrace stats --json v1.0..v1)" \
	"v1.0..v1.0 v1.0..v1.0.1 v1.0..v1.0.2 "
check "bash: tags of -C DIR" "$(complete_in "$WORK" regtrace -C repo stats v2)" "v2.0 "
check "bash: --mainline branches" "$(complete_in "$R" regtrace unfixed --mainline m)" "master "

# ---- the paths the docs cite ---------------------------------------------------------------
cited=$(cd "$TOP" && perl tests/docs/cited-paths.pl doc/*.md README.md CONTRIBUTING.md fuzz/*.md bench/README.md)
ncited=0
missing=0
while read -r at path; do
	[ -n "$path" ] || continue
	ncited=$((ncited + 1))
	[ -e "$TOP/$path" ] && continue
	missing=$((missing + 1))
	fail "cited path exists: $path" "cited at $at"
done <<EOF
$cited
EOF
check "docs cite paths" "$(test "$ncited" -gt 100 && echo yes)" yes
[ "$missing" != 0 ] || ok "every path the docs cite exists ($ncited citations)"

# ---- the help points to what is installed, not to the source tree ----------------------------
# (built with the default PREFIX: the documentation in /usr/local/share/doc/regtrace)
help=$("$REGTRACE" --help)
check "--help names man regtrace and the documentation's directory" \
	"$(printf '%s\n' "$help" | tr '\n' ' ' | grep -c 'man regtrace, and rules.md in /usr/local/share/doc/regtrace')" 1
check "--help cites no source path (doc/...)" "$(printf '%s\n' "$help" | grep -c 'doc/[a-z-]*\.md')" 0

# ---- make install and make uninstall -------------------------------------------------------
D=$WORK/destdir
B=$(dirname "$REGTRACE")
expected="-rw-r--r-- usr/share/bash-completion/completions/regtrace
-rw-r--r-- usr/share/man/man1/regtrace.1
-rw-r--r-- usr/share/zsh/site-functions/_regtrace
-rwxr-xr-x usr/bin/regtrace
-rw-r--r-- usr/share/doc/regtrace/README.md
$(cd "$TOP/doc" && for f in *.md *.png; do echo "-rw-r--r-- usr/share/doc/regtrace/$f"; done)"
listing() {
	(cd "$D" && find . ! -type d | sed 's|^\./||' | while read -r f; do
		echo "$(stat -c %A "$f") $f"; done | sort -k2)
}
rc=0
${MAKE:-make} -s --no-print-directory -C "$TOP" B="$B" install DESTDIR="$D" PREFIX=/usr \
	>"$WORK/out" 2>&1 || rc=$?
check "make install: exit status" "$rc" 0
check "make install: exactly the expected files" "$(listing)" "$(printf '%s\n' "$expected" | sort -k2)"
check "installed man page = doc/regtrace.1" \
	"$(cmp -s "$MAN" "$D/usr/share/man/man1/regtrace.1" && echo same)" same
check "installed regtrace runs" "$("$D/usr/bin/regtrace" --version)" "$("$REGTRACE" --version)"
check "installed rules.md = doc/rules.md" \
	"$(cmp -s "$TOP/doc/rules.md" "$D/usr/share/doc/regtrace/rules.md" && echo same)" same
# The installed README sits beside the doc/ files: its links name them there.
check "installed README links to rules.md beside it" \
	"$(grep -c '](rules.md)' "$D/usr/share/doc/regtrace/README.md")" \
	"$(grep -c '](doc/rules.md)' "$TOP/README.md")"
check "installed README names no doc/ link" \
	"$(grep -c '](doc/' "$D/usr/share/doc/regtrace/README.md")" 0
missing=
for f in $(grep -o '](doc/[a-z.-]*)' "$TOP/README.md" | sed 's|](doc/||; s|)$||' | sort -u); do
	[ -f "$D/usr/share/doc/regtrace/$f" ] || missing="$missing $f"
done
check "every doc/ file the README links is installed" "$missing" ""
rc=0
${MAKE:-make} -s --no-print-directory -C "$TOP" B="$B" uninstall DESTDIR="$D" PREFIX=/usr \
	>"$WORK/out" 2>&1 || rc=$?
check "make uninstall: exit status" "$rc" 0
check "make uninstall: no file left" "$(listing)" ""

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
