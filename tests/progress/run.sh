#!/usr/bin/env bash
# tests/progress/run.sh REGTRACE WORK — the progress lines (doc/performance-speed.md, "Progress").
#
# On a terminal, each phase that runs longer than REGTRACE_PROGRESS_AFTER seconds (1 by
# default; 0 here, so that the scenario repositories' short phases show) writes one line on
# stderr, "\rregtrace: WHAT: DONE/TOTAL UNIT...", and erases it ("\r\033[K") when the phase
# ends; stdout is the same as without a terminal. Not on a terminal, or with --quiet:
# nothing on stderr. The repository is the unfixed-mainline scenario (built by `make e2e`
# into WORK): one range, v4.19..v4.19.2, and a mainline master, so the run reads ranges, reads
# the mainline, infers and counts; `--by path` also reads the files changed.
set -u
R=$(realpath "${1:-build/regtrace}")
W=${2:-build/e2e-work}
REPO=$W/unfixed-mainline
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
[ -d "$REPO/.git" ] || { echo "FAIL no repository $REPO (run make e2e first)"; exit 1; }

# One run under a pseudo-terminal: stdout to a file (not the terminal), stderr to the pty.
# Prints what reached the terminal, escaped.
on_tty() {
	python3 - "$@" <<'PY'
import os, pty, subprocess, sys
master, slave = pty.openpty()
out = open(os.environ["OUT"], "wb")
p = subprocess.Popen(sys.argv[1:], stdout=out, stderr=slave, stdin=subprocess.DEVNULL)
os.close(slave)
got = b""
while True:
    try:
        b = os.read(master, 65536)
    except OSError:
        break
    if not b:
        break
    got += b
p.wait()
sys.stdout.write(repr(got)[2:-1] + "\n")
sys.exit(p.returncode)
PY
}

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
rm -rf "$REPO/.git/regtrace-"*
args=(-C "$REPO" stats --json --mainline master --by path v4.19..v4.19.2)
"$R" "${args[@]}" >"$T/plain.out" 2>"$T/plain.err"
[ $? = 0 ] && [ ! -s "$T/plain.err" ] && ok "not a terminal: stderr empty" ||
	bad "not a terminal" "$(cat "$T/plain.err")"
rm -rf "$REPO/.git/regtrace-"*
tty=$(REGTRACE_PROGRESS_AFTER=0 OUT="$T/tty.out" on_tty "$R" "${args[@]}")
rc=$?
[ $rc = 0 ] && ok "terminal: exit 0" || bad "terminal" "exit $rc"
cmp -s "$T/plain.out" "$T/tty.out" && ok "terminal: stdout unchanged" ||
	bad "terminal: stdout" "differs"
for phase in 'reading: [0-9]+/1 ranges' 'reading the files changed: [0-9]+/[0-9]+ commits' \
	'reading the mainline: [0-9]+/[0-9]+ segments' \
	'inferring upstream ids and counting: [0-9]+/1 ranges'; do
	if printf '%s' "$tty" | grep -Eq "\\\\rregtrace: $phase"; then
		ok "line: $phase"
	else
		bad "line: $phase" "$tty"
	fi
done
# every line drawn is erased: as many erasures as phases shown, and the terminal ends erased
shown=$(printf '%s' "$tty" | grep -Eo '\\rregtrace: [a-z ]+:' | sort -u | wc -l)
erased=$(printf '%s' "$tty" | grep -o '\\r\\x1b\[K' | wc -l)
if [ "$shown" -ge 4 ] && [ "$erased" -ge "$shown" ] && printf '%s' "$tty" | grep -q '\\r\\x1b\[K$'; then
	ok "every line erased ($shown phases, $erased erasures)"
else
	bad "erased" "$shown phases, $erased erasures: $tty"
fi
rm -rf "$REPO/.git/regtrace-"*
tty=$(REGTRACE_PROGRESS_AFTER=0 OUT="$T/quiet.out" on_tty "$R" -C "$REPO" stats -q --json --mainline master --by path v4.19..v4.19.2)
[ -z "$tty" ] && ok "--quiet: nothing on the terminal" || bad "--quiet" "$tty"
# the default threshold (1 s): these phases are far shorter, so nothing shows
rm -rf "$REPO/.git/regtrace-"*
tty=$(OUT="$T/fast.out" on_tty "$R" "${args[@]}")
[ -z "$tty" ] && ok "phases under a second: nothing shown" || bad "under a second" "$tty"
rm -rf "$REPO/.git/regtrace-"*
echo "progress: $pass passed, $fail failed"
[ $fail = 0 ]
