"""The issue's two MEDIUM figures from a `polyrl bench` results.csv with polyrl-policy,
polyrl-search and random-search: the one-shot policy's share of polyrl-search's log-gain
(sum of log speedups over the kernels where both ran correctly), and polyrl-search's
geometric mean over random-search's on the kernels where both ran.

    python reports/session26/medium_gains.py bench/s26-medium/results.csv [MORE.csv ...]

A later file's successful row for a (kernel, variant) adds to or replaces an earlier one's
(a kernel run again after a fix).
"""
import csv
import math
import sys

speed: dict[str, dict[str, float]] = {}
for path in sys.argv[1:]:
    for row in csv.DictReader(open(path)):
        if row["status"] == "ok" and row["speedup"]:
            speed.setdefault(row["variant"], {})[row["kernel"]] = float(row["speedup"])


def geo(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


pol, srch, rnd = speed["polyrl-policy"], speed["polyrl-search"], speed["random-search"]
both = sorted(set(pol) & set(srch))
gain_p, gain_s = sum(math.log(pol[k]) for k in both), sum(math.log(srch[k]) for k in both)
print(f"kernels with both policy and search: {len(both)}")
print(f"  polyrl-policy geomean {geo([pol[k] for k in both]):.3f}x, polyrl-search {geo([srch[k] for k in both]):.3f}x")
print(f"  one-shot share of the search's log-gain: {gain_p / gain_s:.1%}")
pair = sorted(set(srch) & set(rnd))
print(f"kernels with both searches: {len(pair)}")
g_s, g_r = geo([srch[k] for k in pair]), geo([rnd[k] for k in pair])
print(f"  polyrl-search {g_s:.3f}x, random-search {g_r:.3f}x: ratio {g_s / g_r:.3f}")
print(f"  polyrl-search ahead on {sum(srch[k] > rnd[k] for k in pair)}, behind on {sum(srch[k] < rnd[k] for k in pair)}")
