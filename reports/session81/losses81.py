"""Session 81: the shipped pipeline's finals (variant F67 of explore81.py's replay) measured below 0.95x of the
original, split by the original's run time and by whether the final has a parallel loop.
  .venv/bin/python reports/session81/losses81.py /work/runs/s81/decide81.jsonl > reports/session81/losses81.txt"""
import collections
import json
import sys

rows = [json.loads(line) for line in open(sys.argv[1])]
print("# decide81.jsonl (the shipped F52+F67 pipeline replayed on held-out seeds 342 and 344, this Zen 5): the finals")
print("# measured below 0.95x of the original, by whether the final has a parallel loop and by the original's run time")
tab: collections.Counter = collections.Counter()
for r in rows:
    v = r["variants"]["F67"]
    if v["t_final"] is None or not v["final"]:
        continue
    size = "<0.3ms" if r["t_orig"] < 3e-4 else ">=0.3ms"
    tab[(size, "P(" in v["final"], r["t_orig"] / v["t_final"] < 0.95)] += 1
for size in ("<0.3ms", ">=0.3ms"):
    for par in (True, False):
        lo, hi = tab[(size, par, True)], tab[(size, par, False)]
        print(f"original {size:8s} final {'with' if par else 'without'} a parallel loop: {lo:3d} below 0.95x of {lo + hi:3d}")
