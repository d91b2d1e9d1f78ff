"""Side-by-side times of the same schedules measured by two builds (two stores of
`polyrl measure --schedules FILE`, verified measurements only): per schedule, old and new
speedup over its own store's baseline and their ratio; the geometric mean of new over old.

usage: fix_compare.py OLD.sqlite NEW.sqlite"""
import math
import sys

from polyrl.model.costmodel import read_store


def times(path: str) -> dict[tuple[str, str], float]:
    return {(s.program, s.schedule): s.seconds for s in read_store(path)[0]}


old, new = times(sys.argv[1]), times(sys.argv[2])
ratios = []
for (program, schedule), tn in sorted(new.items()):
    to = old.get((program, schedule))
    if not schedule or to is None:
        continue
    bo, bn = old[(program, "")], new[(program, "")]
    ratios.append(to / tn)
    print(f"{program[:10]} {schedule[:90]:90s} old {bo / to:6.2f}x new {bn / tn:6.2f}x  new/old {to / tn:5.2f}")
g = math.exp(sum(map(math.log, ratios)) / len(ratios))
print(f"{len(ratios)} schedules: new over old {g:.3f}x, faster by >5% {sum(r > 1.05 for r in ratios)}, "
      f"slower by >5% {sum(r < 1 / 1.05 for r in ratios)}")
