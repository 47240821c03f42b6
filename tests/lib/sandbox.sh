# tests/lib/sandbox.sh — sourced by the shell tests that build repositories with git
# (SANDBOX=NAME . tests/lib/sandbox.sh, with the test's arguments in place):
#   R    the regtrace binary: the test's $1, else build/regtrace
#   W    a scratch directory named after NAME, removed at exit
#   git  kept from the user's and the system's configuration, with a fixed author and
#        committer (A <a@example.org>)
#   ok NAME / no NAME WHY count checks; finish LABEL prints the counts and fails when
#   one failed.
#   hourly_commit MESSAGE FILE  in the repository $d, FILE set to the commit's number and
#   committed with MESSAGE at the next hour (from 1500000000 + 1 h on; $n counts them)
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
n=0
hourly_commit() {
	n=$((n + 1))
	echo "$n" >"$d/$2"
	git -C "$d" add "$2"
	GIT_AUTHOR_DATE="@$((1500000000 + n * 3600)) +0000" GIT_COMMITTER_DATE="@$((1500000000 + n * 3600)) +0000" \
		git -C "$d" commit -q -m "$1"
}
