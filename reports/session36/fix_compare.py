"""Side-by-side times of the same schedules measured by two builds (two stores of
`polyrl measure --schedules FILE`): per schedule, old and new minimum time and their ratio,
each over its own store's baseline; the geometric mean of new over old.

usage: fix_compare.py OLD.sqlite NEW.sqlite"""
import json
import math
import sqlite3
import sys


def rows(path):
    out = {}
    for program, schedule, status, times, verified in sqlite3.connect(path).execute(
            "select program, schedule, status, times, verified from measurements"):
        out[(program, schedule)] = (status, min(json.loads(times)) if times and json.loads(times) else None, verified)
    return out


old, new = rows(sys.argv[1]), rows(sys.argv[2])
ratios = []
for key in sorted(new):
    program, schedule = key
    if not schedule or key not in old:
        continue
    (so, to, vo), (sn, tn, vn) = old[key], new[key]
    bo, bn = old[(program, "")][1], new[(program, "")][1]
    line = f"{program[:10]} {schedule[:90]:90s} old {so} {vo} new {sn} {vn}"
    if to and tn:
        ratios.append(to / tn)
        line += f"  old {bo / to:6.2f}x new {bn / tn:6.2f}x  new/old {to / tn:5.2f}"
    print(line)
if ratios:
    g = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f"{len(ratios)} schedules: new over old {g:.3f}x, faster by >5% {sum(r > 1.05 for r in ratios)}, "
          f"slower by >5% {sum(r < 1 / 1.05 for r in ratios)}")
