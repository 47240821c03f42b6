#!/usr/bin/env python3
"""tests/graph/mkmerges.py: a small merge-heavy history as a git fast-import stream, for
tests/graph/ranges.sh (walking several ranges at once must give what each gives alone).

mainline: --mainline N commits on master, ~8% merges of topic branches forked from older
points (up to --fork-back commits back), topic commits dated near their fork point, ~2% of
commits dated before their parent (clock skew); release tags v3.K every N/80 commits.
series: --series S maintenance branches from the newest tags, --series-commits C each,
backports naming upstream ids, Fixes: lines naming earlier backports' upstream ids, merges of
topics forked before the base (as git's maint does); release tags BASE.N every 50 commits.
"""
import random, sys, argparse

p = argparse.ArgumentParser()
p.add_argument('--mainline', type=int, default=2000)
p.add_argument('--series', type=int, default=5)
p.add_argument('--series-commits', type=int, default=120)
p.add_argument('--fork-back', type=int, default=600)
p.add_argument('--seed', type=int, default=1)
a = p.parse_args()
rnd = random.Random(a.seed)
out = sys.stdout.buffer
mark = 0
T0 = 1300000000
DIRS = ['drivers/net', 'drivers/gpu', 'fs/ext4', 'mm', 'kernel/sched', 'net/ipv4', 'arch/x86',
        'sound/soc', 'include/linux', 'tools/perf', 'drivers/usb', 'block']

def hexid():
    return '%040x' % rnd.getrandbits(160)

def commit(ref, when, msg, frm=None, merges=(), path=None):
    global mark
    mark += 1
    b = msg.encode()
    s = [b'commit ', ref.encode(), b'\nmark :%d\n' % mark,
         b'author A U Thor <a@example.org> %d +0000\n' % when,
         b'committer C O Mitter <c@example.org> %d +0000\n' % when,
         b'data %d\n' % len(b), b, b'\n']
    if frm:
        s.append(b'from :%d\n' % frm)
    for m in merges:
        s.append(b'merge :%d\n' % m)
    if path:
        content = ('%d\n' % mark).encode()
        s.append(b'M 100644 inline %s\ndata %d\n' % (path.encode(), len(content)) + content + b'\n')
    out.write(b''.join(s))
    return mark

def path():
    return '%s/f%d.c' % (rnd.choice(DIRS), rnd.randrange(50))

def skewed(t):
    return t - rnd.randrange(3600, 3 * 86400) if rnd.random() < 0.02 else t

# ---- mainline
ml = []        # (mark, time)
ups = []       # upstream fake ids of mainline commits
tags = []
per_tag = max(1, a.mainline // 80)
t = T0
last = None
n = 0
while n < a.mainline:
    t += 300
    if ml and rnd.random() < 0.08 and len(ml) > 10:
        # a topic forked from an older point, merged
        f = rnd.randrange(max(0, len(ml) - a.fork_back), len(ml) - 1)
        fm, ft = ml[f]
        k = rnd.randint(1, 6)
        out.write(b'reset refs/heads/topic\nfrom :%d\n\n' % fm)
        tm = fm
        tt = ft
        for _ in range(k):
            tt += rnd.randrange(60, 3600)
            tm = commit('refs/heads/topic', skewed(tt), 'topic: change %s\n\nSigned-off-by: X <x@example.org>\n' % hexid()[:8], tm, (), path())
            ups.append(hexid())
            n += 1
        last = commit('refs/heads/master', t, 'Merge branch topic\n', last, (tm,))
    else:
        u = hexid()
        msg = 'sub: change %s\n\n' % u[:8]
        if ups and rnd.random() < 0.1:
            msg += 'Fixes: %s ("sub: something")\n' % rnd.choice(ups)[:12]
        ups.append(u)
        last = commit('refs/heads/master', skewed(t), msg + 'Signed-off-by: X <x@example.org>\n', last, (), path())
    ml.append((last, t))
    n += 1
    if len(ml) % per_tag == 0 and len(tags) < 80:
        name = 'v3.%d' % len(tags)
        out.write(b'reset refs/tags/%s\nfrom :%d\n\n' % (name.encode(), last))
        tags.append((name, len(ml) - 1))

# ---- series from the newest tags (every other one)
for s in range(a.series):
    name, at = tags[len(tags) - 2 - 2 * s]
    bm, bt = ml[at]
    br = 'refs/heads/linux-%s.y' % name[1:]
    out.write(b'reset %s\nfrom :%d\n\n' % (br.encode(), bm))
    tip = bm
    t = bt
    aliases = []
    rel = 0
    for i in range(a.series_commits):
        t += 600
        if rnd.random() < 0.05:
            f = rnd.randrange(max(0, at - a.fork_back), at)
            fm, ft = ml[f]
            out.write(b'reset refs/heads/topic\nfrom :%d\n\n' % fm)
            tm, tt = fm, ft
            for _ in range(rnd.randint(1, 3)):
                tt += rnd.randrange(60, 3600)
                u = hexid()
                aliases.append(u)
                tm = commit('refs/heads/topic', skewed(tt), 'maint topic %s\n\ncommit %s upstream.\n' % (u[:8], u), tm, (), path())
            tip = commit(br, t, 'Merge branch topic into maint\n', tip, (tm,))
        else:
            u = hexid()
            msg = 'backport %s\n\ncommit %s upstream.\n\n' % (u[:8], u)
            if aliases and rnd.random() < 0.15:
                msg += 'Fixes: %s ("backport")\n' % rnd.choice(aliases)[:12]
            aliases.append(u)
            tip = commit(br, skewed(t), msg + 'Signed-off-by: G <g@example.org>\n', tip, (), path())
        if (i + 1) % 50 == 0:
            rel += 1
            out.write(b'reset refs/tags/%s.%d\nfrom :%d\n\n' % (name.encode(), rel, tip))
out.write(b'reset refs/heads/topic\nfrom :%d\n\n' % ml[-1][0])
