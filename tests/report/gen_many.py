#!/usr/bin/env python3
"""gen_many.py -- print a scenario of 12 series for the report test (report-test.sh).

Series v3.1 .. v3.11: 20 commits each (a; t1..t3 naming an unknown id in a Fixes: line; release
.1; f fixing a; 15 more; release .2): tagged 4, visible 1: low rate 5%, high rate 25%.
Series v3.12, the outlier: x (release .1) and its revert (release .2): 2 commits, none tagged,
visible 1: low rate 50%, high rate undefined.
So the rates chart has 23 values: 11 x 5%, 11 x 25%, 50%. Nearest-rank 90th percentile: rank
ceil(0.9 * 23) = 21 -> 25%; 1.5 x 25% = 37.5% < 50%: the scale ends at 37.5% (axis rounded to
40%) and the 50% bar is the one past it.  The age chart's points (low rate at each release):
12 x 0% (every .1), 11 x 5%, 50%: rank ceil(0.9 * 24) = 22 -> 5%; the scale ends at 7.5% (axis
8%) and only the outlier's 50% point is past it.
"""
out = ["branch master", "commit m0", "Linux 3.0", ".", "tag v3.0"]
for k in range(1, 13):
    out += ["branch master", "commit base%d" % k, "Linux 3.%d" % k, ".", "tag v3.%d" % k,
            "branch s%d at v3.%d" % (k, k)]
    p = "s%d" % k
    if k == 12:
        out += ["commit %sx" % p, "net: add x%d" % k, ".", "tag v3.%d.1" % k,
                "commit %srv" % p, 'Revert "net: add x%d"' % k, "",
                "This reverts commit {%sx}." % p, ".", "tag v3.%d.2" % k]
        continue
    out += ["commit %sa" % p, "drv: add a%d" % k, "."]
    for j in range(1, 4):
        out += ["commit %st%d" % (p, j), "drv: tagged %d-%d" % (k, j), "",
                "Fixes: 0123456789ab (\"an old commit\")", "."]
    out += ["tag v3.%d.1" % k, "commit %sf" % p, "drv: fix a%d" % k, "",
            "Fixes: {%sa:12} (\"drv: add a%d\")" % (p, k), "."]
    for j in range(1, 16):
        out += ["commit %sc%d" % (p, j), "drv: change %d-%d" % (k, j), "."]
    out += ["tag v3.%d.2" % k]
out += ["", "run stats stats   # every series"]
print("\n".join(out))
