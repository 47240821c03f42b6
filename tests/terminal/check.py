#!/usr/bin/env python3
"""tests/terminal/check.py REGTRACE MKSCENARIO — colour and pager under a terminal (issue 27.6).

Builds tests/scenarios/colour.scenario (its history and hand-worked numbers are in its
comments) without its color.ui, then runs REGTRACE with stdout a pipe or a pseudo-terminal
(python's pty module) and checks doc/usage-cli.md's "Colour and pager":

- colour: --color=always puts the palette's SGR sequences (render/colour.c) around the
  program's own tokens, and the text without them is byte for byte the --color=never text;
  auto colours on a terminal only, not with NO_COLOR (non-empty) or TERM=dumb or unset;
  color.ui and color.regtrace (git config) as git reads them, the command line first;
  JSON and CSV never.
- pager: on a terminal the text goes to GIT_PAGER, else core.pager, else PAGER (a script
  that records that it ran, what it read and its LESS and LV: FRX and -c unless set); not with
  -P / --no-pager, --json, a pipe, or a pager "cat" or ""; stderr, a terminal, follows the
  text into it; a reader quitting early leaves status 0 and nothing said.

Each check prints "ok NAME" or "FAIL NAME: why"; the last line is "N passed, M failed" and
the exit status is 1 when any failed.
"""
import os
import pty
import re
import shutil
import subprocess
import sys
import tempfile
import tty

R = os.path.realpath(sys.argv[1])
MK = os.path.realpath(sys.argv[2])
TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
RANGE = "v4.19..v4.19.3"
SGR = re.compile(rb"\x1b\[[0-9;]*m")
PALETTE = {b"\x1b[33m", b"\x1b[1m", b"\x1b[36m", b"\x1b[31m", b"\x1b[32m", b"\x1b[35m",
           b"\x1b[m"}
npass = nfail = 0


def ok(name):
    global npass
    print("ok " + name)
    npass += 1


def fail(name, why):
    global nfail
    print("FAIL %s: %s" % (name, why))
    nfail += 1


def check(name, cond, why):
    ok(name) if cond else fail(name, why)


W = tempfile.mkdtemp(prefix="regtrace-terminal.")
REPO = os.path.join(W, "repo")
BASE_ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": W,
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "TERM": "xterm"}


def git(*args):
    subprocess.run(["git", "-C", REPO] + list(args), check=True, env=BASE_ENV,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def config(key, value=None):
    if value is None:
        subprocess.run(["git", "-C", REPO, "config", "--unset-all", key], env=BASE_ENV)
    else:
        git("config", key, value)


def ids():
    out = subprocess.run(["git", "-C", REPO, "log", "stable", "--format=%H %s"], env=BASE_ENV,
                         check=True, capture_output=True, text=True).stdout
    return {line[41:]: line[:40] for line in out.splitlines()}


def run(args, env=None, tty_out=False, tty_err=None):
    """(status, stdout bytes, stderr bytes) of REGTRACE -C REPO ARGS; with tty_out, stdout
    (and stderr unless tty_err is False) is a pseudo-terminal in raw mode (no \\r added)."""
    e = dict(BASE_ENV)
    e.update(env or {})
    e = {k: v for k, v in e.items() if v is not None}
    cmd = [R, "-C", REPO] + args
    if not tty_out:
        p = subprocess.run(cmd, env=e, capture_output=True, timeout=60)
        return p.returncode, p.stdout, p.stderr
    master, slave = pty.openpty()
    tty.setraw(slave)
    errf = slave if tty_err is not False else subprocess.PIPE
    p = subprocess.Popen(cmd, env=e, stdin=subprocess.DEVNULL, stdout=slave, stderr=errf)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:		# EIO: every writer of the terminal closed it
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    err = p.stderr.read() if p.stderr else b""
    return p.wait(timeout=60), out, err


def has_colour(b):
    return b"\x1b" in b


# ---- the repository: colour.scenario without its color.ui -------------------------------
subprocess.run([MK, os.path.join(TOP, "tests/scenarios/colour.scenario"), REPO], check=True,
               stdout=subprocess.DEVNULL, env=BASE_ENV)
config("color.ui")
I = ids()
fx, c1, f2, c2 = (I["net: fix c1"][:12], I["net: add c1"][:12], I["mm: fix c2"][:12],
                  I["mm: add c2"][:12])
# the pager: records that it ran, its LESS and LV, and what it read
PAGED, PENV = os.path.join(W, "paged"), os.path.join(W, "pager-env")
PAGER = "cat >%s; printf '%%s|%%s' \"$LESS\" \"$LV\" >%s" % (PAGED, PENV)


def pager_ran():
    ran = os.path.exists(PAGED)
    read = open(PAGED, "rb").read() if ran else b""
    env = open(PENV).read() if os.path.exists(PENV) else ""
    for f in (PAGED, PENV):
        if os.path.exists(f):
            os.remove(f)
    return ran, read, env


NOPAGER = {"GIT_PAGER": "cat"}

# ---- colour: the tokens ------------------------------------------------------------------
for cmd in (["fixes"], ["fixes", "--oneline"], ["stats"], ["regressions"], ["sagas"],
            ["timeline"], ["explain", fx], ["series"], ["affected", "--why", fx],
            ["unfixed", "--mainline", "master"]):
    name = "-".join(c for c in cmd if c not in (fx, "master"))
    args = cmd + ([RANGE] if cmd[0] not in ("series", "affected") else [])
    s1, col, _ = run(args + ["--color=always"])
    s2, plain, _ = run(args + ["--color=never"])
    bad = [m for m in SGR.findall(col) if m not in PALETTE]
    check("strip-" + name, s1 == 0 and s2 == 0 and SGR.sub(b"", col) == plain and
          col.count(b"\x1b") == len(SGR.findall(col)) and not bad,
          "status %d/%d, the coloured text less its SGR differs from --color=never, or an "
          "ESC outside the palette %r" % (s1, s2, bad))
    check("never-" + name, not has_colour(plain), "ESC in --color=never output")

_, out, _ = run(["fixes", RANGE, "--color"])
want = [b"\x1b[36mfix\x1b[m \x1b[32m(same release)\x1b[m\n",
        b"    fix:      \x1b[33m%s\x1b[m  v4.19.3     mm: fix c2\n" % f2.encode(),
        b"    target:   \x1b[33m%s\x1b[m  v4.19.3     mm: add c2\n" % c2.encode(),
        b"\x1b[36mfix\x1b[m \x1b[31m(later release: 1 release, 4 days)\x1b[m\n",
        b"\x1b[36mduplicate\x1b[m (later release: 1 release, 4 days)\n"]
check("fixes-tokens", all(w in out for w in want),
      "missing %r" % [w for w in want if w not in out])
_, out, _ = run(["regressions", RANGE, "--color=always"])
want = [b"\x1b[36mfix\x1b[m     \x1b[33m%s\x1b[m -> \x1b[33m%s\x1b[m  \x1b[31m(1 release, 4 days)"
        b"\x1b[m\n" % (c1.encode(), fx.encode()),
        b"\x1b[36mfix\x1b[m     \x1b[33m%s\x1b[m -> \x1b[33m%s\x1b[m  \x1b[32m(same release)"
        b"\x1b[m\n" % (c2.encode(), f2.encode())]
check("regressions-tokens", all(w in out for w in want),
      "missing %r" % [w for w in want if w not in out])
_, out, _ = run(["explain", I["net: fix c1"], RANGE, "--color=always"])
want = [b"commit \x1b[33m%s\x1b[m  v4.19.3  net: fix c1\n" % I["net: fix c1"].encode(),
        b"    link: \x1b[36mfix\x1b[m -> \x1b[33m%s\x1b[m v4.19.1 \x1b[31m(later release: "
        b"counted, visible)\x1b[m\n" % c1.encode()]
check("explain-tokens", all(w in out for w in want),
      "missing %r" % [w for w in want if w not in out])
_, out, _ = run(["affected", fx, "--color=always"])
want = [b"fix \x1b[33m%s\x1b[m  net: fix c1\n" % fx.encode(),
        b": v4.19.1 \x1b[33m%s\x1b[m -> v4.19.3 \x1b[33m%s\x1b[m\n" % (c1.encode(), fx.encode())]
check("affected-tokens", all(w in out for w in want),
      "missing %r in %r" % ([w for w in want if w not in out], out))
for fmt in ("--json", "--csv"):
    _, out, _ = run(["stats", RANGE, fmt, "--color=always"])
    check("no-colour" + fmt, out and not has_colour(out), "ESC in %s output" % fmt)

# ---- colour: when -------------------------------------------------------------------------
cases = [  # name, args, env, config, on a terminal, coloured
    ("auto-pipe", [], {}, {}, False, False),
    ("auto-tty", [], {}, {}, True, True),
    ("auto-tty-NO_COLOR", [], {"NO_COLOR": "1"}, {}, True, False),
    ("auto-tty-NO_COLOR-empty", [], {"NO_COLOR": ""}, {}, True, True),
    ("auto-tty-TERM-dumb", [], {"TERM": "dumb"}, {}, True, False),
    ("auto-tty-TERM-unset", [], {"TERM": None}, {}, True, False),
    ("always-NO_COLOR", ["--color=always"], {"NO_COLOR": "1"}, {}, False, True),
    ("never-tty", ["--color=never"], {}, {}, True, False),
    ("no-color-tty", ["--no-color"], {}, {}, True, False),
    ("AUTO-tty", ["--color=AUTO"], {}, {}, True, True),
    ("ui-always-pipe", [], {}, {"color.ui": "always"}, False, True),
    ("ui-always-never", ["--color=never"], {}, {"color.ui": "always"}, False, False),
    ("ui-always-auto", ["--color=auto"], {}, {"color.ui": "always"}, False, False),
    ("ui-never-tty", [], {}, {"color.ui": "never"}, True, False),
    ("ui-false-tty", [], {}, {"color.ui": "false"}, True, False),
    ("ui-true-tty", [], {}, {"color.ui": "true"}, True, True),
    ("ui-true-pipe", [], {}, {"color.ui": "true"}, False, False),
    ("ui-always-NO_COLOR", [], {"NO_COLOR": "1"}, {"color.ui": "always"}, False, True),
    ("regtrace-never-ui-always", [], {}, {"color.ui": "always", "color.regtrace": "never"},
     False, False),
    ("regtrace-always-ui-never", [], {}, {"color.ui": "never", "color.regtrace": "always"},
     False, True),
]
for name, args, env, cfg, on_tty, want in cases:
    for k, v in cfg.items():
        config(k, v)
    env = dict(env)
    env.update(NOPAGER)
    status, out, err = run(["fixes", "--oneline", RANGE] + args, env=env, tty_out=on_tty,
                           tty_err=False)
    for k in cfg:
        config(k)
    check("colour-" + name, status == 0 and has_colour(out) == want and fx.encode() in out,
          "status %d, coloured %s, want %s: %r" % (status, has_colour(out), want, out[:200]))

status, _, err = run(["fixes", RANGE, "--color=sometimes"])
check("colour-bad-word", status == 2 and b"--color takes always, never or auto" in err,
      "status %d: %r" % (status, err))

# ---- the pager ----------------------------------------------------------------------------
# (on a terminal colour is on, auto: the pager reads the coloured text, as git's)
_, plain, _ = run(["fixes", RANGE, "--color=always"])
status, out, _ = run(["fixes", RANGE], env={"GIT_PAGER": PAGER}, tty_out=True, tty_err=False)
ran, read, penv = pager_ran()
check("pager-GIT_PAGER", status == 0 and ran and read == plain and out == b"" and
      penv == "FRX|-c", "status %d, ran %s, read %r, env %r, terminal %r"
      % (status, ran, read[:80], penv, out[:80]))
status, out, _ = run(["fixes", RANGE], env={"GIT_PAGER": PAGER, "LESS": "iR", "LV": "x"},
                     tty_out=True, tty_err=False)
ran, read, penv = pager_ran()
check("pager-LESS-kept", ran and penv == "iR|x", "ran %s, env %r" % (ran, penv))
# stderr a terminal too: the warning follows the text into the pager
status, out, _ = run(["fixes", RANGE], env={"GIT_PAGER": PAGER}, tty_out=True)
ran, read, penv = pager_ran()
check("pager-stderr", status == 0 and ran and read.startswith(plain) and
      b"regtrace: warning: " in read[len(plain):] and out == b"",
      "status %d, ran %s, read %r" % (status, ran, read[-200:]))
config("core.pager", PAGER)
status, out, _ = run(["stats", RANGE], env={"PAGER": "false"}, tty_out=True, tty_err=False)
ran, read, _ = pager_ran()
check("pager-core.pager", status == 0 and ran and b"Series" in read, "status %d, ran %s"
      % (status, ran))
status, out, _ = run(["stats", RANGE], env={"GIT_PAGER": "cat"}, tty_out=True, tty_err=False)
ran, _, _ = pager_ran()
check("pager-GIT_PAGER-cat-first", status == 0 and not ran and b"Series" in out,
      "status %d, ran %s, terminal %r" % (status, ran, out[:80]))
config("core.pager")
status, out, _ = run(["stats", RANGE], env={"PAGER": PAGER}, tty_out=True, tty_err=False)
ran, read, _ = pager_ran()
check("pager-PAGER", status == 0 and ran and b"Series" in read, "status %d, ran %s"
      % (status, ran))
for name, args, env, on_tty in [
        ("no-pager", ["--no-pager"], {"GIT_PAGER": PAGER}, True),
        ("P-before", None, {"GIT_PAGER": PAGER}, True),
        ("json", ["--json"], {"GIT_PAGER": PAGER}, True),
        ("csv", ["--csv"], {"GIT_PAGER": PAGER}, True),
        ("pipe", [], {"GIT_PAGER": PAGER}, False),
        ("empty", [], {"GIT_PAGER": ""}, True),
        ("cat", [], {"GIT_PAGER": "cat"}, True)]:
    full = ["-P", "stats", RANGE] if args is None else ["stats", RANGE] + args
    status, out, _ = run(full, env=env, tty_out=on_tty, tty_err=False)
    ran, _, _ = pager_ran()
    check("no-pager-" + name, status == 0 and not ran and b"4.19.3" in out,
          "status %d, pager ran %s, stdout %r" % (status, ran, out[:80]))
# the reader quits early: more text than a pipe holds (64 KiB), a pager reading 10 bytes
BIG = os.path.join(W, "big.scenario")
with open(BIG, "w") as f:
    f.write("branch master\ncommit m0\nLinux 4.19\n.\ntag v4.19\n")
    for i in range(600):
        f.write("commit a%d\nnet: add thing %d\n.\ncommit b%d\nnet: fix thing %d\n\n"
                "Fixes: {a%d:12} (\"net: add thing %d\")\n.\n" % (i, i, i, i, i, i))
    f.write("tag v4.19.1\nrun x stats v4.19..v4.19.1\n")
shutil.rmtree(REPO)
subprocess.run([MK, BIG, REPO], check=True, stdout=subprocess.DEVNULL, env=BASE_ENV)
_, plain, _ = run(["fixes", "v4.19..v4.19.1"])
status, out, err = run(["fixes", "v4.19..v4.19.1"],
                       env={"GIT_PAGER": "head -c 10 >/dev/null"}, tty_out=True, tty_err=False)
check("pager-quit", len(plain) > 65536 and status == 0 and err == b"" and out == b"",
      "%d bytes of text, status %d, stderr %r, terminal %r" % (len(plain), status, err, out[:80]))

# an earlier output is kept (src/cmd/replay.h) only when the key made again at the end is the
# one made at the start: here the pager makes a branch while the command runs (the text is
# loaded by then, the answer not yet kept: the text, more than a pipe holds, waits for the
# pager to read, which it does once the branch is made), so nothing is kept; the same
# without the branch is
ANSWERS = os.path.join(subprocess.run(["git", "-C", REPO, "rev-parse", "--absolute-git-dir"],
                                      env=BASE_ENV, check=True, capture_output=True,
                                      text=True).stdout.strip(), "regtrace-answers")


def answers():
    return sorted(os.listdir(ANSWERS)) if os.path.isdir(ANSWERS) else []


shutil.rmtree(ANSWERS, ignore_errors=True)
RACER = "git -C '%s' update-ref refs/heads/racer HEAD; cat >/dev/null" % REPO
status, _, _ = run(["fixes", "v4.19..v4.19.1"], env={"GIT_PAGER": RACER}, tty_out=True,
                   tty_err=False)
check("replay-not-kept-refs-moved", status == 0 and answers() == [],
      "status %d, answers kept %r" % (status, answers()))
git("update-ref", "-d", "refs/heads/racer")
status, _, _ = run(["fixes", "v4.19..v4.19.1"], env={"GIT_PAGER": "cat >/dev/null"},
                   tty_out=True, tty_err=False)
check("replay-kept-refs-still", status == 0 and len(answers()) == 1,
      "status %d, answers kept %r" % (status, answers()))

shutil.rmtree(W)
print("%d passed, %d failed" % (npass, nfail))
sys.exit(1 if nfail else 0)
