"""Session 79: decide79b's figure from `unseen79.py heldout`'s listing of the changed programs (both ways'
schedules) and the labelled set, without running the pipeline again: per changed program, the median verified
time of each way's schedule (the original loops: the baseline rows' schedule, ""), then the geometric mean of
(time before / time after) over the programs whose both are labelled.
  .venv/bin/python reports/session79/compare79b.py reports/session79/decide79b-heldout.txt SHARD"""
import math
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from unseen79 import labelled  # noqa: E402

listing, shard = sys.argv[1], sys.argv[2]
times = labelled(shard)
ratios = []
missing = 0
for line in open(listing):
    m = re.match(r"(\S+) (\S+) CHANGED `([^`]*)` \(\S+\) -> `([^`]*)`", line)
    if not m:
        continue
    corpus, prog, before, after = m.groups()
    t = times.get((Path(corpus) / prog).read_text(), {})
    tb, ta = t.get(before), t.get(after)
    if tb is None or ta is None:
        missing += 1
        print(f"{prog}: not both labelled (before {tb}, after {ta})")
        continue
    ratios.append(tb / ta)
    print(f"{prog}: before {tb * 1e3:.3f} ms, after {ta * 1e3:.3f} ms, before/after {tb / ta:.3f}")
n = len(ratios)
geo = math.exp(sum(map(math.log, ratios)) / n) if n else float("nan")
print(f"{n} changed programs with both labelled ({missing} not): geometric mean of before/after {geo:.3f}; "
      f"after faster by more than 5% on {sum(r > 1.05 for r in ratios)}, slower by more than 5% on "
      f"{sum(r < 1 / 1.05 for r in ratios)}")
