# tests/lib/sandbox.sh — sourced by the shell tests that build repositories with git
# (SANDBOX=NAME . tests/lib/sandbox.sh, with the test's arguments in place):
#   R    the regtrace binary: the test's $1, else build/regtrace
#   W    a scratch directory named after NAME, removed at exit
#   git  kept from the user's and the system's configuration, with a fixed author and
#        committer (A <a@example.org>)
#   ok NAME / no NAME WHY count checks; finish LABEL prints the counts and fails when
#   one failed.
set -u
R=$(realpath "${1:-build/regtrace}")
W=$(mktemp -d "${TMPDIR:-/tmp}/regtrace-${SANDBOX:-test}.XXXXXX")
trap 'rm -rf "$W"' EXIT
export HOME="$W/home" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.org GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=a@example.org
mkdir -p "$HOME"
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
no() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
finish() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" = 0 ]
}
