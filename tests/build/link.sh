#!/usr/bin/env bash
# usage: tests/build/link.sh REGTRACE CC PKG_CONFIG
#
# The program as the Makefile linked it (its STATIC, doc/performance.md): where every archive
# is installed (scripts/static-libs.sh finds them), linked with them, needing no shared library
# but the C library's; else with the shared libgit2.  A static link that failed and fell back
# (REGTRACE.link.err left beside it) is said and checked as shared.  Either way a run reads no
# certificate bundle (library.h: the stand-ins for mbedTLS's loaders answer libgit2's start)
# and, static, loads no Kerberos library (git/gssapi_stand_ins.h); checked under strace where
# it is installed.
set -u
R=$1 cc=$2 pc=$3
top=$(cd "$(dirname "$0")/../.." && pwd)
pass=0 fail=0
check() { # check NAME STATUS
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# (a sanitizer's runtime, SANITIZE=1, is no library of regtrace's)
needed=$(readelf -d "$R" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
	grep -Ev '^lib(asan|ubsan|tsan|lsan)\.so' | sort | tr '\n' ' ')
static=0
if "$top/scripts/static-libs.sh" "$cc" "$pc" libgit2 >/dev/null && [ ! -e "$R.link.err" ] &&
	[ "${STATIC:-auto}" != 0 ]; then
	static=1
	echo "linked statically; shared libraries needed: $needed"
	[ "$needed" = "libc.so.6 libm.so.6 " ]
	check "static: needs only libc and libm, not: $needed" $?
else
	[ -e "$R.link.err" ] && echo "the static link failed ($R.link.err): checked as shared"
	echo "linked with the shared libraries: $needed"
	case " $needed" in *" libgit2.so"*) s=0 ;; *) s=1 ;; esac
	check "shared: needs libgit2" $s
fi

# a repository with one series: v1.0..v1.0.1
repo=$work/repo
git init -q "$repo" && cd "$repo" && git config user.email a@example.org && git config user.name A &&
	git commit -q --allow-empty -m base && git tag v1.0 &&
	git commit -q --allow-empty -m fix && git tag v1.0.1 && cd - >/dev/null || exit 2
"$R" -C "$repo" stats >"$work/out" 2>&1
rc=$?
check "stats runs (exit $rc): $(head -c 300 "$work/out")" $rc
grep -q '^1\.0\.1 ' "$work/out"
check "stats counts v1.0..v1.0.1" $?

if command -v strace >/dev/null 2>&1; then
	strace -f -e trace=open,openat -o "$work/trace" "$R" -C "$repo" stats >/dev/null 2>&1
	! grep -E '"/etc/ssl/|/usr/share/ca-certificates|ca-certificates\.crt' "$work/trace"
	check "no certificate bundle read" $?
	if [ $static = 1 ]; then
		! grep -E 'libgssapi|libkrb5|libssh2|libmbed' "$work/trace"
		check "static: no Kerberos, SSH or mbedTLS library loaded" $?
	fi
else
	echo "strace not installed: the file checks skipped"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
