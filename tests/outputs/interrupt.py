#!/usr/bin/env python3
"""interrupt.py DIR PREFIX WHEN SIGNAL OUT ERR -- COMMAND...: interrupt COMMAND mid-write.

Starts COMMAND (stdout to OUT, stderr to ERR) and waits for WHEN:
  appear  a file whose name starts with PREFIX appears in DIR (the temporary file);
  grow    such a file is longer than 0 bytes (the command is writing it);
  SECONDS that long after the start.
Then it stops the command (SIGSTOP), notes whether such a file exists at that instant,
sends SIGNAL (INT, TERM, HUP or PIPE) and SIGCONT, and waits for the command's end.
Prints one line: "live=1|0 status=signal:N|exit:N" (live: a temporary file existed when the
signal was sent; a command that ended before WHEN prints live=0 and its exit status).
"""
import os
import signal
import sys
import time


def temp_size(d, prefix):
    """The size of the first file in d named prefix*, or -1 when there is none."""
    try:
        with os.scandir(d) as it:
            for e in it:
                if e.name.startswith(prefix):
                    try:
                        return e.stat(follow_symlinks=False).st_size
                    except FileNotFoundError:
                        continue
    except FileNotFoundError:
        pass
    return -1


def status_text(st):
    if os.WIFSIGNALED(st):
        return "signal:%d" % os.WTERMSIG(st)
    return "exit:%d" % os.WEXITSTATUS(st)


def wait_for(pid, when, d, prefix, deadline=300.0):
    """Wait for WHEN; the child's wait status if it ended first, else None."""
    start = time.monotonic()
    if when not in ("appear", "grow"):
        end = start + float(when)
        while time.monotonic() < end:
            done, st = os.waitpid(pid, os.WNOHANG)
            if done:
                return st
            time.sleep(0.002)
        return None
    least = 0 if when == "appear" else 1
    while time.monotonic() - start < deadline:
        if temp_size(d, prefix) >= least:
            return None
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            return st
    sys.exit("interrupt.py: nothing matched within %d s" % deadline)


def main():
    d, prefix, when, sig, out, err = sys.argv[1:7]
    assert sys.argv[7] == "--"
    signum = getattr(signal, "SIG" + sig)
    with open(out, "wb") as o, open(err, "wb") as e:
        pid = os.fork()
        if pid == 0:
            os.dup2(o.fileno(), 1)
            os.dup2(e.fileno(), 2)
            for s in (signal.SIGINT, signal.SIGPIPE, signal.SIGTERM, signal.SIGHUP):
                signal.signal(s, signal.SIG_DFL)
            try:
                os.execvp(sys.argv[8], sys.argv[8:])
            finally:
                os._exit(127)
    st = wait_for(pid, when, d, prefix)
    if st is not None:
        print("live=0 status=" + status_text(st))
        return
    os.kill(pid, signal.SIGSTOP)
    _, st = os.waitpid(pid, os.WUNTRACED)
    if not os.WIFSTOPPED(st):
        print("live=0 status=" + status_text(st))
        return
    live = temp_size(d, prefix) >= 0
    os.kill(pid, signum)
    os.kill(pid, signal.SIGCONT)
    _, st = os.waitpid(pid, 0)
    print("live=%d status=%s" % (live, status_text(st)))


if __name__ == "__main__":
    main()
