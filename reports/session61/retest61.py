"""Session 61: how far the labels agree with themselves. Seed 261's candidates (session 58's pick_schedules.py: the
checked schedule, the macro pick's candidates, 8 policy samples per program) were measured twice, each run alone on
this machine, into two stores (label61.sh's labels261.sqlite and a fresh retest store, the same command). Per program:
the within-program Spearman of the two runs' times, whether they name the same fastest schedule, and what run 1's
fastest schedule is worth in run 2 (how much of "the best labelled candidate" is a lucky minimum). Nothing timed.
  .venv/bin/python reports/session61/retest61.py STORE1 STORE2"""
import math
import sys
from collections import defaultdict

import numpy as np

from polyrl.model.costmodel import read_store
from polyrl.model.metrics import spearman


def by_program(store: str) -> dict[str, dict[str, float]]:
    samples, _ = read_store(store)
    out: dict[str, dict[str, float]] = defaultdict(dict)
    for s in samples:
        out[s.program][s.schedule] = s.seconds
    return out


one, two = by_program(sys.argv[1]), by_program(sys.argv[2])
rhos, same_best, kept, gains1, gains2, spreads = [], 0, [], [], [], []
for p in sorted(set(one) & set(two)):
    common = sorted(set(one[p]) & set(two[p]))
    if len(common) < 3 or "" not in common:
        continue
    a, b = np.array([one[p][s] for s in common]), np.array([two[p][s] for s in common])
    rho = spearman(a, b)
    if not math.isnan(rho):
        rhos.append(rho)
    best1, best2 = common[int(np.argmin(a))], common[int(np.argmin(b))]
    same_best += best1 == best2
    kept.append(two[p][best1] / min(b))  # run 1's winner in run 2, against run 2's winner (>= 1)
    gains1.append(one[p][""] / min(a))
    gains2.append(two[p][""] / two[p][best1])
    spreads.extend(np.abs(np.log(a / b)))
gm = lambda xs: math.exp(float(np.mean(np.log(xs))))  # noqa: E731
print(f"{len(kept)} programs with at least 3 schedules (the original included) measured in both runs")
print(f"within-program Spearman of run 1 against run 2: median {np.median(rhos):.3f}, mean {np.mean(rhos):.3f}")
print(f"same fastest schedule in both runs: {same_best} of {len(kept)} ({same_best / len(kept):.0%})")
print(f"run 1's fastest schedule in run 2: geomean {gm(kept):.3f}x slower than run 2's fastest")
print(f"the best labelled candidate over the original: run 1 {gm(gains1):.3f}x; the same schedule in run 2 "
      f"{gm(gains2):.3f}x")
print(f"one schedule's time, run 1 against run 2: median |log ratio| {np.median(spreads):.3f} "
      f"(a factor {math.exp(np.median(spreads)):.3f}), 90th percentile {math.exp(np.percentile(spreads, 90)):.3f}")
