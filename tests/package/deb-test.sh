#!/bin/sh
# tests/package/deb-test.sh — the Debian package, built, installed and removed for real.
#
# Installs what the build needs when it is missing (dpkg-dev, debhelper, build-essential and
# the libraries of debian/control, through apt; man-db for `man -w`), copies the source tree
# (without build/, build-san/ and .git) into a temporary directory, builds the package there
# with `dpkg-buildpackage -us -uc -b`, and checks the .deb's files; then installs it with
# `dpkg -i` and checks `regtrace --version`, `man -w regtrace`, the man page and the bash
# and zsh completions; then removes it with `dpkg -r` and checks every file is gone.
#
# Needs root (dpkg -i; sudo is used when not root) and a Debian-like system.  Refuses to run
# when regtrace is already installed as a package or in /usr/bin, so that it never replaces
# or removes a regtrace it did not install.  Each check prints "ok WHAT" or "FAIL WHAT"; the
# last line is "N passed, M failed" and the exit status is 1 when any failed.
# DEB_TEST_KEEP=1 keeps the work directory.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regtrace-deb.XXXXXX")
. "$TOP/tests/report/lib.sh"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
installed=0
cleanup() {
	if [ "$installed" = 1 ]; then
		echo "deb-test: removing the package it installed" >&2
		$SUDO dpkg -r regtrace >/dev/null 2>&1 || true
	fi
	if [ "${DEB_TEST_KEEP:-0}" = 1 ]; then echo "work directory: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# The files the package must install (and remove).
FILES="/usr/bin/regtrace
/usr/share/man/man1/regtrace.1.gz
/usr/share/bash-completion/completions/regtrace
/usr/share/zsh/vendor-completions/_regtrace"

if dpkg-query -W -f='${Status}' regtrace 2>/dev/null | grep -q ' installed$' ||
	[ -e /usr/bin/regtrace ]; then
	echo "deb-test: regtrace is already installed (package or /usr/bin/regtrace): remove it first" >&2
	exit 1
fi

# ---- build tools -------------------------------------------------------------------------
"$TOP/scripts/install-deps.sh"
need=""
command -v dpkg-buildpackage >/dev/null 2>&1 || need="$need dpkg-dev"
command -v dh >/dev/null 2>&1 || need="$need debhelper"
dpkg-query -W -f='${Status}' build-essential 2>/dev/null | grep -q ' installed$' ||
	need="$need build-essential"
command -v man >/dev/null 2>&1 || need="$need man-db"
if [ -n "$need" ]; then
	echo "deb-test: installing$need" >&2
	$SUDO apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >&2
fi

# ---- build the package in a copy of the tree ---------------------------------------------
version=$(cd "$TOP" && dpkg-parsechangelog -S Version)
arch=$(dpkg --print-architecture)
SRC=$WORK/regtrace-$version
mkdir -p "$SRC"
(cd "$TOP" && tar -cf - --exclude=./build --exclude=./build-san --exclude=./.git \
	--exclude=./bench/cache --exclude=./debian/regtrace --exclude=./debian/.debhelper .) |
	(cd "$SRC" && tar -xf -)
rc=0
(cd "$SRC" && dpkg-buildpackage -us -uc -b) >"$WORK/build.log" 2>&1 || rc=$?
[ "$rc" = 0 ] || tail -n 40 "$WORK/build.log"
check "dpkg-buildpackage -us -uc -b: exit status" "$rc" 0
DEB=$WORK/regtrace_${version}_$arch.deb
check "built $(basename "$DEB")" "$(test -f "$DEB" && echo yes)" yes
[ -f "$DEB" ] || { echo "$passed passed, $failed failed"; exit 1; }
contents=$(dpkg-deb -c "$DEB" | awk '{ print $NF }' | sed 's|^\.||')
for f in $FILES; do
	printf '%s\n' "$contents" | grep -qx "$f" && ok "the .deb holds $f" ||
		fail "the .deb holds $f" "not in dpkg-deb -c"
done
check "the .deb holds the README" \
	"$(printf '%s\n' "$contents" | grep -c '^/usr/share/doc/regtrace/README.md')" 1
check "the .deb holds rules.md, uncompressed (the docs link to each other by name)" \
	"$(printf '%s\n' "$contents" | grep -c '^/usr/share/doc/regtrace/rules.md$')" 1
# Linked statically (the Makefile's STATIC, where the archives are installed): needing libc
# alone, and naming the sources whose code it holds (Static-Built-Using); else neither.
depends=$(dpkg-deb -f "$DEB" Depends)
static_using=$(dpkg-deb -f "$DEB" Static-Built-Using)
if dpkg-deb --fsys-tarfile "$DEB" | tar -xOf - ./usr/bin/regtrace >"$WORK/program" &&
	! readelf -d "$WORK/program" | grep -q 'NEEDED.*libgit2'; then
	check "static: Depends is libc6 alone" "$(echo "$depends" | sed 's/ (.*//')" libc6
	check "static: Static-Built-Using names libgit2's source" \
		"$(echo "$static_using" | grep -c 'libgit2 (= ')" 1
else
	check "shared: no Static-Built-Using" "$static_using" ""
fi

# ---- install ------------------------------------------------------------------------------
# Minimal images may exclude /usr/share/man from installs (path-exclude in
# /etc/dpkg/dpkg.cfg.d): include the man page again, as a user of the package would see it.
rc=0
$SUDO dpkg --path-include=/usr/share/man/man1/regtrace.1.gz -i "$DEB" >"$WORK/out" 2>&1 || rc=$?
[ "$rc" = 0 ] || cat "$WORK/out"
check "dpkg -i: exit status" "$rc" 0
installed=1
check "regtrace --version" "$(/usr/bin/regtrace --version 2>&1)" "regtrace $version"
check "regtrace on PATH is /usr/bin/regtrace" "$(command -v regtrace)" /usr/bin/regtrace
check "--help names the installed documentation (/usr/share/doc/regtrace)" \
	"$(regtrace --help | tr '\n' ' ' | grep -c 'rules.md in /usr/share/doc/regtrace')" 1
check "man -w regtrace" "$(man -w regtrace 2>&1)" /usr/share/man/man1/regtrace.1.gz
check "man regtrace renders" \
	"$(MANWIDTH=200 man regtrace 2>/dev/null | grep -c '^ *regtrace - count the regressions')" 1
for f in $FILES; do
	check "installed $f" "$(test -f "$f" && echo yes)" yes
done
check "bash completion is the source's" \
	"$(cmp -s "$TOP/completions/regtrace.bash" /usr/share/bash-completion/completions/regtrace && echo same)" same
check "zsh completion is the source's" \
	"$(cmp -s "$TOP/completions/_regtrace" /usr/share/zsh/vendor-completions/_regtrace && echo same)" same

# ---- remove -------------------------------------------------------------------------------
rc=0
$SUDO dpkg -r regtrace >"$WORK/out" 2>&1 || rc=$?
[ "$rc" = 0 ] || cat "$WORK/out"
check "dpkg -r regtrace: exit status" "$rc" 0
[ "$rc" = 0 ] && installed=0
for f in $FILES /usr/share/doc/regtrace; do
	check "removed $f" "$(test -e "$f" && echo present)" ""
done
check "package no longer installed" \
	"$(dpkg-query -W -f='${Status}' regtrace 2>/dev/null | grep -c ' installed$')" 0

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
