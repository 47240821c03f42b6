#!/bin/sh
# Install the Debian packages regtrace needs, when they are missing.
# usage: scripts/install-deps.sh [--test] [--browser] [--check] [--fuzz] [--valgrind] [--hostile] [--docs]
#   --test: also what the tests need (git and python3 build and check test repositories);
#   --browser: also Chromium, a font and Python for the report test (make report-test),
#   which are big, so only on request
set -e
need=""
test=0 browser=0
# --check: everything any suite of `make check` needs, up front (--test --browser --docs
# --hostile), so that no suite installs a package halfway.
for a in "$@"; do
	case "$a" in
	--test) test=1 ;;
	--browser) browser=1 ;;
	--check) test=1 browser=1; set -- "$@" --docs --hostile ;;
	esac
done
have() { pkg-config --exists "$1" 2>/dev/null; }
cmd() { command -v "$1" >/dev/null 2>&1; }
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
have libgit2 || need="$need libgit2-dev"
have jansson || need="$need libjansson-dev"
have sqlite3 || need="$need libsqlite3-dev"
have libpcre2-8 || need="$need libpcre2-dev"
have libcrypto || need="$need libssl-dev"
have libdeflate || need="$need libdeflate-dev"
if [ $test = 1 ]; then
	have cmocka || need="$need libcmocka-dev"
	cmd sqlite3 || need="$need sqlite3"
	cmd git || need="$need git"
	cmd python3 || need="$need python3"
	# the JSON Schema check (tests/json/validate.py) runs on Debian's own python3
	/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || need="$need python3-jsonschema"
fi
if [ $browser = 1 ]; then
	cmd sqlite3 || need="$need sqlite3"
	cmd python3 || need="$need python3"
	cmd chromium || need="$need chromium"
	[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need="$need fonts-dejavu-core"
fi
# Hardening (issue 5): --fuzz: clang and libFuzzer (make fuzz); --valgrind: valgrind (make
# valgrind); --hostile: git, python3 and GNU time (make hostile); --docs: groff, man and zsh
# (make docs-test renders the man page and parses the zsh completion).
for a in "$@"; do
	case "$a" in
	--fuzz)
		command -v clang >/dev/null 2>&1 || need="$need clang"
		dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || need="$need libclang-rt-14-dev" ;;
	--valgrind)
		command -v valgrind >/dev/null 2>&1 || need="$need valgrind" ;;
	--hostile)
		command -v git >/dev/null 2>&1 || need="$need git"
		command -v python3 >/dev/null 2>&1 || need="$need python3"
		[ -x /usr/bin/time ] || need="$need time" ;;
	--docs)
		command -v groff >/dev/null 2>&1 || need="$need groff-base"
		command -v man >/dev/null 2>&1 || need="$need man-db"
		command -v zsh >/dev/null 2>&1 || need="$need zsh" ;;
	esac
done
[ -z "$need" ] && exit 0
echo "install-deps: installing$need" >&2
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >&2
