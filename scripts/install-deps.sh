#!/bin/sh
# Install the Debian packages regtrace needs, when they are missing.
# usage: scripts/install-deps.sh [--test]   (--test: also what the tests need)
set -e
need=""
have() { pkg-config --exists "$1" 2>/dev/null; }
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
have libgit2 || need="$need libgit2-dev"
have jansson || need="$need libjansson-dev"
if [ "$1" = "--test" ]; then
	have cmocka || need="$need libcmocka-dev"
fi
[ -z "$need" ] && exit 0
echo "install-deps: installing$need" >&2
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >&2
