#!/usr/bin/env bash
# tests/outputs/run.sh [REGTRACE] — every file regtrace writes (`report -o`, `export --sqlite`,
# the commit cache) appears whole or not at all, also on a full disk and when interrupted
# (issue 5, "Outputs"; unwritable paths are in tests/hostile/run.sh).
#
# Full disk: a 4 MB tmpfs holds a 300-commit repository (so its git directory and commit
# cache) and a directory with an old report and an old export of its first release.  A
# filler file then takes all but 8 KB, and again all of it, and the whole range is run:
# report and export must fail with status 1, nothing on stdout and one line on stderr,
# "regtrace: cannot write 'PATH': No space left on device", leave the old file byte for byte
# and nothing else in the directory (no temporary file, no journal); `stats`, whose cache
# cannot be saved, must still print the exact answer with status 0 and an empty stderr (the
# cache is an optimisation: doc/performance.md) and leave the old cache and no
# temporary file.  Without the filler the same commands succeed.  Mounting needs root (or
# CAP_SYS_ADMIN): otherwise this part prints "skip full-disk: ..." and the rest still runs.
#
# Interrupts: a 100,000-commit repository (OUTPUTS_COMMITS sets the number: the sanitized run
# of the Makefile takes 20,000, whose export under ASan lasts as long; git fast-import, a few
# seconds); export and report
# of the whole range are stopped at several moments (tests/outputs/interrupt.py: as soon as
# the temporary file appears, after fixed delays, once it is being written) and sent SIGINT
# (and SIGTERM, SIGHUP, SIGPIPE): the process must die of that signal with the temporary file
# live at that moment, print nothing, and leave the old file byte for byte (or no file when
# there was none) and no temporary file.  The same for the commit cache while it is saved.
#
# Each check prints "ok NAME", "skip NAME: why" or "FAIL NAME: why"; the last line is
# "N passed, M failed" and the exit status is 1 when any check failed.
# Special files (issue 15.3): see special() below.
#
# Needs git, python3, mount, timeout and sqlite3.  OUTPUTS_KEEP=1 keeps the work directory.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
R=$(realpath "${1:-build/regtrace}")
CHECK="python3 $top/tests/hostile/check.py"
INTERRUPT=$here/interrupt.py
TMO=300
W=$(mktemp -d "${TMPDIR:-/tmp}/regtrace-outputs.XXXXXX")
DISK=$W/disk
mounted=0
cleanup() {
	[ "$mounted" = 1 ] && umount "$DISK"
	if [ "${OUTPUTS_KEEP:-0}" = 1 ]; then echo "work directory: $W"; else rm -rf "$W"; fi
}
trap cleanup EXIT
mkdir -p "$W/out" "$W/home" "$W/keep"
export HOME="$W/home" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE REGTRACE_NO_CACHE

npass=0 nfail=0
pass() { echo "ok $1"; npass=$((npass + 1)); }
fail() { echo "FAIL $1: $2"; nfail=$((nfail + 1)); }
skip() { echo "skip $1: $2"; }

# gen DIR N EVERY: a repository made with git fast-import: "Linux 4.19" (tag v4.19), then N
# commits on branch stable; commit i names upstream id U(i) = %08x(i) + 32 x 'f', and every
# 10th also carries "Fixes: <first 12 digits of U(i-1)>"; commit i with i % EVERY == EVERY - 1
# gets tag v4.19.K, K = (i + 1) / EVERY.
gen() {
	git init -q "$1" &&
	python3 - "$2" "$3" <<'EOF' | git -C "$1" fast-import --quiet
import sys
n, every = int(sys.argv[1]), int(sys.argv[2])
out = sys.stdout
def commit(mark, msg, when, parent=None):
    out.write("commit refs/heads/stable\nmark :%d\ncommitter H <h@example.org> %d +0000\n"
              "data %d\n%s\n" % (mark, when, len(msg.encode()), msg))
    if parent:
        out.write("from :%d\n" % parent)
    out.write("\n")
commit(1, "Linux 4.19\n", 1500000000)
out.write("reset refs/tags/v4.19\nfrom :1\n\n")
for i in range(1, n + 1):
    msg = "change %d\n\ncommit %08x%s upstream.\n" % (i, i, "f" * 32)
    if i % 10 == 0:
        msg += "\nFixes: %08xffff (\"change %d\")\n" % (i - 1, i - 1)
    commit(i + 1, msg, 1500000000 + i, i)
    if i % every == every - 1:
        out.write("reset refs/tags/v4.19.%d\nfrom :%d\n\n" % ((i + 1) // every, i + 1))
EOF
}

# rt NAME ARGS...: run regtrace; output in $W/out/NAME.{out,err}, status in $rc.
rt() {
	local name=$1
	shift
	timeout -k 5 "$TMO" "$R" "$@" >"$W/out/$name.out" 2>"$W/out/$name.err"
	rc=$?
}

# expect_error NAME ERE ARGS...: status 1, nothing on stdout, one stderr line
# "regtrace: ..." matching ERE.
expect_error() {
	local name=$1 ere=$2 err="$W/out/$1.err"
	shift 2
	rt "$name" "$@"
	if [ "$rc" != 1 ]; then
		fail "$name" "exit status $rc, not 1 (stderr: $(head -c 300 "$err"))"
	elif [ -s "$W/out/$name.out" ]; then
		fail "$name" "stdout not empty: $(head -c 200 "$W/out/$name.out")"
	elif [ "$(wc -l <"$err")" != 1 ] || [ "$(tail -c 1 "$err" | od -An -c | tr -d ' ')" != '\n' ]; then
		fail "$name" "stderr is not exactly one line: $(head -c 300 "$err")"
	elif ! grep -Eq -- "^regtrace: $ere\$" "$err"; then
		fail "$name" "stderr is not 'regtrace: $ere': $(cat "$err")"
	else
		pass "$name"
	fi
}

# expect_json NAME "PATH=VALUE..." ARGS...: status 0, empty stderr, the JSON holds the values.
expect_json() {
	local name=$1 checks=$2 why
	shift 2
	rt "$name" "$@"
	if [ "$rc" != 0 ]; then
		fail "$name" "exit status $rc: $(head -c 300 "$W/out/$name.err")"
	elif [ -s "$W/out/$name.err" ]; then
		fail "$name" "stderr not empty: $(head -c 300 "$W/out/$name.err")"
	elif ! why=$($CHECK json "$W/out/$name.out" "$checks"); then
		fail "$name" "$why"
	else
		pass "$name"
	fi
}

# expect_wrote NAME FILE ARGS...: status 0, stdout "wrote FILE", empty stderr.
expect_wrote() {
	local name=$1 file=$2
	shift 2
	rt "$name" "$@"
	if [ "$rc" != 0 ] || [ "$(cat "$W/out/$name.out")" != "wrote $file" ] ||
	   [ -s "$W/out/$name.err" ]; then
		fail "$name" "status $rc, stdout '$(head -c 200 "$W/out/$name.out")', stderr '$(head -c 300 "$W/out/$name.err")'"
	else
		pass "$name"
	fi
}

# same_file NAME OLD FILE: FILE is byte for byte OLD.
same_file() {
	if cmp -s "$2" "$3"; then pass "$1"; else fail "$1" "$3 is not the old file"; fi
}

# entries NAME DIR "NAME..." [GLOB]: the names in DIR (those matching GLOB, default all, dot
# files included), sorted, are exactly the list.
entries() {
	local got
	got=$(cd "$2" && for f in .* *; do
		case "$f" in .|..) continue ;; esac
		# shellcheck disable=SC2254
		case "$f" in ${4:-*}) [ -e "$f" ] && echo "$f" ;; esac
	done | sort | tr '\n' ' ')
	if [ "$got" = "$3 " ]; then pass "$1"; else fail "$1" "in $2: '$got', want '$3 '"; fi
}

# ---- a full disk ------------------------------------------------------------------------------
# The repository: gen 300 10.  Tags v4.19.K on commits 10K - 1 (K = 1..30); the fixes, commits
# 10, 20, ..., 300, each name the commit before, the last of the previous release, so each
# fix is in a later release than its target (300 is unreleased): commits 300, tagged 30,
# fixes 30, pairs 30, regressions 30, reverts 0, same_release 0, visible 30, fixes_outside 0.
FULL_ANSWER="series[0].commits=300 series[0].tagged=30 series[0].fixes=30 series[0].pairs=30
series[0].regressions=30 series[0].reverts=0 series[0].same_release=0 series[0].visible=30
series[0].fixes_outside=0"

# fill LEFT: a filler file takes all but LEFT bytes of the tmpfs (0 or 1 when it has them).
fill() {
	local avail
	rm -f "$DISK/filler"
	avail=$(($(stat -f -c '%a * %S' "$DISK")))
	head -c $((avail - $1)) /dev/zero >"$DISK/filler" 2>/dev/null
	avail=$(($(stat -f -c '%a * %S' "$DISK")))
	[ "$avail" -le "$1" ]
}

mount_disk() {
	local msg
	if [ "$(id -u)" != 0 ]; then
		skip full-disk "not root, cannot mount a tmpfs (run as root to test a full disk)"
		return 1
	fi
	mkdir -p "$DISK"
	if ! msg=$(mount -t tmpfs -o size=4m,mode=0755 tmpfs "$DISK" 2>&1); then
		skip full-disk "cannot mount a tmpfs: $msg"
		return 1
	fi
	mounted=1
}

full_disk() {
	local repo=$DISK/repo out=$DISK/out keep=$W/keep left
	mount_disk || return 0
	mkdir -p "$out"
	gen "$repo" 300 10 || { fail full-disk-repo "git fast-import failed"; return; }
	expect_wrote full-disk-old-report "$out/r.html" -C "$repo" report -o "$out/r.html" v4.19..v4.19.1
	expect_wrote full-disk-old-export "$out/x.db" -C "$repo" export --sqlite "$out/x.db" v4.19..v4.19.1
	expect_json full-disk-old-cache "series[0].commits=9" -C "$repo" stats --json v4.19..v4.19.1
	cp "$out/r.html" "$out/x.db" "$repo/.git/regtrace-cache" "$keep/"
	for left in 8192 0; do
		if ! fill "$left"; then
			fail "full-disk-$left-fill" "more than $left bytes left on the tmpfs"
			continue
		fi
		expect_error "full-disk-$left-report" "cannot write '$out/r.html': No space left on device" \
			-C "$repo" report -o "$out/r.html" v4.19..stable
		same_file "full-disk-$left-report-old-kept" "$keep/r.html" "$out/r.html"
		expect_error "full-disk-$left-export" "cannot write '$out/x.db': No space left on device" \
			-C "$repo" export --sqlite "$out/x.db" v4.19..stable
		same_file "full-disk-$left-export-old-kept" "$keep/x.db" "$out/x.db"
		entries "full-disk-$left-nothing-partial" "$out" "r.html x.db"
		expect_json "full-disk-$left-cache-not-fatal" "$FULL_ANSWER" -C "$repo" stats --json v4.19..stable
		same_file "full-disk-$left-cache-old-kept" "$keep/regtrace-cache" "$repo/.git/regtrace-cache"
		entries "full-disk-$left-cache-no-temp" "$repo/.git" "regtrace-cache" "*regtrace-cache*"
	done
	# The control: with room, the same commands succeed and replace the old files.
	rm -f "$DISK/filler"
	expect_wrote full-disk-room-report "$out/r.html" -C "$repo" report -o "$out/r.html" v4.19..stable
	expect_wrote full-disk-room-export "$out/x.db" -C "$repo" export --sqlite "$out/x.db" v4.19..stable
	expect_json full-disk-room-cache "$FULL_ANSWER" -C "$repo" stats --json v4.19..stable
	local small
	small=$(find "$out/r.html" "$out/x.db" "$repo/.git/regtrace-cache" -size -9k)
	if [ -z "$small" ] && ! cmp -s "$keep/regtrace-cache" "$repo/.git/regtrace-cache"; then
		pass "full-disk-room-replaced (each new file larger than 8 KB)"
	else
		fail full-disk-room-replaced "not replaced, or too small to need more than 8 KB: $small"
	fi
}

# ---- interrupts -------------------------------------------------------------------------------
BIG=$W/big

# interrupted NAME DIR FILE OLD WHEN SIG ARGS...: run `regtrace -C BIG ARGS...` writing
# DIR/FILE (without the commit cache), interrupt it at WHEN with SIG (interrupt.py); OLD is a
# copy of the old DIR/FILE, or "" when there is none.  The process must die of SIG; at
# "appear" and "grow" with its temporary file live, after a delay also before (a slow,
# sanitized start) but never after it (the delays are well within a run).
interrupted() {
	local name=$1 dir=$2 file=$3 old=$4 when=$5 sig=$6 res want
	shift 6
	want="live=1 status=signal:$(kill -l "$sig")"
	res=$(REGTRACE_NO_CACHE=1 timeout -k 5 "$TMO" python3 "$INTERRUPT" "$dir" ".$file." "$when" "$sig" \
		"$W/out/$name.out" "$W/out/$name.err" -- "$R" -C "$BIG" "$@")
	case "$when" in appear | grow) ;; *) [ "$res" = "live=0${want#live=1}" ] && want=$res ;; esac
	if [ "$res" != "$want" ]; then
		fail "$name" "'$res', want '$want' (stderr: $(head -c 300 "$W/out/$name.err"))"
	elif [ -s "$W/out/$name.out" ] || [ -s "$W/out/$name.err" ]; then
		fail "$name" "output: $(head -c 200 "$W/out/$name.out") $(head -c 200 "$W/out/$name.err")"
	elif [ -n "$old" ] && ! cmp -s "$old" "$dir/$file"; then
		fail "$name" "$dir/$file is not the old file"
	elif [ -z "$old" ] && [ -e "$dir/$file" ]; then
		fail "$name" "$dir/$file exists"
	else
		pass "$name ($res)"
	fi
	entries "$name-no-temp" "$dir" "r.html x.db"
	# the next case starts from the old state, whatever this one left
	rm -f "$dir/.$file".* "$dir/$file"
	[ -n "$old" ] && cp "$old" "$dir/$file"
}

# cache_interrupted: stats of the whole range with a cache of the first release only, so
# that the cache is saved at the end; SIGINT once its temporary file appears.  The save is
# short (13 MB): a run that ended before the poll saw the file, or whose file was renamed
# in place before the poll could stop it (live=0: a busy machine delays the poll), is tried
# again, 5 times.
# Each run reads and saves (REGTRACE_NO_ANSWERS: an earlier run's output is not replayed; no
# summaries: the series of an earlier run is not taken from its summary).
cache_interrupted() {
	local keep=$W/keep/big-cache res try
	local -x REGTRACE_NO_ANSWERS=1
	# the new file an uninterrupted run writes over the old one
	cp "$keep" "$BIG/.git/regtrace-cache"
	"$R" -C "$BIG" stats --json v4.19..stable >/dev/null 2>&1
	cp "$BIG/.git/regtrace-cache" "$W/keep/big-cache-new"
	rm -f "$BIG/.git/regtrace-cache-added"
	for try in 1 2 3 4 5; do
		cp "$keep" "$BIG/.git/regtrace-cache"
		rm -f "$BIG/.git/regtrace-summaries"
		res=$(timeout -k 5 "$TMO" python3 "$INTERRUPT" "$BIG/.git" .regtrace-cache. appear INT \
			"$W/out/cache-int.out" "$W/out/cache-int.err" -- "$R" -C "$BIG" stats --json v4.19..stable)
		case $res in live=0\ *) ;; *) break ;; esac
	done
	if [ "$res" != "live=1 status=signal:2" ]; then
		fail cache-interrupted "'$res' after $try tries, want 'live=1 status=signal:2' (stderr: $(head -c 300 "$W/out/cache-int.err"))"
	elif [ -s "$W/out/cache-int.err" ]; then
		fail cache-interrupted "stderr: $(head -c 300 "$W/out/cache-int.err")"
	else
		pass "cache-interrupted ($res, try $try)"
	fi
	# The handler lets a rename that has begun finish: the cache is then the complete new
	# file.  Either is right; a mix, a cut file or a temporary file left is not.
	if cmp -s "$keep" "$BIG/.git/regtrace-cache"; then pass "cache-interrupted-whole (the old file)"
	elif cmp -s "$W/keep/big-cache-new" "$BIG/.git/regtrace-cache"; then pass "cache-interrupted-whole (the new file: the rename had begun)"
	else fail cache-interrupted-whole "the cache is neither the old file nor the new one"; fi
	entries cache-interrupted-no-temp "$BIG/.git" "regtrace-cache" "*regtrace-cache*"
}

interrupts() {
	local dir=$W/int keep=$W/keep spec when sig
	mkdir -p "$dir"
	gen "$BIG" "${OUTPUTS_COMMITS:-100000}" 1000 || { fail interrupt-repo "git fast-import failed"; return; }
	# old files and cache: the first release (1,000 commits)
	expect_wrote interrupt-old-export "$dir/x.db" -C "$BIG" export --sqlite "$dir/x.db" v4.19..v4.19.1
	expect_wrote interrupt-old-report "$dir/r.html" -C "$BIG" report -o "$dir/r.html" v4.19..v4.19.1
	cp "$dir/x.db" "$keep/big.db"
	cp "$dir/r.html" "$keep/big.html"
	cp "$BIG/.git/regtrace-cache" "$keep/big-cache"
	for spec in "appear INT" "0.05 INT" "0.3 INT" "0.8 INT" "grow INT" \
		    "appear TERM" "appear HUP" "appear PIPE" "grow TERM"; do
		read -r when sig <<<"$spec"
		interrupted "export-$when-$sig" "$dir" x.db "$keep/big.db" "$when" "$sig" \
			export --sqlite "$dir/x.db" v4.19..stable
	done
	for spec in "appear INT" "0.3 INT" "grow INT" "grow HUP"; do
		read -r when sig <<<"$spec"
		interrupted "report-$when-$sig" "$dir" r.html "$keep/big.html" "$when" "$sig" \
			report -o "$dir/r.html" v4.19..stable
	done
	interrupted export-new-grow-INT "$dir" new.db "" grow INT export --sqlite "$dir/new.db" v4.19..stable
	cache_interrupted
}

# ---- special files (issue 15.3) -----------------------------------------------------------------
# An output named by the user that is not a regular file is written, never replaced: a FIFO
# with a reader (the reader gets the whole report, the FIFO stays), a FIFO without one (an
# error at once, no hang), a link to stdout (/proc/self/fd/1, as /dev/stdout is: the report,
# and no "wrote" line, in the pipe), "-" (stdout), devices made in the work directory (as
# root: a twin of /dev/full gives "No space left on device", one of /dev/null takes the
# database; both stay devices).  A symbolic link to a regular file is followed: the file it
# names gets the new report, the link stays; a link to nothing is an error.
# (Before: each of these was replaced by a regular file, "wrote PATH", exit 0.)
is_html() { [ "$(head -c 15 "$1")" = "<!DOCTYPE html>" ] && [ "$(tail -c 8 "$1" | od -An -c | tr -d ' ')" = '</html>\n' ]; }
special() {
	local d=$W/special repo=$W/special/repo r=v4.19..v4.19.1 reader
	mkdir -p "$d"
	gen "$repo" 30 10 || { fail special-repo "git fast-import failed"; return; }

	mkfifo "$d/fifo"
	timeout 60 cat "$d/fifo" >"$d/from-fifo" &
	reader=$!
	expect_wrote special-fifo "$d/fifo" -C "$repo" report -o "$d/fifo" "$r"
	[ -p "$d/fifo" ] || kill "$reader" 2>/dev/null
	wait "$reader"
	if [ -p "$d/fifo" ] && is_html "$d/from-fifo"; then pass special-fifo-read
	else fail special-fifo-read "FIFO replaced or the reader got $(wc -c <"$d/from-fifo") bytes"; fi

	# A FIFO with no reader yet: regtrace waits in open() for one, as a shell's `>fifo`
	# does (so `cat fifo & regtrace ... -o fifo` never depends on which starts first); the
	# reader comes 0.5 s later and gets the whole database.  (Before: ENXIO at once, so a
	# reader that started late lost the race, 1 run in 4.)  A writer that gave up early
	# has exited by then; the reader's own open would then wait, hence its timeout.
	mkfifo "$d/fifo-alone"
	timeout -k 5 "$TMO" "$R" -C "$repo" export --sqlite "$d/fifo-alone" "$r" \
		>"$W/out/special-fifo-waits.out" 2>"$W/out/special-fifo-waits.err" &
	local writer=$! st
	sleep 0.5
	if kill -0 "$writer" 2>/dev/null; then pass special-fifo-waits-for-reader
	else fail special-fifo-waits-for-reader "regtrace ended before a reader came: $(head -c 200 "$W/out/special-fifo-waits.err")"; fi
	timeout 60 cat "$d/fifo-alone" >"$d/from-fifo-alone"
	wait "$writer"; st=$?
	if [ "$st" = 0 ] && [ "$(head -c 15 "$d/from-fifo-alone")" = "SQLite format 3" ] &&
	   [ "$(cat "$W/out/special-fifo-waits.out")" = "wrote $d/fifo-alone" ] && [ -p "$d/fifo-alone" ]
	then pass special-fifo-late-reader
	else fail special-fifo-late-reader "status $st, $(wc -c <"$d/from-fifo-alone") bytes read, stderr $(head -c 200 "$W/out/special-fifo-waits.err")"; fi
	# the wait ends on a signal (TERM: a shell's background job ignores INT), the FIFO kept
	timeout -k 5 "$TMO" "$R" -C "$repo" export --sqlite "$d/fifo-alone" "$r" \
		>/dev/null 2>"$W/out/special-fifo-term.err" &
	writer=$!
	sleep 0.3
	kill -TERM "$writer"
	wait "$writer"; st=$?
	if [ "$st" = 143 ] && [ -p "$d/fifo-alone" ] && [ ! -s "$W/out/special-fifo-term.err" ]
	then pass special-fifo-wait-interrupted
	else fail special-fifo-wait-interrupted "status $st (want 143), FIFO $( [ -p "$d/fifo-alone" ] && echo kept || echo replaced)"; fi

	# /dev/stdout, /dev/fd/N and /proc/self/fd/N are the process's own descriptors: written
	# through them (appended to a log stdout appends to; after what the shell wrote before),
	# never replaced by a rename.  (Before: the file stdout was open on was replaced, and the
	# log's old lines, or a's and b's lines, were lost.)
	local name
	for name in /dev/stdout /dev/fd/1 /proc/self/fd/1; do
		{ echo a; timeout "$TMO" "$R" -C "$repo" report -o "$name" "$r"; echo b; } \
			>"$d/seq.out" 2>"$W/out/special-seq.err"
		if [ "$(head -n 1 "$d/seq.out")" = a ] && [ "$(sed -n 2p "$d/seq.out" | head -c 15)" = "<!DOCTYPE html>" ] &&
		   [ "$(tail -n 2 "$d/seq.out" | tr '\n' ' ')" = "</html> b " ] && [ ! -s "$W/out/special-seq.err" ]
		then pass "special-own-fd-in-sequence ($name)"
		else fail "special-own-fd-in-sequence ($name)" "$(head -c 40 "$d/seq.out" | tr '\n' ' ') ... $(tail -c 20 "$d/seq.out" | tr '\n' ' ')"; fi
	done
	printf 'old line\n' >"$d/append.log"
	timeout "$TMO" "$R" -C "$repo" report -o /dev/stdout "$r" >>"$d/append.log" 2>/dev/null
	if [ "$(head -n 1 "$d/append.log")" = "old line" ] && [ "$(tail -n 1 "$d/append.log")" = "</html>" ]
	then pass special-stdout-appended
	else fail special-stdout-appended "the log's first line: $(head -n 1 "$d/append.log" | head -c 40)"; fi

	# The default name (report's regtrace-report.html, in the current directory, perhaps a
	# work tree whose files a repository wrote) is never followed: a link there is refused
	# in one line, its target untouched.  (Before: "wrote regtrace-report.html", and the file
	# the link named, ~/.bashrc say, was replaced.)  A name the user gives is followed.
	mkdir -p "$d/wt"
	printf 'precious\n' >"$d/victim"
	ln -s "$d/victim" "$d/wt/regtrace-report.html"
	(cd "$d/wt" && timeout "$TMO" "$R" -C "$repo" report "$r") >"$W/out/default-link.out" 2>"$W/out/default-link.err"
	st=$?
	if [ "$st" = 1 ] && [ "$(cat "$d/victim")" = precious ] && [ -L "$d/wt/regtrace-report.html" ] &&
	   [ "$(wc -l <"$W/out/default-link.err")" = 1 ] &&
	   grep -q "^regtrace: refusing to write 'regtrace-report.html': it is a symbolic link" "$W/out/default-link.err"
	then pass special-default-name-link-refused
	else fail special-default-name-link-refused "status $st, victim '$(head -c 20 "$d/victim")', stderr $(head -c 200 "$W/out/default-link.err")"; fi
	rm -f "$d/wt/regtrace-report.html"
	(cd "$d/wt" && timeout "$TMO" "$R" -C "$repo" report "$r") >/dev/null 2>&1
	if is_html "$d/wt/regtrace-report.html" && [ ! -L "$d/wt/regtrace-report.html" ]
	then pass special-default-name-written
	else fail special-default-name-written "no report in the current directory"; fi

	ln -s /proc/self/fd/1 "$d/stdout-link"
	timeout "$TMO" "$R" -C "$repo" report -o "$d/stdout-link" "$r" 2>"$W/out/special-stdout.err" |
		cat >"$W/out/special-stdout.out"
	if is_html "$W/out/special-stdout.out" && [ -L "$d/stdout-link" ] && [ ! -s "$W/out/special-stdout.err" ]
	then pass special-stdout-link
	else fail special-stdout-link "$(wc -c <"$W/out/special-stdout.out") bytes in the pipe, link $( [ -L "$d/stdout-link" ] && echo kept || echo replaced): $(head -c 100 "$W/out/special-stdout.out")"; fi

	rt special-dash -C "$repo" report -o - "$r"
	if [ "$rc" = 0 ] && is_html "$W/out/special-dash.out" && [ ! -e ./- ]; then pass special-dash
	else fail special-dash "status $rc, $(head -c 100 "$W/out/special-dash.out")"; fi
	rt special-dash-sqlite -C "$repo" export --sqlite - "$r"
	cp "$W/out/special-dash-sqlite.out" "$d/from-stdout.db"
	if [ "$rc" = 0 ] && [ "$(head -c 15 "$d/from-stdout.db")" = "SQLite format 3" ] &&
		[ "$(sqlite3 "$d/from-stdout.db" 'select count(*) from commits')" = 9 ]; then
		pass special-dash-sqlite
	else
		fail special-dash-sqlite "status $rc, $(head -c 100 "$W/out/special-dash-sqlite.err")"
	fi

	if [ "$(id -u)" = 0 ] && mknod "$d/full" c 1 7 && mknod "$d/null" c 1 3; then
		expect_error special-full "cannot write '$d/full': No space left on device" \
			-C "$repo" report -o "$d/full" "$r"
		expect_wrote special-null "$d/null" -C "$repo" export --sqlite "$d/null" "$r"
		if [ -c "$d/full" ] && [ -c "$d/null" ]; then pass special-devices-kept
		else fail special-devices-kept "a device was replaced: $(ls -l "$d/full" "$d/null")"; fi
	else
		skip special-devices "not root: cannot make device nodes"
	fi

	echo old >"$d/real.html"
	ln -s real.html "$d/link.html"
	expect_wrote special-link-followed "$d/link.html" -C "$repo" report -o "$d/link.html" "$r"
	if [ -L "$d/link.html" ] && is_html "$d/real.html"; then pass special-link-followed-file
	else fail special-link-followed-file "the link was replaced or its file not written"; fi
	ln -s nowhere.html "$d/dangling.html"
	expect_error special-link-dangling "cannot write '$d/dangling.html': No such file or directory" \
		-C "$repo" report -o "$d/dangling.html" "$r"
	if [ -L "$d/dangling.html" ] && [ ! -e "$d/nowhere.html" ]; then pass special-link-dangling-kept
	else fail special-link-dangling-kept "the dangling link was replaced or followed"; fi
}

special
full_disk
interrupts
echo "$npass passed, $nfail failed"
[ "$nfail" = 0 ]
